import UIKit

enum ComposeRoute {
  static let identifier = "mail/compose"
}

/// The compose scene: it takes only the compose identifier, and prefers it.
final class ComposeSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "self == %@", ComposeRoute.identifier)
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "self == %@", ComposeRoute.identifier)
  }
}

/// "New message" from anywhere: asks for the compose scene.
func requestCompose() {
  let activity = NSUserActivity(activityType: "com.example.mail.compose")
  activity.targetContentIdentifier = ComposeRoute.identifier
  UIApplication.shared.requestSceneSessionActivation(
    nil, userActivity: activity, options: nil, errorHandler: nil)
}

/// A new message's notification opens its mailbox.
func messageNotification(id: String) -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = "mail/message/\(id)"
  return content
}
