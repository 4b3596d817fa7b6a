import UIKit

func configure(_ conditions: UIScene.ActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'chat/' OR SELF ENDWITH '/inbox'")
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'café' ANDD SELF CONTAIN[c] 'thread'")
  // Not machine-applicable: the escape sits inside the word the fix would replace.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGIN\u{57}ITH 'x'")
}
