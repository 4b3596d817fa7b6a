import AppModel
import ConditionLint
import Foundation
import SourceReading
import Testing

/// `.scene-router.yml` as hostile input: every bad file is an error at a line and column, never
/// a crash or a hang, and a good one resolves its paths against its own folder.
@Suite("lint configuration files")
struct LintConfigurationTests {
  static func parse(_ text: String) -> Result<LintConfiguration, LintConfigurationError> {
    Result { () throws(LintConfigurationError) in
      try LintConfiguration.parse(text, file: "/project/.scene-router.yml")
    }
  }

  @Test("paths are relative to the file's folder; levels and keys are read")
  func goodFile() throws {
    let configuration = try Self.parse(
      """
      included: [Sources, ../Shared]
      excluded: Sources/Generated
      profile: extended
      strict: yes
      rules:
        lint.not-checkable: off
        syntax.unknown-operator: warning
      baseline: ci/baseline.json
      """
    ).get()
    #expect(configuration.included == ["/project/Sources", "/Shared"])
    #expect(configuration.excluded == ["/project/Sources/Generated"])
    #expect(configuration.profile == .extended)
    #expect(configuration.strict == true)
    #expect(
      configuration.rules == ["lint.not-checkable": .off, "syntax.unknown-operator": .warning])
    #expect(configuration.baseline == "/project/ci/baseline.json")
  }

  @Test(
    "a bad file is an error at its line and column",
    arguments: [
      // Yams 6 reports a duplicate key itself (at the mapping), Yams 5 leaves it to us (at the
      // key): either way an error naming it.
      ("rules:\n  lint.not-checkable: off\nrules: {}\n", 0, 0, "'rules'"),
      ("included: [1, [2]]\n", 1, 15, "expects paths"),
      ("- a\n- b\n", 1, 1, "expected a mapping"),
      (
        "included: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
        1, 75, "nests deeper than 64 levels"
      ),
      ("included:\n" + String(repeating: " ", count: 200) + "- a\n", 2, 129, "nests deeper"),
      ("a0: &a [x, x, x]\nincluded: *a\nx: 1\n", 1, 1, "unknown key 'a0'"),
      ("profile: [uikit]\n", 1, 10, "found a list"),
      ("strict: 2\n", 1, 9, "expects true or false"),
    ])
  func badFile(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    guard case .failure(let error) = Self.parse(text) else {
      Issue.record("accepted: \(text.prefix(40))")
      return
    }
    if line > 0 { #expect(error.line == line, "\(error)") }
    if column > 0 { #expect(error.column == column, "\(error)") }
    #expect(error.message.contains(message), "\(error)")
    #expect(!error.message.contains("\n"))
  }

  @Test(
    "files share the folders their paths begin with, however the slashes are written",
    arguments: [
      ("/a/b/c/File.swift", "/a/b/c/Other.swift", 3),
      ("/a/b/c/File.swift", "/a/b/d/Other.swift", 2),
      ("/a/b/File.swift", "/a/b/c/Other.swift", 2),
      ("/a/bc/File.swift", "/a/b/File.swift", 1),
      ("//a///b/File.swift", "/a/b/Other.swift", 2),
      ("/a/b/", "/a/b/c", 1),
      ("File.swift", "File.swift", 0),
      ("", "/a/File.swift", 0),
      ("/é/x", "/é/y", 1),
    ])
  func sharedFolders(_ first: String, _ second: String, _ shared: Int) {
    #expect(LintPaths.sharedFolders(first, second) == shared)
    #expect(LintPaths.sharedFolders(second, first) == shared)
  }
}
