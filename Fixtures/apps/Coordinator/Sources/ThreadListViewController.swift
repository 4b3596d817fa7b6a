import UIKit

final class ThreadListViewController: UITableViewController {
  var threads: [String] = []

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let activity = NSUserActivity(activityType: "com.example.mail.thread")
    activity.targetContentIdentifier = "mail/thread/\(threads[indexPath.row])"
    guard let delegate = view.window?.windowScene?.delegate as? SceneDelegate,
      let coordinator = delegate.coordinator
    else { return }
    if #available(iOS 17.0, *) {
      UIApplication.shared.activateSceneSession(
        for: UISceneSessionActivationRequest(userActivity: activity))
    } else {
      coordinator.requestScene(with: activity)
    }
  }

  func compose(_ sender: Any) {
    guard let delegate = view.window?.windowScene?.delegate as? SceneDelegate else { return }
    if let coordinator = delegate.coordinator {
      let draft = NSUserActivity(activityType: "com.example.mail.compose")
      coordinator.requestScene(with: draft)
    }
  }
}
