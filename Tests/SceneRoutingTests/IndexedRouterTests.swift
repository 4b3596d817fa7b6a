import Foundation
import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

@Suite("Indexed router")
struct IndexedRouterTests {
  static let identifiers: [String?] = [
    "com.example.chat/thread/1", "com.example.chat/thread/12", "com.example.chat/",
    "com.example.chat",
    "com.example.mail/mailbox/3", "doc-3", "doc-3#p", "doc-31", "https://app.example.com/photo/4",
    "https://x/photo/9", "notes/1", "", "x", "COM.EXAMPLE.CHAT/thread/1", "\u{212A}ey", "Key",
    "café", "cafe\u{301}", "café/1", "a\nb", nil,
  ]

  static func predicate(_ random: inout SeededRandom) -> String {
    let n = Int.random(in: 0..<15, using: &random)
    return random.pick([
      "SELF == 'com.example.chat/thread/\(n)'", "SELF BEGINSWITH 'com.example.chat/'",
      "SELF BEGINSWITH 'com.example.chat/thread/1'", "SELF IN {'doc-\(n)', 'doc-3', 'x'}",
      "SELF LIKE 'https://*/photo/*'", "SELF LIKE 'doc-?'", "SELF MATCHES 'doc-\(n)(#.*)?'",
      "SELF MATCHES 'com[.]example.*'", "SELF MATCHES '(a+)+$'", "TRUEPREDICATE", "FALSEPREDICATE",
      "SELF BEGINSWITH[c] 'COM.'", "SELF ==[cd] 'cafe'", "NOT SELF BEGINSWITH 'doc'",
      "SELF BEGINSWITH 'K' OR SELF == 'x'", "SELF BEGINSWITH 'doc' AND SELF ENDSWITH '1'",
      "SELF == ''", "SELF CONTAINS 'photo'", "'com.example.chat/thread/12' BEGINSWITH SELF",
      "SELF IN {'a', SELF}", "SELF BEGINSWITH ''", "SELF MATCHES 'doc-3?'",
      "SELF MATCHES 'x|doc-3'",
      // Decomposed literals: BEGINSWITH and LIKE compare NFC forms, so a precomposed identifier
      // matches them, and the index must file them under their NFC heads.
      "SELF BEGINSWITH 'cafe\u{301}'", "SELF LIKE 'cafe\u{301}*'",
    ])
  }

  @Test("gives the linear router's decisions on random scene sets")
  func agreesWithLinear() throws {
    var random = SeededRandom()
    let seed = random.seed
    var compared = 0
    // One decision reused across every event of every app, as `route --jsonl` reuses one: each
    // route into it must equal a fresh decision, whatever the one before left in it.
    var reused = RoutingDecision()
    for _ in 0..<200 {
      // Some past 64 sessions: the explained scan keeps positions in a word up to 64.
      let count =
        random.chance(0.15)
        ? Int.random(in: 60...150, using: &random) : Int.random(in: 0...40, using: &random)
      let sessions = try (0..<count).map { index in
        SceneSession(
          persistentIdentifier: "s\(index)",
          role: random.chance(0.15) ? .windowExternalDisplayNonInteractive : .windowApplication,
          lastActiveAt: random.chance(0.2)
            ? nil : Date(timeIntervalSince1970: Double(Int.random(in: 0..<8, using: &random))),
          isVisible: random.chance(0.3),
          activationConditions: try ActivationConditions(
            canActivateForTargetContentIdentifierPredicate: Self.predicate(&random),
            prefersToActivateForTargetContentIdentifierPredicate: Self.predicate(&random),
            profile: .extended))
      }
      // Some apps have SwiftUI window groups, whose choice a decision records.
      let groups =
        random.chance(0.3)
        ? [
          WindowGroup(configuration: "Docs", matching: ["doc-"]),
          WindowGroup(configuration: "Any"),
        ] : []
      let linear = ActivationRouter(
        sessions: sessions, defaultConfigurations: [.windowApplication: "Default"],
        windowGroups: groups, indexing: .never)
      let indexed = ActivationRouter(
        sessions: sessions, defaultConfigurations: [.windowApplication: "Default"],
        windowGroups: groups, indexing: .always)
      for _ in 0..<25 {
        var options = RoutingOptions()
        if random.chance(0.1) { options.role = .windowExternalDisplayNonInteractive }
        if random.chance(0.2), count > 0 {
          options.excluding = ["s\(Int.random(in: 0..<count, using: &random))"]
        }
        if random.chance(0.1) { options.allowSceneCreation = false }
        if random.chance(0.1) { options.allowCanMatches = false }
        let identifier = random.pick(Self.identifiers)
        let kind: SceneEvent.Kind =
          random.chance(0.1)
          ? .activationRequest(
            .userActivity(UserActivity(activityType: "a", targetContentIdentifier: identifier)))
          : .notification(
            PushNotification(targetContentIdentifier: identifier))
        let event = SceneEvent(kind, options: options)
        let expected = linear.route(event)
        // The entries .matches keeps are exactly the full explanation's that matter, on both
        // paths (the index's, and the scan's cut).
        let kept = expected.candidates.filter {
          $0.lost == nil
            || ($0.lost != .otherRole && $0.lost != .excluded
              && ($0.suitability != .none || $0.isVisible))
        }
        for router in [indexed, linear] {
          let matches = router.route(event, explanation: .matches)
          #expect(
            matches.candidates == kept
              && matches.omittedCandidates == expected.candidates.count - kept.count
              && matches.outcome == expected.outcome && matches.reason == expected.reason,
            "PROPERTY_SEED=\(seed): .matches differs\n\(matches.explanation)\n\(expected.explanation)"
          )
        }
        let reuses: [(ActivationRouter, ActivationRouter.Explanation)] = [
          (indexed, .matches), (linear, .all), (indexed, .none), (linear, .matches),
        ]
        for (router, explanation) in reuses {
          router.route(event, explanation: explanation, into: &reused)
          let fresh = router.route(event, explanation: explanation)
          #expect(
            reused == fresh,
            "PROPERTY_SEED=\(seed): a reused decision differs\n\(reused.explanation)\n\(fresh.explanation)"
          )
        }
        let actual = indexed.route(event, explanation: .none)
        let scanned = linear.route(event, explanation: .none)
        compared += 1
        #expect(
          actual.outcome == expected.outcome && actual.reason == expected.reason
            && scanned.outcome == expected.outcome && scanned.reason == expected.reason
            && Set(actual.warnings) == Set(scanned.warnings),
          """
          PROPERTY_SEED=\(seed): \(identifier ?? "nil") \(options)
          linear:  \(expected.summary)
          indexed: \(actual.summary)
          \(expected.explanation)
          """)
      }
    }
    #expect(compared == 5_000)
  }

  @Test("an identifier only evaluates the sessions whose conditions it meets")
  func evaluatesFew() throws {
    let sessions = try (0..<2_000).map { index in
      SceneSession(
        persistentIdentifier: "s\(index)",
        lastActiveAt: Date(timeIntervalSince1970: Double(2_000 - index)),
        activationConditions: try ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: "FALSEPREDICATE",
          prefersToActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'doc-\(index)(#.*)?'",
          profile: .extended)
      )
    }
    let indexed = ActivationRouter(sessions: sessions)
    #expect(sessions.count >= ActivationRouter.indexThreshold, "the automatic index is built")
    let decision = indexed.route(
      SceneEvent(
        .notification(
          PushNotification(targetContentIdentifier: "doc-1999#x"))),
      explanation: .none)
    #expect(decision.sessionIdentifier == "s1999")
    #expect(decision.reason == .prefers)
    // The index hands over the sessions whose literal head the identifier starts with (doc-1,
    // doc-19, doc-199, doc-1999); the scan evaluates every session until it decides.
    #expect(decision.evaluatedSessions == 4)
    let scanned = ActivationRouter(sessions: sessions, indexing: .never).route(
      SceneEvent(.notification(PushNotification(targetContentIdentifier: "doc-1999#x"))),
      explanation: .none)
    #expect(scanned.sessionIdentifier == "s1999")
    #expect(scanned.evaluatedSessions > 1_000)
    // Through the index with the matches listing: the candidates it may match, and no more.
    let listed = indexed.route(
      SceneEvent(.notification(PushNotification(targetContentIdentifier: "doc-1999#x"))),
      explanation: .matches)
    #expect(listed.evaluatedSessions == 4)
  }
}
