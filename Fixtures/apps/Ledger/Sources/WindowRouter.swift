import UIKit

/// A window router the view controllers hold an instance of, as many apps write it: the scene it
/// requests is each caller's, read where the call is made on that instance.
final class WindowRouter {
  static let shared = WindowRouter()

  func present(_ activity: NSUserActivity) {
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }
}
