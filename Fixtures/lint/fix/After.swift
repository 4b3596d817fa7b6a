import UIKit

func configure(_ conditions: UIScene.ActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'chat/' OR SELF ENDSWITH '/inbox'")
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'café' AND SELF CONTAINS[c] 'thread'")
  // Not machine-applicable: the escape sits inside the word the fix would replace.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGIN\u{57}ITH 'x'")
}
