import Foundation
import PredicateEvaluation
import SceneJSON

extension SceneSession {
  /// The members of a scene in the scenes file (DESIGN §7).
  enum JSONKey {
    static let all: Set<String> = [
      "id", "role", "configuration", "state", "lastActiveAt", "visible", "activationConditions",
      "userInfo",
    ]
  }

  /// The session as a scene of the scenes file: `id`, `role`, `configuration`, `state`,
  /// `lastActiveAt` (ISO 8601), `visible`, `activationConditions` (canonical format strings and
  /// profiles), `userInfo`.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(persistentIdentifier)), ("role", .string(role.rawValue)),
    ]
    if let configurationName { members.append(("configuration", .string(configurationName))) }
    members.append(("state", .string(state.rawValue)))
    if let lastActiveAt {
      members.append(("lastActiveAt", .string(ScenesFile.formatISO8601(lastActiveAt))))
    }
    members.append(("visible", .bool(isVisible)))
    members.append(("activationConditions", activationConditions.jsonValue))
    if !userInfo.isEmpty {
      members.append(
        (
          "userInfo",
          .object(JSONObject(userInfo.sorted { $0.key < $1.key }.map { ($0, .string($1)) }))
        ))
    }
    return .object(JSONObject(members))
  }

  /// Reads a scene in the scenes file's shape; conditions are validated under `profile` unless
  /// they name their own.
  ///
  /// - Throws: ``ScenesFileError`` with every problem of the scene.
  public init(json: JSONValue) throws(ScenesFileError) {
    try self.init(json: json, profile: .extended)
  }

  /// Reads a scene in the scenes file's shape, validating its conditions under `profile` unless
  /// they name their own.
  ///
  /// - Throws: ``ScenesFileError`` with every problem of the scene.
  public init(json: JSONValue, profile: ValidationProfile) throws(ScenesFileError) {
    var warnings: [RoutingWarning] = []
    var problems: [ScenesFileError.Problem] = []
    let session = ScenesFile.scene(
      json, path: "", profile: profile, warnings: &warnings, problems: &problems)
    guard let session, problems.isEmpty else { throw ScenesFileError(problems: problems) }
    self = session
  }
}

/// `Codable` in the scenes file's shape: what a program encodes, the CLI reads.
extension SceneSession: JSONCodable {}

/// `Codable` in the documented scenes-file shape: a program that builds sessions in code writes
/// a file `scene-router` reads, and decoding validates everything `ScenesFile(bytes:)` does.
extension ScenesFile: JSONCodable {
  /// The file: `profile`, `defaultConfigurations`, `scenes`.
  public var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("profile", .string(profile.rawValue)),
        (
          "defaultConfigurations",
          .object(
            JSONObject(
              defaultConfigurations.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                ($0.key.rawValue, .string($0.value))
              }))
        ),
        ("scenes", .array(sessions.map(\.jsonValue))),
      ]))
  }
}
