import UIKit

/// Opens windows for the scene that owns it.
final class SceneCoordinator {
  weak var scene: UIScene?

  init(scene: UIScene) { self.scene = scene }

  func requestScene(with activity: NSUserActivity) {
    let options = UIScene.ActivationRequestOptions()
    options.requestingScene = scene
    UIApplication.shared.requestSceneSessionActivation(
      nil, userActivity: activity, options: options)
  }
}
