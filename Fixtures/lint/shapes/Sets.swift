import SwiftUI

// Every way real code writes a SwiftUI string set.
let fileLevelSet: Set<String> = ["notes/file-level"]

struct SetsApp: App {
  static let storedSet = Set(["notes/static"])
  static let shared = "notes/shared"

  var body: some Scene {
    WindowGroup {
      Text("Notes")
        .handlesExternalEvents(preferring: Set(arrayLiteral: "notes/a", "notes/b"), allowing: Set(["*"]))  // ⟵ swiftui.preferring literal, swiftui.allowing literal
        .handlesExternalEvents(preferring: ["notes/c"] as Set<String>, allowing: Set<String>(["notes/"]))  // ⟵ swiftui.preferring literal, swiftui.allowing literal
        .handlesExternalEvents(preferring: Self.storedSet, allowing: fileLevelSet)  // ⟵ swiftui.preferring same-file constant, swiftui.allowing same-file constant
        .handlesExternalEvents(preferring: [Self.shared], allowing: [])  // ⟵ swiftui.preferring same-file constant, swiftui.allowing literal
        .handlesExternalEvents(preferring: Set(Array(["notes/d"])), allowing: Set())  // ⟵ swiftui.preferring literal, swiftui.allowing literal
    }
    .handlesExternalEvents(matching: local())  // ⟵ swiftui.matching run-time
  }

  func local() -> Set<String> {
    let inner = Set(arrayLiteral: "notes/inner")
    _ = EmptyView().handlesExternalEvents(preferring: inner, allowing: inner)  // ⟵ swiftui.preferring local, swiftui.allowing local
    return inner
  }
}
