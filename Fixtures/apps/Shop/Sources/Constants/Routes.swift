import Foundation

/// The identifiers the shop routes by, in one place.
enum Routes {
  static let orderPrefix = "orders/"
  static let scheme = "shop"
  static let lastOrder = URL(string: "shop://orders/last")!
}

enum WindowID {
  static let catalog = "catalog"
  static let order = "order"
  static let activity = "activity"
}
