import UIKit

// Values declared once in the file and used by the predicates below: each is inlined, and the
// condition's JSON says "same-file constant" with the declaration's line.
let documentPrefix = "com.example.notes/doc-"

enum Identifiers {
  static let thread = "com.example.chat/thread/"
  static let inbox = "com.example.chat/inbox"
  static var mutable = "com.example.chat/mutable"
}

enum Route: String {
  case compose = "com.example.chat/compose"
  case settings
}

final class ChatSceneDelegate: UIResponder, UIWindowSceneDelegate {
  static let wholeFormat = "SELF BEGINSWITH 'com.example.chat/'"  // ⟵ [lint.inlined-value]
  let storedPrefix = "com.example.chat/photo/"

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", Identifiers.thread)  // ⟵ canActivate same-file constant
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", Route.compose.rawValue)  // ⟵ prefersToActivate same-file constant
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", Route.settings.rawValue)  // ⟵ prefersToActivate same-file constant
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: Self.wholeFormat)  // ⟵ canActivate same-file constant
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", documentPrefix)  // ⟵ canActivate same-file constant
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", storedPrefix)  // ⟵ canActivate same-file constant
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", self.storedPrefix)  // ⟵ canActivate same-file constant
    // A var may change before it is used: a run-time value.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", Identifiers.mutable)  // ⟵ prefersToActivate run-time
    // A local var assigned again: a run-time value; a local let: inlined.
    var target = "com.example.chat/a"
    target = session.persistentIdentifier
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", target)  // ⟵ prefersToActivate run-time
    let fixed = "com.example.chat/b"
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", fixed)  // ⟵ prefersToActivate local
    // A constant with an error: the finding where the text is, and a note at the declaration.
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: Self.broken)  // ⟵ canActivate same-file constant
  }

  static let broken = "SELF BEGINWITH 'x'"  // ⟵ [lint.inlined-value syntax.unknown-operator]

  // A name bound by if let, guard let, for or a closure parameter hides the constant it shadows.
  func shadowed(_ conditions: UISceneActivationConditions, _ optional: String?) {
    if let storedPrefix = optional {
      conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", storedPrefix)  // ⟵ canActivate run-time
    }
    guard let documentPrefix = optional else { return }
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", documentPrefix)  // ⟵ canActivate run-time
    for wholeFormat in [optional ?? ""] {
      conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: Self.wholeFormat + wholeFormat)  // ⟵ canActivate template [lint.interpolated-format]
    }
    _ = [optional].map { storedPrefix in
      NSPredicate(format: "SELF BEGINSWITH %@", storedPrefix ?? "")
    }
  }

  // A cast of a constant is the constant.
  func cast(_ conditions: UISceneActivationConditions) {
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH %@", Identifiers.inbox as NSString)  // ⟵ canActivate same-file constant
  }
}
