import PredicateEvaluation

/// A session's two predicates, each with a number shared by equal predicates.
///
/// Each is also kept unretained, for the scan that evaluates every candidate's two predicates:
/// safe, as the compiled predicates beside them keep their storage alive.
struct SessionPredicates: Sendable {
  let prefers: CompiledPredicate
  let can: CompiledPredicate
  let prefersNumber: Int
  let canNumber: Int
  let unretainedPrefers: CompiledPredicate.Unretained
  let unretainedCan: CompiledPredicate.Unretained

  init(prefers: CompiledPredicate, can: CompiledPredicate, prefersNumber: Int, canNumber: Int) {
    self.prefers = prefers
    self.can = can
    self.prefersNumber = prefersNumber
    self.canNumber = canNumber
    unretainedPrefers = prefers.unretained
    unretainedCan = can.unretained
  }
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

/// Answers already evaluated, for a route that explains every candidate: a bit per session for
/// each predicate's match and for having been evaluated, the router's visibility, and the errors
/// of the few predicates that failed. Nothing is allocated for an app of up to 64 sessions.
struct KnownAnswers: SuitabilityAnswers {
  private var prefersMatched = PositionBits()
  private var canMatched = PositionBits()
  private var evaluated = PositionBits()
  /// The router's per-position visibility (non-zero for a visible session).
  private let visibility: [UInt8]
  /// The errors of failed predicates, keyed by position × 2 (+1 for *can activate*).
  private var failures: [Int: PredicateEvaluationError] = [:]

  init(visibility: [UInt8]) { self.visibility = visibility }

  /// Records what the session's two predicates answered.
  mutating func record(_ position: Int, prefers: PredicateOutcome, can: PredicateOutcome) {
    evaluated.insert(position)
    if prefers.matched { prefersMatched.insert(position) }
    if can.matched { canMatched.insert(position) }
    if case .failed(let error) = prefers { failures[position << 1] = error }
    if case .failed(let error) = can { failures[position << 1 | 1] = error }
  }

  /// What one of the session's predicates answered, as recorded.
  @inline(__always)
  func outcome(_ position: Int, can: Bool) -> PredicateOutcome {
    guard evaluated.contains(position) else { return .notEvaluated }
    if !failures.isEmpty, let error = failures[position << 1 | (can ? 1 : 0)] {
      return .failed(error)
    }
    return .answered(can ? canMatched.contains(position) : prefersMatched.contains(position))
  }

  /// The session's suitability, as recorded.
  func suitability(_ position: Int) -> Suitability {
    prefersMatched.contains(position)
      ? .prefers : canMatched.contains(position) ? .canActivate : .none
  }

  mutating func prefers(_ position: Int) -> Bool { prefersMatched.contains(position) }
  mutating func can(_ position: Int) -> Bool { canMatched.contains(position) }
  func isVisible(_ position: Int) -> Bool { visibility[position] != 0 }
}

/// A set of session positions, iterated in increasing order (recency order): the first 64 in a
/// word, the rest in an array made only when one is inserted.
struct PositionBits: Sequence {
  private var low: UInt64 = 0
  private var rest: [UInt64] = []
  /// How many positions are in the set.
  private(set) var count = 0

  mutating func insert(_ position: Int) {
    guard !contains(position) else { return }
    count += 1
    if position < 64 {
      low |= 1 &<< UInt64(position)
      return
    }
    let word = (position - 64) >> 6
    if word >= rest.count { rest += repeatElement(0, count: word + 1 - rest.count) }
    rest[word] |= 1 &<< UInt64((position - 64) & 63)
  }

  /// The lowest position, if any.
  var first: Int? {
    var iterator = makeIterator()
    return iterator.next()
  }

  func makeIterator() -> Iterator { Iterator(word: low, rest: rest) }

  /// The positions in increasing order.
  struct Iterator: IteratorProtocol {
    /// What is left of the word being read, and where it starts.
    fileprivate var word: UInt64
    fileprivate var base = 0
    fileprivate let rest: [UInt64]
    fileprivate var nextWord = 0

    fileprivate init(word: UInt64, rest: [UInt64]) {
      self.word = word
      self.rest = rest
    }

    mutating func next() -> Int? {
      while word == 0 {
        guard nextWord < rest.count else { return nil }
        word = rest[nextWord]
        nextWord += 1
        base = nextWord * 64
      }
      let position = base + word.trailingZeroBitCount
      word &= word &- 1
      return position
    }
  }

  func contains(_ position: Int) -> Bool {
    if position < 64 { return low & (1 &<< UInt64(position)) != 0 }
    let word = (position - 64) >> 6
    return word < rest.count && rest[word] & (1 &<< UInt64((position - 64) & 63)) != 0
  }
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

  private mutating func outcome(_ number: Int, _ predicate: CompiledPredicate.Unretained)
    -> PredicateOutcome
  {
    if let known = outcomes[number] { return known }
    let outcome = predicate.outcome(in: &context)
    outcomes[number] = outcome
    return outcome
  }

  /// What the session's *prefers* predicate answered; a failure is noted once per session.
  mutating func prefersOutcome(_ position: Int) -> PredicateOutcome {
    // Field by field: a copy of the whole entry retained both predicates.
    outcome(
      of: position << 1, predicates[position].prefersNumber,
      predicates[position].unretainedPrefers, position)
  }

  /// What the session's *can activate* predicate answered; a failure is noted once per session.
  mutating func canOutcome(_ position: Int) -> PredicateOutcome {
    outcome(
      of: position << 1 | 1, predicates[position].canNumber, predicates[position].unretainedCan,
      position)
  }

  /// One of a session's predicates, answered once per session (its failure noted then) and once
  /// per distinct predicate.
  private mutating func outcome(
    of key: Int, _ number: Int, _ predicate: CompiledPredicate.Unretained, _ position: Int
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

extension CompiledPredicate.Unretained {
  /// The predicate's answer in `context`, or the error that stopped it, as a candidate records it.
  func outcome(in context: inout EvaluationContext) -> PredicateOutcome {
    do {
      return .answered(try evaluate(in: &context))
    } catch {
      return .failed(error)
    }
  }
}
