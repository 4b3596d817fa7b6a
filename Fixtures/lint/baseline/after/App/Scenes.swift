import UIKit

// Three lines added above the baselined findings: they move down,
// and stay baselined, because a finding is matched by its file, its
// rule id and its line's text, not by its line number.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  func configure(_ scene: UIWindowScene) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF BEGINWITH 'chat/'")
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF IN[c] {'inbox'}")
    // A new finding: reported.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF ENDSWITH[c] 'draft' AND")
  }
}
