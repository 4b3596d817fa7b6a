import PredicateEvaluation
import PredicateSyntax
import SceneJSON
import SceneRouting
import Testing

/// The calls an adopter writes first, shaped like Apple's.
@Suite("Adopter API")
struct AdopterAPITests {
  @Test("CompiledPredicate(format:_:) takes arguments as NSPredicate(format:_:) does")
  func formatWithArguments() throws {
    let thread = try CompiledPredicate(format: "SELF == %@", "chat/thread/42")
    #expect(try thread.evaluate(with: "chat/thread/42"))
    #expect(thread.predicateFormat == #"SELF == "chat/thread/42""#)
    let either = try CompiledPredicate(format: "SELF IN %@", ["inbox", "sent"])
    #expect(try either.evaluate(with: "sent"))
    let key = try CompiledPredicate(format: "%K BEGINSWITH %@", "SELF", "doc-")
    #expect(try key.evaluate(with: "doc-1"))
    let number = try CompiledPredicate(format: "SELF BEGINSWITH %@ OR %d == 3", "x", 3)
    #expect(try number.evaluate(with: "y"))
    let array = try CompiledPredicate(
      format: "SELF ENDSWITH %@", argumentArray: [.string("/42")])
    #expect(try array.evaluate(with: "chat/42"))

    // %K with a key other than SELF is what UIKit refuses; a missing argument is an error.
    #expect(throws: InvalidPredicateError.self) {
      try CompiledPredicate(format: "%K == %@", "name", "x")
    }
    #expect(throws: InvalidPredicateError.self) { try CompiledPredicate(format: "SELF == %@") }
    // Diagnostics point into the format, not the substituted text.
    do {
      _ = try CompiledPredicate(format: "SELF BEGINWITH %@", "x")
      Issue.record("a misspelled operator compiled")
    } catch {
      #expect(error.source == "SELF BEGINWITH %@")
      #expect(error.diagnostics.first?.range.lowerBound == 5)
    }
  }

  @Test("a push notification reads its identifier from its payload")
  func pushFromPayload() throws {
    let payload = try #require(
      try JSONValue.parse(
        #"{"aps": {"alert": "Hi", "target-content-id": "chat/1"}, "Simulator Target Bundle": "com.example"}"#
      ).objectValue)
    var push = PushNotification(payload: payload)
    #expect(push.targetContentIdentifier == "chat/1")
    #expect(push.simulatorTargetBundle == "com.example")
    push.payload["aps"] = .object(JSONObject([("target-content-id", .string("chat/2"))]))
    #expect(push.targetContentIdentifier == "chat/2")
    let built = PushNotification(targetContentIdentifier: "chat/3")
    #expect(JSONValue.object(built.payload).jsonText == #"{"aps":{"target-content-id":"chat/3"}}"#)
  }

  @Test("outcomes, decisions and condition errors print as sentences, each message once")
  func readableDescriptions() throws {
    #expect(
      RoutingOutcome.existing(sessionIdentifier: "t", configurationName: nil).description
        == "scene 't'")
    #expect(
      RoutingOutcome.newScene(configurationName: "Compose").description
        == "new scene with configuration 'Compose'")
    #expect(RoutingOutcome.none.description == "no scene")
    do {
      _ = try ActivationConditions(canActivateForTargetContentIdentifierPredicate: "SELF ==")
      Issue.record("an incomplete predicate was accepted")
    } catch {
      #expect(error.field == .canActivate)
      #expect(error.source == "SELF ==")
      #expect(error.diagnostics.first?.id.rawValue == "syntax.expected-expression")
      let message = "expected an expression after '=='"
      #expect(error.description.hasPrefix("canActivate: 1:8: error[syntax.expected-expression]"))
      #expect(error.description.components(separatedBy: message).count == 2, "\(error)")
    }
  }

  @Test("roles use UIKit's current names and read the pre-iOS 16 one")
  func roles() {
    #expect(
      SceneSessionRole.windowExternalDisplayNonInteractive.rawValue
        == "windowExternalDisplayNonInteractive")
    #expect(
      SceneSessionRole(rawValue: "windowExternalDisplay")
        == .windowExternalDisplayNonInteractive)
    #expect(SceneSessionRole.knownRoles.contains(.windowApplication))
  }

  @Test("a shortcut item has a title, as UIKit requires; event files may leave it out")
  func shortcutTitle() throws {
    let item = ShortcutItem(type: "compose", localizedTitle: "New Message")
    #expect(item.localizedTitle == "New Message")
    let event = try SceneEvent(
      json: try JSONValue.parse(#"{"shortcutItem": {"type": "compose"}}"#))
    guard case .shortcutItem(let read) = event.kind else {
      Issue.record("not a shortcut item: \(event.kind)")
      return
    }
    #expect(read.localizedTitle == "")
  }
}
