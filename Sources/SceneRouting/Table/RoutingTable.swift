import PredicateEvaluation
import SceneJSON

/// Which scene each target content identifier opens, and what a reviewer needs to know about an
/// app's conditions: the identifiers nothing handles, the scenes nothing reaches, the ties.
///
/// Each identifier is routed as an event carrying it (a notification, say) with every session's
/// explanation, so each cell of the table (identifier × scene) says whether the scene prefers the
/// identifier, can take it, or neither, and the row says which scene wins and why.
///
/// ```swift
/// let file = try ScenesFile(bytes: bytes)
/// let table = RoutingTable(
///   router: file.router, identifiers: RoutingTable.witnesses(of: file.router))
/// for row in table.rows { print(row.identifier, row.decision) }
/// ```
public struct RoutingTable: Sendable, Hashable {
  /// One identifier's decision.
  public struct Row: Sendable, Hashable {
    /// The target content identifier routed.
    public var identifier: String
    /// The full decision: every session's entry, in the router's order.
    public var decision: RoutingDecision

    /// What the session named `scene` answered: its suitability, or nil when it did not compete
    /// (another role).
    public func suitability(of scene: String) -> Suitability? {
      guard let entry = decision.candidates.first(where: { $0.sessionIdentifier == scene }),
        entry.lost != .otherRole && entry.lost != .excluded
      else { return nil }
      return entry.suitability
    }

    /// Whether no session matched the identifier and no window group's `matching` set did: the
    /// identifier opens a scene only by a fallback (the default configuration, the first window
    /// group without the modifier), or none.
    public var isUnhandled: Bool { decision.isUnhandled }
  }

  /// The sessions, in the router's order (most recent first), as the table's columns.
  public var scenes: [String]
  /// One row per identifier, in the order given (repeats once).
  public var rows: [Row]

  /// Routes each identifier (as a notification carrying it) with `options`.
  public init(router: ActivationRouter, identifiers: [String], options: RoutingOptions = .init()) {
    scenes = router.sessions.map(\.persistentIdentifier)
    var seen = Set<String>()
    rows = identifiers.filter { seen.insert($0).inserted }.map { identifier in
      let event = SceneEvent(
        .notification(
          PushNotification(targetContentIdentifier: identifier)),
        options: options)
      let decision = router.route(event, explanation: .all)
      return Row(identifier: identifier, decision: decision)
    }
  }

  /// The identifiers no scene and no window group's `matching` set handles.
  public var unhandledIdentifiers: [String] { rows.filter(\.isUnhandled).map(\.identifier) }

  /// The scenes no identifier opens, in column order.
  public var unreachedScenes: [String] {
    let reached = Set(rows.compactMap(\.decision.sessionIdentifier))
    return scenes.filter { !reached.contains($0) }
  }

  /// The identifiers whose scene was chosen by order alone, with the tied scenes.
  public var ties: [(identifier: String, scenes: [String])] {
    rows.compactMap { row in
      let tied = row.decision.tiedSessions
      return tied.isEmpty ? nil : (row.identifier, tied)
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.scenes == rhs.scenes && lhs.rows == rhs.rows
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(scenes)
    hasher.combine(rows)
  }
}

extension RoutingTable {
  /// The table as one JSON document: `scenes` (the columns), `rows` (one per identifier:
  /// `identifier`, `outcome`, `scene`, `configuration`, `reason`, `windowGroup`, `cells` — scene id
  /// to `prefers`, `can`, `none` or `null` when it did not compete — and `warnings`), then
  /// `unhandled`, `unreached` and `ties`.
  package var jsonValue: JSONValue {
    let rows: [JSONValue] = rows.map { row in
      let decision = row.decision.jsonValue.objectValue ?? JSONObject()
      var members: [(String, JSONValue)] = [("identifier", .string(row.identifier))]
      // The decision's own members, named as its writer names them.
      let shown: [RoutingDecision.Member] = [
        .outcome, .scene, .configuration, .reason, .windowGroup,
      ]
      for member in shown { members.append((member.key, decision[member.key] ?? .null)) }
      members.append(
        (
          "cells",
          .object(
            JSONObject(
              scenes.map { scene in
                (scene, row.suitability(of: scene).map { .string($0.cellName) } ?? .null)
              }))
        ))
      let warnings = RoutingDecision.Member.warnings.key
      members.append((warnings, decision[warnings] ?? .array([])))
      return .object(JSONObject(members))
    }
    return .object(
      JSONObject([
        ("scenes", .array(scenes.map(JSONValue.string))),
        ("rows", .array(rows)),
        ("unhandled", .array(unhandledIdentifiers.map(JSONValue.string))),
        ("unreached", .array(unreachedScenes.map(JSONValue.string))),
        (
          "ties",
          .array(
            ties.map {
              .object(
                JSONObject([
                  ("identifier", .string($0.identifier)),
                  ("scenes", .array($0.scenes.map(JSONValue.string))),
                ]))
            })
        ),
      ]))
  }
}

extension Suitability {
  /// `prefers`, `can` or `none`: a table cell.
  package var cellName: String {
    switch self {
    case .prefers: "prefers"
    case .canActivate: "can"
    case .none: "none"
    }
  }
}
