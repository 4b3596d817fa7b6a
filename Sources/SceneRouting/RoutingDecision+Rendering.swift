import SceneJSON

extension PredicateOutcome {
  var shortText: String {
    switch self {
    case .notEvaluated: "-"
    case .answered(let value): value ? "yes" : "no"
    case .failed: "error"
    }
  }
}

extension RoutingDecision: CustomStringConvertible {
  /// One line: what was chosen and why (``summary``).
  public var description: String { summary }

  /// One line: what was chosen and why.
  package var summary: String {
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

  /// The summary, every session's predicates and why each lost, and the warnings: how the
  /// decision came about, for people (`scene-router route --format explain` prints it).
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
  package var explanation: String {
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
  package var explanation: String {
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
  /// Which rule chose the group, for people.
  package var explanation: String {
    switch rule {
    case .matching: "window group \(index) '\(configuration)' matches it"
    case .firstWithoutModifier:
      "no window group matches it; window group \(index) '\(configuration)' is the first without "
        + "handlesExternalEvents(matching:)"
    case .document:
      "a file opened as a document: '\(configuration)' (window group \(index)) opens it in a "
        + "window of its own (a decision: SwiftUI does not document this)"
    }
  }
}
