import Foundation
import Testing

@testable import AppModel
@testable import ConditionLint
@testable import SourceReading

@Suite("lint reporters")
struct LintReporterTests {
  /// One finding with a fix, in a file whose name needs escaping in GitHub's and SARIF's forms,
  /// on a line with a non-ASCII character before it (bytes and scalars differ).
  static let report: LintReport = {
    var report = LintReport()
    report.files = 1
    report.diagnostics = [
      LintDiagnostic(
        file: "App/Scene, Delegate.swift", line: 3, column: 9, endLine: 3, endColumn: 14,
        scalarColumn: 8, scalarEndColumn: 13, severity: .error, id: "syntax.unknown-operator",
        message: "unknown operator 'BEGINWITH'",
        fix: SourceEdit(offset: 40, length: 9, replacement: "BEGINSWITH", line: 3, column: 9),
        fixDescription: "replace with 'BEGINSWITH'")
    ]
    return report
  }()

  @Test("each format is one reporter, found by its --format name")
  func reportersByName() throws {
    #expect(LintReporters.all.map { $0.identifier } == ["xcode", "github", "sarif", "json"])
    for reporter in LintReporters.all {
      #expect(LintReporters.named(reporter.identifier) == reporter)
    }
    #expect(LintReporters.named("checkstyle") == nil)
  }

  @Test("xcode and github write one line per finding, in byte columns, escaped")
  func lineFormats() {
    #expect(
      XcodeReporter.generateReport(Self.report, toolVersion: "1")
        == "App/Scene, Delegate.swift:3:9: error: unknown operator 'BEGINWITH' "
        + "[syntax.unknown-operator] (fix: replace with 'BEGINSWITH')\n")
    #expect(
      GitHubReporter.generateReport(Self.report, toolVersion: "1")
        == "::error file=App/Scene%2C Delegate.swift,line=3,col=9,endLine=3,endColumn=14,"
        + "title=syntax.unknown-operator::unknown operator 'BEGINWITH'\n")
  }

  @Test("json and sarif are documents: the finding, its fix, scalar columns and the version")
  func documentFormats() throws {
    let json = try JSONSerialization.jsonObject(
      with: Data(JSONReporter.generateReport(Self.report, toolVersion: "1").utf8))
    let finding = value(json, "diagnostics", 0)
    #expect(value(finding, "column") as? Int == 9 && value(finding, "endColumn") as? Int == 14)
    #expect(value(finding, "severity") as? String == "error")
    let fixIt = value(finding, "fixIts", 0)
    #expect(value(fixIt, "replacement") as? String == "BEGINSWITH")
    #expect(value(fixIt, "offset") as? Int == 40 && value(fixIt, "length") as? Int == 9)
    #expect(value(fixIt, "line") as? Int == 3 && value(fixIt, "column") as? Int == 9)
    #expect(value(json, "files") as? Int == 1)
    let sarif = try JSONSerialization.jsonObject(
      with: Data(SARIFReporter.generateReport(Self.report, toolVersion: "9.9.9").utf8))
    #expect(value(sarif, "runs", 0, "tool", "driver", "version") as? String == "9.9.9")
    let result = value(sarif, "runs", 0, "results", 0)
    let location = value(result, "locations", 0, "physicalLocation")
    #expect(
      value(location, "artifactLocation", "uri") as? String == "App/Scene%2C%20Delegate.swift")
    #expect(value(location, "region", "startColumn") as? Int == 8)
    #expect(
      value(result, "fixes", 0, "description", "text") as? String == "replace with 'BEGINSWITH'")
  }

  /// The value at a path of object keys and array positions in a decoded JSON document.
  private func value(_ document: Any?, _ path: any Sendable...) -> Any? {
    path.reduce(document) { current, step in
      if let key = step as? String { return (current as? [String: Any])?[key] }
      guard let index = step as? Int, let array = current as? [Any], index < array.count else {
        return nil
      }
      return array[index]
    }
  }
}
