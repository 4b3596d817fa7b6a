import UIKit

// A fresh UISceneActivationConditions installed on a scene resets what the scene had: each
// predicate never set on it is an occurrence of its default, at the initializer.
final class DefaultsSceneDelegate: UIResponder, UIWindowSceneDelegate {
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
    scene.activationConditions = UISceneActivationConditions()  // ⟵ canActivate default, prefersToActivate default

    let conditions = UISceneActivationConditions()  // ⟵ canActivate default
    conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'inbox'")  // ⟵ prefersToActivate literal
    scene.activationConditions = conditions

    scene.activationConditions = {
      let made = UISceneActivationConditions()  // ⟵ prefersToActivate default
      made.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'chat/'")  // ⟵ canActivate literal
      return made
    }()
  }

  func annotated(_ scene: UIScene) {
    // `.init()` where the declaration names the type.
    let typed: UISceneActivationConditions = .init()  // ⟵ prefersToActivate default
    typed.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)  // ⟵ canActivate literal
    print(typed)
    scene.activationConditions = typed
  }

  func handedOver(_ scene: UIScene) {
    // Passed to a call before it is installed: the call may set the predicates.
    let handed = UISceneActivationConditions()  // ⟵ canActivate run-time [lint.not-checkable], prefersToActivate run-time
    configure(handed)
    scene.activationConditions = handed
  }

  func configure(_ conditions: UISceneActivationConditions) {}
}
