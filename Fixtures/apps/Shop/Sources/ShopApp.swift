import SwiftUI

// A shop for iPad and Mac: a catalog window, one window per order, an activity window on the
// Mac and a receipts window on the iPad. Identifiers live in Constants/ and Legacy/ShopRoutes.h.
@main
struct ShopApp: App {
  var body: some Scene {
    WindowGroup(id: WindowID.catalog) {
      CatalogView()
    }
    WindowGroup("Order", id: WindowID.order, for: String.self) { $id in
      OrderView(id: id)
    }
    .handlesExternalEvents(matching: [Routes.orderPrefix])
    #if !os(iOS)
      Window("Activity", id: WindowID.activity) {
        Text("Activity")
      }
    #elseif os(iOS)
      WindowGroup("Receipts", id: "receipts") {
        Text("Receipts")
      }
    #endif
  }
}
