import AppModel
import ConditionLint
import Foundation
import PredicateTestSupport
import SourceReading
import Testing

/// The shapes of `Fixtures/lint/shapes/`, each file checked against the markers written in it:
/// a line that holds conditions ends with `// ⟵ KIND RESOLUTION [IDS], …`, one item a condition
/// in source order (`[IDS]` lists finding ids expected on that line; an item may be ids alone).
/// Every condition and every finding must be on a marked line and match it, so a trap (a doc
/// comment, a declaration, a read) that is reported fails the test.
@Suite("lint: the shapes real code writes, at their markers")
struct LintShapesTests {
  static let folder = Fixtures.root + "/lint/shapes"
  static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".m") || $0.hasSuffix(".mm") }.sorted()

  /// What a marker line expects: conditions as "kind resolution", finding ids.
  struct Expectation: Equatable, CustomStringConvertible {
    var conditions: [String] = []
    var findings: [String] = []
    var description: String { "conditions \(conditions), findings \(findings)" }
  }

  static func expectations(in text: String) -> [Int: Expectation] {
    var result: [Int: Expectation] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      guard let marker = line.range(of: "⟵ ") else { continue }
      var expectation = Expectation()
      for item in line[marker.upperBound...].split(separator: ",") {
        var item = item.trimmingCharacters(in: .whitespaces)
        if let open = item.firstIndex(of: "["), let close = item.lastIndex(of: "]") {
          expectation.findings += item[item.index(after: open)..<close].split(separator: " ").map(
            String.init)
          item = item[..<open].trimmingCharacters(in: .whitespaces)
        }
        if !item.isEmpty { expectation.conditions.append(item) }
      }
      result[index + 1] = expectation
    }
    return result
  }

  @Test("each file's conditions and findings are exactly its markers", arguments: files)
  func markers(_ name: String) throws {
    let path = Self.folder + "/" + name
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let expected = Self.expectations(in: text)
    let report = Linter().run(paths: [path]).report
    var actual: [Int: Expectation] = [:]
    for condition in report.conditions {
      actual[condition.line, default: Expectation()].conditions.append(
        "\(condition.kind.rawValue) \(condition.resolution.rawValue)")
    }
    // A not-checkable note is expected only where a marker names it: a run-time value is
    // already said by the resolution.
    let markedNotes = Set(expected.filter { $0.value.findings.contains("lint.not-checkable") }.keys)
    for diagnostic in report.diagnostics
    where diagnostic.id != "lint.not-checkable" || markedNotes.contains(diagnostic.line) {
      actual[diagnostic.line, default: Expectation()].findings.append(diagnostic.id.rawValue)
    }
    for line in Set(expected.keys).union(actual.keys).sorted() {
      var want = expected[line] ?? Expectation()
      var got = actual[line] ?? Expectation()
      want.findings.sort()
      got.findings.sort()
      #expect(got == want, "\(name):\(line)")
    }
    #expect(!expected.isEmpty || name == "Traps.swift", "\(name) has no markers")
  }

  @Test("the traps file reports nothing")
  func traps() {
    let report = Linter().run(paths: [Self.folder + "/Traps.swift"]).report
    #expect(report.conditions.isEmpty)
    #expect(report.diagnostics.isEmpty)
  }

  @Test("a same-file constant is inlined with its origin; a template keeps its parts")
  func resolutions() throws {
    let report = Linter().run(paths: [Self.folder]).report
    let thread = try #require(
      report.conditions.first { $0.file.hasSuffix("Constants.swift") && $0.line == 24 })
    #expect(thread.format == #"SELF BEGINSWITH "com.example.chat/thread/""#)
    #expect(thread.origins.map(\.name) == ["Identifiers.thread"])
    #expect(thread.origins.first?.line == 8)
    let raw = try #require(
      report.conditions.first { $0.file.hasSuffix("Constants.swift") && $0.line == 26 })
    #expect(raw.format == #"SELF == "settings""#)
    let template = try #require(
      report.conditions.first { $0.file.hasSuffix("Templates.swift") && $0.line == 9 })
    // A template is a variable of the printed predicate, bound to its known parts and holes.
    #expect(template.format == "SELF CONTAINS[cd] $id")
    #expect(
      template.variables == [
        ConditionVariable(
          name: "id", source: "id",
          template: Template(parts: [.text("chat/thread/"), .hole("id")]),
          reason: "'id' is a run-time value")
      ])
    let argument = try #require(
      report.conditions.first { $0.file.hasSuffix("Templates.swift") && $0.line == 22 })
    #expect(argument.format == "SELF == $session")
    #expect(
      argument.variables.map(\.template) == [
        Template(parts: [.text("com.example.sessions/"), .hole("session")])
      ])
    #expect(!argument.isStatic)
    // A format whose holes lie inside quotes is checked with each quoted string a variable.
    let quoted = try #require(
      report.conditions.first { $0.file.hasSuffix("Templates.swift") && $0.line == 14 })
    #expect(quoted.format == "SELF == $thread")
    #expect(
      quoted.variables.first?.template == Template(parts: [.text("chat/thread/"), .hole("thread")]))
    #expect(quoted.valid == true)
    let keyPath = try #require(
      report.conditions.first { $0.file.hasSuffix("Templates.swift") && $0.line == 16 })
    #expect(keyPath.valid == false)
    let defaults = report.conditions.filter {
      $0.file.hasSuffix("Defaults.swift") && $0.resolution == .default
    }
    #expect(
      defaults.map(\.format) == [
        "TRUEPREDICATE", "FALSEPREDICATE", "TRUEPREDICATE",
        "FALSEPREDICATE", "FALSEPREDICATE",
      ])
    #expect(defaults.allSatisfy { $0.isStatic })
  }
}
