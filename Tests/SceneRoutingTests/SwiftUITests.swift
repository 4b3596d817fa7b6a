import Foundation
import PredicateEvaluation
import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

@Suite("SwiftUI: handlesExternalEvents sets, window groups, URLs and app intents")
struct SwiftUITests {
  static func format(_ strings: [String]) -> String {
    ExternalEventHandling.predicate(matching: strings).predicateFormat
  }

  @Test("each set becomes the predicate SwiftUI's documented matching stands for")
  func translation() throws {
    #expect(Self.format([]) == "FALSEPREDICATE")
    #expect(Self.format([""]) == "FALSEPREDICATE")
    #expect(Self.format(["", ""]) == "FALSEPREDICATE")
    #expect(Self.format(["*"]) == "TRUEPREDICATE")
    // "*" anywhere in the set matches anything, whatever else is there.
    #expect(Self.format(["a/", "*", ""]) == "TRUEPREDICATE")
    #expect(Self.format(["photoIdentifier="]) == #"SELF CONTAINS[cd] "photoIdentifier=""#)
    // Only the string that is exactly "*" is special; "a*" is a literal.
    #expect(Self.format(["a*"]) == #"SELF CONTAINS[cd] "a*""#)
    #expect(Self.format([" *"]) == #"SELF CONTAINS[cd] " *""#)
    // Empty strings drop out; repeats count once; order is declaration order.
    #expect(
      Self.format(["b", "", "a", "b"]) == #"SELF CONTAINS[cd] "b" OR SELF CONTAINS[cd] "a""#)
    // Quotes and backslashes print escaped and read back.
    let tricky = ["say \"hi\"", #"back\slash"#, "it's"]
    let printed = Self.format(tricky)
    let parsed = PredicateParser.parse(printed).predicate
    #expect(parsed == ExternalEventHandling.predicate(matching: tricky))
    // Sets (SwiftUI's type) print in a stable, sorted order.
    let fromSet = ActivationConditions.handlesExternalEvents(
      preferring: ["z", "y", "x"], allowing: [])
    #expect(
      fromSet.prefersToActivateForTargetContentIdentifierPredicate.predicateFormat
        == #"SELF CONTAINS[cd] "x" OR SELF CONTAINS[cd] "y" OR SELF CONTAINS[cd] "z""#)
    #expect(
      fromSet.canActivateForTargetContentIdentifierPredicate.predicateFormat == "FALSEPREDICATE")
    #expect(fromSet.profile == .uikit)
  }

  @Test("case and diacritics are ignored: Café matches cafe, CAFÉ and café, and the other way")
  func caseAndDiacritics() throws {
    let cafe = ActivationConditions(ExternalEventHandling(preferring: ["Café"]))
      .prefersToActivateForTargetContentIdentifierPredicate
    for identifier in ["cafe", "menu/CAFE/1", "café", "CAFÉ", "Cafe\u{301}"] {
      #expect(try cafe.evaluate(with: identifier), "\(identifier)")
    }
    for identifier in ["caf", "coffee", ""] {
      #expect(try !cafe.evaluate(with: identifier), "\(identifier)")
    }
    let plain = ActivationConditions(ExternalEventHandling(preferring: ["cafe"]))
      .prefersToActivateForTargetContentIdentifierPredicate
    #expect(try plain.evaluate(with: "Le Café"))
    // Nothing to compare: a containment is false, "*" (TRUEPREDICATE) is true.
    #expect(try !plain.evaluate(with: nil))
    let any = ActivationConditions(ExternalEventHandling(allowing: ["*"]))
    #expect(try any.canActivateForTargetContentIdentifierPredicate.evaluate(with: nil))
  }

  @Test("the compiled sets agree with Foundation's case- and diacritic-insensitive containment")
  func agreesWithFoundation() throws {
    var random = SeededRandom()
    let alphabet = Array("aAáÁeéEÉcçCÇoöÖ/-1 ").map(String.init)
    func word(_ length: ClosedRange<Int>) -> String {
      (0..<Int.random(in: length, using: &random)).map { _ in random.pick(alphabet) }.joined()
    }
    for _ in 0..<2_000 {
      let strings = (0..<Int.random(in: 0...3, using: &random)).map { _ in word(0...3) }
      let identifier = word(0...8)
      let predicate = ActivationConditions(ExternalEventHandling(allowing: strings))
        .canActivateForTargetContentIdentifierPredicate
      let expected = strings.contains { string in
        string == "*"
          || (!string.isEmpty
            && identifier.range(of: string, options: [.caseInsensitive, .diacriticInsensitive])
              != nil)
      }
      #expect(
        try predicate.evaluate(with: identifier) == expected,
        "PROPERTY_SEED=\(random.seed): \(strings) against \(identifier)")
    }
  }

  @Test("a SwiftUI scene routes exactly as the equivalent activationConditions scene")
  func routesAsEquivalentConditions() throws {
    var random = SeededRandom()
    let pieces = ["chat/", "thread/", "42", "7", "Café", "cafe", "*", "", "doc-", "X"]
    func set() -> [String] {
      (0..<Int.random(in: 0...3, using: &random)).map { _ in
        (0..<Int.random(in: 1...2, using: &random)).map { _ in random.pick(pieces) }.joined()
      }
    }
    /// The equivalent predicate, written out by hand from the documented rule (not through the
    /// translation under test).
    func equivalent(_ strings: [String]) -> String {
      if strings.contains("*") { return "TRUEPREDICATE" }
      let kept = strings.filter { !$0.isEmpty }
      if kept.isEmpty { return "FALSEPREDICATE" }
      return kept.map {
        "SELF CONTAINS[cd] \"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
      }.joined(separator: " OR ")
    }
    for round in 0..<200 {
      var swiftUI: [SceneSession] = []
      var uiKit: [SceneSession] = []
      for index in 0..<Int.random(in: 1...6, using: &random) {
        let preferring = set()
        let allowing = set()
        let date =
          random.chance(0.7)
          ? Date(timeIntervalSince1970: Double(Int.random(in: 0...3, using: &random))) : nil
        let visible = random.chance(0.3)
        swiftUI.append(
          SceneSession(
            persistentIdentifier: "s\(index)", lastActiveAt: date, isVisible: visible,
            activationConditions: ActivationConditions(
              ExternalEventHandling(preferring: preferring, allowing: allowing))))
        uiKit.append(
          SceneSession(
            persistentIdentifier: "s\(index)", lastActiveAt: date, isVisible: visible,
            activationConditions: try ActivationConditions(
              canActivateForTargetContentIdentifierPredicate: equivalent(allowing),
              prefersToActivateForTargetContentIdentifierPredicate: equivalent(preferring),
              profile: .uikit)))
      }
      for _ in 0..<10 {
        let text = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(pieces) }
          .joined()
        let event =
          random.chance(0.5)
          ? SceneEvent(
            .notification(PushNotification(targetContentIdentifier: text)))
          : SceneEvent(.url("https://example.com/" + text))
        for indexing in [ActivationRouter.Indexing.never, .always] {
          let left = ActivationRouter(sessions: swiftUI, indexing: indexing).route(event)
          let right = ActivationRouter(sessions: uiKit, indexing: indexing).route(event)
          #expect(
            left == right,
            "PROPERTY_SEED=\(random.seed) round \(round): \(text)\n\(left.explanation)\n\(right.explanation)"
          )
        }
      }
    }
  }

  @Test("window groups: the first that matches, else the first without the modifier, else none")
  func windowGroups() throws {
    let groups = [
      WindowGroup(configuration: "Browser"),
      WindowGroup(configuration: "Photo").handlesExternalEvents(matching: ["photoIdentifier="]),
      WindowGroup(configuration: "Any Photo").handlesExternalEvents(matching: ["photo"]),
      WindowGroup(configuration: "Stage", role: "windowExternalDisplay")
        .handlesExternalEvents(matching: ["stage"]),
    ]
    let router = ActivationRouter(sessions: [], windowGroups: groups)
    func route(_ identifier: String, role: SceneSessionRole = .windowApplication)
      -> RoutingDecision
    {
      router.route(
        SceneEvent(
          .notification(
            PushNotification(targetContentIdentifier: identifier)),
          options: RoutingOptions(role: role)))
    }
    #expect(route("app/photoIdentifier=9").outcome == .newScene(configurationName: "Photo"))
    #expect(route("app/photoIdentifier=9").windowGroup?.rule == .matching)
    #expect(route("app/PHOTO/9").outcome == .newScene(configurationName: "Any Photo"))
    let fallback = route("settings")
    #expect(fallback.outcome == .newScene(configurationName: "Browser"))
    #expect(
      fallback.windowGroup
        == WindowGroupChoice(index: 0, configuration: "Browser", rule: .firstWithoutModifier))
    #expect(route("stage/1", role: "windowExternalDisplay").windowGroup?.index == 3)
    let none = route("other", role: "windowExternalDisplay")
    #expect(none.outcome == .none && none.reason == .noWindowGroup)
    #expect(none.warnings.map(\.id) == ["routing.no-window-group"])
    // The decision's JSON carries the group and reads back.
    #expect(try RoutingDecision(json: fallback.jsonValue) == fallback)
  }

  @Test("URL events and the webpageURL fallback say which string was evaluated")
  func urlsAndWebpageURL() throws {
    let session = SceneSession(
      persistentIdentifier: "doc",
      activationConditions: .handlesExternalEvents(preferring: ["/doc/7"], allowing: []))
    let router = ActivationRouter(sessions: [session])
    let url = router.route(
      try SceneEvent(json: try JSONValue.parse(#"{"url": "https://x.example/doc/7"}"#)))
    #expect(url.sessionIdentifier == "doc" && url.evaluated == .url)
    #expect(url.url == "https://x.example/doc/7" && url.targetContentIdentifier == nil)
    let web = router.route(
      SceneEvent(
        .userActivity(UserActivity(activityType: "t", webpageURL: "https://x.example/doc/7"))))
    #expect(web.sessionIdentifier == "doc" && web.evaluated == .webpageURL)
    let both = router.route(
      SceneEvent(
        .userActivity(
          UserActivity(
            activityType: "t", targetContentIdentifier: "other",
            webpageURL: "https://x.example/doc/7"))))
    #expect(both.evaluated == .targetContentIdentifier && both.sessionIdentifier == nil)
    let intent = router.route(
      SceneEvent(.appIntent(AppIntentRequest(intentType: "Show", contentIdentifier: "app/doc/7"))))
    #expect(intent.sessionIdentifier == "doc" && intent.targetContentIdentifier == "app/doc/7")
    #expect(
      AppIntentRequest(intentType: "ShowBrowserAppIntent").targetContentIdentifier
        == "ShowBrowserAppIntent")
    for decision in [url, web, both, intent] {
      #expect(try RoutingDecision(json: decision.jsonValue) == decision)
    }

    func failure(_ text: String) -> String? {
      do {
        _ = try SceneEvent(json: try JSONValue.parse(text))
        return nil
      } catch let error as FieldError {
        return error.description
      } catch {
        return "\(error)"
      }
    }
    #expect(
      failure(#"{"url": "/relative/path"}"#)?.hasPrefix("url: expected an absolute URL") == true)
    #expect(failure(#"{"url": "1http://x"}"#) != nil)
    #expect(failure(#"{"url": ""}"#) != nil)
    #expect(
      failure(#"{"url": "https://x.example/a\tb"}"#)
        == "url: a URL cannot hold U+9 (percent-encode it)")
    #expect(failure(#"{"url": 42}"#) == "url: expected a string, found a number")
    #expect(failure(#"{"url": "mailto:someone@example.com"}"#) == nil)
    #expect(failure(#"{"url": "com.example.notes+x-1:open"}"#) == nil)
    #expect(
      failure(#"{"userActivity": {"activityType": "t", "webpageURL": "notes://x"}}"#)?.contains(
        "must be http or https") == true)
    #expect(failure(#"{"userActivity": {"activityType": "t", "webpageURL": "HTTPS://x"}}"#) == nil)
    #expect(failure(#"{"appIntent": {}}"#) == "appIntent.type: missing required string")
    #expect(failure(#"{"appIntent": {"type": "T", "contentIdentifier": 1}}"#) != nil)
  }

  @Test("a scenes file with SwiftUI scenes and window groups round-trips through its JSON")
  func scenesFileRoundTrip() throws {
    let text = """
      {"windowGroups": [{"configuration": "Main"},
                        {"configuration": "Doc", "handlesExternalEvents": ["doc/", "*"]}],
       "scenes": [{"id": "a", "handlesExternalEvents": {"preferring": ["doc/1"], "allowing": ["*"]}},
                  {"id": "b", "activationConditions": {"canActivate": "SELF == 'x'"}}]}
      """
    let file = try ScenesFile(bytes: Array(text.utf8))
    #expect(file.windowGroups.map(\.matching) == [nil, ["doc/", "*"]])
    #expect(file.windowGroups[1].matchingPredicateFormat == "TRUEPREDICATE")
    let a = file.sessions[0].activationConditions
    #expect(
      a.externalEventHandling == ExternalEventHandling(preferring: ["doc/1"], allowing: ["*"]))
    let written = file.jsonValue
    guard case .array(let scenes)? = written.objectValue?["scenes"] else {
      Issue.record("no scenes in \(written)")
      return
    }
    #expect(scenes[0].objectValue?["handlesExternalEvents"] != nil)
    #expect(scenes[0].objectValue?["activationConditions"] == nil)
    #expect(scenes[1].objectValue?["activationConditions"] != nil)
    let again = try ScenesFile(json: written)
    #expect(again.windowGroups == file.windowGroups && again.sessions == file.sessions)
    #expect(again.sessions[0].activationConditions.externalEventHandling != nil)
    // Replacing a predicate forgets the sets: the file then writes the predicates.
    var changed = a
    changed.canActivateForTargetContentIdentifierPredicate = .alwaysFalse
    #expect(changed.externalEventHandling == nil)

    let both = """
      {"scenes": [{"id": "x", "handlesExternalEvents": {}, "activationConditions": {}}]}
      """
    #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array(both.utf8)) }
    do {
      _ = try ScenesFile(bytes: Array(both.utf8))
    } catch {
      #expect(error.problems.first?.sceneIdentifier == "x")
      #expect(error.problems.first?.message.contains("not both") == true)
    }
  }
}

@Suite("Routing table")
struct RoutingTableTests {
  @Test("rows, cells, unhandled identifiers, unreached scenes and ties")
  func table() throws {
    let sessions = [
      SceneSession(
        persistentIdentifier: "a",
        activationConditions: try ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: "SELF BEGINSWITH 'doc/'",
          prefersToActivateForTargetContentIdentifierPredicate: "SELF == 'doc/1'",
          profile: .extended)),
      SceneSession(
        persistentIdentifier: "b",
        activationConditions: .handlesExternalEvents(preferring: ["doc/1"], allowing: [])),
      SceneSession(
        persistentIdentifier: "c",
        activationConditions: try ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: "FALSEPREDICATE",
          prefersToActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'x+'",
          profile: .extended)),
    ]
    let router = ActivationRouter(sessions: sessions)
    let table = RoutingTable(router: router, identifiers: ["doc/1", "doc/2", "zzz", "doc/1"])
    #expect(table.scenes == ["a", "b", "c"])
    #expect(table.rows.map(\.identifier) == ["doc/1", "doc/2", "zzz"])
    #expect(table.rows[0].suitability(of: "a") == .prefers)
    #expect(table.rows[0].suitability(of: "b") == .prefers)
    #expect(table.rows[1].suitability(of: "a") == .canActivate)
    #expect(table.rows[1].suitability(of: "b") == Suitability.none)
    #expect(table.unhandledIdentifiers == ["zzz"])
    #expect(table.unreachedScenes == ["b", "c"])
    #expect(table.ties.map(\.identifier) == ["doc/1"])
    #expect(table.ties.first?.scenes == ["a", "b"])
    // One JSON row per identifier, a cell per scene.
    guard case .array(let rows)? = table.jsonValue.objectValue?["rows"] else {
      Issue.record("no rows")
      return
    }
    #expect(rows.count == 3)
    #expect(
      rows[1].objectValue?["cells"]
        == .object(
          JSONObject([("a", .string("can")), ("b", .string("none")), ("c", .string("none"))])))
  }

  @Test("witnesses come from the predicates themselves")
  func witnesses() throws {
    func conditions(_ can: String, _ prefers: String = "FALSEPREDICATE") throws -> SceneSession {
      SceneSession(
        persistentIdentifier: UUID().uuidString,
        activationConditions: try ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: can,
          prefersToActivateForTargetContentIdentifierPredicate: prefers, profile: .extended))
    }
    let router = ActivationRouter(
      sessions: [
        try conditions("SELF BEGINSWITH 'a/'", "SELF == 'a/1' OR SELF IN {'a/2', 'a/3'}"),
        try conditions("SELF ENDSWITH '.pdf' AND SELF BEGINSWITH 'files/'"),
        try conditions("SELF LIKE 'photo/*/?\\\\*'"),
        try conditions("SELF MATCHES 'x+' OR SELF > 'm'"),
        try conditions("SELF IN 'abc'"),
      ],
      windowGroups: [WindowGroup(configuration: "G").handlesExternalEvents(matching: ["grp="])])
    let found = RoutingTable.witnesses(of: router)
    for expected in [
      "a/1", "a/2", "a/3", "a/example", "files/example.pdf", "example.pdf", "photo/example/x*",
      "abc", "grp=",
    ] {
      #expect(found.contains(expected), "\(expected) not in \(found)")
    }
    // Every witness of a BEGINSWITH/ENDSWITH conjunction satisfies it.
    let joined = try CompiledPredicate(
      format: "SELF ENDSWITH '.pdf' AND SELF BEGINSWITH 'files/'", profile: .extended)
    #expect(try found.contains { try joined.evaluate(with: $0) })
    #expect(Set(found).count == found.count)
  }
}
