import SwiftUI

@main
struct JournalApp: App {
  var body: some Scene {
    WindowGroup {
      EntriesView()
    }
    .handlesExternalEvents(matching: [Deeplink.entries.link.absoluteString])

    WindowGroup(id: "compose") {
      ComposeView()
    }
    .handlesExternalEvents(matching: [Deeplink.compose.url.absoluteString])
  }
}
