// The diagnostics the lexer and parser report. Each has a test in Fixtures/syntax/invalid.
extension DiagnosticID {
  /// The source is longer than 100,000 bytes (UIKit ignores larger predicates).
  public static let sourceTooLong: DiagnosticID = "syntax.source-too-long"
  /// The source is empty or only whitespace.
  public static let emptyPredicate: DiagnosticID = "syntax.empty-predicate"
  /// A character that starts no token (including non-ASCII spaces and typographic quotes).
  public static let unexpectedCharacter: DiagnosticID = "syntax.unexpected-character"
  /// A string literal without its closing quote.
  public static let unterminatedString: DiagnosticID = "syntax.unterminated-string"
  /// A malformed escape: short octal, short hex, unpaired surrogate.
  public static let invalidEscape: DiagnosticID = "syntax.invalid-escape"
  /// A backslash before a character with no escape meaning (warning).
  public static let unknownEscape: DiagnosticID = "syntax.unknown-escape"
  /// A malformed or out-of-range number.
  public static let invalidNumber: DiagnosticID = "syntax.invalid-number"
  /// A `%` that is not a format specifier.
  public static let invalidFormatSpecifier: DiagnosticID = "syntax.invalid-format-specifier"
  /// An expression was expected (after an operator, in an aggregate, …).
  public static let expectedExpression: DiagnosticID = "syntax.expected-expression"
  /// A reserved word where a value was expected.
  public static let reservedWord: DiagnosticID = "syntax.reserved-word"
  /// An expression not followed by a comparison operator.
  public static let expectedOperator: DiagnosticID = "syntax.expected-operator"
  /// A word where an operator was expected, not an operator (with a fix-it for near misses).
  public static let unknownOperator: DiagnosticID = "syntax.unknown-operator"
  /// Two predicates with no AND or OR between them.
  public static let expectedConnective: DiagnosticID = "syntax.expected-connective"
  /// A predicate was expected (after NOT, AND, OR, or in empty parentheses).
  public static let expectedPredicate: DiagnosticID = "syntax.expected-predicate"
  /// An opening `(`, `{` or `[` without its closing partner.
  public static let unclosedDelimiter: DiagnosticID = "syntax.unclosed-delimiter"
  /// A closing `)`, `}` or `]` with no opening partner.
  public static let unexpectedClosing: DiagnosticID = "syntax.unexpected-closing"
  /// A comma before the closing brace of an aggregate or argument list.
  public static let trailingComma: DiagnosticID = "syntax.trailing-comma"
  /// A letter in `[…]` that is not one of c, d, n, l.
  public static let unknownOption: DiagnosticID = "syntax.unknown-option"
  /// `[]` after an operator.
  public static let emptyOptions: DiagnosticID = "syntax.empty-options"
  /// An option letter written twice (warning).
  public static let duplicateOption: DiagnosticID = "syntax.duplicate-option"
  /// Parentheses, NOT, aggregates or calls nested deeper than 200.
  public static let nestingTooDeep: DiagnosticID = "syntax.nesting-too-deep"
  /// A parenthesised predicate used as a value.
  public static let predicateAsValue: DiagnosticID = "syntax.predicate-as-value"
  /// `$x := …` variable assignment.
  public static let assignment: DiagnosticID = "syntax.assignment"
  /// More format specifiers than arguments.
  public static let missingFormatArgument: DiagnosticID = "syntax.missing-format-argument"
  /// An argument of the wrong type for its specifier (`%d` given a string).
  public static let formatArgumentType: DiagnosticID = "syntax.format-argument-type"
  /// A `%K` argument other than `SELF`.
  public static let keyPathArgument: DiagnosticID = "syntax.key-path-argument"
  /// More arguments than format specifiers (warning).
  public static let unusedFormatArguments: DiagnosticID = "syntax.unused-format-arguments"
  /// More than 100 diagnostics: parsing stopped, so hostile input cannot flood the output.
  public static let tooManyDiagnostics: DiagnosticID = "syntax.too-many-diagnostics"
  /// A rejection no specific diagnostic explained (a parser bug; the fuzzers look for it).
  public static let unparsed: DiagnosticID = "syntax.unparsed"
  /// AND and OR mixed without parentheses (warning): implementations disagree on precedence.
  public static let andOrPrecedence: DiagnosticID = "lint.and-or-precedence"
}

extension DiagnosticID {
  /// Every diagnostic the lexer and parser can report, for coverage checks (all but
  /// ``unparsed``, which only a parser bug produces).
  public static let allSyntaxIDs: [DiagnosticID] = [
    .sourceTooLong, .emptyPredicate, .unexpectedCharacter, .unterminatedString, .invalidEscape,
    .unknownEscape, .invalidNumber, .invalidFormatSpecifier, .expectedExpression, .reservedWord,
    .expectedOperator, .unknownOperator, .expectedConnective, .expectedPredicate,
    .unclosedDelimiter, .unexpectedClosing, .trailingComma, .unknownOption, .emptyOptions,
    .duplicateOption, .nestingTooDeep, .predicateAsValue, .assignment, .missingFormatArgument,
    .formatArgumentType, .keyPathArgument, .unusedFormatArguments, .andOrPrecedence,
    .tooManyDiagnostics,
  ]
}
