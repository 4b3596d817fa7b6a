import UIKit
import UserNotifications

final class MailNotifications {
  func notify(thread: String) {
    let content = UNMutableNotificationContent()
    content.targetContentIdentifier = MailIdentifier.thread(thread)
  }

  func compose() {
    let activity = NSUserActivity(activityType: "com.example.mail.compose")
    activity.targetContentIdentifier = MailIdentifier.compose + "/draft"
    UIApplication.shared.requestSceneSessionActivation(
      nil, userActivity: activity, options: nil, errorHandler: nil)
  }
}
