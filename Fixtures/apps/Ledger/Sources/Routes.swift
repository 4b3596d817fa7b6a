import Foundation

enum Routes {
  static let accountPrefix = "account/"
  static let invoicePrefix = "invoice/"

  static func account(_ id: String) -> String { accountPrefix + id }
}
