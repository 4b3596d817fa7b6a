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
}
