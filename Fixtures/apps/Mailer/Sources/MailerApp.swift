import SwiftUI

@main
struct MailerApp: App {
  var body: some Scene {
    WindowGroup {
      InboxView()
    }
    .handlesExternalEvents(matching: Set(Route.allCases.map(\.rawValue)))

    WindowGroup(id: "thread", for: String.self) { $threadID in
      ThreadView(threadID: threadID)
    }
    .handlesExternalEvents(matching: [DeepLinks.threadPrefix])

    DocumentGroup(viewing: Draft.self) { file in
      DraftView(draft: file.document)
    }

    Settings {
      SettingsView()
    }
  }
}
