import Foundation

/// The app's links, one case each: a URL per case, and one built from the path.
enum Deeplink {
  case entries
  case entry(UUID)
  case compose

  var path: String {
    switch self {
    case .entries: return "entries"
    case .entry(let id): return "entries/\(id.uuidString)"
    case .compose: return "compose"
    }
  }

  var url: URL {
    switch self {
    case .entries: return URL(string: "journal://entries")!
    case .entry(let id): return URL(string: "journal://entries/\(id.uuidString)")!
    case .compose: return URL(string: "journal://compose")!
    }
  }

  var link: URL { URL(string: "journal://" + path)! }
}
