import SwiftUI

struct LibraryView: View {
  @Environment(\.openWindow) private var openWindow
  var notes: [Note] = []

  var body: some View {
    NavigationStack {
      NoteList(notes: notes) { note in
        openWindow(id: "note", value: note.id)
      }
      .toolbar {
        Button("Activity") { openWindow(id: "activity") }
        Button("Trash") { openWindow(id: "trash") }
      }
    }
    .handlesExternalEvents(preferring: ["notes/library"], allowing: ["notes/"])
  }
}

struct NoteList: View {
  var notes: [Note]
  var open: (Note) -> Void

  var body: some View {
    List(notes) { note in
      Button(note.text) { open(note) }
    }
  }
}

struct ActivityView: View {
  var body: some View { Text("Activity") }
}

struct SettingsView: View {
  var body: some View { Text("Settings") }
}

struct InspectorView: View {
  var body: some View { Text("Inspector") }
}
