import UIKit

func configure(_ conditions: UISceneActivationConditions) {
  // A warning only: options are ignored on aggregate membership.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
    format: "SELF IN[c] {'inbox', 'drafts'}")
}
