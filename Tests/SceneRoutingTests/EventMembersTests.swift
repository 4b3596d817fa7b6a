import SceneJSON
import SceneRouting
import Testing

@Suite("Event members: one declaration for the reader, the writer and the warnings")
struct EventMembersTests {
  /// Each kind with every member it can carry set, and options away from the defaults.
  static let full: [SceneEvent] = {
    let activity = UserActivity(
      activityType: "com.example.open", targetContentIdentifier: "doc/1",
      webpageURL: "https://example.com/doc/1", userInfo: JSONObject([("k", .string("v"))]))
    var options = RoutingOptions(role: .windowExternalDisplayNonInteractive)
    options.excluding = ["a"]
    options.allowSceneCreation = false
    return [
      SceneEvent(
        .shortcutItem(
          ShortcutItem(type: "compose", localizedTitle: "Compose", targetContentIdentifier: "c")),
        options: options),
      SceneEvent(.userActivity(activity), options: options),
      SceneEvent(
        .appIntent(AppIntentRequest(intentType: "OpenIntent", contentIdentifier: "doc/2")),
        options: options),
      SceneEvent(.activationRequest(.userActivity(activity)), options: options),
      SceneEvent(.activationRequest(.session("s")), options: options),
    ]
  }()

  @Test("every kind's writer writes exactly its declared members, and reads back unwarned")
  func writerMatchesDeclaration() throws {
    for event in Self.full {
      guard case .object(let root) = event.jsonValue else {
        Issue.record("not an object")
        continue
      }
      let read = try SceneEvent(json: event.jsonValue)
      #expect(read == event)
      #expect(read.warnings.isEmpty, "\(read.warnings)")
      guard case .object(let routing)? = root["routing"] else {
        Issue.record("no routing")
        continue
      }
      #expect(Set(routing.keys) == EventMembers.routing)
      for key in root.keys where key != "routing" {
        #expect(EventMembers.all.contains(key))
        guard case .object(let inner)? = root[key] else { continue }
        let declared: Set<String> =
          switch key {
          case "shortcutItem": EventMembers.shortcutItem
          case "userActivity": EventMembers.userActivity
          case "appIntent": EventMembers.appIntent
          default: EventMembers.activationRequest
          }
        if key == "activationRequest" {
          #expect(Set(inner.keys).isSubset(of: declared))
        } else {
          #expect(Set(inner.keys) == declared, "\(key)")
        }
      }
    }
  }

  @Test("a member outside the declaration is warned about, at its path")
  func unknownMember() throws {
    let json = try JSONValue.parse(
      Array(#"{"appIntent": {"type": "T", "contentIdentifer": "x"}}"#.utf8))
    let event = try SceneEvent(json: json)
    #expect(event.warnings.map(\.message).contains { $0.contains("appIntent.contentIdentifer") })
  }
}
