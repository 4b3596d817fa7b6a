import AppModel
import PredicateEvaluation
import SceneRouting
import SourceReading

/// A whole lint run.
package struct LintReport: Sendable {
  /// Every condition, in file and source order.
  package var conditions: [LintedCondition] = []
  /// Every finding (the conditions' and the files' own), in file and source order.
  package var diagnostics: [LintDiagnostic] = []
  /// How many files were read.
  package var files = 0
  /// What the walk gathered for the app model (empty unless the linter reads the app).
  package var app = AppInputs()
  /// What the walk gathered for the module index: each source file's candidate declarations,
  /// and the files that used names they do not declare (emptied once the index is used).
  package var module = ModuleInputs()

  package init() {}

  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  package var hasWarnings: Bool { diagnostics.contains { $0.severity == .warning } }
}
