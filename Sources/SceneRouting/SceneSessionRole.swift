/// The role of a scene session, as `UISceneSession.Role` names it.
///
/// Only sessions whose role equals the event's role compete for it, so an external-display scene
/// never takes a notification meant for the app's windows.
public struct SceneSessionRole: RawRepresentable, Sendable, Hashable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  /// `UIWindowSceneSessionRoleApplication`: an interactive window of the app (the default).
  public static let windowApplication: SceneSessionRole = "windowApplication"
  /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive`: a non-interactive external display.
  public static let windowExternalDisplay: SceneSessionRole = "windowExternalDisplay"

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
