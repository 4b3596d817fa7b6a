import AppModel
import SourceReading

/// `path:line:col: error: message [id]`, the form Xcode, editors and problem matchers read.
///
/// Columns count bytes, as compilers' do.
package enum XcodeReporter: LintReporter {
  package static let identifier = "xcode"

  package static func generateReport(_ report: LintReport, toolVersion: String) -> String {
    report.diagnostics.map { diagnostic in
      let level = diagnostic.severity.rawValue
      var line =
        "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(level): "
        + "\(diagnostic.message) [\(diagnostic.id)]"
      if let fix = diagnostic.fixDescription { line += " (fix: \(fix))" }
      return line + "\n"
    }.joined()
  }
}
