import PredicateEvaluation
import PredicateSyntax
import SceneJSON
import SceneRouting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The properties the fuzzers check, as plain functions: a fuzzer traps when one returns a
/// violation, and the root package's replay test runs every saved crasher through the same
/// functions without the fuzzer, so a fixed crash stays fixed.
public enum FuzzInvariants {
  /// The body of every `LLVMFuzzerTestOneInput`: runs `invariant` on the input and aborts (so
  /// libFuzzer saves the input) when it reports a violation.
  public static func check(
    _ data: UnsafePointer<UInt8>?, _ count: Int, _ name: String, _ invariant: ([UInt8]) -> [String]
  ) -> Int32 {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let violations = invariant(bytes)
    if !violations.isEmpty {
      let message = "FuzzInvariants.\(name) violated:\n" + violations.joined(separator: "\n") + "\n"
      message.withCString { _ = write(2, $0, strlen($0)) }
      abort()
    }
    return 0
  }

  /// Arbitrary bytes through the lexer and parser: no trap; every diagnostic range inside the
  /// input; an accepted predicate prints to a form that parses back to the same AST; rendering
  /// works.
  public static func parse(_ bytes: [UInt8]) -> [String] {
    let source = String(decoding: bytes, as: UTF8.self)
    let length = source.utf8.count
    let parsed = PredicateParser.parse(source)
    var violations: [String] = []
    for diagnostic in parsed.diagnostics
    where diagnostic.range.lowerBound < 0 || diagnostic.range.upperBound > length {
      violations.append("diagnostic \(diagnostic) is outside 0..<\(length)")
    }
    if let predicate = parsed.predicate {
      let printed = predicate.predicateFormat
      let reparsed = PredicateParser.parse(printed)
      if reparsed.predicate != predicate {
        violations.append(
          "round trip: \(printed) reparsed as \(reparsed.predicate?.predicateFormat ?? "nil") \(reparsed.diagnostics)"
        )
      }
    } else if !parsed.diagnostics.containsErrors {
      violations.append("rejected without an error")
    }
    if parsed.diagnostics.contains(where: { $0.id == .unparsed }) {
      violations.append("rejected with no specific reason (syntax.unparsed)")
    }
    _ = DiagnosticRenderer().render(parsed.diagnostics, in: source)
    return violations
  }

  /// Splits fuzz bytes at the first NUL: predicate, then identifier (no NUL: a nil identifier).
  static func split(_ bytes: [UInt8]) -> (String, String?) {
    guard let nul = bytes.firstIndex(of: 0) else {
      return (String(decoding: bytes, as: UTF8.self), nil)
    }
    return (
      String(decoding: bytes[..<nul], as: UTF8.self),
      String(decoding: bytes[(nul + 1)...], as: UTF8.self)
    )
  }

  /// A predicate and an identifier through compile and evaluate: no trap, and the compiled
  /// matcher agrees with the reference evaluator wherever the reference models the predicate.
  /// Resource-limit errors are allowed.
  public static func evaluate(_ bytes: [UInt8]) -> [String] {
    let (source, identifier) = split(bytes)
    var violations: [String] = []
    for profile in ValidationProfile.allCases {
      let compilation = CompiledPredicate.compile(source, profile: profile)
      if compilation.compiled == nil && !compilation.diagnostics.containsErrors {
        violations.append("\(profile): rejected without an error")
      }
      if compilation.diagnostics.contains(where: { $0.id == .unparsed }) {
        violations.append("\(profile): rejected with no specific reason (syntax.unparsed)")
      }
      for diagnostic in compilation.diagnostics
      where diagnostic.range.upperBound > source.utf8.count {
        violations.append("\(profile): diagnostic outside the source: \(diagnostic)")
      }
    }
    guard let compiled = CompiledPredicate.compile(source, profile: .extended).compiled else {
      return violations
    }
    let actual: Bool?
    do {
      actual = try compiled.evaluate(with: identifier)
    } catch {
      if error.kind == .resourceLimit { return violations }
      actual = nil
    }
    var context = EvaluationContext(targetContentIdentifier: identifier)
    let shared = try? compiled.evaluate(in: &context)
    if shared != actual {
      violations.append(
        "shared context \(String(describing: shared)) != fresh \(String(describing: actual))")
    }
    guard ReferenceEvaluator.supports(compiled.predicate) else { return violations }
    let expected = ReferenceEvaluator.evaluate(compiled.predicate, identifier)
    if expected != actual {
      violations.append(
        "\(compiled.predicateFormat) on \(identifier.map { "\"\($0)\"" } ?? "nil"): compiled "
          + "\(actual.map(String.init) ?? "error"), reference \(expected.map(String.init) ?? "error")"
      )
    }
    return violations
  }

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
