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

/// Answers already evaluated, for a route that explains every candidate, with the router's
/// visibility. Nothing is allocated for an app of up to 32 sessions.
struct KnownAnswers: SuitabilityAnswers {
  /// Keyed by position × 2 (+1 for *can activate*).
  private var outcomes = OutcomeCache()
  /// The router's per-position visibility (non-zero for a visible session).
  private let visibility: [UInt8]

  init(visibility: [UInt8]) { self.visibility = visibility }

  /// Records what the session's two predicates answered.
  @inline(__always)
  mutating func record(_ position: Int, prefers: PredicateOutcome, can: PredicateOutcome) {
    outcomes.record(position << 1, prefers)
    outcomes.record(position << 1 | 1, can)
  }

  /// What one of the session's predicates answered, as recorded.
  @inline(__always)
  func outcome(_ position: Int, can: Bool) -> PredicateOutcome {
    outcomes[position << 1 | (can ? 1 : 0)] ?? .notEvaluated
  }

  /// The session's suitability, as recorded.
  func suitability(_ position: Int) -> Suitability {
    Suitability(
      prefersMatched: outcomes.matched(position << 1),
      canActivateMatched: outcomes.matched(position << 1 | 1))
  }

  mutating func prefers(_ position: Int) -> Bool { outcomes.matched(position << 1) }
  mutating func can(_ position: Int) -> Bool { outcomes.matched(position << 1 | 1) }
  func isVisible(_ position: Int) -> Bool { visibility[position] != 0 }
}

/// Predicate outcomes by a small non-negative key: a bit for "recorded" and one for "matched"
/// (nothing allocated for keys below 64), and the errors of the few that failed. A route records
/// a handful; dictionaries allocated and hashed for each.
struct OutcomeCache {
  private var recorded = PositionBits()
  private var matches = PositionBits()
  private var failures: [Int: PredicateEvaluationError] = [:]

  /// The outcome recorded for `key`, if any.
  @inline(__always)
  subscript(key: Int) -> PredicateOutcome? {
    guard recorded.contains(key) else { return nil }
    return recordedOutcome(key)
  }

  /// The outcome recorded for `key`, which is recorded.
  @inline(__always)
  func recordedOutcome(_ key: Int) -> PredicateOutcome {
    if !failures.isEmpty, let error = failures[key] { return .failed(error) }
    return .answered(matches.contains(key))
  }

  /// Which of `key` and its pair (`key ^ 1`) are recorded: the even one as bit 0, the odd one
  /// as bit 1 (``PositionBits/pair(of:)``).
  @inline(__always)
  func recordedPair(_ key: Int) -> UInt64 { recorded.pair(of: key) }

  /// Whether the outcome recorded for `key` is a match.
  func matched(_ key: Int) -> Bool { matches.contains(key) }

  /// Inlined where the outcome is made, so that the switch folds away instead of a call copying
  /// the outcome (and its error's string) in and destroying it again.
  @inline(__always)
  mutating func record(_ key: Int, _ outcome: PredicateOutcome) {
    recorded.insert(key)
    switch outcome {
    case .answered(true): matches.insert(key)
    case .failed(let error): failures[key] = error
    case .answered(false), .notEvaluated: break
    }
  }
}

/// A set of session positions, iterated in increasing order (recency order): the first 64 in a
/// word, the rest in an array made only when one is inserted.
struct PositionBits: Sequence {
  private var low: UInt64 = 0
  private var rest: [UInt64] = []

  /// How many positions are in the set.
  var count: Int { rest.reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }

  @inline(__always)
  mutating func insert(_ position: Int) {
    if position < 64 {
      low |= 1 &<< UInt64(position)
      return
    }
    let word = (position - 64) >> 6
    if word >= rest.count { rest += repeatElement(0, count: word + 1 - rest.count) }
    rest[word] |= 1 &<< UInt64((position - 64) & 63)
  }

  /// Whether `position & ~1` and `position | 1` are in the set, as bits 0 and 1: both from
  /// one word, as a pair never straddles two.
  @inline(__always)
  func pair(of position: Int) -> UInt64 {
    if position < 64 { return low >> UInt64(position & ~1) & 0b11 }
    let word = (position - 64) >> 6
    guard word < rest.count else { return 0 }
    return rest[word] >> UInt64((position - 64) & 62) & 0b11
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

  @inline(__always)
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
  /// Each distinct predicate's answer, by its number.
  private var outcomes = OutcomeCache()
  /// Each session's answers, keyed by position × 2 (+1 for *can activate*).
  private var sessionOutcomes = OutcomeCache()
  /// How many sessions had a predicate answered (``RoutingDecision/evaluatedSessions``).
  private(set) var evaluatedSessions = 0

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
    outcomes.record(number, outcome)
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
    // The session's two answers from one read: whether this one is known, and whether either
    // is (else the session is evaluated for the first time).
    let recorded = sessionOutcomes.recordedPair(key)
    if recorded >> UInt64(key & 1) & 1 != 0 { return sessionOutcomes.recordedOutcome(key) }
    if recorded == 0 { evaluatedSessions += 1 }
    let outcome = outcome(number, predicate)
    ActivationRouter.noteFailure(outcome, of: sessions, at: position, in: &warnings)
    sessionOutcomes.record(key, outcome)
    return outcome
  }

  mutating func prefers(_ position: Int) -> Bool { prefersOutcome(position).matched }
  mutating func can(_ position: Int) -> Bool { canOutcome(position).matched }

  func isVisible(_ position: Int) -> Bool { sessions[position].isVisible }
}

extension CompiledPredicate.Unretained {
  /// The predicate's answer in `context`, or the error that stopped it, as a candidate records it.
  @inline(__always)
  func outcome(in context: inout EvaluationContext) -> PredicateOutcome {
    do {
      return .answered(try evaluate(in: &context))
    } catch {
      return .failed(error)
    }
  }
}
