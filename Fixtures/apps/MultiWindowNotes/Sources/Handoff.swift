import Foundation
import UserNotifications

enum Route {
  static let library = "notes/library"
}

/// Hands a note off to another device: the activity opens the note's own window.
func advertise(_ note: Note) -> NSUserActivity {
  let activity = NSUserActivity(activityType: "com.example.notes.open")
  activity.targetContentIdentifier = "notes/note/\(note.id)"
  return activity
}

/// A reminder that brings the library forward.
func libraryReminder() -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.title = "Review your notes"
  content.targetContentIdentifier = Route.library
  return content
}

/// A shared link that no scene takes.
func sharedLink() -> NSUserActivity {
  let activity = NSUserActivity(activityType: "com.example.notes.shared")
  activity.targetContentIdentifier = "shared/board"
  return activity
}
