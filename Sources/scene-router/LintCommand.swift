import CommandLineOutput
import AppModel
import ArgumentParser
import ConditionLint
import PortableIO
import SceneActivation
import SceneJSON
import SourceReading

/// `scene-router lint`: find activation conditions in Swift, SwiftUI and Objective-C sources and
/// check them where they live.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Find and check activation conditions in Swift, SwiftUI and Objective-C sources.",
    discussion: """
      Reads Swift and C-family (.m, .mm, .h, .c, .cpp and the like) files under each \
      PATH (default: the current folder), skipping \
      .build, DerivedData, Pods, Carthage, node_modules and hidden folders. Finds predicates \
      assigned to canActivateForTargetContentIdentifierPredicate and \
      prefersToActivateForTargetContentIdentifierPredicate (NSPredicate(format:…), \
      NSPredicate(value:), NSCompoundPredicate, directly, through a local or a constant of \
      the same file, or from a closure run on the spot; a fresh UISceneActivationConditions \
      installed with predicates left at their defaults; \
      predicateWithFormat: and friends in Objective-C) and SwiftUI's handlesExternalEvents \
      sets, and checks each under the profile (uikit: what iOS accepts). Findings are reported at \
      their line:column in the source file.

      The app: the same walk reads the app's scenes, Info.plist files and event producers (as \
      'scene-router scenes' does) and reports routing findings at the producer's or the \
      declaration's line: routing.unhandled (an event no scene takes), \
      routing.new-window-per-event, routing.group-unreachable and routing.order-dependent. \
      --no-app checks the predicates alone.

      Formats: 'xcode' (path:line:col: error: message [id]), 'github' (workflow commands), \
      'sarif' (SARIF 2.1.0, for code scanning), 'json'.

      Configuration: each PATH takes the nearest .scene-router.yml at or above it (up to the \
      repository's root), or the file --config names: 'included' and 'excluded' (paths or \
      globs relative to the file), 'profile', 'strict', 'rules' (a diagnostic id to 'off', \
      'warning' or 'error') and 'baseline' (a path). Options given here override the file.

      Baseline: --write-baseline FILE records every finding; --baseline FILE (or the \
      configuration's 'baseline') reports only findings not in it, matched by file, rule id \
      and the text of the finding's line, so an edit above a finding does not bring it back.

      Exits 0 with no errors (--strict: no warnings either), 65 when any is found, 66 when a \
      PATH does not exist, 78 when a configuration or baseline file is wrong.

      Examples:
        scene-router lint
        scene-router lint Sources --format github
        scene-router lint --format sarif > lint.sarif
        scene-router lint --fix --dry-run App/
        scene-router lint --write-baseline .scene-router-baseline.json
      """)

  @Argument(help: "Files or folders to lint.")
  var paths: [String] = []

  @Option(
    help: ArgumentHelp("Output: 'xcode', 'github', 'sarif' or 'json'.", valueName: "format"))
  var format = LintFormat(argument: XcodeReporter.identifier)!

  @OptionGroup var profileOptions: ProfileOptions

  @Option(
    help: ArgumentHelp(
      "Skip paths (or file and folder names) matching this glob; repeatable.", valueName: "GLOB"))
  var exclude: [String] = []

  @Flag(
    inversion: .prefixedNo,
    help: "Fail (exit 65) on warnings too (default: the configuration's 'strict', else no).")
  var strict: Bool?

  @Option(
    help: ArgumentHelp(
      "Use this configuration file for every PATH instead of searching for .scene-router.yml.",
      valueName: "FILE"))
  var config: String?

  @Option(
    help: ArgumentHelp(
      "Report only findings that are not in this baseline file.", valueName: "FILE"))
  var baseline: String?

  @Option(
    help: ArgumentHelp(
      "Record every finding in this baseline file (and exit 0).", valueName: "FILE"))
  var writeBaseline: String?

  @Flag(
    inversion: .prefixedNo,
    help: "Also read the app (scenes, Info.plist, event producers) and report routing findings.")
  var app = true

  @Flag(help: "Apply machine-applicable fixes in place.")
  var fix = false

  @Flag(help: "With --fix: print the fixes as a unified diff instead of applying them.")
  var dryRun = false

  func validate() throws {
    if dryRun && !fix { throw ValidationError("--dry-run goes with --fix") }
    if baseline != nil && writeBaseline != nil {
      throw ValidationError("--baseline and --write-baseline do not go together")
    }
  }

  func run() throws { try OutputStream.withStandardStreams(lint) }

  private func lint(out: OutputStream, err: OutputStream) throws {
    System.keepFreedMemory()
    var options = LintPlan.Options()
    options.profile = profileOptions.profile
    options.strict = strict
    options.excludes = exclude
    options.configuration = config
    options.baseline = baseline
    options.writesBaseline = writeBaseline != nil
    options.readsApp = app
    let targets = paths.isEmpty ? ["."] : paths
    let plan: LintPlan
    do {
      plan = try LintPlan(paths: targets, options: options) { try? Files.contents(of: $0) }
    } catch {
      err.writeLine(error.description)
      throw ExitStatus.configurationError
    }
    let showsProgress = System.isTerminal(2)
    // From the walk's threads, so straight to the descriptor, not through a buffer.
    let progress: @Sendable (Int) -> Void = { count in
      if showsProgress { System.writeAll(2, "\rlint: \(count) files…") }
    }
    var outcome = plan.run(progress: progress)
    if showsProgress && outcome.report.files >= 500 { err.write("\r\u{1B}[K") }
    for path in outcome.missingPaths { err.writeLine("error: \(path): no such file or folder") }
    if fix {
      let fixed = plan.fixedFiles(outcome)
      if dryRun {
        // Standard output is the patch alone, so it can go straight to `patch -p1`.
        for file in fixed {
          out.write(Fixer.unifiedDiff(path: file.path, old: file.old, new: file.new))
        }
        return try end(outcome, failing: true)
      }
      // Each file is replaced atomically, so one that cannot be written is left as it was and
      // the others are still fixed.
      var unwritten = 0
      for file in fixed {
        do {
          try Files.write(file.new, to: file.path)
          err.writeLine("\(file.path): fixed")
        } catch {
          unwritten += 1
          err.writeLine(
            "error: \(file.path): could not write the fixes, the file is unchanged: "
              + "\(error.underlying?.description ?? "not a regular file")")
        }
      }
      if unwritten > 0 { throw ExitStatus.ioError }
      // What is left after the fixes.
      if !fixed.isEmpty { outcome = plan.run() }
    }
    if let writeBaseline {
      let recorded = LintBaseline(recording: outcome.unfiltered, at: writeBaseline)
      do {
        try Files.write(Array(recorded.fileContents.utf8), to: writeBaseline)
      } catch {
        err.writeLine(
          "error: \(writeBaseline): could not write the baseline, the file is unchanged: "
            + "\(error.underlying?.description ?? "not a regular file")"
        )
        throw ExitStatus.cannotCreate
      }
      err.writeLine(
        "lint: recorded \(recorded.entries.count) finding(s) in \(writeBaseline)")
    }
    out.write(
      format.reporter.generateReport(outcome.report, toolVersion: SceneRouterCommand.version))
    try end(outcome, failing: writeBaseline == nil)
  }

  /// Exit 66 when a path was missing, else 65 when the findings fail the run and may.
  private func end(_ outcome: LintPlan.Outcome, failing: Bool) throws {
    if !outcome.missingPaths.isEmpty { throw ExitStatus.noInput }
    if outcome.fails && failing { throw ExitStatus.dataError }
  }
}

/// `lint --format`: a reporter's identifier.
struct LintFormat: ExpressibleByArgument {
  let reporter: any LintReporter.Type

  init?(argument: String) {
    guard let reporter = LintReporters.named(argument) else { return nil }
    self.reporter = reporter
  }

  static var allValueStrings: [String] { LintReporters.all.map { $0.identifier } }
  var defaultValueDescription: String { reporter.identifier }
}
