import UIKit

// The app builds its conditions in helpers, in a file of their own.
enum Predicates {
  static func prefix(_ prefix: String) -> NSPredicate {
    NSPredicate(format: "SELF BEGINSWITH %@", prefix)
  }

  static func exactly(_ identifier: String, caseInsensitive: Bool = false) -> NSPredicate {
    NSPredicate(format: "SELF == %@", identifier)
  }
}

extension UISceneActivationConditions {
  /// A thread's window: it takes any thread, and prefers its own.
  static func thread(_ id: String, root: String = MailIdentifier.root)
    -> UISceneActivationConditions
  {
    let conditions = UISceneActivationConditions()
    conditions.canActivateForTargetContentIdentifierPredicate = Predicates.prefix(
      root + "thread/")
    conditions.prefersToActivateForTargetContentIdentifierPredicate = Predicates.exactly(
      MailIdentifier.thread(id))
    return conditions
  }
}
