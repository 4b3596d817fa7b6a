import UIKit

final class ChatSceneDelegate: UIResponder, UIWindowSceneDelegate {
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    let threadID = session.userInfo?["thread"] as? String ?? ""
    // A literal %@ argument is inlined; a run-time one is a string placeholder.
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
      NSPredicate(format: "self BEGINSWITH %@", "com.example.chat/")
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
      NSPredicate(format: "SELF == %@", threadID)

    // A typo, with its fix at the operator's column.
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINWITH 'com.example.chat/thread/'")

    // Through a local constant.
    let compose = NSPredicate(format: "SELF MATCHES 'com\\.example\\.chat/compose(/.*)?'")
    conditions.prefersToActivateForTargetContentIdentifierPredicate = compose

    // %K with a run-time key path: activation conditions only know SELF.
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "%K == 'x'", threadID)

    // Interpolation breaks on an apostrophe.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == '\(threadID)'")

    // Escapes before the error: \u{E9} is two bytes in the predicate and eight in the source.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'caf\u{E9}' ANDD SELF != ''")

    // A raw string: \# is an escape, \d is two characters.
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: #"SELF LIKE[c] 'doc-\d*' AND SELF CONTAIN "\#t""#)

    // A multi-line literal: the error is on its second line.
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: """
      SELF BEGINSWITH 'com.example.chat/'
        AND SELF ENDSWITH[x] '/42'
      """)

    // Values and compounds.
    conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
      orPredicateWithSubpredicates: [
        NSPredicate(format: "SELF == 'a'"),
        NSCompoundPredicate(notPredicateWithSubpredicate: NSPredicate(format: "SELF IN {'b', 'c'}")),
      ])

    // NSCompoundPredicate(type:subpredicates:) and an argument array of literals.
    var shared = NSPredicate(format: "SELF IN %@", argumentArray: [["com.example.chat/inbox", "com.example.chat/drafts"]])
    conditions.canActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
      type: .and, subpredicates: [shared, NSPredicate(format: "SELF ENDSWITH %@", argumentArray: ["/inbox"])])

    // A predicate from somewhere else cannot be checked here.
    conditions.canActivateForTargetContentIdentifierPredicate = PredicateStore.shared.predicate(for: session)
  }
}
