/// The result of parsing: the predicate when there were no errors, and every diagnostic.
public struct ParsedPredicate: Sendable {
  /// The source text the diagnostics point into.
  public var source: String
  /// The predicate, or nil when any diagnostic is an error.
  public var predicate: FormatPredicate?
  /// Errors and warnings, in the order found.
  public var diagnostics: [Diagnostic]
}

/// Parses the NSPredicate format language.
///
/// Precedence (a documented decision, since Apple leaves it unstated): `NOT` binds tightest, then
/// `AND`, then `OR`, both left-associative; a chain `a OR b OR c` becomes one n-ary node. The
/// parser recovers at `AND`, `OR` and closing delimiters, so one parse reports every independent
/// error. Hostile input is bounded: sources over 100,000 bytes and nesting deeper
/// than 200 levels are diagnostics, never a crash or a stack overflow.
public enum PredicateParser {
  /// The longest source accepted, in bytes (UIKit ignores larger predicates).
  package static let maximumSourceLength = 100_000
  /// The deepest nesting of parentheses, NOT, aggregates, calls and operator chains.
  package static let maximumNestingDepth = 200
  /// The most diagnostics one parse reports; past it, parsing stops with a final diagnostic.
  package static let maximumDiagnostics = 100

  /// Parses `source`. With `arguments`, format specifiers are replaced by them in order (as
  /// `NSPredicate(format:argumentArray:)` does); without, they stay as placeholders for
  /// validation to reject.
  ///
  /// - Complexity: O(n) in the length of `source`.
  public static func parse(_ source: String, arguments: [PredicateArgument]? = nil)
    -> ParsedPredicate
  {
    let length = source.utf8.count
    if length > maximumSourceLength {
      let diagnostic = Diagnostic(
        .sourceTooLong(length: length, limit: maximumSourceLength),
        at: SourceRange(maximumSourceLength, length),
        notes: [DiagnosticNote("UIKit ignores activation condition predicates this large")])
      return ParsedPredicate(source: source, predicate: nil, diagnostics: [diagnostic])
    }
    let (tokens, lexDiagnostics, overflow) = Lexer.tokenize(source)
    var parser = Parser(source: source, tokens: tokens, arguments: arguments)
    parser.diagnostics = lexDiagnostics
    if let overflow { parser.stopForTooManyDiagnostics(at: overflow) }
    let predicate = parser.parseTopLevel()
    if predicate == nil && !parser.diagnostics.containsErrors {
      // Every rejection names a reason; this is the net under a path that forgot to. The fuzz
      // invariants treat this id as a bug, so the net never hides one.
      parser.diagnostics.append(
        Diagnostic(.unparsed, at: SourceRange(0, length)))
    }
    let diagnostics = parser.diagnostics.sorted {
      ($0.range.lowerBound, $0.severity) < ($1.range.lowerBound, $1.severity)
    }
    return ParsedPredicate(
      source: source, predicate: diagnostics.containsErrors ? nil : predicate,
      diagnostics: diagnostics)
  }
}

extension PredicateParser {
  /// Parses a predicate read as bytes (a file's line, an argument), refusing bytes that are not
  /// UTF-8 instead of replacing them: `SELF == "\xFF"` must not silently become
  /// `SELF == "\u{FFFD}"`.
  ///
  /// The source the diagnostics point into is the bytes decoded with each invalid sequence
  /// replaced by U+FFFD; each `syntax.invalid-utf8` diagnostic covers one replacement and names
  /// the offending byte and its offset in the input.
  ///
  /// - Complexity: O(n) in the number of bytes.
  public static func parse(
    utf8 bytes: some Collection<UInt8>, arguments: [PredicateArgument]? = nil
  ) -> ParsedPredicate {
    let input = Array(bytes)
    var source = ""
    var diagnostics: [Diagnostic] = []
    var iterator = input[...].makeIterator()
    var decoder = UTF8()
    var inputOffset = 0
    var sourceOffset = 0
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        source.unicodeScalars.append(scalar)
        inputOffset += UTF8.width(scalar)
        sourceOffset += UTF8.width(scalar)
      case .emptyInput:
        break decoding
      case .error:
        if diagnostics.count < maximumDiagnostics {
          diagnostics.append(
            Diagnostic(
              .invalidUTF8(byte: input[inputOffset], offset: inputOffset),
              at: SourceRange(sourceOffset, sourceOffset + 3)))
        }
        source.unicodeScalars.append("\u{FFFD}")
        sourceOffset += 3
        // Skip the bad byte and the continuation bytes after it, then decode afresh from the
        // next byte that can start a scalar.
        inputOffset += 1
        while inputOffset < input.count, input[inputOffset] & 0xC0 == 0x80 { inputOffset += 1 }
        iterator = input[inputOffset...].makeIterator()
        decoder = UTF8()  // it may hold bytes read ahead of the bad sequence
      }
    }
    guard diagnostics.isEmpty else {
      return ParsedPredicate(source: source, predicate: nil, diagnostics: diagnostics)
    }
    return parse(source, arguments: arguments)
  }
}

extension FormatPredicate {
  /// Parses a predicate with no format arguments.
  ///
  /// - Throws: ``InvalidPredicateError`` with every diagnostic when there is any error.
  public init(parsing source: String) throws(InvalidPredicateError) {
    self = try Self.unwrap(PredicateParser.parse(source))
  }

  /// Parses a format string, replacing `%@`, `%K`, `%d`, … with `arguments` in order, the way
  /// `NSPredicate(format:_:)` does: `try FormatPredicate(format: "SELF == %@", identifier)`.
  public init(format: String, _ arguments: any PredicateArgumentConvertible...)
    throws(InvalidPredicateError)
  {
    try self.init(format: format, argumentArray: arguments.map(\.predicateArgument))
  }

  /// Parses a format string with an array of arguments, as `NSPredicate(format:argumentArray:)`.
  public init(format: String, argumentArray: [PredicateArgument]) throws(InvalidPredicateError) {
    self = try Self.unwrap(PredicateParser.parse(format, arguments: argumentArray))
  }

  private static func unwrap(_ parsed: ParsedPredicate) throws(InvalidPredicateError)
    -> FormatPredicate
  {
    guard let predicate = parsed.predicate else {
      throw InvalidPredicateError(source: parsed.source, diagnostics: parsed.diagnostics)
    }
    return predicate
  }
}
