import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  func configure(_ scene: UIWindowScene, thread: String) {
    let conditions = scene.activationConditions
    // MATCHES is valid under the configuration's 'extended' profile, an error under 'uikit'.
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF MATCHES 'chat/[0-9]+'")
    // 'lint.ignored-options' is a warning by default; the configuration makes it an error.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
      format: "SELF IN[c] {'inbox', 'drafts'}")
    // Not checkable (a run-time value): 'lint.not-checkable' is off in the configuration.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: thread)
  }
}
