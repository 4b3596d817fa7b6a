import AppModel
import SourceReading

/// One output format of a findings report, as SwiftLint's `Reporter` is: the name `--format`
/// gives it and the text it writes.
///
/// Findings are values (``LintReport``); a format is a function of them. `lint` picks a reporter
/// by name, and any later command that reports findings takes the same reporters.
package protocol LintReporter {
  /// The `--format` value that picks this reporter.
  static var identifier: String { get }
  /// The whole report in this format; `toolVersion` is for the formats that name the tool.
  static func generateReport(_ report: LintReport, toolVersion: String) -> String
}

/// Every reporter, in the order `--format` lists them.
package enum LintReporters {
  package static var all: [any LintReporter.Type] {
    [XcodeReporter.self, GitHubReporter.self, SARIFReporter.self, JSONReporter.self]
  }

  /// The reporter `identifier` names, or nil.
  package static func named(_ identifier: String) -> (any LintReporter.Type)? {
    all.first { $0.identifier == identifier }
  }
}
