import UIKit

/// Menu commands and shortcuts that open windows.
enum Commands {
  static func showInvoice(number: String) {
    let activity = NSUserActivity(activityType: ActivityType.invoice)
    activity.targetContentIdentifier = Routes.invoicePrefix + number
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }

  static func showReceipt(number: String) {
    let activity = NSUserActivity(activityType: ActivityType.receipt)
    activity.targetContentIdentifier = "invoice/receipt-\(number)"
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }

  static func showSettings() {
    let activity = NSUserActivity(activityType: ActivityType.settings)
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }

  static func showInvoiceWindow(number: String) {
    UIApplication.shared.requestSceneSessionActivation(
      nil, userActivity: .invoice(number: number), options: nil)
  }

  static func showSettingsWindow() {
    let activity = NSUserActivity.settings()
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }

  static func newWindow() {
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
  }

  static func openAccountShortcut(id: String) -> UIApplicationShortcutItem {
    let item = UIApplicationShortcutItem(type: "account", localizedTitle: "Open Account")
    item.targetContentIdentifier = Routes.account(id)
    return item
  }
}
