import SceneJSON
import SceneRouting
import Testing

@Suite("errors carry a kind code can match, not only text")
struct ErrorKindTests {
  @Test(
    "an event's field error says what kind of problem it is",
    arguments: [
      (#"{"shortcutItem": {"localizedTitle": "x"}}"#, FieldError.Kind.missing),
      (#"{"shortcutItem": {"type": 4}}"#, .wrongType),
      (#"{"shortcutItem": {"type": "a"}, "userActivity": {"activityType": "b"}}"#, .conflict),
      (#"{"url": "no scheme"}"#, .invalidValue),
      (#"{"something": 1}"#, .missing),
      (#"[1]"#, .wrongType),
    ])
  func eventKinds(json: String, kind: FieldError.Kind) throws {
    let error = #expect(throws: FieldError.self) { try SceneEvent(json: JSONValue.parse(json)) }
    #expect(error?.kind == kind, "\(json): \(error.map(String.init(describing:)) ?? "no error")")
  }

  @Test("a scenes file's problems say their kinds, a bad predicate with its diagnostics")
  func scenesFileKinds() throws {
    let notJSON = #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array("{".utf8)) }
    #expect(notJSON?.problems.map(\.kind) == [.invalidJSON])
    let file = #"""
      {"scenes": [
        {"id": "a", "activationConditions": {"canActivate": "SELF BEGINWITH 'x'"}},
        {"id": "a"},
        {"id": "b", "state": "asleep"}
      ]}
      """#
    let error = #expect(throws: ScenesFileError.self) { try ScenesFile(bytes: Array(file.utf8)) }
    let problems = error?.problems ?? []
    #expect(problems.map(\.kind) == [.invalidPredicate, .conflict, .unknownValue])
    #expect(problems.first?.predicate?.diagnostics.isEmpty == false)
  }
}
