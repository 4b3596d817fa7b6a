import SwiftUI
import UniformTypeIdentifiers

struct InboxView: View {
  @Environment(\.openURL) private var openURL
  @State private var messages: [Message] = []

  var body: some View {
    List(messages) { message in
      Button(message.subject) {
        openURL(DeepLinks.thread(message.threadID))
      }
    }
    .toolbar {
      Link("Unread", destination: DeepLinks.search("unread"))
    }
    .handlesExternalEvents(preferring: Set(Route.allCases.map(\.rawValue)), allowing: ["*"])
  }
}

struct ThreadView: View {
  let threadID: String?

  var body: some View {
    Text(threadID ?? "")
      .handlesExternalEvents(
        preferring: [DeepLinks.threadPrefix], allowing: [DeepLinks.threadPrefix])
  }
}

struct DraftView: View {
  let draft: Draft
  var body: some View { Text(draft.text) }
}

struct SettingsView: View {
  var body: some View { Text("Settings") }
}

struct Message: Identifiable {
  var id: String
  var threadID: String
  var subject: String
}

struct Draft: FileDocument {
  static var readableContentTypes: [UTType] { [.emailMessage] }
  var text = ""
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper { FileWrapper() }
}
