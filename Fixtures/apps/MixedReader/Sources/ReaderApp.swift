import AppIntents
import SwiftUI
import UIKit

/// A reader app: a library window that takes everything, and article windows opened by an App
/// Intent, a quick action and pushes.
@main
struct ReaderApp: App {
  var body: some Scene {
    WindowGroup {
      LibraryView()
        .handlesExternalEvents(preferring: ["reader/library"], allowing: ["reader/library"])
    }
    if #available(iOS 18, macOS 15, *) {
      WindowGroup("Article", id: "article", for: Article.ID.self) { $id in
        ArticleView(id: id)
      }
      .handlesExternalEvents(matching: ["reader/article/"])
    } else {
      WindowGroup("Article", id: "article") {
        ArticleView(id: nil)
      }
      .handlesExternalEvents(matching: ["reader/article/"])
    }
  }
}

struct Article: Identifiable {
  var id: String
}

struct LibraryView: View {
  var body: some View { Text("Library") }
}

struct ArticleView: View {
  let id: Article.ID?
  var body: some View { Text(id ?? "") }
}

/// Opens an article in its own window.
struct OpenArticleIntent: AppIntent, TargetContentProvidingIntent {
  static let title: LocalizedStringResource = "Open Article"
  @Parameter var articleID: String

  var contentIdentifier: String { "reader/article/\(articleID)" }

  func perform() async throws -> some IntentResult { .result() }
}

/// Shows the library: routed by its default content identifier, the type's name.
struct ShowLibraryIntent: UISceneAppIntent {
  static let title: LocalizedStringResource = "Show Library"

  func perform() async throws -> some IntentResult { .result() }
}

/// The dynamic quick action for search.
func installQuickActions() {
  let search = UIMutableApplicationShortcutItem(type: "search", localizedTitle: "Search")
  search.targetContentIdentifier = "reader/search"
  UIApplication.shared.shortcutItems = [search]
}
