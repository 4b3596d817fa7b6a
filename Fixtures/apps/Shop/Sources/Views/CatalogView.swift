import SwiftUI

struct CatalogView: View {
  @Environment(\.openURL) private var visit
  @Environment(\.openWindow) private var openWindow

  var body: some View {
    List {
      Link("Help", destination: URL(string: "https://example.com/shop/help")!)
      Button("Last order") { visit(Routes.lastOrder) }
      #if os(macOS)
        Button("Activity") { openWindow(id: WindowID.activity) }
      #endif
    }
    .handlesExternalEvents(preferring: ["catalog"], allowing: ["*"])
  }
}
