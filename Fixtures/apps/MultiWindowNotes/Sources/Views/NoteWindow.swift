import SwiftUI

struct NoteWindow: View {
  let noteID: Note.ID?

  var body: some View {
    NoteEditor(noteID: noteID ?? "new")
  }
}

struct NoteEditor: View {
  let noteID: String

  var body: some View {
    TextEditor(text: .constant(""))
      .handlesExternalEvents(preferring: ["notes/note/\(noteID)"], allowing: ["notes/note/"])
  }
}
