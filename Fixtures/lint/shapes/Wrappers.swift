import SwiftUI

// A wrapper modifier: handlesExternalEvents with an implicit self. The sets are the wrapper's
// parameters, known only where it is called.
extension View {
  func routes(_ preferring: Set<String>, _ allowing: Set<String>) -> some View {
    handlesExternalEvents(preferring: preferring, allowing: allowing)  // ⟵ swiftui.preferring run-time, swiftui.allowing run-time
  }
}

extension Scene {
  func opens(_ identifiers: Set<String>) -> some Scene {
    handlesExternalEvents(matching: identifiers)  // ⟵ swiftui.matching run-time
  }
}
