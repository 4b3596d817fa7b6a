import SwiftUI

// A SwiftUI app as teams write it: the sets live in a constants file, the views route through
// modifiers of the app's own.
@main
struct SharedNotesApp: App {
  var body: some Scene {
    WindowGroup {
      LibraryView()
    }
    .handlesExternalEvents(matching: Routes.library)

    WindowGroup("Note", id: WindowID.note) {
      NoteView()
    }
    .handlesExternalEvents(matching: Routes.notes)

    WindowGroup("Settings", id: WindowID.settings) {
      Text("Settings")
    }
    .handlesExternalEvents(matching: Routes.settings)
  }
}
