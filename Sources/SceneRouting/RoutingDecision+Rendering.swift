import SceneJSON

extension PredicateOutcome {
  /// `true`, `false`, `{"error": …}`, or null when not evaluated.
  public var jsonValue: JSONValue {
    switch self {
    case .notEvaluated: .null
    case .answered(let value): .bool(value)
    case .failed(let error):
      .object(
        JSONObject([("error", .string(error.message)), ("kind", .string(error.kind.rawValue))]))
    }
  }

  var shortText: String {
    switch self {
    case .notEvaluated: "-"
    case .answered(let value): value ? "yes" : "no"
    case .failed: "error"
    }
  }
}

/// The fixed parts of a decision's JSON.
private enum JSONFragments {
  static let existing: StaticString = #"{"outcome":"existing","scene":"#
  static let newScene: StaticString = #"{"outcome":"new","scene":null,"configuration":"#
  static let noScene: StaticString = #"{"outcome":"none","scene":null,"configuration":null"#
  static let configuration: StaticString = #","configuration":"#
  static let role: StaticString = #","role":"#
  static let reason: StaticString = #","reason":"#
  static let target: StaticString = #","targetContentIdentifier":"#
  static let evaluated: StaticString = #","evaluated":"#
  static let url: StaticString = #","url":"#
  static let windowGroup: StaticString = #","windowGroup":"#
  static let candidates: StaticString = #","candidates":["#
  static let firstScene: StaticString = #"{"scene":"#
  static let nextScene: StaticString = #",{"scene":"#
  static let suitability: StaticString = #","suitability":"#
  static let prefers: StaticString = #","prefers":"#
  static let canActivate: StaticString = #","canActivate":"#
  static let visibleTrue: StaticString = #","visible":true,"lost":"#
  static let visibleFalse: StaticString = #","visible":false,"lost":"#
  static let omitted: StaticString = #"],"omittedCandidates":"#
  static let warnings: StaticString = #","warnings":["#
  static let firstWarning: StaticString = #"{"id":"#
  static let nextWarning: StaticString = #",{"id":"#
  static let warningMessage: StaticString = #","message":"#
  static let tied: StaticString = #","tied":["#
}

extension RoutingReason {
  /// The raw value as a JSON string, quotes included: every decision line writes one, and a
  /// fixed literal needs neither escaping nor a `String` (the tests check it against `rawValue`).
  package var jsonLiteral: StaticString {
    switch self {
    case .prefers: #""prefers""#
    case .canActivate: #""canActivate""#
    case .prefersVisible: #""prefersVisible""#
    case .mostRecent: #""mostRecent""#
    case .requested: #""requested""#
    case .newScene: #""newScene""#
    case .noMatch: #""noMatch""#
    case .noWindowGroup: #""noWindowGroup""#
    }
  }
}

extension EvaluatedString {
  /// The raw value as a JSON string, quotes included: every decision line writes one (see
  /// ``RoutingReason/jsonLiteral``).
  package var jsonLiteral: StaticString {
    switch self {
    case .targetContentIdentifier: #""targetContentIdentifier""#
    case .url: #""url""#
    case .webpageURL: #""webpageURL""#
    }
  }
}

extension EventKind {
  /// The raw value as a JSON string, quotes included: every line of `route --jsonl` names its
  /// event's kind (see ``RoutingReason/jsonLiteral``).
  package var jsonLiteral: StaticString {
    switch self {
    case .notification: #""notification""#
    case .shortcutItem: #""shortcutItem""#
    case .userActivity: #""userActivity""#
    case .url: #""url""#
    case .appIntent: #""appIntent""#
    case .activationRequest: #""activationRequest""#
    }
  }
}

extension LossReason {
  /// The raw value as a JSON string, quotes included: every candidate writes one (see
  /// ``RoutingReason/jsonLiteral``).
  package var jsonLiteral: StaticString {
    switch self {
    case .excluded: #""excluded""#
    case .otherRole: #""otherRole""#
    case .unsuitable: #""unsuitable""#
    case .lowerSuitability: #""lowerSuitability""#
    case .lessRecent: #""lessRecent""#
    case .visible: #""visible""#
    case .canMatchesNotAllowed: #""canMatchesNotAllowed""#
    case .notRequested: #""notRequested""#
    }
  }
}

extension RoutingDecision {
  /// The decision in the CLI's documented JSON shape:
  ///
  /// ```json
  /// {"outcome": "existing", "scene": "chat-42", "configuration": null,
  ///  "role": "windowApplication", "reason": "prefers",
  ///  "targetContentIdentifier": "chat/42",
  ///  "candidates": [{"scene": "chat-42", "suitability": 2, "prefers": true,
  ///                  "canActivate": true, "lost": null}],
  ///  "warnings": []}
  /// ```
  ///
  /// A decision won by order alone also has `"tied"`: ``tiedSessions``, the chosen one first.
  public var jsonValue: JSONValue {
    // One source of truth for the shape: the byte writer the CLI uses.
    var bytes: [UInt8] = []
    writeJSON(into: &bytes)
    guard let value = try? JSONValue.parse(bytes) else {
      preconditionFailure("RoutingDecision.writeJSON produced invalid JSON")
    }
    return value
  }

  /// Appends the decision's JSON (the shape of ``jsonValue``, plus `extra` members at the end)
  /// straight to bytes, without building the value tree.
  public func writeJSON(into output: inout [UInt8], extra: [(String, String)] = []) {
    output.appendWritten { buffer in
      writeJSON(into: &buffer) { buffer in
        for (name, value) in extra { JSONValue.writeMember(name, value, into: &buffer) }
      }
    }
  }

  /// Appends the decision's JSON, then whatever `extra` writes before the closing brace (members,
  /// each starting with a comma): the CLI's hot path, which names the event without building an
  /// array of members for every line.
  package func writeJSON(
    into output: inout ByteBuffer, extra: (inout ByteBuffer) -> Void = { _ in }
  ) {
    func string(_ value: String?, _ output: inout ByteBuffer) {
      if let value {
        JSONValue.writeString(value, into: &output)
      } else {
        output.append("null")
      }
    }
    switch outcome {
    case .existing(let identifier, let configuration):
      output.append(JSONFragments.existing)
      string(identifier, &output)
      output.append(JSONFragments.configuration)
      string(configuration, &output)
    case .newScene(let configuration):
      output.append(JSONFragments.newScene)
      string(configuration, &output)
    case .none:
      output.append(JSONFragments.noScene)
    }
    output.append(JSONFragments.role)
    string(role.rawValue, &output)
    output.append(JSONFragments.reason)
    output.append(reason.jsonLiteral)
    output.append(JSONFragments.target)
    string(targetContentIdentifier, &output)
    output.append(JSONFragments.evaluated)
    output.append(evaluated?.jsonLiteral ?? "null")
    output.append(JSONFragments.url)
    string(url, &output)
    output.append(JSONFragments.windowGroup)
    if let windowGroup {
      windowGroup.jsonValue.write(into: &output)
    } else {
      output.append("null")
    }
    output.append(JSONFragments.candidates)
    // Fields read in place: a copy of each candidate would retain and release its strings.
    for index in candidates.indices {
      output.append(index == 0 ? JSONFragments.firstScene : JSONFragments.nextScene)
      string(candidates[index].sessionIdentifier, &output)
      output.append(JSONFragments.suitability)
      output.append(UInt8(ascii: "0") + UInt8(candidates[index].suitability.rawValue))
      output.append(JSONFragments.prefers)
      Self.write(candidates[index].prefers, into: &output)
      output.append(JSONFragments.canActivate)
      Self.write(candidates[index].canActivate, into: &output)
      output.append(
        candidates[index].isVisible ? JSONFragments.visibleTrue : JSONFragments.visibleFalse)
      output.append(candidates[index].lost?.jsonLiteral ?? "null")
      output.append(UInt8(ascii: "}"))
    }
    output.append(JSONFragments.omitted)
    output.appendDecimal(omittedCandidates)
    output.append(JSONFragments.warnings)
    for (index, warning) in warnings.enumerated() {
      output.append(index > 0 ? JSONFragments.nextWarning : JSONFragments.firstWarning)
      JSONValue.writeString(warning.id.rawValue, into: &output)
      output.append(JSONFragments.warningMessage)
      JSONValue.writeString(warning.message, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
    if !tiedSessions.isEmpty {
      output.append(JSONFragments.tied)
      for (index, session) in tiedSessions.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.writeString(session, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    }
    extra(&output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends an outcome's JSON. Inlined where the outcome is stored: a method call copied it (an
  /// outlined copy of the enum and its error) for every entry.
  @inline(__always)
  private static func write(_ outcome: borrowing PredicateOutcome, into output: inout ByteBuffer) {
    switch outcome {
    case .notEvaluated: output.append("null")
    case .answered(let value): output.append(value ? "true" as StaticString : "false")
    case .failed: outcome.jsonValue.write(into: &output)
    }
  }

  /// One line: what was chosen and why.
  public var summary: String {
    let target =
      switch evaluated {
      case .url?: "URL '\(url ?? "")'"
      case .webpageURL?: "webpageURL '\(url ?? "")'"
      default: targetContentIdentifier.map { "'\($0)'" } ?? "no target content identifier"
      }
    switch outcome {
    case .existing(let identifier, _):
      return "\(target) → scene '\(identifier)' (\(reason.rawValue): \(reason.explanation))"
    case .newScene(let configuration):
      let named = configuration.map { " with configuration '\($0)'" } ?? ""
      let group = windowGroup.map { "; \($0.explanation)" } ?? ""
      return
        "\(target) → new \(role.rawValue) scene\(named) (\(reason.rawValue): \(reason.explanation)\(group))"
    case .none:
      return "\(target) → no scene (\(reason.rawValue): \(reason.explanation))"
    }
  }

  /// The summary, every session's predicates and why each lost, and the warnings.
  public var explanation: String {
    var lines = [summary]
    if !candidates.isEmpty {
      let width = max(5, candidates.map(\.sessionIdentifier.count).max() ?? 5)
      func pad(_ text: String, _ length: Int) -> String {
        text + String(repeating: " ", count: max(0, length - text.count))
      }
      lines.append("  " + pad("scene", width) + "  prefers  can  suitability  result")
      for candidate in candidates {
        let result: String
        if let lost = candidate.lost {
          result = "lost: \(lost.explanation)"
        } else {
          result = "chosen"
        }
        let visible = candidate.isVisible && candidate.lost != .visible ? " (visible)" : ""
        lines.append(
          "  " + pad(candidate.sessionIdentifier, width) + "  "
            + pad(candidate.prefers.shortText, 7)
            + "  " + pad(candidate.canActivate.shortText, 3) + "  "
            + pad(
              candidate.prefers == .notEvaluated ? "-" : String(candidate.suitability.rawValue), 11)
            + "  " + result + visible)
        for outcome in [candidate.prefers, candidate.canActivate] {
          if case .failed(let error) = outcome { lines.append("      error: \(error.message)") }
        }
      }
    }
    for warning in warnings { lines.append("  warning: \(warning)") }
    return lines.joined(separator: "\n")
  }
}

extension RoutingReason {
  /// A short explanation for people.
  public var explanation: String {
    switch self {
    case .prefers: "it prefers to activate for this identifier"
    case .canActivate: "no scene prefers it; this one can activate for it"
    case .prefersVisible: "only a visible scene prefers it"
    case .mostRecent: "no identifier, so the most recent scene"
    case .requested: "the activation request named it"
    case .newScene: "no scene fits"
    case .noMatch: "no scene fits and scene creation is not allowed"
    case .noWindowGroup: "no scene fits and no window group handles it"
    }
  }
}

extension LossReason {
  /// A short explanation for people.
  public var explanation: String {
    switch self {
    case .excluded: "excluded by the event"
    case .otherRole: "other role"
    case .unsuitable: "neither predicate matched"
    case .lowerSuitability: "lower suitability"
    case .lessRecent: "less recent"
    case .visible: "visible, and another scene could take it"
    case .canMatchesNotAllowed: "only can-activate matched, which this event does not reuse"
    case .notRequested: "not the requested session"
    }
  }
}

extension WindowGroupChoice {
  /// `{"index": 1, "configuration": "Photo", "rule": "matching"}`.
  public var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("index", .number(Double(index))), ("configuration", .string(configuration)),
        ("rule", .string(rule.rawValue)),
      ]))
  }

  /// Reads ``jsonValue``'s shape.
  init(json reader: FieldReader) throws(FieldError) {
    guard case .number(let number)? = reader.object["index"], let index = Int(exactly: number),
      index >= 0
    else {
      throw FieldError(
        path: reader.child("index"), kind: .invalidValue, message: "expected a group index")
    }
    let text = try reader.string("rule")
    guard let rule = Rule(rawValue: text) else {
      throw FieldError(
        path: reader.child("rule"), kind: .unknownValue, message: "unknown value \"\(text)\"")
    }
    self.init(index: index, configuration: try reader.string("configuration"), rule: rule)
  }

  /// Which rule chose the group, for people.
  public var explanation: String {
    switch rule {
    case .matching: "window group \(index) '\(configuration)' matches it"
    case .firstWithoutModifier:
      "no window group matches it; window group \(index) '\(configuration)' is the first without "
        + "handlesExternalEvents(matching:)"
    }
  }
}
