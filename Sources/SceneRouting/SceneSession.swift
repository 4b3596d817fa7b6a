import Foundation

/// A scene session: one window of the app, connected or not, as `UISceneSession`.
///
/// The router reads the role (only equal roles compete), recency (`lastActiveAt`, most recent
/// first), visibility and the activation conditions; the rest is carried for the caller.
public struct SceneSession: Sendable, Hashable, Identifiable {
  /// The unique, persistent identifier.
  public var persistentIdentifier: String
  /// The role; only sessions with the event's role compete for it.
  public var role: SceneSessionRole
  /// The scene configuration's name, if any.
  public var configurationName: String?
  /// The activation state.
  public var state: SceneActivationState
  /// When the session was last active; nil sorts after every session with a date.
  public var lastActiveAt: Date?
  /// Whether the scene is on screen and should not be replaced: it loses to any non-visible
  /// scene that can take the event.
  public var isVisible: Bool
  /// When the scene can and prefers to be activated.
  public var activationConditions: ActivationConditions
  /// Free-form string values the app keeps with the session.
  public var userInfo: [String: String]

  public var id: String { persistentIdentifier }

  /// Creates a session.
  public init(
    persistentIdentifier: String, role: SceneSessionRole = .windowApplication,
    configurationName: String? = nil, state: SceneActivationState = .unattached,
    lastActiveAt: Date? = nil, isVisible: Bool = false,
    activationConditions: ActivationConditions = ActivationConditions(),
    userInfo: [String: String] = [:]
  ) {
    self.persistentIdentifier = persistentIdentifier
    self.role = role
    self.configurationName = configurationName
    self.state = state
    self.lastActiveAt = lastActiveAt
    self.isVisible = isVisible
    self.activationConditions = activationConditions
    self.userInfo = userInfo
  }
}
