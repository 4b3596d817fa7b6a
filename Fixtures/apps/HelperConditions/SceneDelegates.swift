import UIKit

final class MailSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    let conditions = scene.activationConditions
    conditions.canActivateForTargetContentIdentifierPredicate = Predicates.prefix(
      MailIdentifier.root)
    conditions.prefersToActivateForTargetContentIdentifierPredicate = .mailbox("inbox")
  }
}

extension NSPredicate {
  static func mailbox(_ name: String) -> NSPredicate {
    NSPredicate(format: "SELF == %@", MailIdentifier.root + "mailbox/" + name)
  }
}

final class ComposeSceneDelegate: UIResponder, UIWindowSceneDelegate {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
      Predicates.exactly(MailIdentifier.compose)
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
      composePredicate()
  }

  private func composePredicate() -> NSPredicate {
    NSPredicate(format: "SELF BEGINSWITH %@", MailIdentifier.compose + "/")
  }
}

final class ThreadSceneDelegate: UIResponder, UIWindowSceneDelegate {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    let thread = session.userInfo?["thread"] as? String ?? "0"
    scene.activationConditions = .thread(thread)
  }
}
