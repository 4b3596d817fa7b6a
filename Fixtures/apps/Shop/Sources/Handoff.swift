import Foundation
import UserNotifications

struct Order {
  var id: String
}

/// Hands an order over to another device: the activity opens its order window there.
func handoff(_ order: Order) -> NSUserActivity {
  let activity = NSUserActivity(activityType: "com.example.shop.order")
  // The typo the near miss finds: "order/" where the order window matches "orders/".
  activity.targetContentIdentifier = "order/\(order.id)"
  return activity
}

/// A notification that an order shipped.
func shipped(_ order: Order) -> UNMutableNotificationContent {
  let content = UNMutableNotificationContent()
  content.targetContentIdentifier = Routes.orderPrefix + order.id
  return content
}
