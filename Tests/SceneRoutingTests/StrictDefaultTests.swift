import Foundation
import PredicateEvaluation
import SceneJSON
import SceneRouting
import Testing

/// `uikit` is the default wherever a profile can be left out, so nothing passes a check that
/// would crash an iOS app at launch; `extended` is opted into.
@Suite("Strict by default")
struct StrictDefaultTests {
  @Test("every entry point refuses MATCHES unless extended is asked for")
  func uikitIsTheDefault() throws {
    #expect(throws: InvalidPredicateError.self) {
      try CompiledPredicate(format: "SELF MATCHES 'a+'")
    }
    #expect(CompiledPredicate.compile("SELF MATCHES 'a+'").compiled == nil)
    #expect(throws: ActivationConditionsError.self) {
      try ActivationConditions(canActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'a+'")
    }
    let file =
      #"{"scenes": [{"id": "a", "activationConditions": {"canActivate": "SELF MATCHES 'a+'"}}]}"#
    #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array(file.utf8)) }
    let scene = #"{"id": "a", "activationConditions": {"canActivate": "SELF MATCHES 'a+'"}}"#
    #expect(throws: ScenesFileError.self) { try SceneSession(json: try JSONValue.parse(scene)) }

    let opted = try CompiledPredicate(format: "SELF MATCHES 'a+'", profile: .extended)
    #expect(try opted.evaluate(with: "aaa"))
    let extendedFile =
      #"{"profile": "extended", "scenes": [{"id": "a", "activationConditions": {"canActivate": "SELF MATCHES 'a+'"}}]}"#
    #expect(try ScenesFile(bytes: Array(extendedFile.utf8)).profile == .extended)
  }

  @Test("the refusal says how to opt in")
  func refusalNamesTheOptIn() {
    let diagnostics = CompiledPredicate.compile("SELF MATCHES 'a+'").diagnostics
    let notes = diagnostics.flatMap(\.notes).map(\.message)
    #expect(
      notes.contains { $0.contains("--profile extended") && $0.contains("profile: .extended") })
  }

  @Test("a scenes file built in code takes the profile its conditions need")
  func builtFileProfile() throws {
    let plain = SceneSession(persistentIdentifier: "a")
    #expect(ScenesFile(sessions: [plain]).profile == .uikit)
    var matching = SceneSession(persistentIdentifier: "b")
    matching.activationConditions = try ActivationConditions(
      canActivateForTargetContentIdentifierPredicate: "SELF MATCHES 'b+'", profile: .extended)
    let file = ScenesFile(sessions: [plain, matching])
    #expect(file.profile == .extended)
    let reread = try ScenesFile(json: file.jsonValue)
    #expect(reread.sessions == file.sessions)
  }
}
