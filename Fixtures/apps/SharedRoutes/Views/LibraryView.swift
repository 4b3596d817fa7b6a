import SwiftUI

struct LibraryView: View {
  @Environment(\.openWindow) private var openWindow

  var body: some View {
    List {
      Button("Open") { openWindow(id: WindowID.note) }
    }
    .routesLibrary()
  }
}
