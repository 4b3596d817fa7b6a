import PredicateTestSupport
import RoutingTestSupport
import SceneJSON
import SceneRouting
import Testing

/// `route --jsonl` reads a notification from the bytes of its line, without building the JSON
/// tree; these tests hold it to the parse: the same event whenever it answers, and an answer for
/// every plain notification.
@Suite("A notification read from its bytes is the parsed one")
struct NotificationTextTests {
  static let plain = [
    #"{"aps": {"target-content-id": "com.example.chat/thread/42"}}"#,
    #"{"aps":{"target-content-id":"doc-1"}}"#,
    #"  {"aps" : { "alert" : {"title": "Hi", "body": "There"}, "badge": 3, "sound": "default","#
      + #" "target-content-id": "doc/2", "mutable-content": 1}, "custom": [1, "two", {"x": null}]}  "#,
    #"{"Simulator Target Bundle": "com.example.chat", "aps": {"target-content-id": "a"}}"#,
    #"{"aps": {}}"#,
    #"{"aps": {"target-content-id": null}, "url": "https://example.com"}"#,
    #"{"shortcutItem": {"type": "x"}, "aps": {"target-content-id": "t"}}"#,
    "\u{FEFF}{\"aps\": {\"target-content-id\": \"bom\"}}",
    #"{"aps": {"target-content-id": "https:\/\/example.com\/a \"quoted\" \u00e9"}}"#,
    #"{"aps": {"target-content-id": "naïve/日本"}, "data": {"e": "é"}}"#,
  ]

  static let leftToTheParse = [
    #"{"aps": {"target-content-id": "a"}, "routing": {"role": "windowApplication"}}"#,
    #"{"aps": "not an object"}"#,
    #"{"aps": {"target-content-id": 42}}"#,
    #"{"aps": {"target-content-id": "a", "target-content-id": "b"}}"#,
    #"{"aps": {"target-content-id": "a"}, "aps": {}}"#,
    #"{"aps": {"target-content-id": "a"}, "x": {"k": 1, "k": 2}}"#,
    #"{"a\u0070s": {"target-content-id": "escaped name"}}"#,
    #"{"aps": {"target-content-id": "a"}, "é": 1, "é": 2}"#,
    #"{"aps": {"target-content-id": "a"}, "data": {"é": true}}"#,
    #"{"aps": {"target-content-id": "a"}} trailing"#,
    #"{"aps": {"target-content-id": "a"}"#,
    #"{"aps": {"target-content-id": "a\u"}}"#,
    #"{"aps": {"target-content-id": "a"}, "n": 01}"#,
    #"{"aps": {"target-content-id": "a"}, "n": [1, 2,]}"#,
    #"{"url": "https://example.com"}"#,
    #"["aps"]"#,
    "",
  ]

  @Test("plain notifications are read from the bytes, as the parse reads them")
  func plainNotifications() throws {
    for line in Self.plain {
      let bytes = Array(line.utf8)[...]
      #expect(FuzzInvariants.eventTextViolations(bytes) == [], "\(line)")
      let event = try #require(SceneEvent(notificationText: bytes), "\(line)")
      let parsed = try SceneEvent(json: JSONValue.parse(bytes), byteCount: bytes.count)
      #expect(event == parsed)
      // The payload made on demand is the whole text, not only the members routing reads.
      guard case .notification(let fast) = event.kind, case .notification(let slow) = parsed.kind
      else {
        Issue.record("not a notification: \(line)")
        continue
      }
      #expect(fast.payload == slow.payload)
    }
  }

  @Test("the identifier, the bundle and the oversized-payload warning are the parse's")
  func fields() throws {
    let line = #"{"Simulator Target Bundle": "com.example", "aps": {"target-content-id": "x/1"}}"#
    let event = try #require(SceneEvent(notificationText: Array(line.utf8)[...]))
    #expect(event.targetContentIdentifier == "x/1")
    guard case .notification(let push) = event.kind else { return }
    #expect(push.simulatorTargetBundle == "com.example")
    let large =
      #"{"aps": {"target-content-id": "a"}, "pad": ""#
      + String(repeating: "p", count: 4100) + "\"}"
    let warned = try #require(SceneEvent(notificationText: Array(large.utf8)[...]))
    #expect(warned.warnings.map(\.id.rawValue) == ["event.payload-too-large"])
    // A kind given on the command line other than a notification's is left to the parse.
    #expect(SceneEvent(notificationText: Array(line.utf8)[...], kind: .url) == nil)
    #expect(SceneEvent(notificationText: Array(line.utf8)[...], kind: .notification) != nil)
  }

  @Test("errors, options, duplicates and other kinds are left to the parse, which names them")
  func leftToParse() {
    for line in Self.leftToTheParse {
      let bytes = Array(line.utf8)[...]
      #expect(SceneEvent(notificationText: bytes) == nil, "\(line)")
      #expect(FuzzInvariants.eventTextViolations(bytes) == [], "\(line)")
    }
    // Nesting past the parse's limit is refused by both.
    let deep =
      #"{"aps": {}, "d": "# + String(repeating: "[", count: 300)
      + String(repeating: "]", count: 300) + "}"
    #expect(SceneEvent(notificationText: Array(deep.utf8)[...]) == nil)
  }

  @Test("mutated lines: whenever the bytes give an event, it is the parsed one")
  func mutations() {
    var random = SeededRandom()
    let pieces = [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u00e9", "\\ud800", "null", "true", "1e5", "-0",
      " ", "\"aps\"", "\"target-content-id\"", "\"routing\"", "é", "\u{0}", "\u{FF}",
    ]
    var answered = 0
    for _ in 0..<20_000 {
      var bytes = Array(random.pick(Self.plain + Self.leftToTheParse).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !bytes.isEmpty: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: random.pick(pieces).utf8, at: at)
        default: if !bytes.isEmpty { bytes[at] = UInt8.random(in: 0...255, using: &random) }
        }
      }
      let violations = FuzzInvariants.eventTextViolations(bytes[...])
      #expect(violations == [], "seed \(random.seed): \(bytes)")
      if !violations.isEmpty { return }
      if SceneEvent(notificationText: bytes[...]) != nil { answered += 1 }
    }
    // The mutations keep many lines plain: the bytes must answer a good share of them.
    #expect(answered > 1_000)
  }
}
