import Foundation

enum MailIdentifier {
  static let root = "com.example.mail/"
  static let compose = root + "compose"

  static func thread(_ id: String) -> String { root + "thread/" + id }
}
