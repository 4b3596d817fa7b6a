import PredicateSyntax

// The diagnostics validation and compilation report. Each is exercised by a test.
extension DiagnosticID {
  /// A key path other than `SELF` (`name`, `SELF.length`, `#SELF`).
  public static let keyPath: DiagnosticID = "validation.key-path"
  /// A collection operator such as `@count`.
  public static let collectionOperator: DiagnosticID = "validation.collection-operator"
  /// A subscript such as `SELF[FIRST]`.
  public static let index: DiagnosticID = "validation.index"
  /// A function call (`FUNCTION(…)`, `lowercase(SELF)`, `now()`).
  public static let function: DiagnosticID = "validation.function"
  /// Arithmetic or unary minus.
  public static let arithmetic: DiagnosticID = "validation.arithmetic"
  /// `ANY`, `ALL`, `NONE` or `SOME`.
  public static let aggregateQualifier: DiagnosticID = "validation.aggregate-qualifier"
  /// `SUBQUERY(…)`.
  public static let subquery: DiagnosticID = "validation.subquery"
  /// `CAST(…)`.
  public static let cast: DiagnosticID = "validation.cast"
  /// `FETCH(…)`.
  public static let fetch: DiagnosticID = "validation.fetch"
  /// `ANYKEY`.
  public static let anyKey: DiagnosticID = "validation.any-key"
  /// `UTI-CONFORMS-TO` or `UTI-EQUALS`.
  public static let utiOperator: DiagnosticID = "validation.uti-operator"
  /// A `$variable` left unsubstituted (and any variable under the `uikit` profile).
  public static let variable: DiagnosticID = "validation.variable"
  /// A format specifier such as `%d` that no argument replaced.
  public static let formatPlaceholder: DiagnosticID = "validation.format-placeholder"
  /// `MATCHES` under the `uikit` profile.
  public static let uikitMatches: DiagnosticID = "validation.uikit-matches"
  /// An operand of the wrong type for its operator.
  public static let typeMismatch: DiagnosticID = "validation.type-mismatch"
  /// `BETWEEN` without an aggregate of exactly two bounds.
  public static let betweenBounds: DiagnosticID = "validation.between-bounds"
  /// A LIKE pattern ending in a lone backslash.
  public static let likePattern: DiagnosticID = "validation.like-pattern"
  /// A regular expression PCRE2 rejects.
  public static let invalidRegex: DiagnosticID = "validation.invalid-regex"
  /// ICU regex syntax that PCRE2 would read differently or not at all.
  public static let icuOnlyRegex: DiagnosticID = "validation.icu-only-regex"
  /// PCRE2 regex syntax that ICU (and so iOS) rejects.
  public static let pcreOnlyRegex: DiagnosticID = "validation.pcre-only-regex"
  /// A comparison whose answer does not depend on the identifier (warning).
  public static let constantComparison: DiagnosticID = "lint.constant-comparison"
  /// A whole predicate that is always true or always false (warning).
  public static let constantPredicate: DiagnosticID = "lint.constant-predicate"
  /// Options on `IN {…}`, which ignores them (warning).
  public static let ignoredOptions: DiagnosticID = "lint.ignored-options"
  /// `[n]` together with `[c]` or `[d]`, which it overrides (warning).
  public static let normalizedOverrides: DiagnosticID = "lint.normalized-overrides"
  /// `[l]`, which has no effect here (warning).
  public static let localeOption: DiagnosticID = "lint.locale-option"
}
