import PredicateEvaluation
import PredicateTestSupport
import SceneJSON
import SceneRouting

/// The routing fuzzer's properties, apart from the predicate ones so that the predicate fuzzers
/// (FuzzParse, FuzzEvaluate, FuzzICU) link neither the router nor the JSON reader: their code, and
/// so the executions counted on it (Scripts/fuzzed-code), stays the same while those change.
extension FuzzInvariants {
  /// A scenes file and an event (split at the first NUL) through decoding and routing: no trap,
  /// and the decision keeps the algorithm's invariants.
  public static func route(_ bytes: [UInt8]) -> [String] {
    guard let nul = bytes.firstIndex(of: 0) else { return [] }
    let eventViolations = eventTextViolations(bytes[(nul + 1)...])
    guard let file = try? ScenesFile(bytes: bytes[..<nul]),
      let json = try? JSONValue.parse(bytes[(nul + 1)...]),
      let event = try? SceneEvent(json: json, byteCount: bytes.count - nul - 1)
    else { return [] }
    let decision = file.router.route(event)
    return eventViolations + decisionViolations(decision, router: file.router, event: event)
      + explanationViolations(decision, router: file.router, event: event)
  }

  /// The shorter explanations agree with the full one (`decision`, ``ActivationRouter/Explanation/all``),
  /// through the scan and through an index built whatever the app's size: ``.matches`` keeps
  /// exactly the entries that matter (the chosen one, and every candidate with a match or
  /// visible), with the same outcome and reason; ``.none`` decides the same.
  public static func explanationViolations(
    _ decision: RoutingDecision, router: ActivationRouter, event: SceneEvent
  ) -> [String] {
    let indexed = ActivationRouter(
      sessions: router.sessions, defaultConfigurations: router.defaultConfigurations,
      windowGroups: router.windowGroups, indexing: .always)
    let kept = decision.candidates.filter {
      $0.lost == nil
        || ($0.lost != .otherRole && $0.lost != .excluded
          && ($0.suitability != .none || $0.isVisible))
    }
    var violations: [String] = []
    for (name, shorter) in [("scanned", router), ("indexed", indexed)] {
      let matches = shorter.route(event, explanation: .matches)
      if matches.candidates != kept
        || matches.omittedCandidates != decision.candidates.count - kept.count
        || matches.outcome != decision.outcome || matches.reason != decision.reason
      {
        violations.append("the \(name) .matches explanation differs from the full one")
      }
      let none = shorter.route(event, explanation: .none)
      if none.outcome != decision.outcome || none.reason != decision.reason {
        violations.append("the \(name) decision without explanation differs from the full one")
      }
    }
    return violations
  }

  /// The notification read from the bytes is the one read from the parsed text, whenever the
  /// bytes give one; a text that parses to a notification of the plain shape is read from them.
  public static func eventTextViolations(_ text: ArraySlice<UInt8>) -> [String] {
    let fast = SceneEvent(notificationText: text)
    let parsed = try? JSONValue.parse(text)
    let slow = parsed.flatMap { try? SceneEvent(json: $0, byteCount: text.count) }
    var violations: [String] = []
    if let fast, fast != slow {
      violations.append("the notification read from the bytes is not the parsed one: \(fast)")
    }
    if case .notification? = slow?.kind, fast == nil, case .object(let object)? = parsed,
      object["routing"] == nil, text.count < 128, !text.contains(UInt8(ascii: "\\")),
      !text.contains(where: { $0 >= 0x80 })
    {
      violations.append("a plain notification was left to the parse")
    }
    return violations
  }

  /// The invariants of DESIGN §6 that any decision must satisfy.
  public static func decisionViolations(
    _ decision: RoutingDecision, router: ActivationRouter, event: SceneEvent
  ) -> [String] {
    var violations: [String] = []
    let options = event.options
    if decision.candidates.count != router.sessions.count {
      violations.append(
        "\(decision.candidates.count) explanations for \(router.sessions.count) sessions")
    }
    let chosen = decision.candidates.filter { $0.lost == nil }
    if chosen.count != (decision.sessionIdentifier == nil ? 0 : 1) {
      violations.append("\(chosen.count) unlost candidates for outcome \(decision.outcome)")
    }
    _ = try? JSONValue.parse(decision.jsonValue.jsonText)
    if case .activationRequest(.session) = event.kind { return violations }
    let competing = decision.candidates.filter { $0.lost != .otherRole && $0.lost != .excluded }
    let byID = Dictionary(
      router.sessions.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { a, _ in a })
    // Recency: candidates appear most recent first.
    let dates = competing.map { byID[$0.sessionIdentifier]?.lastActiveAt }
    for (earlier, later) in zip(dates, dates.dropFirst()) {
      if let later, earlier == nil || earlier! < later {
        violations.append("candidates out of recency order")
      }
    }
    for candidate in decision.candidates
    where candidate.lost == .otherRole || candidate.lost == .excluded {
      if candidate.sessionIdentifier == decision.sessionIdentifier {
        violations.append("a non-candidate was chosen")
      }
    }
    let isRequest: Bool
    if case .activationRequest = event.kind { isRequest = true } else { isRequest = false }
    let hiddenPrefers = competing.firstIndex { $0.suitability == .prefers && !$0.isVisible }
    let hiddenCan = competing.firstIndex { $0.suitability == .canActivate && !$0.isVisible }
    let anyPrefers = competing.firstIndex { $0.suitability == .prefers }
    let chosenIndex = competing.firstIndex { $0.lost == nil }
    switch decision.reason {
    case .mostRecent:
      if event.evaluated != nil || chosenIndex != 0 {
        violations.append("mostRecent but not the first candidate or with an identifier")
      }
    case .prefers:
      if isRequest ? chosenIndex != anyPrefers : chosenIndex != hiddenPrefers {
        violations.append("prefers did not pick the first eligible prefers match")
      }
    case .canActivate:
      if hiddenPrefers != nil || chosenIndex != hiddenCan || !options.allowCanMatches {
        violations.append("canActivate chosen over a better candidate")
      }
    case .prefersVisible:
      if hiddenPrefers != nil || (options.allowCanMatches && hiddenCan != nil)
        || chosenIndex != anyPrefers
      {
        violations.append("prefersVisible chosen over a better candidate")
      }
    case .newScene, .noMatch, .noWindowGroup:
      let reusable =
        isRequest
        ? anyPrefers : (hiddenPrefers ?? anyPrefers ?? (options.allowCanMatches ? hiddenCan : nil))
      if reusable != nil {
        violations.append("\(decision.reason) although a candidate could take the event")
      }
      if (decision.reason != .noMatch) != options.allowSceneCreation {
        violations.append("scene creation flag not respected")
      }
    case .requested:
      violations.append("requested without a session request")
    }
    return violations
  }
}
