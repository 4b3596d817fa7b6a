import UIKit

// Predicate builders in every spelling.
func build(_ conditions: UISceneActivationConditions, _ id: String) {
  conditions.canActivateForTargetContentIdentifierPredicate = .init(format: "SELF BEGINSWITH 'a/'")  // ⟵ canActivate literal
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate.init(format: "SELF BEGINSWITH 'b/'")  // ⟵ canActivate literal
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF IN %@", argumentArray: [["c/1", "c/2"]])  // ⟵ prefersToActivate literal
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)  // ⟵ prefersToActivate literal
  conditions.canActivateForTargetContentIdentifierPredicate = {  // ⟵ canActivate local
    let prefix = "d/"
    return NSPredicate(format: "SELF BEGINSWITH %@", prefix)
  }()
  let local = NSPredicate(format: "SELF == 'e'")
  conditions.prefersToActivateForTargetContentIdentifierPredicate = local  // ⟵ prefersToActivate local
  // Compound predicates by type, in today's spelling and Swift 2's.
  conditions.canActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(type: .or, subpredicates: [local])  // ⟵ canActivate local
  conditions.canActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(type: .OrPredicateType, subpredicates: [local])  // ⟵ canActivate local
  // Another object's predicate: known only at run time.
  let other = UISceneActivationConditions()
  conditions.canActivateForTargetContentIdentifierPredicate = other.canActivateForTargetContentIdentifierPredicate  // ⟵ canActivate run-time [lint.not-checkable]
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", argumentArray: runtimeArguments(id))  // ⟵ prefersToActivate run-time
  // Block predicates: UIKit raises when one is assigned.
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate { _, _ in true }  // ⟵ canActivate literal [lint.block-predicate]
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(block: { object, _ in object != nil })  // ⟵ prefersToActivate literal [lint.block-predicate]
}

func runtimeArguments(_ id: String) -> [Any] { [id] }
