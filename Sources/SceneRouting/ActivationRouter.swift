import Foundation
import PredicateEvaluation

/// Routes events to scene sessions the way UIKit does, deterministically, with an explanation.
///
/// Build one from the app's sessions (conditions are already compiled), then route any number of
/// events from any thread: a router is an immutable value.
///
/// The algorithm (DESIGN §6):
/// 1. Candidates: sessions with the event's role, not excluded, most recent first (a session with
///    no date is older than any with one; ties keep insertion order).
/// 2. No identifier: the most recent candidate (`mostRecent`); predicates are not evaluated.
/// 3. Suitability: 2 if *prefers* matches, else 1 if *can* matches, else 0.
/// 4. The first suitability-2 candidate that is not visible (`prefers`).
/// 5. If can-matches are allowed, the first suitability-1 candidate not visible (`canActivate`).
/// 6. The first suitability-2 candidate that is visible (`prefersVisible`).
/// 7. A new scene (`newScene`), or none when creation is not allowed (`noMatch`).
///
/// Activation requests name a session (`requested`), or carry a user activity: then only a
/// *prefers* match reuses a session, visible or not; otherwise a new scene.
public struct ActivationRouter: Sendable {
  /// The sessions, most recent first (ties in insertion order).
  public let sessions: [SceneSession]
  /// Default configuration names by role, for new scenes.
  public let defaultConfigurations: [SceneSessionRole: String]
  /// Each session's predicates as evaluation needs them, in the order of `sessions`.
  let programs: [(prefers: PredicateProgram, can: PredicateProgram)]
  /// The sessions' distinct roles, numbered: each event's role is looked up once, and then
  /// sessions are compared by number (comparing two role strings is a call each time).
  let roles: RoleNumbers

  /// Creates a router over `sessions` (in insertion order).
  public init(sessions: [SceneSession], defaultConfigurations: [SceneSessionRole: String] = [:]) {
    self.sessions = Self.byRecency(sessions)
    self.defaultConfigurations = defaultConfigurations
    self.programs = self.sessions.map {
      let conditions = $0.activationConditions
      return (
        conditions.prefersToActivateForTargetContentIdentifierPredicate.program,
        conditions.canActivateForTargetContentIdentifierPredicate.program
      )
    }
    self.roles = RoleNumbers(
      self.sessions.map(\.role), defaultConfigurations: defaultConfigurations)
  }

  /// Orders sessions most recent first; a stable sort keeps insertion order among equals.
  static func byRecency(_ sessions: [SceneSession]) -> [SceneSession] {
    sessions.enumerated().sorted { lhs, rhs in
      switch (lhs.element.lastActiveAt, rhs.element.lastActiveAt) {
      case (let left?, let right?) where left != right: return left > right
      case (.some, nil): return true
      case (nil, .some): return false
      default: return lhs.offset < rhs.offset
      }
    }.map(\.element)
  }

  /// Routes `event`.
  ///
  /// - Complexity: O(n) in the number of sessions, evaluating at most two predicates per
  ///   candidate against one shared ``EvaluationContext``.
  public func route(_ event: SceneEvent) -> RoutingDecision {
    route(event, explain: true)
  }

  /// Routes `event`; without `explain`, the decision's `candidates` is empty (the outcome, reason
  /// and warnings are the same), which saves building an entry per session.
  public func route(_ event: SceneEvent, explain: Bool) -> RoutingDecision {
    let options = event.options
    let identifier = event.targetContentIdentifier
    var decision = RoutingDecision(
      outcome: .none, reason: .noMatch, role: options.role, targetContentIdentifier: identifier,
      candidates: [], warnings: event.warnings)
    var candidates: [CandidateEvaluation] = []
    // Positions, not copies: a session is a large struct, and copying one retains every field.
    var candidatePositions: [Int] = []
    // Room for the sessions that do not compete too: `explain` appends them at the end.
    candidates.reserveCapacity(explain ? sessions.count : 0)
    candidatePositions.reserveCapacity(sessions.count)
    let role = roles.number(of: options.role)
    for position in sessions.indices where loss(position, role, options) == nil {
      candidates.append(
        CandidateEvaluation(
          sessionIdentifier: sessions[position].persistentIdentifier, suitability: 0,
          prefers: .notEvaluated, canActivate: .notEvaluated,
          isVisible: sessions[position].isVisible, lost: nil))
      candidatePositions.append(position)
    }
    /// The candidates followed by the sessions that did not compete, and why, for `explain`
    /// (appended in place, into the capacity reserved for them).
    func withOthers(_ all: inout [CandidateEvaluation]) -> [CandidateEvaluation] {
      guard explain else { return [] }
      for position in sessions.indices {
        guard let lost = loss(position, role, options) else { continue }
        all.append(
          CandidateEvaluation(
            sessionIdentifier: sessions[position].persistentIdentifier, suitability: 0,
            prefers: .notEvaluated, canActivate: .notEvaluated,
            isVisible: sessions[position].isVisible, lost: lost))
      }
      return all
    }

    // Activation requests for a named session bypass the algorithm.
    if case .activationRequest(.session(let requested)) = event.kind {
      decision.candidates = withOthers(&candidates)
      if let session = sessions.first(where: { $0.persistentIdentifier == requested }) {
        decision.outcome = .existing(
          sessionIdentifier: requested, configurationName: session.configurationName)
        decision.reason = .requested
        for index in decision.candidates.indices {
          if decision.candidates[index].sessionIdentifier != requested {
            decision.candidates[index].lost = decision.candidates[index].lost ?? .notRequested
          } else {
            decision.candidates[index].lost = nil
          }
        }
      } else {
        decision.warnings.append("requested session '\(requested)' does not exist")
        for index in decision.candidates.indices where decision.candidates[index].lost == nil {
          decision.candidates[index].lost = .notRequested
        }
      }
      return decision
    }

    let isRequest: Bool
    if case .activationRequest = event.kind { isRequest = true } else { isRequest = false }

    // Step 2: no identifier, no predicates: the most recent candidate (not for requests, which
    // never reuse a session on recency alone).
    if identifier == nil && !isRequest {
      if let first = candidates.first {
        decision.outcome = .existing(
          sessionIdentifier: first.sessionIdentifier,
          configurationName: sessions[candidatePositions[0]].configurationName)
        decision.reason = .mostRecent
        for index in candidates.indices.dropFirst() { candidates[index].lost = .lessRecent }
        decision.candidates = withOthers(&candidates)
        return decision
      }
    }

    // Step 3: suitability, evaluating both predicates against one shared context.
    if identifier != nil {
      var context = EvaluationContext(targetContentIdentifier: identifier)
      for (index, position) in candidatePositions.enumerated() {
        let prefers = programs[position].prefers.outcome(in: &context)
        let can = programs[position].can.outcome(in: &context)
        candidates[index].prefers = prefers
        candidates[index].canActivate = can
        candidates[index].suitability = prefers.matched ? 2 : can.matched ? 1 : 0
        Self.noteFailure(prefers, of: sessions, at: position, in: &decision.warnings)
        Self.noteFailure(can, of: sessions, at: position, in: &decision.warnings)
      }
    }

    // Steps 4–6 (requests: the first prefers match, visible or not).
    let selection = Self.select(
      candidates.lazy.map { ($0.suitability, $0.isVisible) }, options: options, isRequest: isRequest
    )
    let winner = selection?.index
    if let selection { decision.reason = selection.reason }

    if let winner {
      decision.outcome = .existing(
        sessionIdentifier: candidates[winner].sessionIdentifier,
        configurationName: sessions[candidatePositions[winner]].configurationName)
    } else if options.allowSceneCreation {
      decision.outcome = .newScene(
        configurationName: roles.defaultConfiguration(role, options.role, defaultConfigurations))
      decision.reason = .newScene
    } else {
      decision.outcome = .none
      decision.reason = .noMatch
    }

    guard explain else { return decision }
    // Why every other candidate lost.
    // Only suitability and visibility decide a loss: pass those, not copies of whole entries.
    let chosen = winner.map {
      (candidate: (candidates[$0].suitability, candidates[$0].isVisible), index: $0)
    }
    for index in candidates.indices where index != winner {
      candidates[index].lost = Self.loss(
        of: (candidates[index].suitability, candidates[index].isVisible), at: index,
        winner: chosen, options: options, isRequest: isRequest)
    }
    decision.candidates = withOthers(&candidates)
    return decision
  }

  /// Why the session at `position` does not compete for an event whose role is numbered
  /// `role`: another role, or excluded by the options; nil when it competes.
  @inline(__always)
  private func loss(_ position: Int, _ role: Int, _ options: RoutingOptions) -> LossReason? {
    if roles.sessionRoles[position] != role { return .otherRole }
    return options.excludes(sessions[position].persistentIdentifier) ? .excluded : nil
  }

  /// Steps 4–6 over candidates in recency order, given each one's suitability and visibility:
  /// the chosen position and its reason, or nil when no step picks one. Shared by the linear and
  /// the indexed router, so both decide by the same code.
  static func select(
    _ candidates: some Collection<(suitability: Int, isVisible: Bool)>, options: RoutingOptions,
    isRequest: Bool
  ) -> (index: Int, reason: RoutingReason)? {
    var firstHiddenPrefers: Int?
    var firstHiddenCan: Int?
    var firstPrefers: Int?
    for (index, candidate) in candidates.enumerated() {
      if candidate.suitability == 2 {
        if firstPrefers == nil { firstPrefers = index }
        if !candidate.isVisible && firstHiddenPrefers == nil { firstHiddenPrefers = index }
      } else if candidate.suitability == 1 && !candidate.isVisible && firstHiddenCan == nil {
        firstHiddenCan = index
      }
    }
    if isRequest { return firstPrefers.map { ($0, .prefers) } }
    if let index = firstHiddenPrefers { return (index, .prefers) }
    if options.allowCanMatches, let index = firstHiddenCan { return (index, .canActivate) }
    if let index = firstPrefers { return (index, .prefersVisible) }
    return nil
  }

  /// The step of the algorithm that would pick a candidate: 0 for a prefers match that is not
  /// visible (step 4), 1 for a can match that is not visible (step 5), 2 for a visible prefers
  /// match (step 6), nil when no step would. Requests take any prefers match at step 0.
  private static func tier(
    suitability: Int, isVisible: Bool, options: RoutingOptions, isRequest: Bool
  ) -> Int? {
    if isRequest { return suitability == 2 ? 0 : nil }
    switch (suitability, isVisible) {
    case (2, false): return 0
    case (1, false): return options.allowCanMatches ? 1 : nil
    case (2, true): return 2
    default: return nil
    }
  }

  /// Why a candidate lost: visibility exactly when, were it not visible, it would have won; else a
  /// lower step of the algorithm, or the same step and less recent.
  private static func loss(
    of candidate: (suitability: Int, isVisible: Bool), at index: Int,
    winner: (candidate: (suitability: Int, isVisible: Bool), index: Int)?,
    options: RoutingOptions, isRequest: Bool
  ) -> LossReason {
    if candidate.suitability == 0 { return .unsuitable }
    if candidate.suitability == 1 && (isRequest || !options.allowCanMatches) {
      return .canMatchesNotAllowed
    }
    let chosenTier =
      winner.flatMap {
        tier(
          suitability: $0.candidate.suitability, isVisible: $0.candidate.isVisible,
          options: options,
          isRequest: isRequest)
      } ?? Int.max
    let chosenIndex = winner?.index ?? Int.max
    if candidate.isVisible && !isRequest,
      let hidden = tier(
        suitability: candidate.suitability, isVisible: false, options: options, isRequest: false),
      (hidden, index) < (chosenTier, chosenIndex)
    {
      return .visible
    }
    let actual = tier(
      suitability: candidate.suitability, isVisible: candidate.isVisible, options: options,
      isRequest: isRequest)
    return actual == chosenTier ? .lessRecent : .lowerSuitability
  }
}

extension ActivationRouter {
  /// Records in `warnings` that a predicate of the session at `position` failed, when it did: it
  /// counts as not matching, and the decision says why. Shared by the linear and indexed routers.
  @inline(__always)
  static func noteFailure(
    _ outcome: PredicateOutcome, of sessions: [SceneSession], at position: Int,
    in warnings: inout [String]
  ) {
    guard case .failed(let error) = outcome else { return }
    warnings.append(
      "scene '\(sessions[position].persistentIdentifier)': predicate failed and counts as not "
        + "matching: \(error.message)")
  }
}

extension PredicateProgram {
  /// The predicate's answer in `context`, or the error that stopped it, as a candidate records it.
  func outcome(in context: inout EvaluationContext) -> PredicateOutcome {
    do {
      return .answered(try evaluate(in: &context))
    } catch {
      return .failed(error)
    }
  }
}

/// Roles numbered in order of first appearance, with each role's default configuration.
struct RoleNumbers: Sendable {
  /// The distinct roles.
  let roles: [SceneSessionRole]
  /// Each distinct role's default configuration name.
  let configurations: [String?]
  /// Each session's role number, in the router's session order.
  let sessionRoles: [Int]

  init(_ sessionRoles: [SceneSessionRole], defaultConfigurations: [SceneSessionRole: String]) {
    var roles: [SceneSessionRole] = []
    self.sessionRoles = sessionRoles.map { role in
      if let number = roles.firstIndex(of: role) { return number }
      roles.append(role)
      return roles.count - 1
    }
    self.roles = roles
    self.configurations = roles.map { defaultConfigurations[$0] }
  }

  /// The number of `role`, or -1 when no session has it.
  func number(of role: SceneSessionRole) -> Int {
    roles.firstIndex(of: role) ?? -1
  }

  /// The default configuration for `role`, numbered `number`.
  func defaultConfiguration(
    _ number: Int, _ role: SceneSessionRole, _ all: [SceneSessionRole: String]
  ) -> String? {
    number >= 0 ? configurations[number] : all[role]
  }
}
