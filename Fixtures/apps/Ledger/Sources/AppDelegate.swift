import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    if connectingSceneSession.role == .windowExternalDisplayNonInteractive {
      return UISceneConfiguration(name: "Presentation", sessionRole: connectingSceneSession.role)
    }
    switch options.userActivities.first?.activityType {
    case ActivityType.invoice:
      return UISceneConfiguration(name: "Invoice", sessionRole: connectingSceneSession.role)
    case ActivityType.settings:
      return UISceneConfiguration(name: "Settings", sessionRole: connectingSceneSession.role)
    default:
      // Receipts were split out of invoices; their activity type is not listed here.
      return UISceneConfiguration(name: "Main", sessionRole: connectingSceneSession.role)
    }
  }
}
