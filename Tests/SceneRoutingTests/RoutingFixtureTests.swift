import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

/// One case of `Fixtures/routing/<app>/cases.json`.
struct RoutingCase: Sendable, CustomStringConvertible {
  let app: String
  let name: String
  let event: JSONValue
  let expect: JSONObject

  var description: String { "\(app): \(name)" }

  static let apps: [String] = Fixtures.allFiles(below: "routing")
    .filter { $0.hasSuffix("/cases.json") }
    .map { String($0.dropFirst("routing/".count).dropLast("/cases.json".count)) }

  static let all: [RoutingCase] = apps.flatMap { app -> [RoutingCase] in
    guard let text = Fixtures.read("routing/\(app)/cases.json"),
      case .array(let cases)? = try? JSONValue.parse(text)
    else { return [] }
    return cases.compactMap { value in
      guard case .object(let object) = value, case .string(let name)? = object["name"],
        let event = object["event"], case .object(let expect)? = object["expect"]
      else { return nil }
      return RoutingCase(app: app, name: name, event: event, expect: expect)
    }
  }
}

@Suite("Routing fixtures")
struct RoutingFixtureTests {
  static func scenes(_ app: String) throws -> ScenesFile {
    try ScenesFile(bytes: Array((Fixtures.read("routing/\(app)/scenes.json") ?? "").utf8))
  }

  @Test("every case routes as expected", arguments: RoutingCase.all)
  func routes(_ fixture: RoutingCase) throws {
    let file = try Self.scenes(fixture.app)
    let event = try SceneEvent(json: fixture.event)
    let decision = file.router.route(event)
    // The scan and the index decide the same for every fixture.
    for indexing in [ActivationRouter.Indexing.never, .always] {
      let router = ActivationRouter(
        sessions: file.sessions, defaultConfigurations: file.defaultConfigurations,
        windowGroups: file.windowGroups, indexing: indexing)
      let quick = router.route(event, explanation: .none)
      #expect(
        quick.outcome == decision.outcome && quick.reason == decision.reason
          && quick.warnings == decision.warnings, "\(fixture) \(indexing)")
    }
    let json = try #require(decision.jsonValue.objectValue)
    #expect(json["outcome"] == fixture.expect["outcome"], "\(fixture)\n\(decision.explanation)")
    #expect(json["reason"] == fixture.expect["reason"], "\(fixture)\n\(decision.explanation)")
    #expect(
      json["scene"] == (fixture.expect["scene"] ?? .null), "\(fixture)\n\(decision.explanation)")
    for member in ["configuration", "evaluated", "url", "windowGroup"] {
      if let expected = fixture.expect[member] {
        #expect(json[member] == expected, "\(fixture): \(member)\n\(decision.explanation)")
      }
    }
    if case .object(let lost)? = fixture.expect["lost"] {
      for (scene, reason) in lost.members {
        let candidate = decision.candidates.first { $0.sessionIdentifier == scene }
        #expect(
          candidate?.lost?.rawValue == reason.stringValue,
          "\(fixture): \(scene)\n\(decision.explanation)")
      }
    }
    if case .number(let count)? = fixture.expect["warnings"] {
      #expect(decision.warnings.count == Int(count), "\(fixture): \(decision.warnings)")
    }
    if case .array(let ids)? = fixture.expect["warningIDs"] {
      #expect(
        decision.warnings.map(\.id.rawValue) == ids.compactMap(\.stringValue),
        "\(fixture): \(decision.warnings)")
    }
    // Invariants every decision keeps.
    #expect(decision.candidates.count == file.sessions.count)
    #expect(
      decision.candidates.filter { $0.lost == nil }.count
        == (decision.sessionIdentifier == nil ? 0 : 1))
  }

  @Test("at least 40 cases across the realistic apps")
  func coverage() {
    #expect(RoutingCase.all.count >= 40)
    for app in ["mail", "messages", "documents", "maps"] {
      #expect(RoutingCase.apps.contains(app), "no \(app) fixtures")
    }
    let reasons = Set(RoutingCase.all.compactMap { $0.expect["reason"]?.stringValue })
    for reason in RoutingReason.allCases {
      #expect(reasons.contains(reason.rawValue), "no fixture ends in \(reason)")
    }
  }

  @Test("every file in routing/ is read by a test")
  func noStrayFiles() {
    for path in Fixtures.allFiles(below: "routing") {
      let known =
        path == "routing/README.md" || path.hasSuffix("/scenes.json")
        || path.hasSuffix("/cases.json")
      #expect(known, "\(path) is not read by any test")
      if path.hasSuffix("/scenes.json") {
        #expect(Fixtures.read(String(path.dropLast("scenes.json".count)) + "cases.json") != nil)
      }
    }
  }
}
