import UIKit

final class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    // The ledger window takes accounts; it prefers them.
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
      NSPredicate(format: "SELF BEGINSWITH %@", Routes.accountPrefix)
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
      NSPredicate(format: "SELF BEGINSWITH %@", Routes.accountPrefix)
  }
  // No windowScene(_:performActionFor:completionHandler:): shortcut items an open ledger window
  // receives are dropped.
}

final class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
}

// Reports moved to a Swift package; its delegate class is no longer in the app target, while
// the manifest still names ReportsSceneDelegate.
final class ArchiveSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
}

final class PresentationSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
}
