import UIKit

// Not under 'included': this invalid predicate is never reported.
func outside(_ conditions: UISceneActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF ==")
}
