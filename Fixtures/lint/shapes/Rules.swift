import UIKit

// Findings from real bugs.
func rules(_ conditions: UISceneActivationConditions, _ id: String) {
  // "Predicates have no effect": '%@' inside the quotes is the text %@, never substituted.
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == '%@'", id)  // ⟵ prefersToActivate run-time [lint.quoted-format-argument syntax.unused-format-arguments]
  // A format argument missing its '%'.
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == @", id)  // ⟵ prefersToActivate run-time [lint.format-missing-percent]
  // Too few arguments: NSPredicate reads past them.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@ OR SELF == %@", id)  // ⟵ canActivate run-time [lint.format-argument-count]
  // Too many: ignored, but a sign of a mistake.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", id, id)  // ⟵ canActivate run-time [lint.format-argument-count]
  // Interpolation inside quotes: the fix passes the value as an argument.
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == '\(id)'")  // ⟵ prefersToActivate template [lint.interpolated-format]
}
