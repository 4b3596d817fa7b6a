/// Every message the lexer and parser report: one case per wording, each mapped to its kind.
enum SyntaxMessage: DiagnosticMessage {
  /// The ids of the syntax stage, with their severities. Each has a fixture in
  /// `Fixtures/syntax/invalid` (all but ``unparsed``, which only a parser bug produces).
  enum Kind: String, DiagnosticKind {
    case sourceTooLong = "syntax.source-too-long"
    case invalidUTF8 = "syntax.invalid-utf8"
    case emptyPredicate = "syntax.empty-predicate"
    case unexpectedCharacter = "syntax.unexpected-character"
    case unterminatedString = "syntax.unterminated-string"
    case invalidEscape = "syntax.invalid-escape"
    case unknownEscape = "syntax.unknown-escape"
    case invalidNumber = "syntax.invalid-number"
    case invalidFormatSpecifier = "syntax.invalid-format-specifier"
    case expectedExpression = "syntax.expected-expression"
    case reservedWord = "syntax.reserved-word"
    case expectedOperator = "syntax.expected-operator"
    case unknownOperator = "syntax.unknown-operator"
    case expectedConnective = "syntax.expected-connective"
    case expectedPredicate = "syntax.expected-predicate"
    case unclosedDelimiter = "syntax.unclosed-delimiter"
    case unexpectedClosing = "syntax.unexpected-closing"
    case trailingComma = "syntax.trailing-comma"
    case unknownOption = "syntax.unknown-option"
    case emptyOptions = "syntax.empty-options"
    case duplicateOption = "syntax.duplicate-option"
    case nestingTooDeep = "syntax.nesting-too-deep"
    case predicateAsValue = "syntax.predicate-as-value"
    case assignment = "syntax.assignment"
    case missingFormatArgument = "syntax.missing-format-argument"
    case formatArgumentType = "syntax.format-argument-type"
    case keyPathArgument = "syntax.key-path-argument"
    case unusedFormatArguments = "syntax.unused-format-arguments"
    case tooManyDiagnostics = "syntax.too-many-diagnostics"
    case unparsed = "syntax.unparsed"
    case andOrPrecedence = "lint.and-or-precedence"

    var severity: DiagnosticSeverity {
      switch self {
      case .unknownEscape, .duplicateOption, .unusedFormatArguments, .andOrPrecedence: .warning
      default: .error
      }
    }
  }

  // Lexer
  case sourceTooLong(length: Int, limit: Int)
  case invalidUTF8(byte: UInt8, offset: Int)
  case singleConnective(Character)
  case expectedNameAfterSigil(Character)
  case backquote
  case typographicQuote(Character)
  case unexpectedCharacter(Unicode.Scalar)
  case unterminatedString
  case shortOctalEscape
  case shortHexEscape(letter: Character, digits: Int)
  case unpairedSurrogate(code: UInt32)
  case unknownEscape(Character)
  case expectedDigits(after: String)
  case expectedExponentDigits(in: String)
  case numberOutOfRange(String)
  case malformedNumber(String)
  case invalidFormatSpecifier(String)
  // Parser
  case emptyPredicate
  case expectedConnective(found: String)
  case unexpectedClosing(String)
  case expectedOperator(after: String, found: String?)
  case unknownOperator(String)
  case expectedPredicate(after: String?)
  case expectedPredicateBefore(connective: String)
  case expectedExpression(after: String?)
  case expectedExpressionFound(String)
  case expectedExpressionBeforeConnective(after: String?, connective: String)
  case expectedKeyAfterDot
  case castArguments(count: Int)
  case subqueryNeedsParenthesis
  case subqueryShape
  case subqueryVariable
  case subqueryComma
  case reservedWord(String)
  case unclosedDelimiter(closer: String, opener: String, found: String?)
  case trailingComma(before: String)
  case unknownOption(Character)
  case emptyOptions
  case duplicateOption(Character)
  case nestingTooDeep(limit: Int)
  case predicateAsValue
  case assignment
  case missingFormatArgument(specifier: String)
  case formatArgumentType(specifier: String, wanted: String, got: String)
  case keyPathArgument(String)
  case unusedFormatArguments(count: Int)
  case tooManyDiagnostics(limit: Int)
  case unparsed
  case andOrPrecedence

  var kind: Kind {
    switch self {
    case .sourceTooLong: .sourceTooLong
    case .invalidUTF8: .invalidUTF8
    case .singleConnective, .expectedNameAfterSigil, .backquote, .typographicQuote,
      .unexpectedCharacter:
      .unexpectedCharacter
    case .unterminatedString: .unterminatedString
    case .shortOctalEscape, .shortHexEscape, .unpairedSurrogate: .invalidEscape
    case .unknownEscape: .unknownEscape
    case .expectedDigits, .expectedExponentDigits, .numberOutOfRange, .malformedNumber:
      .invalidNumber
    case .invalidFormatSpecifier: .invalidFormatSpecifier
    case .emptyPredicate: .emptyPredicate
    case .expectedConnective: .expectedConnective
    case .unexpectedClosing: .unexpectedClosing
    case .expectedOperator: .expectedOperator
    case .unknownOperator: .unknownOperator
    case .expectedPredicate, .expectedPredicateBefore: .expectedPredicate
    case .expectedExpression, .expectedExpressionFound, .expectedExpressionBeforeConnective,
      .expectedKeyAfterDot, .castArguments, .subqueryNeedsParenthesis, .subqueryShape,
      .subqueryVariable, .subqueryComma:
      .expectedExpression
    case .reservedWord: .reservedWord
    case .unclosedDelimiter: .unclosedDelimiter
    case .trailingComma: .trailingComma
    case .unknownOption: .unknownOption
    case .emptyOptions: .emptyOptions
    case .duplicateOption: .duplicateOption
    case .nestingTooDeep: .nestingTooDeep
    case .predicateAsValue: .predicateAsValue
    case .assignment: .assignment
    case .missingFormatArgument: .missingFormatArgument
    case .formatArgumentType: .formatArgumentType
    case .keyPathArgument: .keyPathArgument
    case .unusedFormatArguments: .unusedFormatArguments
    case .tooManyDiagnostics: .tooManyDiagnostics
    case .unparsed: .unparsed
    case .andOrPrecedence: .andOrPrecedence
    }
  }

  var id: DiagnosticID { kind.id }
  var severity: DiagnosticSeverity { kind.severity }

  var message: String {
    func after(_ text: String?) -> String { text.map { " after '\($0)'" } ?? "" }
    switch self {
    case .sourceTooLong(let length, let limit):
      return "predicate is \(length) bytes long; the limit is \(limit)"
    case .invalidUTF8(let byte, let offset):
      let hex = String(byte, radix: 16, uppercase: true)
      return
        "invalid UTF-8: byte \(offset + 1) of the input (0x\(hex.count == 1 ? "0" : "")\(hex)) "
        + "is not part of a UTF-8 sequence"
    case .singleConnective(let character): return "single '\(character)' is not an operator"
    case .expectedNameAfterSigil(let sigil): return "expected a name after '\(sigil)'"
    case .backquote: return "backquotes do not delimit strings"
    case .typographicQuote(let quote):
      return "typographic quote '\(quote)' does not delimit strings"
    case .unexpectedCharacter(let scalar):
      let name = scalar.properties.name.map { " \($0.lowercased())" } ?? ""
      let shown =
        scalar.value < 0x20 || scalar.properties.isWhitespace ? "" : "'\(Character(scalar))' "
      return "unexpected character \(shown)(U+\(hex(scalar.value))\(name))"
    case .unterminatedString: return "unterminated string literal"
    case .shortOctalEscape: return "octal escape needs three digits"
    case .shortHexEscape(let letter, let digits):
      return "'\\\(letter)' escape needs \(digits) hexadecimal digits"
    case .unpairedSurrogate(let code): return "unpaired surrogate in '\\u\(hex(code))' escape"
    case .unknownEscape(let character):
      return "unknown escape '\\\(character)' stands for '\(character)'"
    case .expectedDigits(let prefix): return "expected digits after '\(prefix)'"
    case .expectedExponentDigits(let text): return "expected exponent digits in '\(text)'"
    case .numberOutOfRange(let text): return "number '\(text)' is out of range"
    case .malformedNumber(let text): return "invalid number '\(text)'"
    case .invalidFormatSpecifier(let text): return "invalid format specifier '\(text)'"
    case .emptyPredicate: return "empty predicate"
    case .expectedConnective(let found): return "expected 'AND' or 'OR' before \(found)"
    case .unexpectedClosing(let closer): return "unexpected \(closer) with no matching opening"
    case .expectedOperator(let text, let found):
      return "expected a comparison operator after '\(text)'"
        + (found.map { ", found \($0)" } ?? "")
    case .unknownOperator(let word): return "unknown operator '\(word)'"
    case .expectedPredicate(let previous): return "expected a predicate\(after(previous))"
    case .expectedPredicateBefore(let connective):
      return "expected a predicate before '\(connective)'"
    case .expectedExpression(let previous): return "expected an expression\(after(previous))"
    case .expectedExpressionFound(let found): return "expected an expression, found \(found)"
    case .expectedExpressionBeforeConnective(let previous, let connective):
      return "expected an expression\(after(previous)), found '\(connective)'"
    case .expectedKeyAfterDot: return "expected a key after '.'"
    case .castArguments(let count): return "'CAST' takes two arguments, found \(count)"
    case .subqueryNeedsParenthesis: return "expected '(' after 'SUBQUERY'"
    case .subqueryShape: return "expected 'SUBQUERY(collection, $variable, predicate)'"
    case .subqueryVariable: return "expected a variable such as '$x' in SUBQUERY"
    case .subqueryComma: return "expected ',' after the SUBQUERY variable"
    case .reservedWord(let word): return "reserved word '\(word)' cannot be used as a value"
    case .unclosedDelimiter(let closer, let opener, let found):
      return "expected '\(closer)' to close '\(opener)'" + (found.map { ", found \($0)" } ?? "")
    case .trailingComma(let before): return "trailing comma before \(before)"
    case .unknownOption(let letter): return "unknown comparison option '\(letter)'"
    case .emptyOptions: return "empty option list '[]'"
    case .duplicateOption(let letter): return "option '\(letter)' is repeated"
    case .nestingTooDeep(let limit): return "nesting is deeper than \(limit) levels"
    case .predicateAsValue: return "a predicate cannot be used as a value"
    case .assignment: return "variable assignment ':=' is not supported"
    case .missingFormatArgument(let specifier):
      return "no argument for format specifier '\(specifier)'"
    case .formatArgumentType(let specifier, let wanted, let got):
      return "'\(specifier)' needs \(wanted), got \(got)"
    case .keyPathArgument(let shown): return "'%K' argument \(shown) is not 'SELF'"
    case .unusedFormatArguments(let count):
      return "\(count) format argument\(count == 1 ? " was" : "s were") not used"
    case .tooManyDiagnostics(let limit): return "too many problems (\(limit)); stopped here"
    case .unparsed: return "could not parse this predicate"
    case .andOrPrecedence: return "'AND' mixed with 'OR' without parentheses"
    }
  }
}

extension Diagnostic {
  /// A syntax diagnostic.
  init(
    _ message: SyntaxMessage, at range: SourceRange, notes: [DiagnosticNote] = [],
    fixIts: [FixIt] = []
  ) {
    self.init(
      id: message.id, severity: message.severity, message: message.message, range: range,
      notes: notes, fixIts: fixIts)
  }
}

// The names of the syntax ids, for matching in the package: each is the kind's id, defined once above.
extension DiagnosticID {
  /// The source is longer than 100,000 bytes (UIKit ignores larger predicates).
  package static let sourceTooLong = SyntaxMessage.Kind.sourceTooLong.id
  /// The input bytes are not UTF-8 (the diagnostic points at the replacement character).
  package static let invalidUTF8 = SyntaxMessage.Kind.invalidUTF8.id
  /// The source is empty or only whitespace.
  package static let emptyPredicate = SyntaxMessage.Kind.emptyPredicate.id
  /// A character that starts no token (including non-ASCII spaces and typographic quotes).
  package static let unexpectedCharacter = SyntaxMessage.Kind.unexpectedCharacter.id
  /// A string literal without its closing quote.
  package static let unterminatedString = SyntaxMessage.Kind.unterminatedString.id
  /// A malformed escape: short octal, short hex, unpaired surrogate.
  package static let invalidEscape = SyntaxMessage.Kind.invalidEscape.id
  /// A backslash before a character with no escape meaning (warning).
  package static let unknownEscape = SyntaxMessage.Kind.unknownEscape.id
  /// A malformed or out-of-range number.
  package static let invalidNumber = SyntaxMessage.Kind.invalidNumber.id
  /// A `%` that is not a format specifier.
  package static let invalidFormatSpecifier = SyntaxMessage.Kind.invalidFormatSpecifier.id
  /// An expression was expected (after an operator, in an aggregate, …).
  package static let expectedExpression = SyntaxMessage.Kind.expectedExpression.id
  /// A reserved word where a value was expected.
  package static let reservedWord = SyntaxMessage.Kind.reservedWord.id
  /// An expression not followed by a comparison operator.
  package static let expectedOperator = SyntaxMessage.Kind.expectedOperator.id
  /// A word where an operator was expected, not an operator (with a fix-it for near misses).
  package static let unknownOperator = SyntaxMessage.Kind.unknownOperator.id
  /// Two predicates with no AND or OR between them.
  package static let expectedConnective = SyntaxMessage.Kind.expectedConnective.id
  /// A predicate was expected (after NOT, AND, OR, or in empty parentheses).
  package static let expectedPredicate = SyntaxMessage.Kind.expectedPredicate.id
  /// An opening `(`, `{` or `[` without its closing partner.
  package static let unclosedDelimiter = SyntaxMessage.Kind.unclosedDelimiter.id
  /// A closing `)`, `}` or `]` with no opening partner.
  package static let unexpectedClosing = SyntaxMessage.Kind.unexpectedClosing.id
  /// A comma before the closing brace of an aggregate or argument list.
  package static let trailingComma = SyntaxMessage.Kind.trailingComma.id
  /// A letter in `[…]` that is not one of c, d, n, l.
  package static let unknownOption = SyntaxMessage.Kind.unknownOption.id
  /// `[]` after an operator.
  package static let emptyOptions = SyntaxMessage.Kind.emptyOptions.id
  /// An option letter written twice (warning).
  package static let duplicateOption = SyntaxMessage.Kind.duplicateOption.id
  /// Parentheses, NOT, aggregates or calls nested deeper than 200.
  package static let nestingTooDeep = SyntaxMessage.Kind.nestingTooDeep.id
  /// A parenthesised predicate used as a value.
  package static let predicateAsValue = SyntaxMessage.Kind.predicateAsValue.id
  /// `$x := …` variable assignment.
  package static let assignment = SyntaxMessage.Kind.assignment.id
  /// More format specifiers than arguments.
  package static let missingFormatArgument = SyntaxMessage.Kind.missingFormatArgument.id
  /// An argument of the wrong type for its specifier (`%d` given a string).
  package static let formatArgumentType = SyntaxMessage.Kind.formatArgumentType.id
  /// A `%K` argument other than `SELF`.
  package static let keyPathArgument = SyntaxMessage.Kind.keyPathArgument.id
  /// More arguments than format specifiers (warning).
  package static let unusedFormatArguments = SyntaxMessage.Kind.unusedFormatArguments.id
  /// More than 100 diagnostics: parsing stopped, so hostile input cannot flood the output.
  package static let tooManyDiagnostics = SyntaxMessage.Kind.tooManyDiagnostics.id
  /// A rejection no specific diagnostic explained (a parser bug; the fuzzers look for it).
  package static let unparsed = SyntaxMessage.Kind.unparsed.id
  /// AND and OR mixed without parentheses (warning): implementations disagree on precedence.
  package static let andOrPrecedence = SyntaxMessage.Kind.andOrPrecedence.id

  /// Every id the lexer and parser can report, with its severity, derived from the message type
  /// (all but ``unparsed``, which only a parser bug produces).
  package static let syntaxIDs: [(id: DiagnosticID, severity: DiagnosticSeverity)] =
    SyntaxMessage.Kind.allCases.filter { $0 != .unparsed }.map { ($0.id, $0.severity) }
}
