import Foundation

final class NoteSharing {
  func share(_ id: UUID) {
    let activity = NSUserActivity(activityType: "com.example.notes.open")
    activity.targetContentIdentifier = Routes.note(id)
  }
}
