import AppModel
import PredicateEvaluation
import SceneJSON
import SceneRouting
import SourceReading

/// The report as one JSON document: `{"conditions": […], "diagnostics": […], "files": N}`.
package enum JSONReporter: LintReporter {
  package static let identifier = "json"

  package static func generateReport(_ report: LintReport, toolVersion: String) -> String {
    document(report).jsonText + "\n"
  }

  /// The document as a value.
  package static func document(_ report: LintReport) -> JSONValue {
    .object(
      JSONObject([
        ("conditions", .array(report.conditions.map(\.jsonValue))),
        ("diagnostics", .array(report.diagnostics.map(\.jsonValue))),
        ("files", .number(Double(report.files))),
      ]))
  }
}
