import SwiftUI

struct NoteView: View {
  var body: some View {
    Text("Note")
      .modifier(NoteRouting())
  }
}

struct NoteRouting: ViewModifier {
  func body(content: Content) -> some View {
    content.handlesExternalEvents(preferring: Routes.notes, allowing: Routes.notes)
  }
}
