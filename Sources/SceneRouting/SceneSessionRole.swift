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
  public init(rawValue: String) {
    self.rawValue = rawValue == Self.legacyExternalDisplay ? Self.externalDisplayName : rawValue
  }

  /// A role by name, as ``init(rawValue:)``.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// `UIWindowSceneSessionRoleApplication`: an interactive window of the app (the default).
  public static let windowApplication: SceneSessionRole = "windowApplication"
  /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive`: a non-interactive external display
  /// (`UISceneSession.Role.windowExternalDisplayNonInteractive` since iOS 16).
  public static let windowExternalDisplayNonInteractive = SceneSessionRole(
    rawValue: externalDisplayName)

  /// The external-display role under UIKit's pre-iOS 16 name.
  @available(*, deprecated, renamed: "windowExternalDisplayNonInteractive")
  public static var windowExternalDisplay: SceneSessionRole { .windowExternalDisplayNonInteractive }

  /// The roles UIKit defines, in the order its header lists them.
  public static let knownRoles: [SceneSessionRole] = [
    .windowApplication, .windowExternalDisplayNonInteractive,
  ]

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
