import SwiftUI

extension View {
  /// The library window takes what it shows, and anything of the app when no window prefers it.
  func routesLibrary() -> some View {
    handlesExternalEvents(preferring: Routes.library, allowing: ["\(Routes.scheme)://"])
  }
}
