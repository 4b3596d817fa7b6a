import SwiftUI

/// A notes app whose main window, on the Mac, takes every link and handoff itself; on iPad a
/// note's link opens the note's own window.
@main
struct NotesApp: App {
  var body: some Scene {
    WindowGroup {
      LibraryView()
        #if os(macOS)
          .handlesExternalEvents(preferring: ["*"], allowing: ["*"])
        #else
          .handlesExternalEvents(preferring: ["notes/library"], allowing: ["notes/library"])
        #endif
    }
    #if os(macOS)
      .defaultSize(width: 760, height: 500)
    #endif

    WindowGroup("Note", id: "note") {
      NoteView()
    }
    #if !os(macOS)
      .handlesExternalEvents(matching: ["notes/note/"])
    #endif
  }
}
