import Foundation
import PredicateEvaluation
import SceneJSON

extension SceneSession {
  /// The members of a scene in the scenes file (DESIGN §7), declared once: the writer writes
  /// these names, and the reader reads them and warns about any other.
  package enum Member: String, CaseIterable {
    case id, role, configuration, state, lastActiveAt, visible, activationConditions
    case handlesExternalEvents, userInfo

    /// Every member's name.
    package static let names = Set(allCases.map(\.rawValue))
  }

  /// The session as a scene of the scenes file: `id`, `role`, `configuration`, `state`,
  /// `lastActiveAt` (ISO 8601), `visible`, `activationConditions` (canonical format strings and
  /// profiles), `userInfo`.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      (Member.id.rawValue, .string(persistentIdentifier)),
      (Member.role.rawValue, .string(role.rawValue)),
    ]
    if let configurationName {
      members.append((Member.configuration.rawValue, .string(configurationName)))
    }
    members.append((Member.state.rawValue, .string(state.rawValue)))
    if let lastActiveAt {
      members.append(
        (Member.lastActiveAt.rawValue, .string(ScenesFile.formatISO8601(lastActiveAt))))
    }
    members.append((Member.visible.rawValue, .bool(isVisible)))
    if let handling = activationConditions.externalEventHandling {
      members.append((Member.handlesExternalEvents.rawValue, handling.jsonValue))
    } else {
      members.append((Member.activationConditions.rawValue, activationConditions.jsonValue))
    }
    if !userInfo.isEmpty {
      members.append(
        (
          Member.userInfo.rawValue,
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
  package init(json: JSONValue, profile: ValidationProfile) throws(ScenesFileError) {
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
  package var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("preferring", .array(preferring.map(JSONValue.string))),
        ("allowing", .array(allowing.map(JSONValue.string))),
      ]))
  }
}

extension WindowGroup {
  /// `{"configuration", "role", "handlesExternalEvents"?}`, the scenes file's shape.
  package var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("configuration", .string(configuration)), ("role", .string(role.rawValue)),
    ]
    if let matching {
      members.append(("handlesExternalEvents", .array(matching.map(JSONValue.string))))
    }
    return .object(JSONObject(members))
  }
}
