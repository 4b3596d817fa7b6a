import Foundation

/// The activities the app hands to UIKit, made in one place.
extension NSUserActivity {
  /// An invoice's window: its identifier and type, set where the activity is made.
  static func invoice(number: String) -> NSUserActivity {
    let activity = NSUserActivity(activityType: ActivityType.invoice)
    activity.targetContentIdentifier = Routes.invoicePrefix + number
    activity.title = "Invoice \(number)"
    return activity
  }

  /// The settings window: an activity with a type and no identifier.
  static func settings() -> NSUserActivity {
    NSUserActivity(activityType: ActivityType.settings)
  }
}
