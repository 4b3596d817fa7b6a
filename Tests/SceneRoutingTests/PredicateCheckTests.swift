import CommandLineOutput
import PredicateEvaluation
import SceneJSON
import SceneRouting
import Testing

@Suite("check's report, without the CLI")
struct PredicateCheckTests {
  @Test("a file's lines: counts, canonical forms, and each diagnostic at the file's line")
  func fileLines() throws {
    let bytes = Array("self beginswith 'a'\n\nSELF ==\n".utf8)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    let check = PredicateCheck(
      [
        .init(line: lines[0], number: 1, file: "p.txt"),
        .init(line: lines[2], number: 3, file: "p.txt"),
      ], profile: .uikit)
    #expect(check.errorCount == 1 && check.warningCount == 0)
    #expect(check.results.map(\.canonical) == [#"SELF BEGINSWITH "a""#, nil])
    guard case .object(let document) = check.jsonValue,
      case .array(let results)? = document["results"],
      case .object(let second)? = results.last,
      case .array(let diagnostics)? = second["diagnostics"],
      case .object(let diagnostic)? = diagnostics.first
    else {
      Issue.record("unexpected shape: \(check.jsonValue)")
      return
    }
    #expect(second["file"] == .string("p.txt") && second["line"] == .number(3))
    #expect(diagnostic["line"] == .number(3))
    let text = check.text(colors: false)
    #expect(text.contains(#"p.txt:1: SELF BEGINSWITH "a""#))
    #expect(text.hasSuffix("2 predicates: 1 error, 0 warnings\n"))
  }

  @Test("a lone valid argument prints its canonical form alone")
  func loneArgument() {
    let check = PredicateCheck([.init(argument: "SELF == 'x'", name: nil)], profile: .uikit)
    #expect(check.text(colors: false) == "SELF == \"x\"\n")
    guard case .object(let document) = check.jsonValue,
      case .array(let results)? = document["results"],
      case .object(let only)? = results.first
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(only["file"] == nil && only["valid"] == .bool(true))
  }
}
