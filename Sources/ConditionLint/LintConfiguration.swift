import AppModel
import Foundation
import PredicateEvaluation
import PredicateSyntax
import SourceReading

/// The options of a lint run as a team keeps them beside its sources, in `.scene-router.yml`.
///
/// Plugin users cannot pass flags, and a team wants the same options in Xcode, in CI and on the
/// command line, so every option the CLI takes for a lint run can live in the file. It is found
/// the way SwiftLint finds `.swiftlint.yml`: from each linted path upward, the nearest one
/// applies. Command-line options override what the file says.
///
/// ```yaml
/// included: [Sources, App]      # relative to this file; default: everything under the path
/// excluded: [Sources/Generated, "**/*Tests.swift"]
/// profile: uikit                # or extended
/// strict: true                  # warnings fail the run too
/// rules:
///   lint.not-checkable: off     # off, warning or error
///   validation.in-options: error
/// baseline: .scene-router-baseline.json
/// ```
package struct LintConfiguration: Sendable, Hashable {
  /// The file name searched for.
  package static let fileName = ".scene-router.yml"

  /// What a `rules` entry sets a diagnostic id to.
  package enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    /// The finding is not reported.
    case off
    /// The finding is reported as a warning (fails the run only when strict).
    case warning
    /// The finding is reported as an error (fails the run).
    case error
  }

  /// The file this was read from; nil for a configuration made in code.
  package var file: String?
  /// Absolute paths (or globs) a linted file must lie under; empty admits every file.
  package var included: [String] = []
  /// Absolute paths (or globs) under which nothing is linted.
  package var excluded: [String] = []
  /// The validation profile; nil leaves the command line's (default `uikit`).
  package var profile: ValidationProfile?
  /// Whether warnings fail the run; nil leaves the command line's (default false).
  package var strict: Bool?
  /// Levels by diagnostic id.
  package var rules: [String: RuleLevel] = [:]
  /// The absolute path of the baseline file, when there is one.
  package var baseline: String?

  package init() {}

  /// Every id a `rules` entry may name: the predicate language's, and lint's own.
  package static let ruleIDs: [String] = DiagnosticRegistry.entries.map(\.id)

  /// The nearest `.scene-router.yml` at or above `path` (its folder, for a file), or nil; as
  /// ``LintPaths/display(_:)`` shows it.
  ///
  /// A relative `path` is taken from the current folder. The search goes up to the repository's
  /// root (the first folder holding `.git`) and stops there (**Decision**: a file in a user's
  /// home folder must not change what a repository's lint reports), or to the root of the file
  /// system outside a repository.
  package static func nearest(to path: String) -> String? {
    var folder = LintPaths.absolute(path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      folder = LintPaths.parent(folder)
    }
    while true {
      let candidate = folder == "/" ? "/" + fileName : folder + "/" + fileName
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return LintPaths.display(candidate)
      }
      if folder == "/" || folder.isEmpty
        || FileManager.default.fileExists(atPath: folder + "/.git")
      {
        return nil
      }
      folder = LintPaths.parent(folder)
    }
  }

  /// The report with `rules` applied: findings of an `off` id removed (from the conditions
  /// too), the others given their configured severity.
  package func applyingRules(to report: LintReport) -> LintReport {
    guard !rules.isEmpty else { return report }
    func apply(_ diagnostics: [LintDiagnostic]) -> [LintDiagnostic] {
      diagnostics.compactMap { diagnostic in
        switch rules[diagnostic.id.rawValue] {
        case nil: return diagnostic
        case .off: return nil
        case .warning?:
          var changed = diagnostic
          changed.severity = .warning
          return changed
        case .error?:
          var changed = diagnostic
          changed.severity = .error
          return changed
        }
      }
    }
    var result = report
    result.diagnostics = apply(report.diagnostics)
    for index in result.conditions.indices {
      result.conditions[index].diagnostics = apply(result.conditions[index].diagnostics)
    }
    return result
  }
}

/// An error in a `.scene-router.yml`: the file, the line and column (1-based) and what is wrong.
package struct LintConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configuration file.
  package var file: String
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in Unicode scalars (libyaml counts them so).
  package var column: Int
  /// What is wrong (lowercase, no final period).
  package var message: String

  package var description: String { "\(file):\(line):\(column): error: \(message)" }
}
