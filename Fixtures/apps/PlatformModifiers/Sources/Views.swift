import SwiftUI

struct LibraryView: View {
  var body: some View {
    List {
      Text("Library")
    }
  }
}

struct NoteView: View {
  var body: some View {
    Text("Note")
      .handlesExternalEvents(preferring: ["notes/note/"], allowing: ["notes/note/"])
  }
}

func handOff(noteID: String) -> NSUserActivity {
  let activity = NSUserActivity(activityType: "com.example.notes.note")
  activity.targetContentIdentifier = "notes/note/\(noteID)"
  return activity
}

func remind() -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = "notes/library"
  return content
}
