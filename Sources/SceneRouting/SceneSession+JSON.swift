import Foundation
import PredicateEvaluation
import SceneJSON

extension SceneSession {
  /// The members of a scene in the scenes file (DESIGN §7).
  enum JSONKey {
    static let all: Set<String> = [
      "id", "role", "configuration", "state", "lastActiveAt", "visible", "activationConditions",
      "handlesExternalEvents", "userInfo",
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
    if let handling = activationConditions.externalEventHandling {
      members.append(("handlesExternalEvents", handling.jsonValue))
    } else {
      members.append(("activationConditions", activationConditions.jsonValue))
    }
    if !userInfo.isEmpty {
      members.append(
        (
          "userInfo",
          .object(JSONObject(userInfo.sorted { $0.key < $1.key }.map { ($0, .string($1)) }))
        ))
    }
    return .object(JSONObject(members))
  }

  /// Reads a scene in the scenes file's shape on its own: conditions are validated under the
  /// profile they name (as ``ActivationConditions`` encodes it), `uikit` when they name none.
  ///
  /// - Throws: ``ScenesFileError`` with every problem of the scene.
  public init(json: JSONValue) throws(ScenesFileError) {
    var warnings: [RoutingWarning] = []
    var problems: [ScenesFileError.Problem] = []
    let session = ScenesFile.scene(
      json, path: "", profile: .uikit, ceiling: .extended, warnings: &warnings,
      problems: &problems)
    guard let session, problems.isEmpty else { throw ScenesFileError(problems: problems) }
    self = session
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
  /// The file: `profile`, `defaultConfigurations`, `windowGroups` (when there are any),
  /// `scenes`.
  public var jsonValue: JSONValue {
    var object = JSONObject([
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
    ])
    if !windowGroups.isEmpty {
      object["windowGroups"] = .array(windowGroups.map(\.jsonValue))
    }
    return .object(object)
  }
}

extension ExternalEventHandling {
  /// `{"preferring": […], "allowing": […]}`, the scenes file's shape.
  public var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("preferring", .array(preferring.map(JSONValue.string))),
        ("allowing", .array(allowing.map(JSONValue.string))),
      ]))
  }
}

extension WindowGroup {
  /// `{"configuration", "role", "handlesExternalEvents"?}`, the scenes file's shape.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("configuration", .string(configuration)), ("role", .string(role.rawValue)),
    ]
    if let matching {
      members.append(("handlesExternalEvents", .array(matching.map(JSONValue.string))))
    }
    return .object(JSONObject(members))
  }
}
