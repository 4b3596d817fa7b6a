import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  func configure(_ scene: UIWindowScene) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF BEGINWITH 'chat/'")
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF IN[c] {'inbox'}")
  }
}
