import UIKit

// Excluded by the configuration: this invalid predicate is never reported.
func generated(_ conditions: UISceneActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'x'")
}
