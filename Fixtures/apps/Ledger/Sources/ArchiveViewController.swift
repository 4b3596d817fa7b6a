import UIKit

/// Archived invoices open in the invoice window, through the router the controller holds.
final class ArchiveViewController: UIViewController {
  private let router = WindowRouter.shared

  func openArchivedInvoice(number: String) {
    let activity = NSUserActivity(activityType: ActivityType.invoice)
    activity.targetContentIdentifier = Routes.invoicePrefix + "archived-" + number
    router.present(activity)
  }
}
