import SwiftUI

struct OrderView: View {
  let id: String?

  var body: some View {
    Text("Order \(id ?? "")")
      .handlesExternalEvents(
        preferring: ["\(Routes.orderPrefix)\(id ?? "")"], allowing: [Routes.orderPrefix])
  }
}
