import PortableIO
import PredicateEvaluation
import SceneRouting

/// A replacement of file bytes.
package struct SourceEdit: Sendable, Hashable {
  /// The first byte replaced.
  package var offset: Int
  /// How many bytes are replaced (0 inserts).
  package var length: Int
  /// The new text.
  package var replacement: String
  /// The 1-based line and byte column of `offset`, for the outputs that show where.
  package var line = 1
  package var column = 1
}

/// One finding, at a file's line and column (1-based; the column counts UTF-8 bytes, as the Swift
/// compiler's do).
package struct LintDiagnostic: Sendable, Hashable {
  package var file: String
  package var line: Int
  package var column: Int
  package var endLine: Int
  package var endColumn: Int
  /// The columns counted in Unicode scalars, as SARIF's `unicodeCodePoints` wants.
  package var scalarColumn: Int
  package var scalarEndColumn: Int
  package var severity: DiagnosticSeverity
  package var id: DiagnosticID
  package var message: String
  /// A machine-applicable fix, when there is one.
  package var fix: SourceEdit?
  /// What the fix does, for people.
  package var fixDescription: String?

  package init(
    file: String, line: Int, column: Int, endLine: Int, endColumn: Int, scalarColumn: Int,
    scalarEndColumn: Int, severity: DiagnosticSeverity, id: DiagnosticID, message: String,
    fix: SourceEdit? = nil, fixDescription: String? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
    self.scalarColumn = scalarColumn
    self.scalarEndColumn = scalarEndColumn
    self.severity = severity
    self.id = id
    self.message = message
    self.fix = fix
    self.fixDescription = fixDescription
  }
}

extension LintDiagnostic {
  /// A finding about a whole file (skipped, not UTF-8), at its first line.
  package static func fileNote(
    _ file: String, _ rule: LintRule, _ message: String
  ) -> LintDiagnostic {
    LintDiagnostic(
      file: file, line: 1, column: 1, endLine: 1, endColumn: 1, scalarColumn: 1,
      scalarEndColumn: 1, severity: rule.severity, id: rule.id,
      message: message)
  }
}

/// A condition found and checked.
package struct LintedCondition: Sendable {
  package var file: String
  package var line: Int
  package var column: Int
  package var kind: ConditionKind
  /// Whether the source spells the whole predicate out (no run-time value in it).
  package var isStatic: Bool
  /// The predicate, when it is valid: each value known only at run time is a `$variable`
  /// (``variables``).
  package var predicate: FormatPredicate?
  /// The canonical predicate, when it is valid, with its run-time values as `$variables`.
  package var format: String? { predicate?.predicateFormat }
  /// Why there is no ``format``: the first error of a predicate that does not parse or
  /// validate (UIKit raises when it is set), and where; else why it cannot be checked.
  package var whyNoFormat: String {
    if valid == false, let error = diagnostics.first(where: { $0.severity == .error }) {
      return "invalid, UIKit raises when it is set: \(error.message) [\(error.id)] at "
        + "\(error.line):\(error.column)"
    }
    return diagnostics.first { $0.id == LintRule.notCheckable.id }?.message
      ?? "the predicate is not known statically"
  }
  /// Whether it is valid under the profile; nil when it cannot be checked.
  package var valid: Bool?
  /// How its value was known (the weakest of its parts).
  package var resolution: ValueResolution = .literal
  /// The declarations its inlined values came from: name, file, line and column.
  package var origins:
    [(name: String, resolution: ValueResolution, file: String, line: Int, column: Int)] = []
  /// The predicate's `$variables`: the values the source does not fix, with their templates or
  /// why they are unknown.
  package var variables: [ConditionVariable] = []
  /// Its findings.
  package var diagnostics: [LintDiagnostic]
  /// Set on the object a conditions builder returns, not on a scene (``FoundCondition/inBuilder``).
  package var inBuilder = false
  /// Set on a fresh object never installed (``FoundCondition/neverInstalled``): no effect.
  package var neverInstalled = false
  /// The `#if` clauses around it within its type (``FoundCondition/compiled``).
  package var compiled = CompiledPlatforms.everywhere
  /// The run-time conditions around it (``FoundCondition/runTime``).
  package var runTime: [String] = []
  /// The branch of an exclusive group it is set in (``FoundCondition/branch``).
  package var branch: ExclusiveBranch?
}

/// Every id `lint` reports besides the predicates' own, with its severity and its help text
/// (SARIF rules): declared as the syntax and validation stages declare theirs.
package enum LintRule: String, DiagnosticKind {
  case interpolatedFormat = "lint.interpolated-format"
  case notCheckable = "lint.not-checkable"
  case archiveTooLarge = "lint.archive-too-large"
  case emptySwiftUIString = "lint.swiftui-empty-string"
  case fileTooLarge = "lint.file-too-large"
  case notUTF8 = "lint.not-utf8"
  case unreadable = "lint.unreadable"
  case notParsed = "lint.not-parsed"
  case quotedFormatArgument = "lint.quoted-format-argument"
  case missingPercent = "lint.format-missing-percent"
  case argumentCount = "lint.format-argument-count"
  case inlinedValue = "lint.inlined-value"
  case blockPredicate = "lint.block-predicate"
  case boxedBoolean = "lint.boxed-boolean"
  case runtimeValue = "app.run-time-value"
  case notFollowed = "app.not-followed"
  case buildCondition = "app.build-condition"
  case recursion = "app.recursion"
  case propertyList = "app.property-list"
  case unhandled = "routing.unhandled"
  case newWindowPerEvent = "routing.new-window-per-event"
  case groupUnreachable = "routing.group-unreachable"
  case dependsOnRunTime = "routing.depends-on-run-time"
  case nearMiss = "routing.near-miss"
  case unstableWindowID = "routing.unstable-window-id"
  case missingDelegateClass = "app.missing-delegate-class"
  case noHandler = "routing.no-handler"
  case wrongConfiguration = "routing.wrong-configuration"
  case neverInstalled = "lint.never-installed"

  /// The severity it is reported at; ``argumentCount`` is an error when arguments are missing,
  /// and ``notFollowed`` a warning when a whole scene list cannot be routed.
  package var severity: DiagnosticSeverity {
    switch self {
    case .blockPredicate, .boxedBoolean, .missingPercent: .error
    case .inlinedValue, .notCheckable, .runtimeValue, .notFollowed, .recursion, .dependsOnRunTime,
      .buildCondition:
      .note
    case .interpolatedFormat, .archiveTooLarge, .emptySwiftUIString, .fileTooLarge, .notUTF8,
      .unreadable, .notParsed, .quotedFormatArgument, .argumentCount, .propertyList, .unhandled,
      .newWindowPerEvent, .groupUnreachable, .nearMiss, .unstableWindowID,
      .missingDelegateClass, .noHandler, .wrongConfiguration, .neverInstalled:
      .warning
    }
  }

  package var help: String {
    switch self {
    case .interpolatedFormat:
      "A predicate format built by string interpolation breaks (or matches something else) when "
        + "the value holds an apostrophe or a quote; pass the value as a %@ argument instead."
    case .notCheckable:
      "The predicate is built from a value known only at run time, so it cannot be checked here; "
        + "build it from a literal format to have it checked."
    case .archiveTooLarge:
      "UIKit ignores a predicate whose archive exceeds 100,000 bytes and silently keeps the old "
        + "one."
    case .emptySwiftUIString:
      "SwiftUI never matches an empty string in handlesExternalEvents sets; it is dead."
    case .fileTooLarge: "Files over the size cap are skipped."
    case .notUTF8: "The file is not UTF-8; only its valid parts are read."
    case .unreadable: "The file could not be read."
    case .quotedFormatArgument:
      "A format specifier inside the format's own quotes ('%@') is literal text, never "
        + "substituted: the predicate compares with the two characters %@ and has no effect. "
        + "Drop the quotes; NSPredicate quotes the argument itself."
    case .missingPercent:
      "A format argument written without its '%' ('@' for '%@') is not a specifier: the "
        + "predicate does not parse, or the argument is never used."
    case .argumentCount:
      "The format has more specifiers than arguments (NSPredicate reads past the arguments and "
        + "raises or crashes) or fewer (the extra arguments are ignored)."
    case .blockPredicate:
      "UIKit's activation conditions must not be block or selector based "
        + "(UISceneActivationConditions.h): assigning NSPredicate(block:) raises, a crash at "
        + "launch. Build the predicate from a format."
    case .boxedBoolean:
      "predicateWithValue: takes a BOOL. '@NO' is an NSNumber object: the compiler converts its "
        + "address (with a warning, or an error under newer Clang), and a non-nil address is YES "
        + "where BOOL is bool (every iOS device, Apple silicon), so '@NO' builds TRUEPREDICATE. "
        + "Drop the '@'."
    case .neverInstalled:
      "The predicate is set on a fresh UISceneActivationConditions that is never installed on a "
        + "scene (scene.activationConditions = conditions), returned or handed on: a scene's "
        + "conditions are its own object, so setting them on a new one has no effect. Install "
        + "it, or set the predicate on scene.activationConditions."
    case .inlinedValue:
      "A value the predicate uses is declared elsewhere in the file; the lint inlined it, and "
        + "this note points at the declaration."
    case .runtimeValue:
      "A value the app model needs (an identifier, an id) is known only at run time; it is "
        + "left out rather than guessed."
    case .notFollowed:
      "The app model could not follow a scene or view type, or stopped following it at its "
        + "depth limit; what lies beyond is unknown, not empty."
    case .recursion:
      "A Scene type's body refers to itself; the app model expands it once."
    case .propertyList:
      "A file named like an Info.plist or a payload file could not be read; it is skipped."
    case .unhandled:
      "An event the app produces is taken by no scene's activation conditions and no window "
        + "group's handlesExternalEvents(matching:) set: the platform opens the fallback scene, "
        + "or nothing. Apple: make sure at least one rule succeeds for every event the app "
        + "claims to handle."
    case .newWindowPerEvent:
      "A window group that events reach, whose views declare no "
        + "handlesExternalEvents(preferring:allowing:), opens a new window for every event: no "
        + "open window ever says it takes one."
    case .groupUnreachable:
      "A scene declared with an id that no openWindow(id:), URL or identifier of the app reaches."
    case .wrongConfiguration:
      "An activation request reuses only a scene that prefers its content; when none is open, "
        + "UIKit creates a scene of the configuration the app delegate returns (by default the "
        + "role's first in Info.plist). Another configuration's conditions claim the content: it "
        + "opens in the wrong kind of window."
    case .noHandler:
      "A shortcut item reaches an open scene whose delegate does not implement "
        + "windowScene(_:performActionFor:completionHandler:), where UIKit hands an open scene "
        + "its shortcut items: the quick action does nothing."
    case .missingDelegateClass:
      "A scene configuration names a delegate class (UISceneDelegateClassName, with "
        + "$(PRODUCT_MODULE_NAME). resolved) that no file of the tree declares: a typo or a "
        + "renamed class leaves the scene without its delegate."
    case .unstableWindowID:
      "A window group's id is computed at run time (a variable, an interpolation, a call): "
        + "openWindow(id:) must compute the same string to open it, and windows restored at "
        + "launch are matched by the id they were saved with. Declare the id as a constant."
    case .nearMiss:
      "Only a catch-all condition (TRUEPREDICATE, \"*\", UIKit's default) or a fallback window "
        + "takes the identifier, while it is within an edit or two of a literal in another "
        + "scene's conditions: most likely a typo that sends every such event to the wrong window."
    case .buildCondition:
      "The declaration is under an #if whose condition is a build setting the source does not fix "
        + "(a custom flag, canImport, targetEnvironment): it is read on both sides, as built "
        + "wherever either branch may be."
    case .dependsOnRunTime:
      "Where the event goes depends on values the app has only at run time (a hole of its "
        + "identifier, a condition built from a run-time value): the routing finding holds for "
        + "some of their values and not others, so it is noted with what it depends on."
    case .notParsed:
      "The Swift file nests deeper than swift-syntax's parser and the readers of its tree "
        + "handle: '[' or '(' past the depth its lookahead takes exponential or growing time at, "
        + "generic arguments, prefix keywords in a row or '#if's past the depth it recurses to, "
        + "or a chain of member accesses and calls longer than a tree the readers recurse "
        + "through, so it is not checked."
    }
  }
}
