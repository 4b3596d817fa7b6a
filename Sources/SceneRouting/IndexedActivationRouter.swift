import Foundation
import PredicateEvaluation
import PredicateSyntax

/// A router for thousands of sessions: the same decisions as ``ActivationRouter``, found by
/// evaluating only the sessions whose predicates could match.
///
/// Each predicate's ``PredicateRequirement`` files its session under exact keys (a hash map) and
/// literal prefixes (a byte trie), per role. For an ASCII identifier the router walks the hash
/// map and the tries along the identifier's raw and NFC bytes, merges the hits with the sessions
/// that must always be evaluated, in recency order and lazily, and stops as soon as the
/// algorithm's answer is known. No identifier, and activation requests for a named session, go to
/// the linear router.
///
/// Decisions carry the outcome, the reason and the warnings of the predicates it evaluated; for
/// the per-session explanation, use ``ActivationRouter/route(_:)``, which must look at every
/// session anyway.
public struct IndexedActivationRouter: Sendable {
  /// The linear router over the same sessions (recency order, fallback).
  public let linear: ActivationRouter
  private let roles: [SceneSessionRole: RoleIndex]
  /// Each session's prefers and can predicates, numbered so that equal predicates share a
  /// number: many sessions of an app share one condition (every chat thread can activate for
  /// `BEGINSWITH 'com.example.chat/'`), and one evaluation answers all of them.
  private let predicateNumbers: [(prefers: Int, can: Int)]

  /// Positions (in `linear.sessions`) filed by necessary condition, for one role and one
  /// predicate kind.
  struct Postings: Sendable {
    var always: [Int] = []
    var exact: [ExactKey: [Int]] = [:]
    var rawTrie = ByteTrie()
    var canonicalTrie = ByteTrie()

    mutating func file(_ position: Int, _ requirement: PredicateRequirement) {
      switch requirement {
      case .never: break
      case .always: always.append(position)
      case .keys(let keys, let raw, let canonical):
        for key in keys { exact[ExactKey(key), default: []].append(position) }
        for prefix in raw { rawTrie.insert(prefix, position) }
        for prefix in canonical { canonicalTrie.insert(prefix, position) }
      }
    }

    /// Every posting list that can hold a match, each sorted: `raw` is the identifier's UTF-8,
    /// `canonical` its NFC form's (the same bytes for an ASCII identifier).
    func lists(raw: [UInt8], canonical: [UInt8]) -> [ArraySlice<Int>] {
      var lists: [ArraySlice<Int>] = []
      if !always.isEmpty { lists.append(always[...]) }
      if let hits = exact[ExactKey(raw)] { lists.append(hits[...]) }
      rawTrie.walk(raw) { lists.append($0[...]) }
      canonicalTrie.walk(canonical) { lists.append($0[...]) }
      return lists
    }
  }

  struct RoleIndex: Sendable {
    var prefers = Postings()
    var can = Postings()
  }

  /// Indexes `sessions` (in insertion order).
  public init(sessions: [SceneSession], defaultConfigurations: [SceneSessionRole: String] = [:]) {
    self.init(
      linear: ActivationRouter(sessions: sessions, defaultConfigurations: defaultConfigurations))
  }

  /// Indexes the sessions of a linear router.
  public init(linear: ActivationRouter) {
    self.linear = linear
    var roles: [SceneSessionRole: RoleIndex] = [:]
    for (position, session) in linear.sessions.enumerated() {
      let conditions = session.activationConditions
      roles[session.role, default: RoleIndex()].prefers.file(
        position,
        PredicateRequirement(
          conditions.prefersToActivateForTargetContentIdentifierPredicate.predicate))
      roles[session.role, default: RoleIndex()].can.file(
        position,
        PredicateRequirement(conditions.canActivateForTargetContentIdentifierPredicate.predicate))
    }
    self.roles = roles
    var numbers: [CompiledPredicate: Int] = [:]
    func number(_ predicate: CompiledPredicate) -> Int {
      if let known = numbers[predicate] { return known }
      numbers[predicate] = numbers.count
      return numbers.count - 1
    }
    self.predicateNumbers = linear.sessions.map {
      let conditions = $0.activationConditions
      return (
        number(conditions.prefersToActivateForTargetContentIdentifierPredicate),
        number(conditions.canActivateForTargetContentIdentifierPredicate)
      )
    }
  }

  /// Routes `event`; the outcome and reason are those ``ActivationRouter`` gives.
  ///
  /// - Complexity: proportional to the sessions whose necessary conditions the identifier meets
  ///   (up to the first that decides), not to the number of sessions.
  public func route(_ event: SceneEvent) -> RoutingDecision {
    guard let identifier = event.targetContentIdentifier else {
      return linear.route(event, explain: false)
    }
    if case .activationRequest(.session) = event.kind { return linear.route(event, explain: false) }
    let options = event.options
    var decision = RoutingDecision(
      outcome: .none, reason: .noMatch, role: options.role, targetContentIdentifier: identifier,
      candidates: [], warnings: event.warnings)
    guard let index = roles[options.role] else {
      finish(&decision, winner: nil, options: options)
      return decision
    }
    let isRequest: Bool
    if case .activationRequest = event.kind { isRequest = true } else { isRequest = false }
    var evaluations = Evaluations(
      context: EvaluationContext(targetContentIdentifier: identifier), warnings: decision.warnings)
    let raw = Array(identifier.utf8)
    // ASCII, and most other identifiers (Unicode's quick check says so), are their own NFC.
    let canonical =
      raw.withUnsafeBufferPointer {
        ASCIIBytes.isASCII($0) ? nil : CanonicalComposition.changes($0)
      } ?? raw
    let prefersLists = index.prefers.lists(raw: raw, canonical: canonical)
    let canLists = index.can.lists(raw: raw, canonical: canonical)

    func isExcluded(_ position: Int) -> Bool {
      options.excludes(linear.sessions[position].persistentIdentifier)
    }
    // Steps 4 and 6: the first hidden prefers match, remembering the first visible one.
    var firstVisiblePrefers: Int?
    var winner: (Int, RoutingReason)?
    for position in MergedPositions(prefersLists) where !isExcluded(position) {
      guard evaluations.prefers(position, self) else { continue }
      if isRequest || !linear.sessions[position].isVisible {
        winner = (position, .prefers)
        break
      }
      if firstVisiblePrefers == nil { firstVisiblePrefers = position }
    }
    // Step 5: the first hidden session whose can matches and prefers does not.
    if winner == nil && !isRequest && options.allowCanMatches {
      for position in MergedPositions(canLists) {
        guard !linear.sessions[position].isVisible, !isExcluded(position) else { continue }
        if evaluations.can(position, self) && !evaluations.prefers(position, self) {
          winner = (position, .canActivate)
          break
        }
      }
    }
    decision.warnings = evaluations.warnings
    if winner == nil, let position = firstVisiblePrefers { winner = (position, .prefersVisible) }
    finish(&decision, winner: winner, options: options)
    return decision
  }

  /// One route's evaluations: each session's prefers answer at most once (steps 4 and 5 both
  /// ask), each distinct predicate's outcome at most once for all the sessions that share it,
  /// and the warnings of the ones that failed. A value passed `inout`, so that the compiler checks
  /// exclusive access statically (closures capturing these as variables paid a runtime check on
  /// every access).
  private struct Evaluations {
    var context: EvaluationContext
    var warnings: [String]
    var prefersAnswers: [Int: Bool] = [:]
    var outcomes: [Int: PredicateOutcome] = [:]

    init(context: EvaluationContext, warnings: [String]) {
      self.context = context
      self.warnings = warnings
    }

    mutating func outcome(_ number: Int, _ program: PredicateProgram) -> PredicateOutcome {
      if let known = outcomes[number] { return known }
      let outcome = program.outcome(in: &context)
      outcomes[number] = outcome
      return outcome
    }

    /// Whether the session at `position` prefers the identifier.
    mutating func prefers(_ position: Int, _ router: borrowing IndexedActivationRouter) -> Bool {
      if let known = prefersAnswers[position] { return known }
      let outcome = outcome(
        router.predicateNumbers[position].prefers, router.linear.programs[position].prefers)
      ActivationRouter.noteFailure(
        outcome, of: router.linear.sessions, at: position, in: &warnings)
      prefersAnswers[position] = outcome.matched
      return outcome.matched
    }

    /// Whether the session at `position` can activate for the identifier.
    mutating func can(_ position: Int, _ router: borrowing IndexedActivationRouter) -> Bool {
      let outcome = outcome(
        router.predicateNumbers[position].can, router.linear.programs[position].can)
      ActivationRouter.noteFailure(
        outcome, of: router.linear.sessions, at: position, in: &warnings)
      return outcome.matched
    }
  }

  private func finish(
    _ decision: inout RoutingDecision, winner: (Int, RoutingReason)?, options: RoutingOptions
  ) {
    if let (position, reason) = winner {
      let session = linear.sessions[position]
      decision.outcome = .existing(
        sessionIdentifier: session.persistentIdentifier,
        configurationName: session.configurationName)
      decision.reason = reason
    } else if options.allowSceneCreation {
      decision.outcome = .newScene(configurationName: linear.defaultConfigurations[options.role])
      decision.reason = .newScene
    } else {
      decision.outcome = .none
      decision.reason = .noMatch
    }
  }
}

/// Identifier bytes as a hash key, hashed in one call over the buffer: `[UInt8]`'s own hashing
/// feeds the hasher one byte at a time, which cost more than the rest of a small route.
struct ExactKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

/// Sorted position lists merged lazily into one increasing sequence without duplicates.
struct MergedPositions: Sequence, IteratorProtocol {
  private var lists: [ArraySlice<Int>]
  private var last = -1

  init(_ lists: [ArraySlice<Int>]) { self.lists = lists }

  mutating func next() -> Int? {
    while true {
      var best: Int?
      var bestList = -1
      for (index, list) in lists.enumerated() {
        if let head = list.first, best == nil || head < best! {
          best = head
          bestList = index
        }
      }
      guard let position = best else { return nil }
      lists[bestList] = lists[bestList].dropFirst()
      if position != last {
        last = position
        return position
      }
    }
  }
}

/// A byte trie whose nodes hold the positions filed under the prefix ending there.
///
/// Each node's edges are a linked list in one flat array: a walk step is a few comparisons over
/// plain integers, where a dictionary per node hashed every byte of every identifier routed.
/// A node has at most 256 edges, so a step is bounded whatever was inserted.
struct ByteTrie: Sendable {
  private struct Edge: Sendable {
    var byte: UInt8
    var child: Int32
    var next: Int32
  }

  /// The first edge of each node, or -1.
  private var firstEdge: [Int32] = [-1]
  private var edges: [Edge] = []
  private var positions: [[Int]] = [[]]

  private func child(of node: Int, _ byte: UInt8) -> Int? {
    var edge = firstEdge[node]
    while edge >= 0 {
      let candidate = edges[Int(edge)]
      if candidate.byte == byte { return Int(candidate.child) }
      edge = candidate.next
    }
    return nil
  }

  mutating func insert(_ prefix: [UInt8], _ position: Int) {
    var node = 0
    for byte in prefix {
      if let next = child(of: node, byte) {
        node = next
      } else {
        let created = firstEdge.count
        firstEdge.append(-1)
        positions.append([])
        edges.append(Edge(byte: byte, child: Int32(created), next: firstEdge[node]))
        firstEdge[node] = Int32(edges.count - 1)
        node = created
      }
    }
    // Positions arrive in increasing order, so each list stays sorted.
    if positions[node].last != position { positions[node].append(position) }
  }

  /// Calls `body` with the positions of every node on `bytes`' path (every filed prefix of it).
  func walk(_ bytes: [UInt8], _ body: ([Int]) -> Void) {
    var node = 0
    for byte in bytes {
      guard let next = child(of: node, byte) else { return }
      node = next
      if !positions[node].isEmpty { body(positions[node]) }
    }
  }
}
