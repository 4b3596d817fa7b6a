import Foundation

enum WindowID {
  static let note = "note"
  static let settings = "settings"
}

enum Routes {
  static let scheme = "notes"
  static let notePrefix = "\(scheme)://note/"
  static var library: Set<String> { ["\(scheme)://library", "\(scheme)://search"] }
  static let notes = Set(arrayLiteral: notePrefix)
  // A var: whatever it holds when the scene is built, known only at run time.
  static var settings: Set<String> = ["\(scheme)://settings"]

  static func note(_ id: UUID) -> String { notePrefix + id.uuidString }
}
