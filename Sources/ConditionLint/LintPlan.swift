import AppModel
import PredicateEvaluation
import SourceReading

/// A lint run as the command line and the configuration files together describe it: which
/// paths are linted with which options, and which findings are reported.
///
/// Each PATH takes the nearest `.scene-router.yml` at or above it (or the one `--config`
/// names); paths that share a file are linted together. The command line's options override the
/// file's: `profile`, `strict` and `baseline` replace it, `--exclude` globs add to `excluded`.
package struct LintPlan: Sendable {
  /// What the command line says; nil leaves the configuration's (or the default) in force.
  package struct Options: Sendable {
    package var profile: ValidationProfile?
    package var strict: Bool?
    /// Globs of paths or names to skip, on top of the configuration's `excluded`.
    package var excludes: [String] = []
    /// The configuration file to use for every path, instead of searching.
    package var configuration: String?
    /// The baseline to filter by, instead of the configuration's.
    package var baseline: String?
    /// Whether the run records a baseline (then no baseline filters it).
    package var writesBaseline = false
    /// Whether the app is read too (scenes, Info.plist, producers), for routing findings.
    package var readsApp = true

    package init() {}
  }

  /// Paths that share one configuration.
  package struct Group: Sendable {
    package var configuration: LintConfiguration
    package var paths: [String]
    package var linter: Linter
    package var strict: Bool
    /// The baseline that filters this group's findings, read, with its path.
    package var baseline: (path: String, value: LintBaseline)?
  }

  /// The groups, in the order their first path was given.
  package var groups: [Group]

  /// Resolves each path's configuration and reads the configuration and baseline files.
  ///
  /// - Parameter readFile: reads a baseline's bytes (nil when it cannot be read).
  /// - Throws: ``LintConfigurationError`` for a configuration or baseline file that is missing
  ///   or wrong, at its line and column.
  package init(
    paths: [String], options: Options, readFile: (String) -> [UInt8]?
  ) throws(LintConfigurationError) {
    var order: [String?] = []
    var pathsByFile: [String?: [String]] = [:]
    for path in paths {
      let file = options.configuration ?? LintConfiguration.nearest(to: path)
      if pathsByFile[file] == nil { order.append(file) }
      pathsByFile[file, default: []].append(path)
    }
    var groups: [Group] = []
    for file in order {
      let configuration =
        try file.map { path throws(LintConfigurationError) in
          try LintConfiguration.load(file: path)
        } ?? LintConfiguration()
      var linter = Linter(
        profile: options.profile ?? configuration.profile ?? .uikit, excludes: options.excludes)
      linter.included = configuration.included
      linter.excluded = configuration.excluded
      linter.readsApp = options.readsApp
      var baseline: (String, LintBaseline)?
      if !options.writesBaseline, let path = options.baseline ?? configuration.baseline {
        guard let bytes = readFile(path) else {
          throw LintConfigurationError(
            file: path, line: 1, column: 1, message: "the baseline file cannot be read")
        }
        baseline = (path, try LintBaseline(contentsOf: bytes, path: path))
      }
      groups.append(
        Group(
          configuration: configuration, paths: pathsByFile[file] ?? [], linter: linter,
          strict: options.strict ?? configuration.strict ?? false, baseline: baseline))
    }
    self.groups = groups
  }

  /// The outcome of running the plan.
  package struct Outcome: Sendable {
    /// Every group's findings, rules and baseline applied, in path order.
    package var report = LintReport()
    /// Each group's findings before any baseline, in group order: what `--fix` fixes (with the
    /// group's linter) and `--write-baseline` records.
    package var unfilteredByGroup: [LintReport] = []
    /// Paths that do not exist.
    package var missingPaths: [String] = []
    /// Whether a group had an error, or a warning under `strict`.
    package var fails = false
  }

  /// The files the machine-applicable fixes of `outcome` change, each with its bytes before
  /// and after (fixes applied round after round, as each group's linter checks them).
  package func fixedFiles(_ outcome: Outcome) -> [(path: String, old: [UInt8], new: [UInt8])] {
    zip(groups, outcome.unfilteredByGroup).flatMap { group, report in
      Fixer.fixedFiles(report, linter: group.linter)
    }
  }

  /// Lints every group.
  package func run(progress: (@Sendable (Int) -> Void)? = nil) -> Outcome {
    var outcome = Outcome()
    for group in groups {
      let run = group.linter.run(paths: group.paths, progress: progress)
      outcome.missingPaths += run.missingPaths
      let configured = group.configuration.applyingRules(to: run.report)
      outcome.unfilteredByGroup.append(configured)
      let report = group.baseline.map { $0.value.filter(configured, at: $0.path) } ?? configured
      if report.hasErrors || (group.strict && report.hasWarnings) { outcome.fails = true }
      outcome.report.append(report)
    }
    return outcome
  }
}

extension LintPlan.Outcome {
  /// Every group's findings before any baseline.
  package var unfiltered: LintReport {
    unfilteredByGroup.reduce(into: LintReport()) { $0.append($1) }
  }
}

extension LintReport {
  /// Adds `other`'s conditions, findings and file count after this report's.
  package mutating func append(_ other: LintReport) {
    conditions += other.conditions
    diagnostics += other.diagnostics
    files += other.files
    app.append(other.app)
    module.unresolved += other.module.unresolved
    module.declareNothing += other.module.declareNothing
  }
}
