import Foundation
import PredicateEvaluation
import SceneJSON

/// The scenes file the CLI and fixtures use: an app's sessions, its validation profile and its
/// default configurations (DESIGN §7).
///
/// ```json
/// {"profile": "extended",
///  "defaultConfigurations": {"windowApplication": "Default Configuration"},
///  "scenes": [{"id": "main", "lastActiveAt": "2026-11-20T10:00:00Z", "visible": true,
///              "activationConditions": {"canActivate": "SELF BEGINSWITH 'chat/'"}}]}
/// ```
public struct ScenesFile: Sendable, Hashable {
  /// The sessions, in file order.
  public var sessions: [SceneSession]
  /// The profile every predicate was validated under.
  public var profile: ValidationProfile
  /// Default configuration names by role.
  public var defaultConfigurations: [SceneSessionRole: String]
  /// The app's SwiftUI window groups, in declaration order: a new scene's configuration comes
  /// from them by SwiftUI's rules (``WindowGroup``); without any, from `defaultConfigurations`.
  public var windowGroups: [WindowGroup]
  /// Warnings (predicate lint, unknown fields), each naming its scene.
  public var warnings: [RoutingWarning]

  /// A router over these sessions.
  public var router: ActivationRouter {
    ActivationRouter(
      sessions: sessions, defaultConfigurations: defaultConfigurations, windowGroups: windowGroups)
  }

  /// A scenes file built in code, to write with `JSONEncoder` (or ``jsonValue``) for the CLI.
  ///
  /// Without a `profile`, the file's profile is the narrowest its scenes' conditions need:
  /// `extended` when one of them was validated under `extended`, otherwise `uikit`.
  public init(
    sessions: [SceneSession], profile: ValidationProfile? = nil,
    defaultConfigurations: [SceneSessionRole: String] = [:], windowGroups: [WindowGroup] = []
  ) {
    self.sessions = sessions
    self.profile =
      profile
      ?? (sessions.contains { $0.activationConditions.profile == .extended } ? .extended : .uikit)
    self.defaultConfigurations = defaultConfigurations
    self.windowGroups = windowGroups
    self.warnings = []
  }

  /// Parses a scenes file from its bytes.
  ///
  /// - Throws: ``ScenesFileError`` with every problem found, each naming the scene and field.
  public init(bytes: some Collection<UInt8>) throws(ScenesFileError) {
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      throw ScenesFileError(problems: [
        .init(
          path: "", sceneIdentifier: nil, kind: .invalidJSON,
          message: "invalid JSON at \(error.line):\(error.column): \(error.message)")
      ])
    }
    try self.init(json: json)
  }

  /// Reads a scenes file from a parsed JSON value.
  public init(json: JSONValue) throws(ScenesFileError) {
    var problems: [ScenesFileError.Problem] = []
    func fail(_ error: FieldError, scene: String? = nil) {
      problems.append(.init(error, sceneIdentifier: scene))
    }
    guard case .object(let object) = json else {
      throw ScenesFileError(problems: [
        .init(
          path: "", sceneIdentifier: nil, kind: .wrongType,
          message: "a scenes file must be a JSON object, found \(json.typeDescription)")
      ])
    }
    let root = FieldReader(object: object, path: "")
    var warnings = root.unknownKeys([
      "scenes", "profile", "defaultConfigurations", "windowGroups",
    ]).map {
      RoutingWarning(.unknownScenesField(scene: nil, path: $0))
    }

    var profile = ValidationProfile.uikit
    do {
      if let name = try root.optionalString("profile") {
        if let named = ValidationProfile(rawValue: name) {
          profile = named
        } else {
          fail(
            FieldError(
              path: "profile", kind: .unknownValue,
              message: "expected \(ValidationProfile.expectedNames), found \"\(name)\""))
        }
      }
    } catch { fail(error) }

    var defaults: [SceneSessionRole: String] = [:]
    do {
      if let configurations = try root.optionalObject("defaultConfigurations") {
        for key in configurations.object.keys {
          if let name = try configurations.optionalString(key) {
            defaults[SceneSessionRole(rawValue: key)] = name
            if !SceneSessionRole(rawValue: key).isKnown {
              warnings.append(
                RoutingWarning(.unknownRole(role: key, path: configurations.child(key))))
            }
          }
        }
      }
    } catch { fail(error) }

    var groups: [WindowGroup] = []
    switch object["windowGroups"] {
    case nil, .null?: break
    case .array(let elements)?:
      var seen: [String: Int] = [:]
      for (index, element) in elements.enumerated() {
        let path = "windowGroups[\(index)]"
        guard case .object(let group) = element else {
          fail(
            FieldError(
              path: path,
              kind: .wrongType,
              message: "expected a window group object, found \(element.typeDescription)"
            ))
          continue
        }
        let reader = FieldReader(object: group, path: path)
        warnings += reader.unknownKeys(["configuration", "role", "handlesExternalEvents"]).map {
          RoutingWarning(.unknownScenesField(scene: nil, path: $0))
        }
        do throws(FieldError) {
          let configuration = try reader.string("configuration")
          let role = try reader.optionalString("role").map(SceneSessionRole.init(rawValue:))
          if let role, !role.isKnown {
            warnings.append(
              RoutingWarning(.unknownRole(role: role.rawValue, path: reader.child("role"))))
          }
          let matching = try reader.optionalStringArray("handlesExternalEvents")
          let key =
            "\(role?.rawValue ?? SceneSessionRole.windowApplication.rawValue)\u{0}\(configuration)"
          if let first = seen[key] {
            throw FieldError(
              path: reader.child("configuration"),
              kind: .conflict,
              message:
                "duplicate window group \"\(configuration)\" (first at windowGroups[\(first)])")
          }
          seen[key] = index
          groups.append(
            WindowGroup(
              configuration: configuration, role: role ?? .windowApplication, matching: matching))
        } catch { fail(error) }
      }
    case let other?:
      fail(
        FieldError(
          path: "windowGroups", kind: .wrongType,
          message: "expected an array, found \(other.typeDescription)"))
    }

    var sessions: [SceneSession] = []
    switch object["scenes"] {
    case .array(let scenes)?:
      var seen: [String: Int] = [:]
      for (index, element) in scenes.enumerated() {
        let path = "scenes[\(index)]"
        let before = problems.count
        guard
          let session = Self.scene(
            element, path: path, profile: profile, warnings: &warnings, problems: &problems)
        else { continue }
        if let first = seen[session.persistentIdentifier] {
          fail(
            FieldError(
              path: "\(path).id", kind: .conflict,
              message: "duplicate scene id (first at scenes[\(first)])"),
            scene: session.persistentIdentifier)
          continue
        }
        seen[session.persistentIdentifier] = index
        if problems.count == before { sessions.append(session) }
      }
    case nil:
      fail(FieldError(path: "scenes", kind: .missing, message: "missing required array of scenes"))
    case let other?:
      fail(
        FieldError(
          path: "scenes", kind: .wrongType,
          message: "expected an array, found \(other.typeDescription)"))
    }
    guard problems.isEmpty else { throw ScenesFileError(problems: problems) }
    self.sessions = sessions
    self.profile = profile
    self.defaultConfigurations = defaults
    self.windowGroups = groups
    self.warnings = warnings
  }

  /// Reads one scene object at `path`: the session, or nil when it has no usable id; every
  /// problem of its fields goes to `problems` (each field is read even when an earlier one was
  /// wrong, so one pass reports them all). The one reader of a scene's JSON shape, for scenes
  /// files and for ``SceneSession``'s `Codable` conformance.
  ///
  /// `profile` is the default for conditions that name none; `ceiling` (the file's profile, or
  /// `extended` for a scene read on its own) is the widest they may name.
  static func scene(
    _ element: JSONValue, path: String, profile: ValidationProfile,
    ceiling: ValidationProfile? = nil,
    warnings: inout [RoutingWarning], problems: inout [ScenesFileError.Problem]
  ) -> SceneSession? {
    guard case .object(let sceneObject) = element else {
      problems.append(
        .init(
          path: path, sceneIdentifier: nil, kind: .wrongType,
          message: "expected a scene object, found \(element.typeDescription)"))
      return nil
    }
    let scene = FieldReader(object: sceneObject, path: path)
    let identifier: String
    do {
      identifier = try scene.string(SceneMember.id.rawValue)
    } catch {
      problems.append(.init(error, sceneIdentifier: nil))
      return nil
    }
    warnings += scene.unknownKeys(SceneMember.names).map {
      RoutingWarning(.unknownScenesField(scene: identifier, path: $0))
    }
    return session(
      scene, identifier: identifier, profile: profile, ceiling: ceiling ?? profile,
      warnings: &warnings, problems: &problems)
  }

  private static func session(
    _ scene: FieldReader, identifier: String, profile: ValidationProfile,
    ceiling: ValidationProfile, warnings: inout [RoutingWarning],
    problems: inout [ScenesFileError.Problem]
  ) -> SceneSession {
    var session = SceneSession(persistentIdentifier: identifier)
    func attempt(_ body: () throws -> Void) {
      do {
        try body()
      } catch let error as ScenesFileError.Problem {
        problems.append(error)
      } catch let error as FieldError {
        problems.append(.init(error, sceneIdentifier: identifier))
      } catch {
        problems.append(
          .init(
            path: scene.path, sceneIdentifier: identifier, kind: .invalidValue,
            message: "\(error)"))
      }
    }
    attempt {
      if let role = try scene.optionalString(SceneMember.role.rawValue) {
        session.role = SceneSessionRole(rawValue: role)
        if !session.role.isKnown {
          warnings.append(
            RoutingWarning(.unknownRole(role: role, path: scene.child(SceneMember.role.rawValue))))
        }
      }
    }
    attempt {
      session.configurationName = try scene.optionalString(SceneMember.configuration.rawValue)
    }
    attempt {
      if let state = try scene.optionalString(SceneMember.state.rawValue) {
        guard let parsed = SceneActivationState(rawValue: state) else {
          throw FieldError(
            path: scene.child(SceneMember.state.rawValue),
            kind: .unknownValue,
            message:
              "expected one of \(SceneActivationState.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \"\(state)\""
          )
        }
        session.state = parsed
      }
    }
    attempt {
      if let text = try scene.optionalString(SceneMember.lastActiveAt.rawValue) {
        guard let date = parseISO8601(text) else {
          throw FieldError(
            path: scene.child(SceneMember.lastActiveAt.rawValue),
            kind: .invalidValue,
            message:
              "expected an ISO 8601 date-time such as \"2026-11-20T10:00:00Z\", found \"\(text)\"")
        }
        session.lastActiveAt = date
      }
    }
    attempt { session.isVisible = try scene.optionalBool(SceneMember.visible.rawValue) ?? false }
    attempt {
      if let userInfo = try scene.optionalObject(SceneMember.userInfo.rawValue) {
        for key in userInfo.object.keys {
          attempt { session.userInfo[key] = try userInfo.string(key) }
        }
      }
    }
    attempt {
      guard let handling = try scene.optionalObject(SceneMember.handlesExternalEvents.rawValue)
      else { return }
      warnings += handling.unknownKeys(["preferring", "allowing"]).map {
        RoutingWarning(.unknownScenesField(scene: identifier, path: $0))
      }
      var preferring: [String] = []
      var allowing: [String] = []
      attempt { preferring = try handling.optionalStringArray("preferring") ?? [] }
      attempt { allowing = try handling.optionalStringArray("allowing") ?? [] }
      if scene.object[SceneMember.activationConditions.rawValue].map({ $0 != .null }) == true {
        throw FieldError(
          path: scene.child(SceneMember.handlesExternalEvents.rawValue),
          kind: .conflict, message: "give activationConditions or handlesExternalEvents, not both")
      }
      session.activationConditions = ActivationConditions(
        ExternalEventHandling(preferring: preferring, allowing: allowing))
    }
    attempt {
      if let conditions = try scene.optionalObject(SceneMember.activationConditions.rawValue) {
        warnings += conditions.unknownKeys(ActivationConditions.jsonKeys).map {
          RoutingWarning(.unknownScenesField(scene: identifier, path: $0))
        }
        let read = ActivationConditions.read(conditions, profile: profile, ceiling: ceiling)
        for (field, warning) in read.warnings {
          warnings.append(RoutingWarning(warning, scene: identifier, field: field.rawValue))
        }
        for problem in read.problems {
          switch problem {
          case .field(let error):
            problems.append(.init(error, sceneIdentifier: identifier))
          case .predicate(let path, let error):
            problems.append(
              .init(
                path: path, sceneIdentifier: identifier, kind: .invalidPredicate,
                message: "invalid predicate", predicate: error.underlyingError))
          }
        }
        if let read = read.conditions { session.activationConditions = read }
      }
    }
    return session
  }

  /// Formats a date as ISO 8601 in UTC, with milliseconds only when it has a fraction.
  static func formatISO8601(_ date: Date) -> String {
    let whole =
      date.timeIntervalSinceReferenceDate.rounded(.down) == date.timeIntervalSinceReferenceDate
    return whole
      ? date.formatted(Date.ISO8601FormatStyle())
      : date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  /// Parses an ISO 8601 date-time, with or without fractional seconds.
  static func parseISO8601(_ text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }
}

/// A scenes file was rejected: every problem, each naming the scene and field.
public struct ScenesFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One problem.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field path, such as `scenes[2].activationConditions.canActivate`.
    public var path: String
    /// The scene's id, when known.
    public var sceneIdentifier: String?
    /// What kind of problem it is (``FieldError/Kind/invalidPredicate`` for a predicate that does
    /// not compile, whose diagnostics are in ``predicate``).
    public var kind: FieldError.Kind
    /// What is wrong, for people.
    public var message: String
    /// For an invalid predicate, its diagnostics.
    public var predicate: InvalidPredicateError?

    /// Creates a problem.
    package init(
      path: String, sceneIdentifier: String?, kind: FieldError.Kind, message: String,
      predicate: InvalidPredicateError? = nil
    ) {
      self.path = path
      self.sceneIdentifier = sceneIdentifier
      self.kind = kind
      self.message = message
      self.predicate = predicate
    }

    /// The problem a field's error is, in the scene `sceneIdentifier`.
    package init(_ error: FieldError, sceneIdentifier: String?) {
      self.init(
        path: error.path, sceneIdentifier: sceneIdentifier, kind: error.kind,
        message: error.message)
    }

    public var description: String {
      var text = ""
      if let sceneIdentifier { text += "scene '\(sceneIdentifier)': " }
      if !path.isEmpty { text += "\(path): " }
      text += message
      if let predicate {
        text += "\n" + DiagnosticRenderer().render(predicate.diagnostics, in: predicate.source)
      }
      return text
    }
  }

  /// Every problem found.
  public var problems: [Problem]

  public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// A scene's members, as the reader names them.
private typealias SceneMember = SceneSession.Member
