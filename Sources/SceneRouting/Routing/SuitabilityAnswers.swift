import PredicateEvaluation

/// A session's two predicates, each with a number shared by equal predicates.
struct SessionPredicates: Sendable {
  let prefers: CompiledPredicate
  let can: CompiledPredicate
  let prefersNumber: Int
  let canNumber: Int
}

/// What `ActivationRouter.select(prefers:can:answers:options:isRequest:)` asks about a
/// candidate, by its position in the router's session order.
protocol SuitabilityAnswers {
  /// Whether the session's *prefers* predicate matches.
  mutating func prefers(_ position: Int) -> Bool
  /// Whether the session's *can activate* predicate matches.
  mutating func can(_ position: Int) -> Bool
  /// Whether the session is visible.
  func isVisible(_ position: Int) -> Bool
}

/// Answers already evaluated, for a route that explains every candidate: a byte of flags per
/// session, and the errors of the few predicates that failed.
struct KnownAnswers: SuitabilityAnswers {
  /// Per position: bit 0 prefers, bit 1 can, bit 2 visible, bit 3 evaluated.
  private var bits: [UInt8]
  /// The errors of failed predicates, keyed by position × 2 (+1 for *can activate*).
  private var failures: [Int: PredicateEvaluationError] = [:]

  /// Starts from the router's per-position visibility (`4` visible, `0` hidden).
  init(visibility: [UInt8]) { bits = visibility }

  /// Records what the session's two predicates answered.
  mutating func record(_ position: Int, prefers: PredicateOutcome, can: PredicateOutcome) {
    bits[position] |= (prefers.matched ? 1 : 0) | (can.matched ? 2 : 0) | 8
    if case .failed(let error) = prefers { failures[position << 1] = error }
    if case .failed(let error) = can { failures[position << 1 | 1] = error }
  }

  /// What one of the session's predicates answered, as recorded.
  func outcome(_ position: Int, can: Bool) -> PredicateOutcome {
    guard bits[position] & 8 != 0 else { return .notEvaluated }
    if !failures.isEmpty, let error = failures[position << 1 | (can ? 1 : 0)] {
      return .failed(error)
    }
    return .answered(bits[position] & (can ? 2 : 1) != 0)
  }

  /// The session's suitability, as recorded.
  func suitability(_ position: Int) -> Suitability {
    bits[position] & 1 != 0 ? .prefers : bits[position] & 2 != 0 ? .canActivate : .none
  }

  mutating func prefers(_ position: Int) -> Bool { bits[position] & 1 != 0 }
  mutating func can(_ position: Int) -> Bool { bits[position] & 2 != 0 }
  func isVisible(_ position: Int) -> Bool { bits[position] & 4 != 0 }
}

/// Answers evaluated on demand, each distinct predicate at most once per route, with the
/// warnings of those that failed (each session's once): a value passed `inout`, so that the
/// compiler checks exclusive access statically.
struct LazyAnswers: SuitabilityAnswers {
  var context: EvaluationContext
  let predicates: [SessionPredicates]
  let sessions: [SceneSession]
  var warnings: [RoutingWarning]
  private var outcomes: [Int: PredicateOutcome] = [:]
  /// Each session's answers, keyed by position × 2 (+1 for *can activate*).
  private var sessionOutcomes: [Int: PredicateOutcome] = [:]

  init(
    context: EvaluationContext, predicates: [SessionPredicates], sessions: [SceneSession],
    warnings: [RoutingWarning]
  ) {
    self.context = context
    self.predicates = predicates
    self.sessions = sessions
    self.warnings = warnings
  }

  private mutating func outcome(_ number: Int, _ predicate: CompiledPredicate) -> PredicateOutcome {
    if let known = outcomes[number] { return known }
    let outcome = predicate.outcome(in: &context)
    outcomes[number] = outcome
    return outcome
  }

  /// What the session's *prefers* predicate answered; a failure is noted once per session.
  mutating func prefersOutcome(_ position: Int) -> PredicateOutcome {
    let session = predicates[position]
    return outcome(of: position << 1, session.prefersNumber, session.prefers, position)
  }

  /// What the session's *can activate* predicate answered; a failure is noted once per session.
  mutating func canOutcome(_ position: Int) -> PredicateOutcome {
    let session = predicates[position]
    return outcome(of: position << 1 | 1, session.canNumber, session.can, position)
  }

  /// One of a session's predicates, answered once per session (its failure noted then) and once
  /// per distinct predicate.
  private mutating func outcome(
    of key: Int, _ number: Int, _ predicate: CompiledPredicate, _ position: Int
  ) -> PredicateOutcome {
    if let known = sessionOutcomes[key] { return known }
    let outcome = outcome(number, predicate)
    ActivationRouter.noteFailure(outcome, of: sessions[position], in: &warnings)
    sessionOutcomes[key] = outcome
    return outcome
  }

  mutating func prefers(_ position: Int) -> Bool { prefersOutcome(position).matched }
  mutating func can(_ position: Int) -> Bool { canOutcome(position).matched }

  func isVisible(_ position: Int) -> Bool { sessions[position].isVisible }
}

extension CompiledPredicate {
  /// The predicate's answer in `context`, or the error that stopped it, as a candidate records it.
  func outcome(in context: inout EvaluationContext) -> PredicateOutcome {
    do {
      return .answered(try evaluate(in: &context))
    } catch {
      return .failed(error)
    }
  }
}
