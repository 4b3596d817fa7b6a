import SwiftUI
import UIKit

/// Documentation that shows an assignment is not one:
///
///     conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'x'")
///
/* A block comment too:
   conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "BROKEN ==")
   .handlesExternalEvents(matching: ["x"])
*/
struct Traps {
  // A declaration named like the modifier is not a call of it.
  func handlesExternalEvents(matching: Set<String>) -> Traps { self }

  // A property named activationConditions on another type.
  var activationConditions = Rules()
  struct Rules {}

  func trap(_ scene: UIScene, _ other: UIScene) {
    // A whole object from elsewhere: not an occurrence by itself.
    scene.activationConditions = other.activationConditions
    // Reads are not assignments.
    let read = scene.activationConditions.canActivateForTargetContentIdentifierPredicate
    if scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate == read {}
    var copy = self
    copy.activationConditions = .init()
    _ = "conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"x\")"
  }
}
