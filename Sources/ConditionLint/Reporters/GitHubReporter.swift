import AppModel
import SourceReading

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which
/// annotate a pull request's lines.
package enum GitHubReporter: LintReporter {
  package static let identifier = "github"

  package static func generateReport(_ report: LintReport, toolVersion: String) -> String {
    report.diagnostics.map { diagnostic in
      let command =
        switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
      return "::\(command) file=\(escapeProperty(diagnostic.file)),line=\(diagnostic.line),"
        + "col=\(diagnostic.column),endLine=\(diagnostic.endLine),"
        + "endColumn=\(diagnostic.endColumn),title=\(escapeProperty(diagnostic.id.rawValue))::"
        + escapeData(diagnostic.message) + "\n"
    }.joined()
  }

  /// A command's message, where `%`, CR and LF would end or garble it.
  private static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property's value, where `:` and `,` also separate.
  private static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
      of: ",", with: "%2C")
  }
}
