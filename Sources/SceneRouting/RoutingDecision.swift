import PredicateEvaluation

/// Why the router decided what it did (DESIGN §6).
public enum RoutingReason: String, Sendable, Hashable, Codable, CaseIterable {
  /// A session that is not visible prefers the identifier.
  case prefers
  /// No session prefers it; a session that is not visible can activate for it.
  case canActivate
  /// Only a visible session prefers it.
  case prefersVisible
  /// The event has no identifier: the most recent session.
  case mostRecent
  /// An activation request named the session.
  case requested
  /// No session fits: a new scene is requested.
  case newScene
  /// No session fits and scene creation is not allowed.
  case noMatch
  /// No session fits, and none of the app's window groups of the role matches the event or goes
  /// without `handlesExternalEvents(matching:)`: SwiftUI's rules pick no scene.
  case noWindowGroup
}

/// Why a session was not chosen.
public enum LossReason: String, Sendable, Hashable, Codable, CaseIterable {
  /// The event excluded it.
  case excluded
  /// Its role is not the event's.
  case otherRole
  /// Neither of its predicates matched.
  case unsuitable
  /// The winner's suitability was higher.
  case lowerSuitability
  /// A more recent session was as suitable.
  case lessRecent
  /// It is visible, and a session that is not visible could take the event.
  case visible
  /// Only its *can* predicate matched, and this event does not reuse a session for that.
  case canMatchesNotAllowed
  /// An activation request named another session.
  case notRequested
}

/// What one predicate answered for the event: nothing (not evaluated), a Boolean, or an error.
public enum PredicateOutcome: Sendable, Hashable {
  /// Not evaluated (no identifier, or the session did not compete).
  case notEvaluated
  /// The predicate's answer.
  case answered(Bool)
  /// Evaluation failed (a regex limit); the predicate counts as not matching.
  case failed(PredicateEvaluationError)

  /// Whether it counts as a match.
  public var matched: Bool {
    if case .answered(true) = self { return true }
    return false
  }
}

/// How well a session suits an event (DESIGN §6 step 3), ordered: a *prefers* match beats a
/// *can* match, which beats neither.
public enum Suitability: Int, Sendable, Hashable, Codable, Comparable, CaseIterable {
  /// Neither predicate matched (or the session did not compete).
  case none = 0
  /// Only the *can activate* predicate matched.
  case canActivate = 1
  /// The *prefers to activate* predicate matched.
  case prefers = 2

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// DESIGN §6 step 3: *prefers* if it matched, else *can activate* if that matched, else none.
  /// The one home of the step: the scan, the index and the explanation all ask it.
  init(prefersMatched: Bool, canActivateMatched: Bool) {
    self = prefersMatched ? .prefers : canActivateMatched ? .canActivate : .none
  }

  /// Step 3 from the two predicates' outcomes.
  init(prefers: PredicateOutcome, canActivate: PredicateOutcome) {
    self.init(prefersMatched: prefers.matched, canActivateMatched: canActivate.matched)
  }
}

/// How one session fared.
public struct CandidateEvaluation: Sendable, Hashable {
  /// The session.
  public var sessionIdentifier: String
  /// How well the session suits the event: *prefers* matched, only *can* matched, or neither
  /// (and for non-candidates). JSON writes the raw value, 2, 1 or 0.
  public var suitability: Suitability
  /// What the *prefers* predicate answered.
  public var prefers: PredicateOutcome
  /// What the *can activate* predicate answered.
  public var canActivate: PredicateOutcome
  /// Whether the session was visible.
  public var isVisible: Bool
  /// Why it lost, or nil for the chosen session.
  public var lost: LossReason?
  /// The session's position in the router that made the entry, or -1: where the byte writer
  /// finds the session's quoted name (``DecisionNames``), which it uses only when it is the
  /// same text as ``sessionIdentifier``.
  @IgnoredInComparison package var position = -1
}

/// Which scene an event activates.
public enum RoutingOutcome: Sendable, Hashable, CustomStringConvertible {
  /// An existing session.
  case existing(sessionIdentifier: String, configurationName: String?)
  /// A new scene with the role's default configuration.
  case newScene(configurationName: String?)
  /// No scene.
  case none

  /// `scene 'thread-42'`, `new scene with configuration 'Compose'`, `new scene` or `no scene`.
  public var description: String {
    switch self {
    case .existing(let identifier, _): "scene '\(identifier)'"
    case .newScene(let configuration?): "new scene with configuration '\(configuration)'"
    case .newScene(nil): "new scene"
    case .none: "no scene"
    }
  }
}

/// A routing decision as a value: the outcome, the reason, and how every session fared.
///
/// Tests assert on this value; the CLI renders it as text.
public struct RoutingDecision: Sendable, Hashable {
  /// Which scene the event activates.
  public var outcome: RoutingOutcome
  /// Why.
  public var reason: RoutingReason
  /// The role that competed.
  public var role: SceneSessionRole
  /// The event's target content identifier.
  public var targetContentIdentifier: String?
  /// Which string of the event the predicates were evaluated against; nil when it has none.
  public var evaluated: EvaluatedString? = nil
  /// The URL evaluated, when ``evaluated`` is ``EvaluatedString/url`` or
  /// ``EvaluatedString/webpageURL``.
  public var url: String? = nil
  /// For a new scene chosen by SwiftUI's rules, the window group it comes from and the rule.
  public var windowGroup: WindowGroupChoice? = nil
  /// Every session, most recent first: candidates, then sessions of other roles or excluded.
  public var candidates: [CandidateEvaluation]
  /// How many sessions have no entry in ``candidates`` (``ActivationRouter/Explanation/matches``
  /// leaves out the candidates that matched nothing and are not visible, and the sessions that did
  /// not compete); 0 for a full explanation.
  public var omittedCandidates: Int = 0
  /// Problems that did not stop routing.
  public var warnings: [RoutingWarning]
  /// When the chosen session won by order alone (`routing.order-dependent`): it and every session
  /// the same step would have picked as well (as suitable, as visible, as recent), chosen first.
  /// Empty otherwise.
  public var tiedSessions: [String] = []
  /// How many sessions' predicates were evaluated to decide (a session counted once, whether
  /// one predicate or both ran): what the index saves, observed. Not part of the decision's
  /// equality, its JSON or its explanation.
  @IgnoredInComparison package var evaluatedSessions = 0
  /// The chosen session's position in the router, or -1: as ``CandidateEvaluation/position``.
  @IgnoredInComparison package var chosenPosition = -1
  /// The number the router gives ``role`` (the position of its first session's role), or -1:
  /// where the byte writer finds the role's quoted name and default configuration.
  @IgnoredInComparison package var roleNumber = -1

  /// The string the predicates were evaluated against: the identifier or the URL, as
  /// ``evaluated`` says.
  var evaluatedString: String? {
    switch evaluated {
    case nil: nil
    case .targetContentIdentifier?: targetContentIdentifier
    case .url?, .webpageURL?: url
    }
  }

  /// The chosen session's identifier, if an existing session was chosen.
  public var sessionIdentifier: String? {
    if case .existing(let identifier, _) = outcome { return identifier }
    return nil
  }

  /// Whether no session of the competing role matched and no window group's `matching` set
  /// took the event: it opens a scene only by a fallback (the default configuration, the first
  /// window group without the modifier), or none. The one home of "unhandled", for the routing
  /// table and the app's.
  package var isUnhandled: Bool {
    !candidates.contains { $0.suitability != .none && $0.lost != .otherRole }
      && windowGroup?.takesEvent != true
  }
}

extension RoutingDecision {
  /// The undecided decision for `event`: what it is evaluated by, its warnings, no scene yet.
  /// The event is borrowed: an initializer's parameters are otherwise passed owned, which cost
  /// a copy of the whole event on every route.
  init(_ event: borrowing SceneEvent) {
    self.init()
    reset(for: event)
  }

  /// A decision made outside the router, where the platform is silent and the app model
  /// decides (a document's window): `event`'s fields, `outcome` for `reason`, no candidate
  /// asked.
  package static func opening(
    _ event: borrowing SceneEvent, reason: RoutingReason, outcome: RoutingOutcome
  ) -> RoutingDecision {
    var decision = RoutingDecision(event)
    decision.reason = reason
    decision.outcome = outcome
    return decision
  }

  /// A decision for no event yet, for ``ActivationRouter/route(_:explanation:into:)`` to fill.
  package init() {
    self.init(
      outcome: .none, reason: .noMatch, role: .windowApplication, targetContentIdentifier: nil,
      candidates: [], warnings: [])
  }

  /// Makes this the undecided decision for `event`, keeping the storage of the candidate list
  /// for the entries to come.
  mutating func reset(for event: borrowing SceneEvent) {
    let evaluated = event.evaluated
    outcome = .none
    reason = .noMatch
    role = event.options.role
    // The evaluated string is the identifier whenever the event has one (read once: each
    // reading of an event's kind copied its payload).
    let isIdentifier = evaluated?.source == .targetContentIdentifier
    targetContentIdentifier = isIdentifier ? evaluated?.string : nil
    self.evaluated = evaluated?.source
    url = isIdentifier ? nil : evaluated?.string
    windowGroup = nil
    candidates.removeAll(keepingCapacity: true)
    omittedCandidates = 0
    // Only when there are some: emptying an empty array still makes a new empty one.
    if !tiedSessions.isEmpty { tiedSessions.removeAll(keepingCapacity: true) }
    evaluatedSessions = 0
    chosenPosition = -1
    roleNumber = -1
    warnings = event.warnings
  }
}
