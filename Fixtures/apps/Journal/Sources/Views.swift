import SwiftUI

struct EntriesView: View {
  @Environment(\.openURL) private var openURL
  let entryID = UUID()

  var body: some View {
    List { Text("Entries") }
      .handlesExternalEvents(preferring: [Deeplink.entries.link.absoluteString], allowing: ["*"])
      .toolbar {
        Button("New") { openURL(Deeplink.compose.url) }
      }
      .userActivity("com.example.journal.entry") { activity in
        activity.targetContentIdentifier = Deeplink.entry(entryID).link.absoluteString
      }
  }
}

struct ComposeView: View {
  var body: some View {
    TextEditor(text: .constant(""))
      .handlesExternalEvents(
        preferring: Set([Deeplink.compose.url.absoluteString]), allowing: Set(["journal://compose"]))
  }
}
