import Foundation

/// Window ids and identifier prefixes, kept apart from the code that uses them, as teams do.
enum Windows {
  static let viewer = "viewer"
  static let orders = "orders"
}

enum Paths {
  static let orderPrefix = "order/"
  static var draftPrefix: String { "draft/" }
}

enum Activity: String {
  case viewer
  case orders

  /// One identifier per case, computed by switching over `self`.
  var identifier: String {
    switch self {
    case .viewer: return "app.viewer"
    case .orders: return "app.orders"
    }
  }
}
