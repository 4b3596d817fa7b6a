import UIKit

/// The mailbox scene: its conditions are a fresh object's defaults (it can take anything and
/// prefers nothing).
final class MailboxSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    scene.activationConditions = UISceneActivationConditions()
  }
}
