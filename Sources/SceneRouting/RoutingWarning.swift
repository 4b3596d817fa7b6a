import PredicateEvaluation
import SceneJSON

/// A problem that did not stop routing or reading: an event field nobody reads, an oversized
/// payload, a predicate that failed and counts as not matching, a scenes-file field that is
/// ignored.
///
/// A value with a stable ``id`` (`routing.…`, `event.…`, `scenes.…`, or the id of a predicate
/// diagnostic found in a scenes file), so tools match on the id and never on the text. In JSON it
/// is `{"id": …, "message": …}`; people read ``description``, `message [id]`.
public struct RoutingWarning: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The stable identifier.
  public var id: DiagnosticID
  /// The text: lowercase, no final period.
  public var message: String

  /// A warning with an id and message of its own (as read back from JSON).
  package init(id: DiagnosticID, message: String) {
    self.id = id
    self.message = message
  }

  /// A warning from one of the messages below.
  init(_ message: RoutingMessage) {
    self.id = message.id
    self.message = message.message
  }

  /// A predicate's own diagnostic, found in a scenes file: its id, and its text prefixed by where.
  init(_ diagnostic: Diagnostic, scene: String, field: String) {
    self.id = diagnostic.id
    self.message = "scene '\(scene)': activationConditions.\(field): \(diagnostic.message)"
  }

  public var description: String { "\(message) [\(id)]" }

  /// `{"id": …, "message": …}`, the shape every JSON output gives a warning.
  package var jsonValue: JSONValue {
    .object(JSONObject([("id", .string(id.rawValue)), ("message", .string(message))]))
  }
}

/// Every warning the router and the event and scenes-file readers report.
enum RoutingMessage: DiagnosticMessage {
  /// The ids, all warnings.
  enum Kind: String, DiagnosticKind {
    case predicateFailed = "routing.predicate-failed"
    case missingSession = "routing.missing-session"
    case orderDependent = "routing.order-dependent"
    case noWindowGroup = "routing.no-window-group"
    case payloadTooLarge = "event.payload-too-large"
    case unknownEventField = "event.unknown-field"
    case unknownScenesField = "scenes.unknown-field"
    case unknownRole = "routing.unknown-role"

    var severity: DiagnosticSeverity { .warning }
  }

  case predicateFailed(scene: String, reason: String)
  case missingSession(String)
  case orderDependent(scenes: [String])
  case noWindowGroup(role: String)
  case payloadTooLarge(bytes: Int, limit: Int)
  case unknownEventField(path: String)
  case unknownScenesField(scene: String?, path: String)
  case unknownRole(role: String, path: String)

  var kind: Kind {
    switch self {
    case .predicateFailed: .predicateFailed
    case .missingSession: .missingSession
    case .orderDependent: .orderDependent
    case .noWindowGroup: .noWindowGroup
    case .payloadTooLarge: .payloadTooLarge
    case .unknownEventField: .unknownEventField
    case .unknownScenesField: .unknownScenesField
    case .unknownRole: .unknownRole
    }
  }

  var id: DiagnosticID { kind.id }
  var severity: DiagnosticSeverity { kind.severity }

  var message: String {
    switch self {
    case .predicateFailed(let scene, let reason):
      "scene '\(scene)': predicate failed and counts as not matching: \(reason)"
    case .missingSession(let identifier): "requested session '\(identifier)' does not exist"
    case .orderDependent(let scenes):
      // Named up to ten, so a tie among thousands of undated scenes stays one short line.
      "scenes \(scenes.prefix(10).map { "'\($0)'" }.joined(separator: ", "))"
        + (scenes.count > 10 ? " and \(scenes.count - 10) more" : "")
        + " are equally suitable and equally recent; '\(scenes[0])' won by order alone, and UIKit "
        + "picks among them in set order, which differs between launches"
    case .noWindowGroup(let role):
      "no \(role) window group matches the event and every one has "
        + "handlesExternalEvents(matching:), so SwiftUI's rules open no scene; give one group no "
        + "modifier, or add \"*\" to one"
    case .payloadTooLarge(let bytes, let limit):
      "payload is \(bytes) bytes; APNs refuses payloads over \(limit) bytes"
    case .unknownEventField(let path): "unknown field '\(path)' is ignored"
    case .unknownScenesField(let scene?, let path):
      "scene '\(scene)': unknown field '\(path)' is ignored"
    case .unknownScenesField(nil, let path): "unknown field '\(path)' is ignored"
    case .unknownRole(let role, let path):
      "\(path): role '\(role)' is not one UIKit defines"
        + (SceneSessionRole.closestKnownRole(to: role).map { " (did you mean '\($0.rawValue)'?)" }
          ?? " (its window roles are windowApplication and windowExternalDisplayNonInteractive)")
        + "; only scenes of the same role compete for an event"
    }
  }
}

extension RoutingWarning {
  /// Every id the router and its readers can warn with, derived from the message type.
  package static let ids: [DiagnosticID] = RoutingMessage.Kind.allCases.map(\.id)
}

extension RoutingWarning {
  /// `routing.order-dependent`: a decision won by order alone, the id callers look for. `lint`
  /// reports it too, for an event of the app that ties (with ``orderDependentHelp``): the one
  /// declaration of the id is the router's.
  package static let orderDependent = RoutingMessage.Kind.orderDependent.id

  /// What ``orderDependent`` means, for people (lint's rule list and SARIF).
  package static let orderDependentHelp =
    "Several scenes take the event equally; which one the system picks depends on their "
    + "order, which differs between launches."
}
