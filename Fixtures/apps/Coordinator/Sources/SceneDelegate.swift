import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  var coordinator: SceneCoordinator?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    coordinator = SceneCoordinator(scene: scene)
    // A window shows one thread, and takes the links to it.
    let thread = connectionOptions.userActivities.first?.targetContentIdentifier ?? "inbox"
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
      NSPredicate(format: "SELF == %@", thread)
  }
}

extension SceneDelegate {
  func openSettings() {
    let activity = NSUserActivity(activityType: "com.example.mail.settings")
    activity.targetContentIdentifier = "mail/settings"
    coordinator?.requestScene(with: activity)
  }
}
