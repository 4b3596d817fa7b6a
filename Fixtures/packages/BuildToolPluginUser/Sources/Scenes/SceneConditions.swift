// Stand-ins for Foundation's NSPredicate and UIKit's UISceneActivationConditions, so the package
// builds on Linux too (swift-corelibs-foundation has no NSPredicate(format:)); the lint reads the
// source as it would an app's.
public final class NSPredicate {
  public init(format: String, _ arguments: Any...) {}
  public init(value: Bool) {}
}

public final class ActivationConditions {
  public var canActivateForTargetContentIdentifierPredicate = NSPredicate(value: true)
  public var prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
  public init() {}
}

/// The conditions of the inbox window.
public func configureInbox(_ conditions: ActivationConditions) {
  conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
    format: "SELF BEGINSWITH 'mail/'")
  conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
    format: "SELF IN[c] {'mail/inbox', 'mail/drafts'}")  // expect: warning [lint.ignored-options]
}
