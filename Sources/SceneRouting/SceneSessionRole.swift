/// The role of a scene session, as `UISceneSession.Role` names it.
///
/// Only sessions whose role equals the event's role compete for it, so an external-display scene
/// never takes a notification meant for the app's windows.
public struct SceneSessionRole: RawRepresentable, Sendable, Hashable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The role's name as files spell it, such as `windowApplication`.
  public let rawValue: String

  /// A role by name. UIKit's pre-iOS 16 name `windowExternalDisplay` reads as
  /// ``windowExternalDisplayNonInteractive``, so older files keep routing to the same scenes.
  ///
  /// A known role's name is kept as the library's own string, so every value of the role shares
  /// one storage: a router compares each event's role with its sessions', and two strings with
  /// the same storage are equal at once, where comparing the text read every byte (140
  /// instructions an event).
  public init(rawValue: String) {
    let name = rawValue == Self.legacyExternalDisplay ? Self.externalDisplayName : rawValue
    self.rawValue = Self.knownNames.first { $0 == name } ?? name
  }

  /// A role by name, as ``init(rawValue:)``.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// `UIWindowSceneSessionRoleApplication`: an interactive window of the app (the default).
  public static let windowApplication: SceneSessionRole = "windowApplication"
  /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive`: a non-interactive external display
  /// (`UISceneSession.Role.windowExternalDisplayNonInteractive` since iOS 16).
  public static let windowExternalDisplayNonInteractive = SceneSessionRole(
    rawValue: externalDisplayName)

  /// The roles UIKit defines (`UISceneSession.Role`), by their Swift names: the window roles,
  /// CarPlay's template roles, and visionOS's. A scenes file or event naming another role gets
  /// the warning `routing.unknown-role`, since a misspelt role silently competes with nothing.
  package static let knownRoles = knownNames.map(SceneSessionRole.init(rawValue:))

  /// The names of ``knownRoles``, the strings every value of a known role holds.
  private static let knownNames = [
    "windowApplication", externalDisplayName, "carTemplateApplication",
    "carTemplateApplicationDashboard", "carTemplateApplicationInstrumentCluster",
    "windowApplicationVolumetric", "immersiveSpaceApplication",
  ]

  /// Whether UIKit defines this role.
  package var isKnown: Bool { Self.knownRoles.contains(self) }

  /// The known role `name` most likely misspells: the one sharing the longest case-insensitive
  /// prefix with it, when that prefix is at least six characters.
  static func closestKnownRole(to name: String) -> SceneSessionRole? {
    let lowered = Array(name.lowercased())
    func sharedPrefix(_ role: SceneSessionRole) -> Int {
      zip(lowered, role.rawValue.lowercased()).prefix { $0 == $1 }.count
    }
    guard let best = knownRoles.max(by: { sharedPrefix($0) < sharedPrefix($1) }),
      sharedPrefix(best) >= 6
    else { return nil }
    return best
  }

  private static let externalDisplayName = "windowExternalDisplayNonInteractive"
  private static let legacyExternalDisplay = "windowExternalDisplay"

  /// The raw value.
  public var description: String { rawValue }
}

/// A scene's activation state, as `UIScene.ActivationState` names it.
public enum SceneActivationState: String, Sendable, Hashable, Codable, CaseIterable {
  /// Not connected to a scene (the session exists; its window does not).
  case unattached
  /// Connected but in the background.
  case background
  /// On screen, not receiving events.
  case foregroundInactive
  /// On screen and receiving events.
  case foregroundActive
}
