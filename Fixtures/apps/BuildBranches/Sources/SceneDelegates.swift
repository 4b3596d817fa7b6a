import UIKit

/// The main window: mail content, and in the Mac Catalyst build every event (its one window
/// takes them).
final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let conditions = windowScene.activationConditions
    #if targetEnvironment(macCatalyst)
      conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
    #else
      conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
        format: "SELF BEGINSWITH %@", "mail/")
    #endif
    #if DEBUG
      conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
        format: "SELF == %@", "mail/debug")
    #endif
  }
}

/// One event's window: it prefers its event when it was opened for one.
final class EventSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF BEGINSWITH %@", "event/")
    if let eventID = connectionOptions.userActivities.first?.userInfo?["EventID"] as? String {
      conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
        format: "SELF == %@", "event/" + eventID)
    }
  }
}
