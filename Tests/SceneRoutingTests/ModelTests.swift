import Foundation
import PredicateEvaluation
import PredicateSyntax
import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

@Suite("Model: Codable, events, scenes files, registry")
struct ModelTests {
  @Test("sessions and conditions round-trip through Codable")
  func codableRoundTrip() throws {
    let original = SceneSession(
      persistentIdentifier: "thread-42", role: .windowApplication,
      configurationName: "Conversation",
      state: .background, lastActiveAt: Date(timeIntervalSince1970: 1_800_000_000), isVisible: true,
      activationConditions: try ActivationConditions(
        canActivateForTargetContentIdentifierPredicate: "self beginswith[c] 'chat/'",
        prefersToActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'chat/thread/42(/.*)?'",
        profile: .extended),
      userInfo: ["thread": "42"])
    let data = try JSONEncoder().encode(original)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.contains(#"SELF BEGINSWITH[c] \"chat\/\""#), "conditions encode canonically: \(text)")
    let decoded = try JSONDecoder().decode(SceneSession.self, from: data)
    #expect(decoded == original)
    #expect(
      try decoded.activationConditions.canActivateForTargetContentIdentifierPredicate.evaluate(
        with: "CHAT/1"))
  }

  /// Every profile for each predicate × a default or a written predicate (one that needs
  /// `extended` where the profile allows it).
  static let conditionCombinations: [(ValidationProfile, String?, ValidationProfile, String?)] = {
    var all: [(ValidationProfile, String?, ValidationProfile, String?)] = []
    for canProfile in ValidationProfile.allCases {
      for prefersProfile in ValidationProfile.allCases {
        let canSources: [String?] = [
          nil, "SELF BEGINSWITH 'chat/'", canProfile == .extended ? "SELF MATCHES 'c.*'" : nil,
        ]
        let prefersSources: [String?] = [
          nil, "SELF == 'chat/1'", prefersProfile == .extended ? "SELF MATCHES 'chat/[0-9]+'" : nil,
        ]
        for can in Set(canSources.map { $0 ?? "" }) {
          for prefers in Set(prefersSources.map { $0 ?? "" }) {
            all.append(
              (canProfile, can.isEmpty ? nil : can, prefersProfile, prefers.isEmpty ? nil : prefers)
            )
          }
        }
      }
    }
    return all
  }()

  @Test("conditions round-trip through Codable for every profile × default combination")
  func conditionsRoundTripOverProfiles() throws {
    for (canProfile, can, prefersProfile, prefers) in Self.conditionCombinations {
      let conditions = ActivationConditions(
        canActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
          format: can ?? "TRUEPREDICATE", profile: canProfile),
        prefersToActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
          format: prefers ?? "FALSEPREDICATE", profile: prefersProfile))
      let expectedProfile: ValidationProfile =
        canProfile == .extended || prefersProfile == .extended ? .extended : .uikit
      #expect(conditions.profile == expectedProfile, "\(canProfile) \(prefersProfile)")
      let data = try JSONEncoder().encode(conditions)
      let decoded = try JSONDecoder().decode(ActivationConditions.self, from: data)
      #expect(decoded == conditions, "\(String(decoding: data, as: UTF8.self))")
      #expect(
        decoded.canActivateForTargetContentIdentifierPredicate.profile == canProfile
          && decoded.prefersToActivateForTargetContentIdentifierPredicate.profile
            == prefersProfile
      )
    }
    // The reported bug: uikit can-activate with an extended MATCHES prefers.
    let mixed = ActivationConditions(
      canActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
        format: "SELF BEGINSWITH 'a'", profile: .uikit),
      prefersToActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
        format: "SELF MATCHES 'a+'", profile: .extended))
    #expect(mixed.profile == .extended)
    let text = String(decoding: try JSONEncoder().encode(mixed), as: UTF8.self)
    #expect(
      text.contains(#""profile":"extended""#) && text.contains(#""canActivateProfile":"uikit""#))
    // A per-predicate profile wider than the whole is a tampered file.
    let widened =
      #"{"canActivate": "SELF MATCHES 'a'", "profile": "uikit", "canActivateProfile": "extended"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ActivationConditions.self, from: Data(widened.utf8))
    }
  }

  @Test("Codable and the scenes file read conditions by one rule: same conditions, same refusals")
  func oneConditionsReader() throws {
    let objects = [
      #"{"canActivate": "SELF BEGINSWITH 'a'"}"#,
      #"{"prefersToActivate": "SELF MATCHES 'a+'", "profile": "extended"}"#,
      #"{"canActivate": "SELF MATCHES 'a'", "profile": "extended", "canActivateProfile": "uikit"}"#,
      #"{"canActivate": "SELF MATCHES 'a'", "profile": "uikit", "canActivateProfile": "extended"}"#,
      #"{"canActivate": "SELF BEGINSWITH 'a'", "profile": "wide"}"#,
      #"{"canActivate": "SELF ==", "prefersToActivate": "SELF BEGINSWITH 'a'"}"#,
      #"{"prefersToActivateProfile": "uikit", "profile": "extended"}"#,
      #"{"canActivate": 3}"#,
    ]
    for object in objects {
      let decoded = try? JSONDecoder().decode(ActivationConditions.self, from: Data(object.utf8))
      // The file's profile is the conditions' default, as `.uikit` is Codable's.
      let profile = object.contains(#""profile": "extended""#) ? "extended" : "uikit"
      let file =
        #"{"profile": ""# + profile + #"", "scenes": [{"id": "s", "activationConditions": "#
        + object + "}]}"
      let read = try? ScenesFile(bytes: Array(file.utf8))
      #expect((decoded == nil) == (read == nil), "\(object)")
      if let decoded, let read {
        #expect(read.sessions.first?.activationConditions == decoded, "\(object)")
      }
    }
    // The rule, in the scenes file's words.
    let widened =
      #"{"profile": "extended", "scenes": [{"id": "s", "activationConditions": "#
      + #"{"canActivate": "SELF MATCHES 'a'", "profile": "uikit", "canActivateProfile": "extended"}}]}"#
    #expect {
      try ScenesFile(bytes: Array(widened.utf8))
    } throws: { error in
      "\(error)".contains("'extended' is wider than the conditions' profile 'uikit'")
    }
  }

  @Test("scenes files, events and decisions round-trip through Codable in the CLI's shapes")
  func cliShapesRoundTrip() throws {
    let sessions = [
      SceneSession(
        persistentIdentifier: "main", configurationName: "Main", state: .foregroundActive,
        lastActiveAt: Date(timeIntervalSince1970: 1_800_000_000), isVisible: true,
        activationConditions: try ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: "SELF BEGINSWITH 'chat/'",
          prefersToActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'chat/[0-9]+'",
          profile: .extended),
        userInfo: ["k": "v"]),
      SceneSession(
        persistentIdentifier: "tv", role: .windowExternalDisplayNonInteractive,
        lastActiveAt: Date(timeIntervalSince1970: 1_800_000_000.25),
        activationConditions: ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
            format: "SELF == 'x'", profile: .uikit))),
    ]
    let file = ScenesFile(
      sessions: sessions, profile: .extended,
      defaultConfigurations: [.windowApplication: "Default Configuration"])
    let data = try JSONEncoder().encode(file)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.contains(#""id":"main""#) && text.contains(#""lastActiveAt":"2027-01-15T08:00:00Z""#),
      "\(text)")
    #expect(!text.contains("persistentIdentifier"), "one shape: the scenes file's")
    let decoded = try JSONDecoder().decode(ScenesFile.self, from: data)
    #expect(decoded == file)
    // The CLI's reader reads the encoder's bytes, and the library's own JSON writer agrees.
    #expect(try ScenesFile(bytes: Array(data)) == file)
    #expect(try ScenesFile(bytes: file.jsonValue.jsonBytes) == file)

    let events = [
      SceneEvent(
        .notification(PushNotification(targetContentIdentifier: "chat/1"))),
      SceneEvent(
        .shortcutItem(
          ShortcutItem(type: "t", localizedTitle: "T", targetContentIdentifier: "chat/2"))),
      SceneEvent(
        .userActivity(
          UserActivity(
            activityType: "a", webpageURL: "https://x/y", userInfo: JSONObject([("n", .number(1))]))
        ),
        options: RoutingOptions(
          role: .windowExternalDisplayNonInteractive, excluding: ["main"], allowSceneCreation: false
        )),
      SceneEvent(
        .activationRequest(.session("tv")), options: RoutingOptions(allowCanMatches: false)),
      SceneEvent(.url("https://x/z")),
      SceneEvent(.appIntent(AppIntentRequest(intentType: "i", contentIdentifier: "chat/3"))),
      SceneEvent(
        .userActivity(
          UserActivity(activityType: "b", targetContentIdentifier: "id", webpageURL: "https://x/w"))
      ),
    ]
    for event in events {
      let decoded = try JSONDecoder().decode(SceneEvent.self, from: try JSONEncoder().encode(event))
      #expect(decoded.targetContentIdentifier == event.targetContentIdentifier)
      #expect(decoded.jsonValue == event.jsonValue, "the event-file shape is stable")
      #expect(decoded.options == event.options && decoded.eventKind == event.eventKind, "\(event)")
      let evaluated = event.evaluated
      #expect(
        event.targetContentIdentifier
          == (evaluated?.source == .targetContentIdentifier ? evaluated?.string : nil),
        "the evaluated string is the identifier exactly when there is one: \(event)")
      let decision = file.router.route(event)
      let back = try JSONDecoder().decode(
        RoutingDecision.self, from: try JSONEncoder().encode(decision))
      #expect(back == decision)
      #expect(try RoutingDecision(json: decision.jsonValue) == decision)
    }
  }

  @Test("omittedCandidates is written as its decimal digits, whatever its size")
  func omittedCountDigits() throws {
    let powers = (0...18).map { power in (0..<power).reduce(1) { product, _ in product * 10 } }
    for count in [0, 7, 99, 1_234_567_890, Int.max] + powers + powers.map({ $0 - 1 }) {
      var decision = ActivationRouter(sessions: []).route(
        SceneEvent(.shortcutItem(ShortcutItem(type: "t", localizedTitle: "T"))), explanation: .all)
      decision.omittedCandidates = count
      var bytes: [UInt8] = []
      decision.writeJSON(into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self).contains(#""omittedCandidates":\#(count),"#))
    }
  }

  @Test("a tampered scenes file is rejected when decoded, naming the scene and field")
  func tamperedScenesFile() throws {
    let tampered =
      #"{"profile": "uikit", "scenes": [{"id": "a", "activationConditions": {"canActivate": "SELF MATCHES 'x'"}}, {"id": "b", "state": "gone"}]}"#
    do {
      _ = try JSONDecoder().decode(ScenesFile.self, from: Data(tampered.utf8))
      Issue.record("expected a decoding error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains("scene 'a'"))
      #expect(context.debugDescription.contains("validation.uikit-matches"))
      #expect(
        context.debugDescription.contains("scene 'b'") && context.debugDescription.contains("state")
      )
    }
  }

  @Test("a tampered file is rejected with the scene, the field and the diagnostics")
  func tamperedFile() throws {
    let tampered =
      #"[{"id": "compose", "activationConditions": {"canActivate": "name == 'x'", "profile": "uikit"}}]"#
    do {
      _ = try JSONDecoder().decode([SceneSession].self, from: Data(tampered.utf8))
      Issue.record("expected a decoding error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains("scene 'compose'"))
      #expect(context.debugDescription.contains("canActivate"))
      #expect(context.debugDescription.contains("validation.key-path"))
    }
    let uikit = #"{"canActivate": "SELF MATCHES 'a'", "profile": "uikit"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ActivationConditions.self, from: Data(uikit.utf8))
    }
  }

  @Test("events decode from every kind of file; errors name the field path")
  func eventDecoding() throws {
    func event(_ text: String) throws(FieldError) -> SceneEvent {
      try SceneEvent(json: try! JSONValue.parse(text), byteCount: text.utf8.count)
    }
    #expect(try event(#"{"aps": {"target-content-id": "a"}}"#).targetContentIdentifier == "a")
    let simctl = try event(#"{"Simulator Target Bundle": "com.example", "aps": {"alert": "x"}}"#)
    #expect(simctl.targetContentIdentifier == nil)
    #expect(
      try event(#"{"shortcutItem": {"type": "t", "targetContentIdentifier": "s"}}"#)
        .targetContentIdentifier == "s")
    #expect(
      try event(#"{"userActivity": {"activityType": "t", "targetContentIdentifier": "u"}}"#)
        .targetContentIdentifier == "u")
    #expect(
      try event(#"{"activationRequest": {"session": "main"}}"#).kind
        == .activationRequest(.session("main")))

    func failure(_ text: String) -> FieldError? {
      do {
        _ = try event(text)
        return nil
      } catch { return error }
    }
    #expect(failure(#"{"aps": "x"}"#)?.path == "aps")
    #expect(
      failure(#"{"aps": {"target-content-id": 42}}"#)?.description
        == "aps.target-content-id: expected a string, found a number")
    #expect(failure(#"{"shortcutItem": {"localizedTitle": "x"}}"#)?.path == "shortcutItem.type")
    #expect(
      failure(#"{"userActivity": {"activityType": "t", "targetContentIdentifier": ["x"]}}"#)?.path
        == "userActivity.targetContentIdentifier")
    #expect(
      failure(#"{"aps": {}, "routing": {"excluding": ["a", 1]}}"#)?.path == "routing.excluding[1]")
    #expect(failure(#"{"hello": 1}"#) != nil)
    #expect(failure(#"[]"#) != nil)
    #expect(
      failure(#"{"url": "https://a.example", "shortcutItem": {"type": "t"}}"#)?.message.contains(
        "ambiguous") == true)
    // An APNs payload's other top-level keys are the app's data (a "url" there is common).
    #expect(try event(#"{"aps": {}, "url": "https://a.example/1"}"#).eventKind == .notification)

    let big =
      #"{"aps": {"target-content-id": "a"}, "pad": ""# + String(repeating: "x", count: 5000)
      + #""}"#
    #expect(
      try event(big).warnings.contains {
        $0.id == "event.payload-too-large" && $0.message.contains("4096")
      })
    let typo = try event(#"{"shortcutItem": {"type": "t", "typo": 1}}"#).warnings
    #expect(typo.map(\.id) == ["event.unknown-field"])
    #expect(typo.map(\.message) == ["unknown field 'shortcutItem.typo' is ignored"])
    #expect(
      RoutingWarning.ids.allSatisfy {
        $0.rawValue.firstMatch(of: /^(routing|event|scenes)\./) != nil
      })
  }

  @Test("a bad scenes file reports every problem with the scene id and field")
  func scenesFileErrors() {
    let text = """
      {"scenes": [
        {"id": "ok"},
        {"id": "bad-predicate", "activationConditions": {"canActivate": "SELF BEGINWITH 'x'"}},
        {"id": "bad-date", "lastActiveAt": "yesterday"},
        {"id": "ok"},
        {"role": "windowApplication"},
        {"id": "bad-state", "state": "asleep"}
      ]}
      """
    do {
      _ = try ScenesFile(bytes: Array(text.utf8))
      Issue.record("expected an error")
    } catch {
      let descriptions = error.problems.map(\.description)
      #expect(error.problems.count == 5, "\(descriptions)")
      #expect(
        descriptions[0].hasPrefix(
          "scene 'bad-predicate': scenes[1].activationConditions.canActivate: invalid predicate"))
      #expect(descriptions[0].contains("replace 'BEGINWITH' with 'BEGINSWITH'"))
      #expect(descriptions[1].hasPrefix("scene 'bad-date': scenes[2].lastActiveAt"))
      #expect(descriptions[2].contains("duplicate scene id"))
      #expect(descriptions[3] == "scenes[4].id: missing required string")
      #expect(descriptions[4].hasPrefix("scene 'bad-state': scenes[5].state"))
    }
    #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array("{\"scenes\": [".utf8)) }
  }

  @Test("uikit profile in a scenes file rejects MATCHES")
  func scenesFileProfile() {
    let text =
      #"{"profile": "uikit", "scenes": [{"id": "a", "activationConditions": {"prefersToActivate": "SELF MATCHES 'x'"}}]}"#
    #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array(text.utf8)) }
  }

  @Test("the registry adds, updates, removes and marks active; routing follows")
  func registry() throws {
    let registry = SceneSessionRegistry(defaultConfigurations: [.windowApplication: "Default"])
    try registry.add(session("a", minute: 1))
    try registry.add(session("b", minute: 2))
    #expect(throws: RegistryError.self) { try registry.add(session("a")) }
    #expect(registry.route(notification("x")).sessionIdentifier == "b")
    try registry.markActive("a", at: Date(timeIntervalSince1970: 1_900_000_000))
    #expect(registry.route(notification("x")).sessionIdentifier == "a")
    try registry.setVisible("a", true)
    #expect(registry.route(notification("x")).sessionIdentifier == "b")
    var updated = try #require(registry.session("b"))
    updated.activationConditions = try ActivationConditions(
      canActivateForTargetContentIdentifierPredicate: "FALSEPREDICATE", profile: .extended)
    try registry.update(updated)
    #expect(registry.route(notification("x")).reason == .newScene)
    #expect(registry.remove("b") != nil)
    #expect(registry.remove("b") == nil)
    #expect(throws: RegistryError.self) { try registry.markActive("b") }
    #expect(registry.sessions.map(\.persistentIdentifier) == ["a"])
  }

  @Test("the registry is safe under concurrent updates and routing")
  func registryConcurrency() async throws {
    let registry = SceneSessionRegistry()
    for index in 0..<20 {
      try registry.add(session("s\(index)", minute: index, prefers: "SELF == 's\(index)'"))
    }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for round in 0..<500 {
            let target = "s\((worker * 7 + round) % 20)"
            if round % 10 == 0 {
              try? registry.markActive(
                target, at: Date(timeIntervalSince1970: Double(1_900_000_000 + round)))
            }
            let decision = registry.route(notification(target))
            #expect(decision.sessionIdentifier == target)
          }
        }
      }
    }
    #expect(registry.sessions.count == 20)
  }
}

@Suite("JSON strings")
struct JSONStringTests {
  /// The escaping the writer must produce, one byte at a time.
  static func reference(_ text: String) -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "\"")]
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
      case UInt8(ascii: "\n"): output += Array(#"\n"#.utf8)
      case UInt8(ascii: "\r"): output += Array(#"\r"#.utf8)
      case UInt8(ascii: "\t"): output += Array(#"\t"#.utf8)
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
    return output
  }

  @Test("escapes exactly what JSON requires, wherever it falls in a word, and parses back")
  func escapesLikeTheReference() throws {
    var random = SeededRandom()
    let seed = random.seed
    let alphabet = [
      "a", "/", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", " ", "\u{7F}", "é", "😀", "~", "!",
    ]
    for _ in 0..<5_000 {
      // Mostly plain text, so the special byte lands at every offset of a word.
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        random.chance(0.9) ? "a" : random.pick(alphabet)
      }.joined()
      var written: [UInt8] = []
      JSONValue.writeString(text, into: &written)
      #expect(written == Self.reference(text), "PROPERTY_SEED=\(seed): \(Array(text.utf8))")
      #expect(try JSONValue.parse(written) == .string(text), "PROPERTY_SEED=\(seed)")
    }
  }

  @Test("parses every escape form, mixed with raw UTF-8 runs, back to the same scalars")
  func parsesEscapesAndRawRuns() throws {
    var random = SeededRandom()
    let seed = random.seed
    let scalars: [Unicode.Scalar] = [
      "a", "/", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "é", "😀", "日",
      "\u{7F}", "\u{FFFF}", "\u{10FFFF}",
    ]
    for _ in 0..<3_000 {
      let text = String(
        String.UnicodeScalarView(
          (0..<Int.random(in: 0...24, using: &random)).map { _ in random.pick(scalars) }))
      // Each scalar written raw when JSON allows it, or as any escape that means it.
      var json = "\""
      for scalar in text.unicodeScalars {
        let short: [Unicode.Scalar: String] = [
          "\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\n": #"\n"#,
          "\r": #"\r"#, "\t": #"\t"#,
        ]
        let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
        switch (mustEscape, random.chance(0.5)) {
        case (false, true): json.unicodeScalars.append(scalar)
        case (_, false) where short[scalar] != nil: json += short[scalar]!
        default:
          // \uXXXX, as a surrogate pair above the BMP.
          for unit in String(scalar).utf16 {
            json +=
              "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count)
              + String(unit, radix: 16, uppercase: random.chance(0.5))
          }
        }
      }
      json += "\""
      #expect(
        try JSONValue.parse(json) == .string(text),
        "PROPERTY_SEED=\(seed): \(json.debugDescription)")
    }
  }

  @Test("a parse given member names gives the same value, escaped names and near misses included")
  func parseWithKeysGivesTheSameValue() throws {
    let keys = JSONKeys([
      "target-content-id", "Simulator Target Bundle", "aps", "a-name-of-16-bytes",
    ])
    let texts = [
      #"{"aps": {"target-content-id": "com.example/1"}, "Simulator Target Bundle": "b"}"#,
      #"{"aps": {"target\u002dcontent-id": "x", "target-content-iD": 1}}"#,
      #"{"target-content-idx": [{"target-content-i": null}], "a-name-of-16-bytes": {}}"#,
      #"{"Simulator Target Bundl\u0065": true, "target-content-id\n": false}"#,
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      #expect(try JSONValue.parse(bytes[...], keys: keys) == JSONValue.parse(bytes), "\(text)")
    }
    // Duplicates are still found, whether the names were given or not.
    #expect(throws: JSONSyntaxError.self) {
      try JSONValue.parse(
        Array(#"{"target-content-id": 1, "target-content-id": 2}"#.utf8)[...], keys: keys)
    }
    #expect(throws: JSONSyntaxError.self) {
      try JSONValue.parse(
        Array(#"{"target-content-id": 1, "target\u002dcontent-id": 2}"#.utf8)[...], keys: keys)
    }
  }

  @Test("raw bytes past ASCII anywhere in a word are validated as UTF-8, exactly")
  func validatesRawBytesInEveryWordPosition() throws {
    var random = SeededRandom()
    let seed = random.seed
    // Plain bytes, valid sequences and stray continuation or lead bytes, so that the byte past
    // ASCII falls at every offset of an eight-byte word, before and after the closing quote.
    let pieces: [[UInt8]] = [
      [0x61], [0x61], [0x61], [0x7E], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xFF],
      [0xC3], [0xE2, 0x82],
    ]
    for _ in 0..<5_000 {
      var content: [UInt8] = []
      for _ in 0..<Int.random(in: 0...30, using: &random) { content += random.pick(pieces) }
      let valid = String(validating: content, as: UTF8.self)
      let bytes = [0x22] + content + [0x22]
      let result = Result { () throws(JSONSyntaxError) in try JSONValue.parse(bytes) }
      switch (result, valid) {
      case (.success(let value), let text?):
        #expect(value == .string(text), "PROPERTY_SEED=\(seed): \(content)")
      case (.failure(let error), nil):
        #expect(error.message == "string is not valid UTF-8", "PROPERTY_SEED=\(seed): \(error)")
      default:
        Issue.record("PROPERTY_SEED=\(seed): \(content) gave \(result)")
      }
    }
  }

  @Test("whole numbers are written as integers by one rule, in the writer and through Codable")
  func wholeNumbers() throws {
    for value in [0, 3, -7, 1e15 + 1, 9_007_199_254_740_991, 9_007_199_254_740_992, 2.5] {
      let written = JSONValue.number(value).jsonText
      let encoded = String(
        decoding: try JSONEncoder().encode(JSONValue.number(value)), as: UTF8.self)
      // Past 2^53 a Double is no exact integer: each writer prints it its own way.
      if abs(value) < 9_007_199_254_740_992 { #expect(written == encoded, "\(value)") }
      #expect(
        (written.contains(".") || written.contains("e"))
          == (value != value.rounded() || abs(value) >= 9_007_199_254_740_992), "\(value)")
    }
    #expect(JSONValue.number(1e15 + 1).jsonText == "1000000000000001")
  }

  @Test("string errors name what and where")
  func stringErrors() {
    let cases: [([UInt8], String, Int)] = [
      (Array(#""ab\ud800x""#.utf8), "unpaired surrogate in \\u escape", 4),
      (Array(#""\udc00""#.utf8), "unpaired surrogate in \\u escape", 2),
      (Array(#""a\qb""#.utf8), "invalid escape in string", 3),
      (Array(#""\u12""#.utf8), "\\u needs four hex digits", 2),
      (Array(#""\n"#.utf8) + [0xC3, 0x28, 0x22], "string is not valid UTF-8", 4),
      ([0x22, 0xFF, 0x22], "string is not valid UTF-8", 2),
      (
        Array(#""a\n"#.utf8) + [0x01, 0x22], "control character 0x1 must be escaped in a string", 5
      ),
      (Array(#""abc\n"#.utf8), "unterminated string", 7),
      // Columns count Unicode scalars, as every column the tools print does: 'é' is one.
      (Array(#""é\q""#.utf8), "invalid escape in string", 3),
    ]
    for (bytes, message, column) in cases {
      let result = Result { () throws(JSONSyntaxError) in try JSONValue.parse(bytes) }
      guard case .failure(let error) = result else {
        Issue.record("\(bytes) parsed")
        continue
      }
      #expect(error.message == message && error.column == column, "\(bytes): \(error)")
    }
  }

  /// Conditions whose *prefers* fails on a long run of `a` (a backtracking limit), and whose
  /// *can activate* is `can`.
  static func failingPrefers(can: String) throws -> ActivationConditions {
    try ActivationConditions(
      canActivateForTargetContentIdentifierPredicate: can,
      prefersToActivateForTargetContentIdentifierPredicate: "SELF MATCHES '(a+)+$'",
      profile: .extended)
  }

  @Test("a decision's bytes and its value are one shape, with exactly the declared members")
  func decisionShapeIsDeclaredOnce() throws {
    // Every member appears: a tie, a failed predicate, a warning, a window group, a URL.
    let failing = try Self.failingPrefers(can: "FALSEPREDICATE")
    let sessions = [
      SceneSession(persistentIdentifier: "one", activationConditions: failing),
      SceneSession(persistentIdentifier: "two", configurationName: "Main", isVisible: true),
      SceneSession(persistentIdentifier: "three"),
      SceneSession(persistentIdentifier: "four"),
    ]
    let groups = [WindowGroup(configuration: "Main", matching: ["x"])]
    let hostile = String(repeating: "a", count: 40) + "b"
    var decisions = [
      ActivationRouter(sessions: sessions).route(
        SceneEvent(.notification(PushNotification(targetContentIdentifier: hostile)))),
      ActivationRouter(sessions: [], windowGroups: groups).route(SceneEvent(.url("x://x"))),
      ActivationRouter(sessions: sessions).route(
        SceneEvent(.url("z://z"), options: RoutingOptions(allowSceneCreation: false))),
    ]
    decisions[0].warnings.append(
      RoutingWarning(id: DiagnosticID(rawValue: "a.b"), message: "\"q\""))
    #expect(!decisions[0].tiedSessions.isEmpty && decisions[1].windowGroup != nil)
    #expect(decisions[0].jsonValue.jsonText.contains(#""prefers":{"error""#))
    var seen: Set<String> = []
    var seenInCandidates: Set<String> = []
    for decision in decisions {
      var bytes: [UInt8] = []
      decision.writeJSON(into: &bytes)
      #expect(
        try JSONValue.parse(bytes) == decision.jsonValue,
        "\(String(decoding: bytes, as: UTF8.self))")
      #expect(try RoutingDecision(json: decision.jsonValue) == decision)
      guard case .object(let object) = decision.jsonValue else {
        Issue.record("a decision is an object")
        continue
      }
      let keys = object.members.map(\.key)
      let declared = RoutingDecision.Member.allCases.map { JSONMember.name($0.fragment) }
      #expect(keys == declared.filter(keys.contains), "written in the declared order")
      seen.formUnion(keys)
      if case .array(let candidates)? = object["candidates"] {
        for case .object(let candidate) in candidates {
          #expect(
            candidate.members.map(\.key)
              == RoutingDecision.CandidateMember.allCases.map { JSONMember.name($0.fragment) })
          seenInCandidates.formUnion(candidate.members.map(\.key))
        }
      }
    }
    #expect(seen == Set(RoutingDecision.Member.allCases.map { JSONMember.name($0.fragment) }))
    #expect(!seenInCandidates.isEmpty)
  }

  @Test("a router's quoted names change what a decision's bytes cost, never the bytes")
  func quotedNamesKeepTheBytes() throws {
    let failing = try Self.failingPrefers(can: "SELF BEGINSWITH 'a'")
    let sessions = [
      SceneSession(persistentIdentifier: "one", activationConditions: failing),
      SceneSession(
        persistentIdentifier: "two \"quoted\"", configurationName: "Main", isVisible: true),
      SceneSession(
        persistentIdentifier: "three", role: .windowExternalDisplayNonInteractive,
        configurationName: "Compose"),
      SceneSession(persistentIdentifier: "four", configurationName: "Main"),
    ]
    let router = ActivationRouter(
      sessions: sessions,
      defaultConfigurations: [
        .windowApplication: "Default", .windowExternalDisplayNonInteractive: "External",
      ])
    let other = ActivationRouter(sessions: sessions.reversed())
    func bytes(_ decision: RoutingDecision, _ names: DecisionNames?) -> String {
      var buffer = ByteBuffer()
      decision.writeBytes(to: &buffer, names: names) { _ in }
      return String(decoding: buffer.bytes, as: UTF8.self)
    }
    let hostile = String(repeating: "a", count: 40) + "b"
    let events = [
      SceneEvent(.notification(PushNotification(targetContentIdentifier: hostile))),
      SceneEvent(.notification(PushNotification(targetContentIdentifier: "b"))),
      SceneEvent(.shortcutItem(ShortcutItem(type: "t", localizedTitle: "T"))),
      SceneEvent(
        .notification(PushNotification(targetContentIdentifier: "a")),
        options: RoutingOptions(role: .windowExternalDisplayNonInteractive)),
    ]
    for event in events {
      for explanation in ActivationRouter.Explanation.allCases {
        var decision = router.route(event, explanation: explanation)
        let plain = bytes(decision, nil)
        #expect(bytes(decision, DecisionNames(router)) == plain, "\(plain)")
        #expect(bytes(decision, DecisionNames(other)) == plain, "another router's names")
        // A decision is a value its owner may change: changed names are written as they are.
        if !decision.candidates.isEmpty {
          decision.candidates[0].sessionIdentifier = "changed"
        }
        if case .existing(_, let configuration) = decision.outcome {
          decision.outcome = .existing(
            sessionIdentifier: "one\u{301}", configurationName: configuration)
        }
        decision.role = "windowApplicationX"
        #expect(bytes(decision, DecisionNames(router)) == bytes(decision, nil))
      }
    }
  }

  @Test("every piece recorded per value reads back as that value")
  func piecesReadBack() throws {
    // The byte writer copies a piece per reason, evaluated source, pair of answers, and
    // visibility and loss; the reader, which shares none of them, must read each value back.
    let answers: [PredicateOutcome] = [.notEvaluated, .answered(false), .answered(true)]
    let template = try #require(
      ActivationRouter(sessions: [SceneSession(persistentIdentifier: "s")])
        .route(SceneEvent(.url("x://y")), explanation: .all).candidates.first)
    var candidates: [CandidateEvaluation] = []
    for lost in [nil] + LossReason.allCases {
      for isVisible in [false, true] {
        for prefers in answers {
          for canActivate in answers {
            var candidate = template
            candidate.sessionIdentifier = "s\(candidates.count)"
            candidate.prefers = prefers
            candidate.canActivate = canActivate
            candidate.isVisible = isVisible
            candidate.lost = lost
            candidates.append(candidate)
          }
        }
      }
    }
    for reason in RoutingReason.allCases {
      for evaluated in [nil] + EvaluatedString.allCases {
        var decision = RoutingDecision()
        decision.reason = reason
        decision.evaluated = evaluated
        decision.url = evaluated == nil || evaluated == .targetContentIdentifier ? nil : "x://y"
        decision.targetContentIdentifier = evaluated == .targetContentIdentifier ? "t" : nil
        decision.candidates = candidates
        var buffer = ByteBuffer()
        decision.writeBytes(to: &buffer) { _ in }
        let read = try RoutingDecision(json: try JSONValue.parse(Array(buffer.bytes)))
        #expect(read == decision, "\(reason), \(String(describing: evaluated))")
      }
    }
  }

  @Test("the byte writer's enumeration tables are the raw values, quoted, found by position")
  func quotedRawValues() {
    func check<Value: RawRepresentable<String> & CaseIterable>(_ type: Value.Type) {
      let table = QuotedRawValues<Value>()
      for value in Value.allCases {
        #expect(String(decoding: Array(table[value]), as: UTF8.self) == "\"\(value.rawValue)\"")
      }
    }
    check(RoutingReason.self)
    check(EvaluatedString.self)
    check(LossReason.self)
    check(EventKind.self)
  }

  /// Cases listed out of declaration order: the position read from a case's representation
  /// would name another case's raw value.
  enum Reordered: String, CaseIterable {
    case first, second
    static var allCases: [Reordered] { [.second, .first] }
  }

  @Test("a table of an enumeration whose allCases is not in declaration order traps when made")
  func quotedRawValuesMisuse() async {
    // The table reads a case's position from its one-byte representation (`unsafeBitCast`):
    // its initializer checks that each case's representation is its position in allCases.
    await #expect(processExitsWith: .failure) {
      _ = QuotedRawValues<Reordered>()
    }
    await #expect(processExitsWith: .failure) {
      _ = JSONRun.Cases<Reordered> { $0.string($1.map { "\($0)" }) }
    }
  }

  @Test("a scene is written with the members the scenes-file reader declares, and read back")
  func sceneMembersAreDeclaredOnce() throws {
    let full = SceneSession(
      persistentIdentifier: "a", configurationName: "Main",
      lastActiveAt: Date(timeIntervalSince1970: 0),
      isVisible: true, userInfo: ["k": "v"])
    var swiftUI = full
    swiftUI.activationConditions = ActivationConditions(ExternalEventHandling(preferring: ["x"]))
    var written: Set<String> = []
    for session in [full, swiftUI] {
      let keys = try #require(session.jsonValue.objectValue).members.map(\.key)
      written.formUnion(keys)
      #expect(try SceneSession(json: session.jsonValue) == session)
    }
    #expect(written == SceneSession.Member.names)
  }

  @Test("one buffer, grown many times over, holds every piece in order")
  func bufferGrowsWithoutLosingBytes() {
    var buffer = ByteBuffer(capacity: 16)
    var expected: [UInt8] = []
    for round in 0..<2_000 {
      let text = String(repeating: "é\u{1}\"x", count: round % 37)
      buffer.string(text)
      buffer.append(#","suitability":"#)
      buffer.append(UInt8(truncatingIfNeeded: round))
      expected += Self.reference(text) + Array(#","suitability":"#.utf8)
      expected.append(UInt8(truncatingIfNeeded: round))
    }
    #expect(Array(buffer.bytes) == expected)
    buffer.removeAll()
    #expect(buffer.count == 0 && buffer.bytes.isEmpty)
  }

  @Test("a piece of every length up to past the inline copies lands whole, at every offset")
  func bufferCopiesEveryLength() {
    // Lengths 4 to 32 are copied as two overlapping chunks: each boundary, at every alignment.
    let source = (0..<96).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    source.withUnsafeBufferPointer { source in
      for offset in 0..<16 {
        for length in 0...70 {
          var buffer = ByteBuffer(capacity: 16)
          buffer.append(UnsafeBufferPointer(rebasing: source[..<offset]))
          let piece = UnsafeBufferPointer(rebasing: source[offset..<(offset + length)])
          buffer.append(piece)
          buffer.append(UInt8(ascii: "!"))
          #expect(
            Array(buffer.bytes) == Array(source[..<(offset + length)]) + [UInt8(ascii: "!")],
            "offset \(offset), length \(length)")
        }
      }
    }
  }

  @Test("a recorded run writes the bytes and the value of the calls it recorded")
  func runRecordsItsCalls() throws {
    func write<Sink: JSONSink & ~Copyable>(_ sink: inout Sink) {
      sink.beginObject()
      sink.firstKey(#","a":"#)
      sink.null()
      sink.key(#","b":"#)
      sink.beginArray()
      sink.bool(true)
      sink.separator()
      sink.count(12)
      sink.separator()
      sink.string("q\"")
      sink.endArray()
      sink.key(#","c":"#)
    }
    let run = JSONRun { write(&$0) }
    var direct = ByteBuffer()
    write(&direct)
    direct.append(#""end"}"#)
    var recorded = ByteBuffer()
    recorded.run(run)
    recorded.append(#""end"}"#)
    #expect(Array(recorded.bytes) == Array(direct.bytes))
    #expect(
      String(decoding: recorded.bytes, as: UTF8.self)
        == #"{"a":null,"b":[true,12,"q\""],"c":"end"}"#)
  }
}
