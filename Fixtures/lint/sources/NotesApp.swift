import SwiftUI

@main
struct NotesApp: App {
  var body: some Scene {
    WindowGroup {
      LibraryView()
    }
    WindowGroup("Note") {
      NoteEditor(document: .untitled)
    }
    .handlesExternalEvents(matching: ["notes/doc-", "Café"])
  }
}

struct NoteEditor: View {
  let document: NoteDocument

  var body: some View {
    TextEditor(text: .constant(document.text))
      .handlesExternalEvents(preferring: ["notes/doc-42", ""], allowing: ["*"])
  }
}

struct SketchView: View {
  let id: String

  var body: some View {
    Canvas { _, _ in }
      .handlesExternalEvents(preferring: Set(["sketch/\(id)"]), allowing: Set(["sketch/"]))
  }
}
