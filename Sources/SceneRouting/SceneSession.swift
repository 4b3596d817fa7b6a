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

extension SceneSession: Codable {
  private enum CodingKeys: String, CodingKey {
    case persistentIdentifier, role, configurationName, state, lastActiveAt, isVisible
    case activationConditions, userInfo
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(persistentIdentifier, forKey: .persistentIdentifier)
    try container.encode(role, forKey: .role)
    try container.encodeIfPresent(configurationName, forKey: .configurationName)
    try container.encode(state, forKey: .state)
    try container.encodeIfPresent(lastActiveAt, forKey: .lastActiveAt)
    try container.encode(isVisible, forKey: .isVisible)
    try container.encode(activationConditions, forKey: .activationConditions)
    try container.encode(userInfo, forKey: .userInfo)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let identifier = try container.decode(String.self, forKey: .persistentIdentifier)
    let conditions: ActivationConditions
    do {
      conditions =
        try container.decodeIfPresent(ActivationConditions.self, forKey: .activationConditions)
        ?? ActivationConditions()
    } catch DecodingError.dataCorrupted(let context) {
      // Name the scene: a coding path of array indexes does not tell a person which one.
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: context.codingPath,
          debugDescription: "scene '\(identifier)': \(context.debugDescription)",
          underlyingError: context.underlyingError))
    }
    self.init(
      persistentIdentifier: identifier,
      role: try container.decodeIfPresent(SceneSessionRole.self, forKey: .role)
        ?? .windowApplication,
      configurationName: try container.decodeIfPresent(String.self, forKey: .configurationName),
      state: try container.decodeIfPresent(SceneActivationState.self, forKey: .state)
        ?? .unattached,
      lastActiveAt: try container.decodeIfPresent(Date.self, forKey: .lastActiveAt),
      isVisible: try container.decodeIfPresent(Bool.self, forKey: .isVisible) ?? false,
      activationConditions: conditions,
      userInfo: try container.decodeIfPresent([String: String].self, forKey: .userInfo) ?? [:])
  }
}
