import Foundation
import PredicateEvaluation
import SceneJSON
import SceneRouting
import Testing

/// Builds sessions compactly: dates are minutes after a fixed instant.
func session(
  _ id: String, minute: Int? = nil, visible: Bool = false, can: String? = nil,
  prefers: String? = nil, role: SceneSessionRole = .windowApplication
) throws -> SceneSession {
  SceneSession(
    persistentIdentifier: id, role: role,
    lastActiveAt: minute.map { Date(timeIntervalSince1970: 1_800_000_000 + Double($0) * 60) },
    isVisible: visible,
    activationConditions: try ActivationConditions(
      canActivateForTargetContentIdentifierPredicate: can,
      prefersToActivateForTargetContentIdentifierPredicate: prefers, profile: .extended))
}

func notification(_ identifier: String?, _ options: RoutingOptions = RoutingOptions()) -> SceneEvent
{
  SceneEvent(
    .notification(PushNotification(targetContentIdentifier: identifier)),
    options: options)
}

@Suite("Router: one test per step and reason")
struct RouterTests {
  @Test("step 1: candidates are most recent first, undated last, ties in insertion order")
  func candidateOrder() throws {
    let router = ActivationRouter(sessions: [
      try session("undated-a"), try session("old", minute: 1), try session("new", minute: 5),
      try session("tie-1", minute: 3), try session("tie-2", minute: 3), try session("undated-b"),
    ])
    #expect(
      router.sessions.map(\.persistentIdentifier) == [
        "new", "tie-1", "tie-2", "old", "undated-a", "undated-b",
      ])
  }

  @Test("step 2: no identifier takes the most recent candidate without evaluating predicates")
  func nilIdentifier() throws {
    let router = ActivationRouter(sessions: [
      try session("a", minute: 1, prefers: "TRUEPREDICATE"),
      try session("b", minute: 2, can: "FALSEPREDICATE"),
    ])
    let decision = router.route(notification(nil))
    #expect(decision.reason == .mostRecent)
    #expect(decision.sessionIdentifier == "b")
    #expect(
      decision.candidates.allSatisfy {
        $0.prefers == .notEvaluated && $0.canActivate == .notEvaluated
      })
  }

  @Test("steps 3–4 and reason prefers: prefers beats a more recent can-activate")
  func prefersBeatsRecentCan() throws {
    let router = ActivationRouter(sessions: [
      try session("recent", minute: 9, can: "TRUEPREDICATE"),
      try session("old", minute: 1, can: "FALSEPREDICATE", prefers: "SELF == 'x'"),
    ])
    let decision = router.route(notification("x"))
    #expect(decision.reason == .prefers)
    #expect(decision.sessionIdentifier == "old")
    #expect(decision.candidates.map(\.suitability) == [.canActivate, .prefers])
    #expect(decision.candidates[0].lost == .lowerSuitability)
  }

  @Test("a prefers match needs no can match")
  func prefersWithoutCan() throws {
    let decision = ActivationRouter(sessions: [
      try session("only", can: "FALSEPREDICATE", prefers: "TRUEPREDICATE")
    ])
    .route(notification("anything"))
    #expect(decision.reason == .prefers)
    #expect(decision.candidates[0].canActivate == .answered(false))
  }

  @Test("step 5 and reason canActivate; recency breaks ties")
  func canActivateByRecency() throws {
    let router = ActivationRouter(sessions: [
      try session("older", minute: 1), try session("newer", minute: 2),
    ])
    let decision = router.route(notification("x"))
    #expect(decision.reason == .canActivate)
    #expect(decision.sessionIdentifier == "newer")
    #expect(decision.candidates.first { $0.sessionIdentifier == "older" }?.lost == .lessRecent)
  }

  @Test("visible sessions lose to hidden ones that can; step 6 and reason prefersVisible")
  func visibility() throws {
    let sessions = [
      try session("shown", minute: 5, visible: true, prefers: "SELF == 'x'"),
      try session("hidden", minute: 1),
    ]
    let router = ActivationRouter(sessions: sessions)
    let decision = router.route(notification("x"))
    #expect(decision.reason == .canActivate)
    #expect(decision.sessionIdentifier == "hidden")
    #expect(decision.candidates[0].lost == .visible)
    let strict = router.route(notification("x", RoutingOptions(allowCanMatches: false)))
    #expect(strict.reason == .prefersVisible)
    #expect(strict.sessionIdentifier == "shown")
  }

  @Test("excluded sessions and other roles never compete")
  func exclusionAndRoles() throws {
    let router = ActivationRouter(sessions: [
      try session(
        "external", minute: 9, prefers: "TRUEPREDICATE", role: .windowExternalDisplayNonInteractive),
      try session("excluded", minute: 8, prefers: "TRUEPREDICATE"),
      try session("plain", minute: 1),
    ])
    let decision = router.route(notification("x", RoutingOptions(excluding: ["excluded"])))
    #expect(decision.sessionIdentifier == "plain")
    #expect(decision.candidates.first { $0.sessionIdentifier == "external" }?.lost == .otherRole)
    #expect(decision.candidates.first { $0.sessionIdentifier == "excluded" }?.lost == .excluded)
    let external = router.route(
      notification("x", RoutingOptions(role: .windowExternalDisplayNonInteractive)))
    #expect(external.sessionIdentifier == "external")
  }

  @Test("step 7: reasons newScene and noMatch")
  func newSceneAndNoMatch() throws {
    let router = ActivationRouter(
      sessions: [try session("a", can: "FALSEPREDICATE")],
      defaultConfigurations: [.windowApplication: "Default"])
    let decision = router.route(notification("x"))
    #expect(decision.outcome == .newScene(configurationName: "Default"))
    #expect(decision.reason == .newScene)
    #expect(decision.candidates[0].lost == .unsuitable)
    let none = router.route(notification("x", RoutingOptions(allowSceneCreation: false)))
    #expect(none.outcome == .none)
    #expect(none.reason == .noMatch)
  }

  @Test("reason requested; activation requests ignore can-matches and recency")
  func activationRequests() throws {
    let router = ActivationRouter(sessions: [
      try session("recent", minute: 9),
      try session("prefers", minute: 1, visible: true, prefers: "SELF == 'doc'"),
    ])
    let named = router.route(SceneEvent(.activationRequest(.session("recent"))))
    #expect(named.reason == .requested)
    #expect(named.sessionIdentifier == "recent")
    var options = RoutingOptions()
    options.allowCanMatches = false
    let prefers = router.route(
      SceneEvent(
        .activationRequest(
          .userActivity(UserActivity(activityType: "open", targetContentIdentifier: "doc"))),
        options: options))
    #expect(prefers.reason == .prefers)
    #expect(prefers.sessionIdentifier == "prefers", "a visible session that prefers is reused")
    let fresh = router.route(
      SceneEvent(
        .activationRequest(
          .userActivity(UserActivity(activityType: "open", targetContentIdentifier: "other"))),
        options: options))
    #expect(fresh.reason == .newScene)
    #expect(
      fresh.candidates.first { $0.sessionIdentifier == "recent" }?.lost == .canMatchesNotAllowed)
  }

  @Test("a predicate that throws counts as not matching and is recorded")
  func throwingPredicate() throws {
    let router = ActivationRouter(sessions: [
      try session("hostile", minute: 2, can: "FALSEPREDICATE", prefers: "SELF MATCHES '(a+)+$'"),
      try session("fallback", minute: 1),
    ])
    let decision = router.route(notification(String(repeating: "a", count: 40) + "b"))
    #expect(decision.sessionIdentifier == "fallback")
    guard case .failed(let error) = decision.candidates[0].prefers else {
      Issue.record("expected a failed prefers predicate")
      return
    }
    #expect(error.kind == .resourceLimit)
    #expect(decision.warnings.count == 1)
    #expect(decision.jsonValue.jsonText.contains("\"prefers\":{\"error\""))
    // The same through the lazy answers of an unexplained route and the listing of matches,
    // scanned and indexed.
    for indexing in [ActivationRouter.Indexing.never, .always] {
      let router = ActivationRouter(sessions: router.sessions, indexing: indexing)
      for explanation in [ActivationRouter.Explanation.none, .matches] {
        let lazy = router.route(
          notification(String(repeating: "a", count: 40) + "b"), explanation: explanation)
        #expect(lazy.sessionIdentifier == "fallback" && lazy.warnings == decision.warnings)
      }
    }
  }

  @Test("the explanation is rendered from the decision")
  func explanation() throws {
    let decision = ActivationRouter(sessions: [try session("a", prefers: "SELF == 'x'")]).route(
      notification("x"))
    #expect(
      decision.summary == "'x' → scene 'a' (prefers: it prefers to activate for this identifier)")
    #expect(decision.explanation.contains("a      yes      yes  2            chosen"))
  }
}
