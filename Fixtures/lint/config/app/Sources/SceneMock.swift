import UIKit

// Excluded by the configuration's glob "**/*Mock.swift": this invalid predicate is never reported.
func mock(_ conditions: UISceneActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF CONTAIN 'x'")
}
