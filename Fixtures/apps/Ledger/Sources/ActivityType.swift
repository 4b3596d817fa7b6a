/// The app's user activity types (also listed in NSUserActivityTypes).
enum ActivityType {
  static let invoice = "com.example.ledger.invoice"
  static let receipt = "com.example.ledger.receipt"
  static let settings = "com.example.ledger.settings"
}
