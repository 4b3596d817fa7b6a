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
/// 7. A new scene (`newScene`), or none when creation is not allowed (`noMatch`). With SwiftUI
///    window groups (``WindowGroup``) of the event's role, the new scene's configuration follows
///    SwiftUI's rules: the first group whose `handlesExternalEvents(matching:)` strings match, else
///    the first group without the modifier, else no scene (`noWindowGroup`). Without window
///    groups, the role's default configuration.
///
/// "The identifier" is the string the event is evaluated by (a decision says which:
/// ``RoutingDecision/evaluated``): its target content identifier, a URL event's absolute string,
/// or a user activity's `webpageURL` when it has no identifier.
///
/// Activation requests name a session (`requested`), or carry a user activity: then only a
/// *prefers* match reuses a session, visible or not; otherwise a new scene.
///
/// Steps 4–7 are one function, `select(prefers:can:answers:options:isRequest:)`, fed either by
/// a scan of every candidate or, for large apps, by an index of the predicates' necessary
/// conditions (`MatchRequirement`) that yields only the candidates an identifier could match.
/// Both give the same decision; an explained route (``route(_:)``) always scans, because it
/// reports on every session.
public struct ActivationRouter: Sendable {
  /// When to build an index of the sessions' predicates.
  public enum Indexing: Sendable, Hashable {
    /// From 10 sessions on, where it pays.
    case automatic
    /// Always (for tests and measurements).
    case always
    /// Never: every route scans every candidate.
    case never
  }

  /// The session count from which ``Indexing/automatic`` builds an index. Measured with the
  /// `route-decision-only/N` (scan) and `route-indexed/N` benchmarks on 2,000 events: the index
  /// already wins at 10 sessions (656 ns against 847 ns a decision; 657 against 1,777 at 30), so
  /// only apps smaller than the smallest size measured scan.
  package static let indexThreshold = 10

  /// The sessions, most recent first (ties in insertion order).
  public let sessions: [SceneSession]
  /// Default configuration names by role, for new scenes.
  public let defaultConfigurations: [SceneSessionRole: String]
  /// The app's SwiftUI window groups, in declaration order (step 7).
  public let windowGroups: [WindowGroup]
  /// The positions in `windowGroups` of each role's groups, in declaration order.
  let windowGroupsByRole: [SceneSessionRole: [Int]]
  /// Each session's predicates, in the order of `sessions`, numbered so that equal predicates
  /// share a number: many sessions of an app share one condition, and one evaluation answers
  /// all of them.
  let predicates: [SessionPredicates]
  /// The sessions' distinct roles, numbered: each event's role is looked up once, and then
  /// sessions are compared by number (comparing two role strings is a call each time).
  let roles: RoleNumbers
  /// The index, when built.
  let index: SessionIndex?
  /// Each session's recency rank, in session order: sessions with equal dates (or none) share
  /// one, so ties are found by comparing integers.
  let recencyRanks: [Int]
  /// Each role number's visible sessions, in recency order (``Explanation/matches`` reports
  /// them whether they match or not).
  let visibleByRole: [[Int]]
  /// Per position, 1 for a visible session and 0 for a hidden one: read in place, where a
  /// session's `isVisible` is a field of a large struct.
  let visibilityBits: [UInt8]

  /// Creates a router over `sessions` (in insertion order).
  public init(
    sessions: [SceneSession], defaultConfigurations: [SceneSessionRole: String] = [:],
    windowGroups: [WindowGroup] = [], indexing: Indexing = .automatic
  ) {
    let ordered = Self.byRecency(sessions)
    self.sessions = ordered
    self.defaultConfigurations = defaultConfigurations
    self.windowGroups = windowGroups
    self.windowGroupsByRole = Dictionary(grouping: windowGroups.indices) { windowGroups[$0].role }
    var numbers: [CompiledPredicate: Int] = [:]
    func number(_ predicate: CompiledPredicate) -> Int {
      if let known = numbers[predicate] { return known }
      numbers[predicate] = numbers.count
      return numbers.count - 1
    }
    self.predicates = ordered.map {
      let conditions = $0.activationConditions
      let prefers = conditions.prefersToActivateForTargetContentIdentifierPredicate
      let can = conditions.canActivateForTargetContentIdentifierPredicate
      return SessionPredicates(
        prefers: prefers, can: can, prefersNumber: number(prefers), canNumber: number(can))
    }
    self.roles = RoleNumbers(ordered.map(\.role), defaultConfigurations: defaultConfigurations)
    var ranks: [Int] = []
    ranks.reserveCapacity(ordered.count)
    for (position, session) in ordered.enumerated() {
      let same = position > 0 && ordered[position - 1].lastActiveAt == session.lastActiveAt
      ranks.append(same ? ranks[position - 1] : position)
    }
    self.recencyRanks = ranks
    let indexed =
      switch indexing {
      case .always: true
      case .never: false
      case .automatic: ordered.count >= Self.indexThreshold
      }
    self.index = indexed ? SessionIndex(predicates, roles: roles) : nil
    var visible = Array(repeating: [Int](), count: roles.roles.count)
    for (position, session) in ordered.enumerated() where session.isVisible {
      visible[roles.sessionRoles[position]].append(position)
    }
    self.visibleByRole = visible
    self.visibilityBits = ordered.map { $0.isVisible ? 1 : 0 }
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

  /// How much of the per-session explanation a decision carries. The outcome, reason and
  /// warnings are the same whatever is asked.
  public enum Explanation: String, Sendable, Hashable, CaseIterable {
    /// No per-session entries: an indexed router evaluates only the sessions the identifier could
    /// match, up to the first that decides.
    case none
    /// The entries that matter: the chosen session, every candidate with a match and every
    /// visible candidate; ``RoutingDecision/omittedCandidates`` counts the rest. An indexed
    /// router evaluates only the sessions the identifier could match and the visible ones.
    case matches
    /// Every session, candidates first, then those of other roles or excluded.
    case all
  }

  /// Routes `event`, explaining how every session fared.
  ///
  /// - Complexity: O(n) in the number of sessions, evaluating at most two predicates per
  ///   candidate against one shared `EvaluationContext`.
  public func route(_ event: SceneEvent) -> RoutingDecision {
    route(event, explanation: .all)
  }

  /// Routes `event`, with as much of the explanation as asked.
  ///
  /// - Complexity: O(n) for ``Explanation/all``; through the index, proportional to the sessions
  ///   the identifier could match (and, for ``Explanation/matches``, the visible ones).
  public func route(_ event: SceneEvent, explanation: Explanation) -> RoutingDecision {
    var decision = RoutingDecision(event)
    fill(&decision, for: event, explanation: explanation)
    return decision
  }

  /// Routes `event` into `decision`, whatever it held, keeping its arrays' storage: a caller
  /// that routes a stream (`scene-router route --jsonl`) reuses one decision, where a new one
  /// allocated and freed its candidate list for every event.
  package func route(
    _ event: SceneEvent, explanation: Explanation, into decision: inout RoutingDecision
  ) {
    decision.reset(for: event)
    fill(&decision, for: event, explanation: explanation)
  }

  /// Decides `event` into `decision`, which is undecided for it (``RoutingDecision/reset(for:)``).
  private func fill(
    _ decision: inout RoutingDecision, for event: SceneEvent, explanation: Explanation
  ) {
    let role = roles.number(of: event.options.role)
    decision.roleNumber = role ?? -1
    if explanation == .matches, index != nil, let role,
      let identifier = event.evaluated?.string
    {
      var namesSession = false
      if case .activationRequest(.session) = event.kind { namesSession = true }
      if !namesSession {
        routeMatches(event, identifier: identifier, role: role, into: &decision)
        return
      }
    }
    decide(event, role: role, explanation: explanation, into: &decision)
  }

  /// Steps 1–7 by a scan (or, without explanation, the index), with the explanation asked for,
  /// filling in `decision` (made from `event`, in the caller's storage: returning a decision
  /// made here copied it). The explained scan of every candidate is
  /// ``explain(_:identifier:role:options:isRequest:explanation:into:)``.
  private func decide(
    _ event: SceneEvent, role: Int?, explanation: Explanation,
    into decision: inout RoutingDecision
  ) {
    let options = event.options
    let identifier = decision.evaluatedString
    if case .activationRequest(.session(let requested)) = event.kind {
      // Activation requests for a named session bypass the algorithm.
      routeRequest(
        for: requested, &decision, role: role, options: options, explanation: explanation)
      return
    }
    let isRequest = event.isActivationRequest

    // The fast path: no explanation, an identifier, and an index (or a scan that stops early).
    if explanation == .none, let identifier {
      var answers = LazyAnswers(
        context: EvaluationContext(targetContentIdentifier: identifier), predicates: predicates,
        sessions: sessions, warnings: decision.warnings)
      let winner: Selection?
      if let index, let role {
        let probe = MatchRequirement.Probe(identifier)
        let prefers = index.prefers[role].candidates(probe)
        let can = index.can[role].candidates(probe)
        if options.excluding.isEmpty {
          winner = Self.select(
            prefers: prefers, can: can, answers: &answers, ranks: recencyRanks, options: options,
            isRequest: isRequest)
        } else {
          // The filter holds the sessions, not the router: a closure that captured `self`
          // copied the whole router (a dozen reference counts) for every route.
          let sessions = self.sessions
          let kept = { (position: Int) in !options.excludes(sessions[position].persistentIdentifier)
          }
          winner = Self.select(
            prefers: prefers.lazy.filter(kept), can: can.lazy.filter(kept), answers: &answers,
            ranks: recencyRanks, options: options, isRequest: isRequest)
        }
      } else {
        let candidates = self.candidates(role: role, options: options)
        winner = Self.select(
          prefers: candidates, can: candidates, answers: &answers, ranks: recencyRanks,
          options: options, isRequest: isRequest)
      }
      decision.warnings = answers.warnings
      decision.evaluatedSessions = answers.evaluatedSessions
      finish(&decision, winner: winner, role: role, options: options, identifier: identifier)
      decision.omittedCandidates = sessions.count
      return
    }

    // Step 1: the candidates' positions, in recency order (positions, not copies: a session is
    // a large struct, and copying one retains every field).
    let candidates = self.candidates(role: role, options: options)

    // Step 2: no identifier, no predicates: the most recent candidate (not for requests, which
    // never reuse a session on recency alone).
    if identifier == nil && !isRequest, let first = candidates.first {
      decision.outcome = .existing(
        sessionIdentifier: sessions[first].persistentIdentifier,
        configurationName: sessions[first].configurationName)
      decision.chosenPosition = first
      decision.reason = .mostRecent
      noteTie(candidates.prefix { recencyRanks[$0] == recencyRanks[first] }, in: &decision)
      list(
        candidates, answers: KnownAnswers(visibility: visibilityBits), in: &decision, role: role,
        options: options, explanation: explanation
      ) { position, _, _ in position == first ? nil : .lessRecent }
      return
    }

    explain(
      candidates, identifier: identifier, role: role, options: options, isRequest: isRequest,
      explanation: explanation, into: &decision)
  }

  /// Steps 3–7 over `candidates` (positions in recency order), then the entries `explanation`
  /// asks for: the one explained scan, of every candidate (``decide(_:role:explanation:into:)``)
  /// or of those the index says could match and the visible ones
  /// (``routeMatches(_:identifier:role:into:)``).
  ///
  /// Evaluates first and lists afterwards: entries are made only for the sessions the
  /// explanation shows, each once, from the recorded answers.
  private func explain(
    _ candidates: PositionBits, identifier: String?, role: Int?, options: RoutingOptions,
    isRequest: Bool, explanation: Explanation, into decision: inout RoutingDecision
  ) {
    // Step 3: suitability, evaluating both predicates of every candidate against one shared
    // context, since the explanation reports them all.
    var answers = KnownAnswers(visibility: visibilityBits)
    if let identifier {
      var context = EvaluationContext(targetContentIdentifier: identifier)
      decision.evaluatedSessions = candidates.count
      for position in candidates {
        let prefers = predicates[position].unretainedPrefers.outcome(in: &context)
        let can = predicates[position].unretainedCan.outcome(in: &context)
        answers.record(position, prefers: prefers, can: can)
        Self.noteFailure(prefers, of: sessions, at: position, in: &decision.warnings)
        Self.noteFailure(can, of: sessions, at: position, in: &decision.warnings)
      }
    }

    // Steps 4–7.
    let winner = Self.select(
      prefers: candidates, can: candidates, answers: &answers, ranks: recencyRanks,
      options: options, isRequest: isRequest)
    finish(&decision, winner: winner, role: role, options: options, identifier: identifier)

    // Why every other candidate lost: only suitability and visibility decide a loss. Positions
    // stand for recency order, as the candidates are in position order. The winner's step and
    // position, not the selection: its tie list would be retained for every candidate.
    let won = winner.map { (step: $0.step, position: $0.position) }
    list(
      candidates, answers: answers, in: &decision, role: role, options: options,
      explanation: explanation
    ) { position, suitability, isVisible in
      position == won?.position
        ? nil
        : Self.loss(
          of: (suitability, isVisible), at: position, winner: won, options: options,
          isRequest: isRequest)
    }
  }

  /// The positions of the sessions that compete for an event of the role numbered `role`, in
  /// recency order.
  private func candidates(role: Int?, options: RoutingOptions) -> PositionBits {
    var positions = PositionBits()
    for position in sessions.indices where loss(position, role, options) == nil {
      positions.insert(position)
    }
    return positions
  }

  /// ``Explanation/matches`` through the index: the candidates the identifier could match on
  /// either predicate and the visible ones are evaluated and listed by the explained scan
  /// (``explain(_:identifier:role:options:isRequest:explanation:into:)``); every other candidate
  /// provably matches neither, so it can neither win nor needs an entry.
  ///
  /// The positions are gathered in a ``PositionBits``, in recency order as they are inserted: a
  /// set of positions sorted afterwards, and a listing of its own, made this route about 1.6 times
  /// the cost of scanning every candidate, at 12 sessions as at 1,000.
  private func routeMatches(
    _ event: SceneEvent, identifier: String, role: Int, into decision: inout RoutingDecision
  ) {
    let options = event.options
    let probe = MatchRequirement.Probe(identifier)
    var candidates = PositionBits()
    for position in index!.prefers[role].candidates(probe) where !isExcluded(position, options) {
      candidates.insert(position)
    }
    for position in index!.can[role].candidates(probe) where !isExcluded(position, options) {
      candidates.insert(position)
    }
    for position in visibleByRole[role] where !isExcluded(position, options) {
      candidates.insert(position)
    }
    explain(
      candidates, identifier: identifier, role: role, options: options,
      isRequest: event.isActivationRequest, explanation: .matches, into: &decision)
  }

  /// An activation request for a named session: that session, or no scene when it does not
  /// exist.
  private func routeRequest(
    for requested: String, _ decision: inout RoutingDecision, role: Int?, options: RoutingOptions,
    explanation: Explanation
  ) {
    let chosen = sessions.firstIndex { $0.persistentIdentifier == requested }
    list(
      explanation == .none ? PositionBits() : candidates(role: role, options: options),
      answers: KnownAnswers(visibility: visibilityBits), in: &decision, role: role,
      options: options, explanation: explanation
    ) { position, _, _ in position == chosen ? nil : .notRequested }
    guard let chosen else {
      decision.warnings.append(RoutingWarning(.missingSession(requested)))
      return
    }
    decision.outcome = .existing(
      sessionIdentifier: requested, configurationName: sessions[chosen].configurationName)
    decision.chosenPosition = chosen
    decision.reason = .requested
    // The named session is chosen even when its role differs or the event excludes it.
    if let listed = decision.candidates.firstIndex(where: {
      $0.sessionIdentifier == requested
    }) {
      decision.candidates[listed].lost = nil
    } else if explanation == .matches {
      decision.candidates.append(entry(chosen, lost: nil))
      decision.omittedCandidates -= 1
    }
  }

  /// Gives `decision` the entries `explanation` asks for, each made once: for
  /// ``Explanation/all`` every candidate and then the sessions that did not compete, and why;
  /// for ``Explanation/matches`` the chosen one (`lost` gives it no reason), those with a match
  /// and the visible ones; for ``Explanation/none``, nothing.
  /// ``RoutingDecision/omittedCandidates`` counts the rest.
  ///
  /// - Parameters:
  ///   - candidates: the competing sessions' positions, in recency order.
  ///   - answers: what their predicates answered (nothing recorded when none was evaluated).
  ///   - lost: why the candidate at a position, of a suitability and visibility, lost; nil for
  ///     the chosen one.
  private func list(
    _ candidates: PositionBits, answers: KnownAnswers, in decision: inout RoutingDecision,
    role: Int?,
    options: RoutingOptions, explanation: Explanation,
    lost: (Int, Suitability, Bool) -> LossReason?
  ) {
    if explanation != .none {
      decision.candidates.reserveCapacity(
        explanation == .all ? sessions.count : candidates.count + 1)
      for position in candidates {
        let suitability = answers.suitability(position)
        let isVisible = answers.isVisible(position)
        let reason = lost(position, suitability, isVisible)
        if explanation == .matches && reason != nil && suitability == .none && !isVisible {
          continue
        }
        decision.candidates.append(
          CandidateEvaluation(
            sessionIdentifier: sessions[position].persistentIdentifier, suitability: suitability,
            prefers: answers.outcome(position, can: false),
            canActivate: answers.outcome(position, can: true), isVisible: isVisible,
            lost: reason, position: position))
      }
    }
    if explanation == .all {
      for position in sessions.indices {
        guard let reason = loss(position, role, options) else { continue }
        decision.candidates.append(entry(position, lost: reason))
      }
    }
    decision.omittedCandidates = sessions.count - decision.candidates.count
  }

  /// The explanation entry of the session at `position`, before any predicate is evaluated.
  private func entry(_ position: Int, lost: LossReason?) -> CandidateEvaluation {
    CandidateEvaluation(
      sessionIdentifier: sessions[position].persistentIdentifier, suitability: .none,
      prefers: .notEvaluated, canActivate: .notEvaluated,
      isVisible: sessions[position].isVisible, lost: lost, position: position)
  }

  /// Why the session at `position` does not compete for an event whose role is numbered
  /// `role`: another role, or excluded by the options; nil when it competes.
  @inline(__always)
  private func loss(_ position: Int, _ role: Int?, _ options: RoutingOptions) -> LossReason? {
    if roles.sessionRoles[position] != role { return .otherRole }
    return isExcluded(position, options) ? .excluded : nil
  }

  @inline(__always)
  private func isExcluded(_ position: Int, _ options: RoutingOptions) -> Bool {
    options.excludes(sessions[position].persistentIdentifier)
  }

  /// Steps 4–6 of DESIGN §6, the one place that picks a session: the chosen position and its
  /// reason, or nil when no step picks one (step 7 is ``finish(_:winner:role:options:)``).
  ///
  /// `prefers` and `can` are the candidates worth asking about each predicate, in recency order:
  /// every candidate for a scan, or only those the index found for an identifier. `answers`
  /// evaluates (or has evaluated) each predicate at most once.
  ///
  /// - Step 4: the first hidden candidate whose *prefers* matches (for an activation request, the
  ///   first whose *prefers* matches, visible or not).
  /// - Step 5: when can-matches are allowed, the first hidden candidate whose *can* matches and
  ///   *prefers* does not.
  /// - Step 6: the first visible candidate whose *prefers* matches.
  ///
  /// `ranks` numbers the sessions by recency (equal dates, or none, share a rank). Candidates the
  /// same step would pick that share the winner's rank are reported as ``Selection/tied``: the
  /// decision then carries `routing.order-dependent`.
  static func select(
    prefers: some Sequence<Int>, can: some Sequence<Int>, answers: inout some SuitabilityAnswers,
    ranks: [Int], options: RoutingOptions, isRequest: Bool
  ) -> Selection? {
    // Step 4 (requests: any prefers match), remembering step 6's visible prefers matches.
    var hiddenPrefers: Selection?
    var visiblePrefers: Selection?
    for position in prefers {
      if let found = hiddenPrefers, ranks[position] != ranks[found.position] { break }
      guard answers.prefers(position) else { continue }
      if isRequest || !answers.isVisible(position) {
        if hiddenPrefers == nil {
          hiddenPrefers = Selection(position: position, step: .hiddenPrefers)
        } else {
          hiddenPrefers!.tied.append(position)
        }
      } else if visiblePrefers == nil {
        visiblePrefers = Selection(position: position, step: .visiblePrefers)
      } else if ranks[position] == ranks[visiblePrefers!.position] {
        visiblePrefers!.tied.append(position)
      }
    }
    if let hiddenPrefers { return hiddenPrefers }
    // Step 5.
    if !isRequest && options.allowCanMatches {
      var hiddenCan: Selection?
      for position in can where !answers.isVisible(position) {
        if let found = hiddenCan, ranks[position] != ranks[found.position] { break }
        guard answers.can(position) && !answers.prefers(position) else { continue }
        if hiddenCan == nil {
          hiddenCan = Selection(position: position, step: .hiddenCanActivate)
        } else {
          hiddenCan!.tied.append(position)
        }
      }
      if let hiddenCan { return hiddenCan }
    }
    // Step 6.
    return visiblePrefers
  }

  /// The session a step of the algorithm picked, and the candidates that step would have picked
  /// as well, equally recent: UIKit chooses among those in set-enumeration order.
  struct Selection {
    var position: Int
    var step: SelectionStep
    /// Candidates as suitable and as recent as the chosen one, which it won by order alone.
    var tied: [Int] = []
  }

  /// Steps 4–6 of DESIGN §6, in the order they are tried: the one definition of that order,
  /// which ``select(prefers:can:answers:ranks:options:isRequest:)`` follows and the loss
  /// reasons compare.
  enum SelectionStep: Int, Comparable {
    /// Step 4: a *prefers* match that is not visible (for a request, any *prefers* match).
    case hiddenPrefers = 4
    /// Step 5: a *can* match that is not visible, when can-matches are allowed.
    case hiddenCanActivate = 5
    /// Step 6: a visible *prefers* match.
    case visiblePrefers = 6

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The decision's reason when this step picks.
    var reason: RoutingReason {
      switch self {
      case .hiddenPrefers: .prefers
      case .hiddenCanActivate: .canActivate
      case .visiblePrefers: .prefersVisible
      }
    }

    /// The step that would pick a candidate of this suitability and visibility, or nil when no
    /// step would.
    init?(
      suitability: Suitability, isVisible: Bool, options: RoutingOptions, isRequest: Bool
    ) {
      if isRequest {
        guard suitability == .prefers else { return nil }
        self = .hiddenPrefers
        return
      }
      switch (suitability, isVisible) {
      case (.prefers, false): self = .hiddenPrefers
      case (.canActivate, false) where options.allowCanMatches: self = .hiddenCanActivate
      case (.prefers, true): self = .visiblePrefers
      default: return nil
      }
    }
  }

  /// Step 7, and the outcome of the others: the winner, a new scene (of the window group
  /// SwiftUI's rules choose, or with the role's default configuration), or no scene.
  private func finish(
    _ decision: inout RoutingDecision, winner: Selection?, role: Int?, options: RoutingOptions,
    identifier: String?
  ) {
    if let winner {
      // Fields read in place: a copy of the session would retain every one of them.
      decision.outcome = .existing(
        sessionIdentifier: sessions[winner.position].persistentIdentifier,
        configurationName: sessions[winner.position].configurationName)
      decision.chosenPosition = winner.position
      decision.reason = winner.step.reason
      // Most decisions have no tie: no array is made for them.
      if !winner.tied.isEmpty { noteTie([winner.position] + winner.tied, in: &decision) }
    } else if !options.allowSceneCreation {
      decision.outcome = .none
      decision.reason = .noMatch
    } else if !windowGroupsByRole.isEmpty, let groups = windowGroupsByRole[options.role] {
      guard let choice = Self.windowGroup(among: groups, of: windowGroups, for: identifier) else {
        decision.outcome = .none
        decision.reason = .noWindowGroup
        decision.warnings.append(RoutingWarning(.noWindowGroup(role: options.role.rawValue)))
        return
      }
      decision.outcome = .newScene(configurationName: choice.configuration)
      decision.reason = .newScene
      decision.windowGroup = choice
    } else {
      decision.outcome = .newScene(
        configurationName: roles.defaultConfiguration(role, options.role, defaultConfigurations))
      decision.reason = .newScene
    }
  }

  /// SwiftUI's rules 3 and 4 over the groups at `positions` (one role's, in declaration order):
  /// the first whose `handlesExternalEvents(matching:)` strings match `identifier`, else the
  /// first without the modifier; nil when neither exists.
  static func windowGroup(
    among positions: [Int], of groups: [WindowGroup], for identifier: String?
  ) -> WindowGroupChoice? {
    var context = EvaluationContext(targetContentIdentifier: identifier)
    for position in positions {
      // A predicate that throws counts as not matching, as a session's does.
      guard let predicate = groups[position].matchingPredicate,
        (try? predicate.evaluate(in: &context)) == true
      else { continue }
      return WindowGroupChoice(
        index: position, configuration: groups[position].configuration, rule: .matching)
    }
    return positions.first { groups[$0].matching == nil }.map {
      WindowGroupChoice(
        index: $0, configuration: groups[$0].configuration, rule: .firstWithoutModifier)
    }
  }

  /// Records that the decision was won by order alone, as data and as a warning, when `tied`
  /// (the chosen session first) holds more than one session.
  private func noteTie(_ tied: some Collection<Int>, in decision: inout RoutingDecision) {
    guard tied.count > 1 else { return }
    decision.tiedSessions = tied.map { sessions[$0].persistentIdentifier }
    decision.warnings.append(RoutingWarning(.orderDependent(scenes: decision.tiedSessions)))
  }

  /// Records in `warnings` that a predicate of the session at `position` failed, when it did: it
  /// counts as not matching, and the decision says why. The session is read only then: given
  /// as a value, it was copied from the array for every predicate evaluated.
  @inline(__always)
  static func noteFailure(
    _ outcome: PredicateOutcome, of sessions: [SceneSession], at position: Int,
    in warnings: inout [RoutingWarning]
  ) {
    guard case .failed(let error) = outcome else { return }
    warnings.append(
      RoutingWarning(
        .predicateFailed(scene: sessions[position].persistentIdentifier, reason: error.message)))
  }

  /// Why a candidate lost: visibility exactly when, were it not visible, an earlier step would
  /// have picked it ahead of the winner; else a later step than the winner's, or the same step
  /// and less recent (positions stand for recency order).
  private static func loss(
    of candidate: (suitability: Suitability, isVisible: Bool), at position: Int,
    winner: (step: SelectionStep, position: Int)?, options: RoutingOptions, isRequest: Bool
  ) -> LossReason {
    if candidate.suitability == .none { return .unsuitable }
    if candidate.suitability == .canActivate && (isRequest || !options.allowCanMatches) {
      return .canMatchesNotAllowed
    }
    if candidate.isVisible && !isRequest,
      let hidden = SelectionStep(
        suitability: candidate.suitability, isVisible: false, options: options, isRequest: false),
      winner.map({ (hidden, position) < ($0.step, $0.position) }) ?? true
    {
      return .visible
    }
    let step = SelectionStep(
      suitability: candidate.suitability, isVisible: candidate.isVisible, options: options,
      isRequest: isRequest)
    return step != nil && step == winner?.step ? .lessRecent : .lowerSuitability
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

  /// The number of `role`, or nil when no session has it.
  ///
  /// Once per route. Known roles share their strings' storage (``SceneSessionRole/init(rawValue:)``),
  /// so a match compares two pointers; comparing lengths first keeps another role from reading
  /// the text, which `==` does when the storage differs (90 instructions).
  func number(of role: SceneSessionRole) -> Int? {
    let length = role.rawValue.utf8.count
    return roles.firstIndex { $0.rawValue.utf8.count == length && $0 == role }
  }

  /// The default configuration for `role`, numbered `number`.
  func defaultConfiguration(
    _ number: Int?, _ role: SceneSessionRole, _ all: [SceneSessionRole: String]
  ) -> String? {
    number.map { configurations[$0] } ?? all[role]
  }
}
