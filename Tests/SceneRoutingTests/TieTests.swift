import Foundation
import PredicateEvaluation
import SceneJSON
import SceneRouting
import Testing

@Suite("Ties: decisions won by order alone say so")
struct TieTests {
  /// Every way the router can decide, which must agree on the tie warning.
  static func decisions(_ sessions: [SceneSession], _ event: SceneEvent) -> [RoutingDecision] {
    [
      ActivationRouter(sessions: sessions, indexing: .never).route(event),
      ActivationRouter(sessions: sessions, indexing: .never).route(event, explanation: .none),
      ActivationRouter(sessions: sessions, indexing: .always).route(event, explanation: .none),
      ActivationRouter(sessions: sessions, indexing: .always).route(event, explanation: .matches),
    ]
  }

  static func tieWarnings(_ decision: RoutingDecision) -> [RoutingWarning] {
    decision.warnings.filter { $0.id == "routing.order-dependent" }
  }

  @Test("equal tier and equal recency warn, naming every tied scene, on every path")
  func tiesWarn() throws {
    let sessions = [
      try session("a", minute: 5, prefers: "SELF BEGINSWITH 'x'"),
      try session("b", minute: 5, prefers: "SELF BEGINSWITH 'x/'"),
      try session("c", minute: 5, prefers: "SELF == 'x/1'"),
      try session("d", minute: 4, prefers: "SELF BEGINSWITH 'x'"),
    ]
    for decision in Self.decisions(sessions, notification("x/1")) {
      #expect(decision.sessionIdentifier == "a")
      let warnings = Self.tieWarnings(decision)
      #expect(warnings.count == 1, "\(decision.warnings)")
      // The older 'd' is not tied; all three of minute 5 are.
      #expect(
        warnings.first?.message.hasPrefix("scenes 'a', 'b', 'c' are equally suitable") == true,
        "\(warnings)")
      // The tie as data, the winner first, through the decision's JSON too.
      #expect(decision.tiedSessions == ["a", "b", "c"])
      #expect(try RoutingDecision(json: decision.jsonValue) == decision)
    }
  }

  @Test("a different tier, a different date, or one candidate: no warning")
  func noTie() throws {
    let cases: [[SceneSession]] = [
      // The tied-date scene only can-activate: lower tier.
      [
        try session("a", minute: 5, prefers: "SELF == 'x'"),
        try session("b", minute: 5, can: "SELF == 'x'"),
      ],
      // Equal tier, different dates.
      [
        try session("a", minute: 6, prefers: "SELF == 'x'"),
        try session("b", minute: 5, prefers: "SELF == 'x'"),
      ],
      // The tied-date scene is visible: a lower step.
      [
        try session("a", minute: 5, prefers: "SELF == 'x'"),
        try session("b", minute: 5, visible: true, prefers: "SELF == 'x'"),
      ],
    ]
    for sessions in cases {
      for decision in Self.decisions(sessions, notification("x")) {
        #expect(decision.sessionIdentifier == "a")
        #expect(Self.tieWarnings(decision).isEmpty, "\(decision.warnings)")
        #expect(decision.tiedSessions.isEmpty)
      }
    }
  }

  @Test("undated scenes are equally recent; a tie found after the first match still counts")
  func undatedAndLateTies() throws {
    // The index stops at the winner; the tie must still be found among equally recent scenes
    // that come after it, including one whose predicate differs.
    var sessions = [try session("dated", minute: 1, can: "SELF == 'zzz'")]
    sessions += try (0..<50).map { try session("u\($0)", can: "SELF BEGINSWITH 'p'") }
    for decision in Self.decisions(sessions, notification("p/1")) {
      #expect(decision.sessionIdentifier == "u0" && decision.reason == .canActivate)
      let warnings = Self.tieWarnings(decision)
      #expect(warnings.count == 1)
      #expect(warnings.first?.message.contains("'u9' and 40 more are equally suitable") == true)
      // The message names ten; the data names all fifty.
      #expect(decision.tiedSessions == (0..<50).map { "u\($0)" })
    }
  }
}
