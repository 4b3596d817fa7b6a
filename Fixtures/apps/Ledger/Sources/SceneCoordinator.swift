import UIKit

/// Windows opened through one private helper, as coordinators write them: each caller makes its
/// activity and hands it to the helper, which requests the scene.
enum SceneCoordinator {
  static func showStatement(month: String) {
    let activity = NSUserActivity(activityType: ActivityType.invoice)
    activity.targetContentIdentifier = Routes.invoicePrefix + "statement-" + month
    requestScene(with: activity)
  }

  static func showPreferences() {
    requestScene(with: .settings())
  }

  private static func requestScene(with activity: NSUserActivity) {
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }
}
