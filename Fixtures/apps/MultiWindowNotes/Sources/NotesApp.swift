import SwiftUI

/// A multi-window notes app: a library, one window per note (opened by id and value), an
/// activity window on macOS, and an inspector kept out of external events.
@main
struct NotesApp: App {
  var body: some Scene {
    WindowGroup("Library", id: "library") {
      LibraryView()
    }
    WindowGroup("Note", id: "note", for: Note.ID.self) { $noteID in
      NoteWindow(noteID: noteID)
    }
    .handlesExternalEvents(matching: ["notes/note/"])
    #if os(macOS)
      Window("Activity", id: "activity") {
        ActivityView()
      }
      .handlesExternalEvents(matching: [])
      Settings {
        SettingsView()
      }
    #endif
    InspectorScene()
  }
}

/// A custom scene: its window group is read from its own body.
struct InspectorScene: Scene {
  var body: some Scene {
    WindowGroup("Inspector", id: "inspector") {
      InspectorView()
    }
    .handlesExternalEvents(matching: [])
  }
}

struct Note: Identifiable, Codable, Hashable {
  var id: String
  var text: String
}
