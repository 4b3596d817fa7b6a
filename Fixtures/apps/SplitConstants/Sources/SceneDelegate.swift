import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    let conditions = scene.activationConditions
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF BEGINSWITH %@", Paths.orderPrefix)
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF BEGINWITH %@", Paths.draftPrefix)
  }
}
