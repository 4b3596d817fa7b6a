import Foundation

/// Links into the app, built the way the team builds every URL.
enum DeepLinks {
  static let base = URL(string: "mailer://app")!
  static let threadPrefix = "mailer://app/thread"

  static func thread(_ id: String) -> URL {
    base.appendingPathComponent("thread").appendingPathComponent(id)
  }

  static func search(_ query: String) -> URL {
    var components = URLComponents(string: "mailer://app/search")!
    components.queryItems = [URLQueryItem(name: "q", value: query)]
    return components.url!
  }
}
