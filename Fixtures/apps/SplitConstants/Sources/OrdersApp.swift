import SwiftUI

@main
struct OrdersApp: App {
  var body: some Scene {
    WindowGroup(id: Windows.orders) {
      OrderList()
    }
    .handlesExternalEvents(matching: [Paths.orderPrefix])
    WindowGroup(id: Windows.viewer) {
      Viewer()
    }
    .handlesExternalEvents(matching: [Activity.viewer.identifier])
  }
}

struct OrderList: View {
  @Environment(\.openWindow) private var openWindow
  var body: some View {
    Button("Open viewer") { openWindow(id: Windows.viewer) }
      .handlesExternalEvents(preferring: [Paths.orderPrefix], allowing: [Paths.orderPrefix])
  }
}

struct Viewer: View {
  var body: some View {
    Text("Viewer")
      .handlesExternalEvents(preferring: [Activity.viewer.identifier], allowing: [Paths.draftPrefix])
  }
}
