import PredicateSyntax

/// Every message validation and compilation report: one case per wording, each mapped to its
/// kind.
enum ValidationMessage: DiagnosticMessage {
  /// The ids of validation and compilation, with their severities. Each is exercised by a
  /// fixture in `Fixtures/evaluation/invalid` or a test.
  enum Kind: String, DiagnosticKind {
    case keyPath = "validation.key-path"
    case collectionOperator = "validation.collection-operator"
    case index = "validation.index"
    case function = "validation.function"
    case arithmetic = "validation.arithmetic"
    case aggregateQualifier = "validation.aggregate-qualifier"
    case subquery = "validation.subquery"
    case cast = "validation.cast"
    case fetch = "validation.fetch"
    case anyKey = "validation.any-key"
    case utiOperator = "validation.uti-operator"
    case variable = "validation.variable"
    case formatPlaceholder = "validation.format-placeholder"
    case uikitMatches = "validation.uikit-matches"
    case typeMismatch = "validation.type-mismatch"
    case betweenBounds = "validation.between-bounds"
    case likePattern = "validation.like-pattern"
    case invalidRegex = "validation.invalid-regex"
    case icuOnlyRegex = "validation.icu-only-regex"
    case pcreOnlyRegex = "validation.pcre-only-regex"
    case regexNotLikeICU = "validation.regex-not-like-icu"
    case constantComparison = "lint.constant-comparison"
    case constantPredicate = "lint.constant-predicate"
    case ignoredOptions = "lint.ignored-options"
    case normalizedOverrides = "lint.normalized-overrides"
    case localeOption = "lint.locale-option"

    var severity: DiagnosticSeverity { rawValue.hasPrefix("lint.") ? .warning : .error }
  }

  case aggregateQualifier(String)
  case utiOperator(String)
  case uikitMatches
  case keyPath(String)
  case memberKeyPath(String)
  case collectionOperator(String)
  case index(String)
  case uikitVariable(String)
  case unsubstitutedVariable(String)
  case formatPlaceholder(String)
  case function(String)
  case arithmetic
  case subquery
  case cast
  case fetch
  case anyKey
  case operandType(operator: String, side: String, found: String)
  case cannotOrder(String, against: String)
  case inStringOperand(found: String)
  case inRightOperand(found: String)
  case betweenBounds(found: String)
  case likeTrailingBackslash
  case invalidRegex(String)
  case regexHexDigits(escape: Character, digits: Int)
  case unterminatedPOSIXClass
  case icuOnlyRegex(String)
  case pcreOnlyRegex(String)
  case regexNotLikeICU(String, because: String)
  case constantComparison(Bool)
  case constantComparisonBecause(Bool, String)
  case constantPredicate(Bool)
  case ignoredOptions
  case normalizedOverrides
  case localeOption

  var kind: Kind {
    switch self {
    case .aggregateQualifier: .aggregateQualifier
    case .utiOperator: .utiOperator
    case .uikitMatches: .uikitMatches
    case .keyPath, .memberKeyPath: .keyPath
    case .collectionOperator: .collectionOperator
    case .index: .index
    case .uikitVariable, .unsubstitutedVariable: .variable
    case .formatPlaceholder: .formatPlaceholder
    case .function: .function
    case .arithmetic: .arithmetic
    case .subquery: .subquery
    case .cast: .cast
    case .fetch: .fetch
    case .anyKey: .anyKey
    case .operandType, .cannotOrder, .inStringOperand, .inRightOperand: .typeMismatch
    case .betweenBounds: .betweenBounds
    case .likeTrailingBackslash: .likePattern
    case .invalidRegex, .regexHexDigits, .unterminatedPOSIXClass: .invalidRegex
    case .icuOnlyRegex: .icuOnlyRegex
    case .pcreOnlyRegex: .pcreOnlyRegex
    case .regexNotLikeICU: .regexNotLikeICU
    case .constantComparison, .constantComparisonBecause: .constantComparison
    case .constantPredicate: .constantPredicate
    case .ignoredOptions: .ignoredOptions
    case .normalizedOverrides: .normalizedOverrides
    case .localeOption: .localeOption
    }
  }

  var id: DiagnosticID { kind.id }
  var severity: DiagnosticSeverity { kind.severity }

  var message: String {
    switch self {
    case .aggregateQualifier(let qualifier):
      "aggregate qualifier '\(qualifier)' is not allowed: the target content identifier is a "
        + "single string"
    case .utiOperator(let spelling): "'\(spelling)' is not allowed in activation conditions"
    case .uikitMatches: "MATCHES is not allowed under the uikit profile"
    case .keyPath(let name):
      "key path '\(name)' is not allowed: activation conditions may refer only to SELF"
    case .memberKeyPath(let path):
      "key path '\(path)' is not allowed: activation conditions may refer only to SELF itself"
    case .collectionOperator(let name): "collection operator '@\(name)' is not allowed"
    case .index(let text): "subscript '\(text)' is not allowed"
    case .uikitVariable(let name): "substitution variable '$\(name)' is not allowed"
    case .unsubstitutedVariable(let name): "substitution variable '$\(name)' has no value"
    case .formatPlaceholder(let specifier): "format specifier '\(specifier)' has no argument"
    case .function(let name): "function '\(name)' is not allowed"
    case .arithmetic: "arithmetic is not allowed"
    case .subquery: "SUBQUERY is not allowed"
    case .cast: "CAST is not allowed"
    case .fetch: "FETCH is not allowed"
    case .anyKey: "ANYKEY is not allowed"
    case .operandType(let op, let side, let found):
      "'\(op)' needs a string on the \(side), found \(found)"
    case .cannotOrder(let lhs, let rhs): "cannot order \(lhs) against \(rhs)"
    case .inStringOperand(let found):
      "'IN' with a string on the right needs a string on the left, found \(found)"
    case .inRightOperand(let found):
      "'IN' needs an aggregate or a string on the right, found \(found)"
    case .betweenBounds(let found): "BETWEEN needs an aggregate of two bounds, found \(found)"
    case .likeTrailingBackslash: "LIKE pattern ends with a lone backslash"
    case .invalidRegex(let reason): "invalid regular expression: \(reason)"
    case .regexHexDigits(let escape, let digits):
      "'\\\(escape)' needs \(digits) hexadecimal digits"
    case .unterminatedPOSIXClass: "unterminated POSIX class"
    case .icuOnlyRegex(let what): "\(what) is ICU syntax that PCRE2 does not support"
    case .pcreOnlyRegex(let what): "\(what) is PCRE2 syntax that ICU rejects"
    case .regexNotLikeICU(let what, let reason):
      "\(what) cannot be matched the way ICU matches it: \(reason)"
    case .constantComparison(let value): "comparison does not involve SELF: it is always \(value)"
    case .constantComparisonBecause(let value, let reason):
      "comparison is always \(value): \(reason)"
    case .constantPredicate(let value): "predicate is always \(value), whatever the identifier"
    case .ignoredOptions: "options have no effect on membership in an aggregate"
    case .normalizedOverrides: "option 'n' turns off the folding that 'c' and 'd' ask for"
    case .localeOption: "option 'l' has no effect: comparisons here are not localized"
    }
  }
}

extension Diagnostic {
  /// A validation or compilation diagnostic.
  init(
    _ message: ValidationMessage, at range: SourceRange, notes: [DiagnosticNote] = [],
    fixIts: [FixIt] = []
  ) {
    self.init(
      id: message.id, severity: message.severity, message: message.message, range: range,
      notes: notes, fixIts: fixIts)
  }
}

// The names of the validation ids, for matching in the package: each is the kind's id, defined once above.
extension DiagnosticID {
  /// A key path other than `SELF` (`name`, `SELF.length`, `#SELF`).
  package static let keyPath = ValidationMessage.Kind.keyPath.id
  /// A collection operator such as `@count`.
  package static let collectionOperator = ValidationMessage.Kind.collectionOperator.id
  /// A subscript such as `SELF[FIRST]`.
  package static let index = ValidationMessage.Kind.index.id
  /// A function call (`FUNCTION(…)`, `lowercase(SELF)`, `now()`).
  package static let function = ValidationMessage.Kind.function.id
  /// Arithmetic or unary minus.
  package static let arithmetic = ValidationMessage.Kind.arithmetic.id
  /// `ANY`, `ALL`, `NONE` or `SOME`.
  package static let aggregateQualifier = ValidationMessage.Kind.aggregateQualifier.id
  /// `SUBQUERY(…)`.
  package static let subquery = ValidationMessage.Kind.subquery.id
  /// `CAST(…)`.
  package static let cast = ValidationMessage.Kind.cast.id
  /// `FETCH(…)`.
  package static let fetch = ValidationMessage.Kind.fetch.id
  /// `ANYKEY`.
  package static let anyKey = ValidationMessage.Kind.anyKey.id
  /// `UTI-CONFORMS-TO` or `UTI-EQUALS`.
  package static let utiOperator = ValidationMessage.Kind.utiOperator.id
  /// A `$variable` left unsubstituted (and any variable under the `uikit` profile).
  package static let variable = ValidationMessage.Kind.variable.id
  /// A format specifier such as `%d` that no argument replaced.
  package static let formatPlaceholder = ValidationMessage.Kind.formatPlaceholder.id
  /// `MATCHES` under the `uikit` profile.
  package static let uikitMatches = ValidationMessage.Kind.uikitMatches.id
  /// An operand of the wrong type for its operator.
  package static let typeMismatch = ValidationMessage.Kind.typeMismatch.id
  /// `BETWEEN` without an aggregate of exactly two bounds.
  package static let betweenBounds = ValidationMessage.Kind.betweenBounds.id
  /// A LIKE pattern ending in a lone backslash.
  package static let likePattern = ValidationMessage.Kind.likePattern.id
  /// A regular expression PCRE2 rejects.
  package static let invalidRegex = ValidationMessage.Kind.invalidRegex.id
  /// ICU regex syntax that PCRE2 would read differently or not at all.
  package static let icuOnlyRegex = ValidationMessage.Kind.icuOnlyRegex.id
  /// PCRE2 regex syntax that ICU (and so iOS) rejects.
  package static let pcreOnlyRegex = ValidationMessage.Kind.pcreOnlyRegex.id
  /// A regex construct both engines accept that PCRE2 cannot be made to match as ICU does.
  package static let regexNotLikeICU = ValidationMessage.Kind.regexNotLikeICU.id
  /// A comparison whose answer does not depend on the identifier (warning).
  package static let constantComparison = ValidationMessage.Kind.constantComparison.id
  /// A whole predicate that is always true or always false (warning).
  package static let constantPredicate = ValidationMessage.Kind.constantPredicate.id
  /// Options on `IN {…}`, which ignores them (warning).
  package static let ignoredOptions = ValidationMessage.Kind.ignoredOptions.id
  /// `[n]` together with `[c]` or `[d]`, which it overrides (warning).
  package static let normalizedOverrides = ValidationMessage.Kind.normalizedOverrides.id
  /// `[l]`, which has no effect here (warning).
  package static let localeOption = ValidationMessage.Kind.localeOption.id

  /// Every id validation and compilation can report, with its severity, derived from the
  /// message type.
  package static let validationIDs: [(id: DiagnosticID, severity: DiagnosticSeverity)] =
    ValidationMessage.Kind.allCases.map { ($0.id, $0.severity) }
}
