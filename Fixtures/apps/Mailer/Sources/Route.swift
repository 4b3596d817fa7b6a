import Foundation

/// The app's top-level destinations, one URL each.
enum Route: String, CaseIterable {
  case inbox = "mailer://app/inbox"
  case compose = "mailer://app/compose"
}
