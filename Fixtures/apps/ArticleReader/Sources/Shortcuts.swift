import UIKit
import UserNotifications

/// Quick actions and notifications, written as teams write them: identifiers from a route enum
/// whose cases carry associated values, in another file.
struct Shortcuts {
    func install(_ application: UIApplication) {
        let compose = UIApplicationShortcutItem(type: ActivityType.compose, localizedTitle: "New Note")
        compose.targetContentIdentifier = Route.compose.identifier
        application.shortcutItems = [compose]
    }

    func notify(threadID: String) {
        let content = UNMutableNotificationContent()
        content.title = "New reply"
        content.targetContentIdentifier = Route.thread(threadID).identifier
    }
}
