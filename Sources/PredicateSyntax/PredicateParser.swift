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
/// error. Hostile input is bounded: sources over ``maximumSourceLength`` bytes and nesting deeper
/// than ``maximumNestingDepth`` are diagnostics, never a crash or a stack overflow.
public enum PredicateParser {
  /// The longest source accepted, in bytes (UIKit ignores larger predicates).
  public static let maximumSourceLength = 100_000
  /// The deepest nesting of parentheses, NOT, aggregates, calls and operator chains.
  public static let maximumNestingDepth = 200
  /// The most diagnostics one parse reports; past it, parsing stops with a final diagnostic.
  public static let maximumDiagnostics = 100

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

/// What a parsing function produced: a predicate, a bare expression (legal only inside
/// parentheses that turn out to wrap an operand), or nothing, after an error was reported.
private enum Parsed {
  case predicate(FormatPredicate)
  case expression(FormatExpression)
  case failed
}

private struct Parser {
  let source: String
  let tokens: [Token]
  var position = 0
  var diagnostics: [Diagnostic] = []
  var depth = 0
  /// Set when nesting overflowed: parsing stops and no further diagnostics are reported.
  var abandoned = false
  let arguments: [PredicateArgument]?
  var nextArgument = 0

  init(source: String, tokens: [Token], arguments: [PredicateArgument]?) {
    self.source = source
    self.tokens = tokens
    self.arguments = arguments
  }

  // MARK: Token access

  var current: Token { tokens[position] }
  /// The current token's kind and range, read in place: `currentKind` copies the whole token
  /// (its text and value) first, and the parser asks about the current token constantly.
  var currentKind: TokenKind { tokens[position].kind }
  var currentRange: SourceRange { tokens[position].range }
  var previous: Token? { position > 0 ? tokens[position - 1] : nil }

  func peekKind(_ offset: Int = 1) -> TokenKind {
    tokens[min(position + offset, tokens.count - 1)].kind
  }

  @discardableResult
  mutating func advance() -> Token {
    let token = tokens[position]
    skip()
    return token
  }

  /// Moves past the current token without copying it (``advance()`` returns it).
  mutating func skip() {
    if position < tokens.count - 1 { position += 1 }
  }

  var atEnd: Bool { currentKind == .endOfInput }

  /// The range from `start` to the end of the last consumed token.
  func range(from start: Int) -> SourceRange {
    SourceRange(start, max(start, previous?.range.upperBound ?? start))
  }

  mutating func report(_ diagnostic: Diagnostic) {
    guard !abandoned else { return }
    if diagnostics.count >= PredicateParser.maximumDiagnostics {
      stopForTooManyDiagnostics(at: diagnostic.range)
      return
    }
    diagnostics.append(diagnostic)
  }

  /// Ends the parse with one last diagnostic: hostile input must not flood the output.
  mutating func stopForTooManyDiagnostics(at range: SourceRange) {
    guard !abandoned else { return }
    diagnostics.append(
      Diagnostic(.tooManyDiagnostics(limit: PredicateParser.maximumDiagnostics), at: range))
    abandoned = true
    position = tokens.count - 1
  }

  /// The previous token's text, which messages name ("after '=='"), or nil at the start.
  var previousText: String? { previous?.text }

  /// Enters one nesting level; reports and abandons the parse past the limit.
  mutating func enter(_ token: Token) -> Bool {
    depth += 1
    guard depth <= PredicateParser.maximumNestingDepth else {
      depth -= 1
      abandonTooDeep(at: token)
      return false
    }
    return true
  }

  /// Reports nesting past the limit and stops parsing: everything after is unreachable.
  mutating func abandonTooDeep(at token: Token) {
    report(
      Diagnostic(
        .nestingTooDeep(limit: PredicateParser.maximumNestingDepth),
        at: token.range,
        notes: [DiagnosticNote("parsing stopped here")]))
    abandoned = true
    position = tokens.count - 1
  }

  /// Skips past the `closing` delimiter that ends the current construct (after an error inside
  /// it), so the error does not cascade into "unexpected ')'" outside.
  mutating func skipPast(_ closing: TokenKind) {
    var nesting = 0
    while !atEnd {
      switch currentKind {
      case .leftParen, .leftBrace, .leftBracket:
        nesting += 1
      case .rightParen, .rightBrace, .rightBracket:
        if nesting == 0 {
          if currentKind == closing { advance() }
          return
        }
        nesting -= 1
      default:
        break
      }
      skip()
    }
  }

  mutating func leave() { depth -= 1 }

  /// Skips to a token that can resume parsing: a connective or a closing delimiter at this
  /// nesting level (the closing one is left for its owner), or the end.
  mutating func synchronize(stoppingAtCommas: Bool = false) {
    var nesting = 0
    while !atEnd {
      switch currentKind {
      case .leftParen, .leftBrace, .leftBracket:
        nesting += 1
      case .rightParen, .rightBrace, .rightBracket:
        if nesting == 0 { return }
        nesting -= 1
      case .and, .or, .keyword(.and), .keyword(.or):
        if nesting == 0 { return }
      case .comma:
        if nesting == 0 && stoppingAtCommas { return }
      default:
        break
      }
      skip()
    }
  }

  // MARK: Predicates

  mutating func parseTopLevel() -> FormatPredicate? {
    if atEnd {
      if diagnostics.isEmpty {
        report(
          Diagnostic(
            .emptyPredicate, at: .point(0),
            notes: [DiagnosticNote("TRUEPREDICATE is the predicate that is always true")]))
      }
      return nil
    }
    skipStrayClosers()
    var result = asPredicate(parseOr(inParens: false))
    while !atEnd && !abandoned {
      let start = position
      if isCloser(currentKind) {
        skipStrayClosers()
        continue
      }
      if currentKind == .invalid {
        advance()  // already reported by the lexer
        continue
      }
      var fixIts: [FixIt] = []
      if currentKind == .identifier, let connective = nearest(current.text, in: ["AND", "OR"]) {
        fixIts = [FixIt(range: currentRange, replacement: connective)]
      }
      report(
        Diagnostic(
          .expectedConnective(found: current.quoted), at: currentRange, fixIts: fixIts))
      if !fixIts.isEmpty { advance() }
      // Keep parsing what follows, as if joined, so its own errors are reported too.
      _ = parseOr(inParens: false)
      result = nil
      if position == start { advance() }
    }
    // Arguments beyond the format's specifiers are unused; counted on the tokens, not on the
    // substitutions the parse reached, so an error that stops a parse early is not blamed on
    // the arguments after it.
    let specifiers = tokens.lazy.filter { $0.kind == .formatSpecifier }.count
    if let arguments, specifiers < arguments.count, !abandoned {
      let unused = arguments.count - specifiers
      report(
        Diagnostic(
          .unusedFormatArguments(count: unused),
          at: .point(source.utf8.count)))
    }
    return result
  }

  func isCloser(_ kind: TokenKind) -> Bool {
    kind == .rightParen || kind == .rightBrace || kind == .rightBracket
  }

  mutating func skipStrayClosers() {
    while isCloser(currentKind) {
      let token = advance()
      report(
        Diagnostic(
          .unexpectedClosing(token.quoted),
          at: token.range, fixIts: [FixIt(range: token.range, replacement: "")]))
    }
  }

  /// Turns a parse result into a predicate, reporting a bare expression.
  mutating func asPredicate(_ parsed: Parsed) -> FormatPredicate? {
    switch parsed {
    case .predicate(let predicate): return predicate
    case .failed: return nil
    case .expression(let expression):
      reportMissingOperator(after: expression)
      return nil
    }
  }

  mutating func reportMissingOperator(after expression: FormatExpression) {
    if currentKind == .invalid { return }  // the lexer reported this spot already
    let end = expression.range?.upperBound ?? currentRange.lowerBound
    let text = expressionText(expression)
    var notes: [DiagnosticNote] = []
    if case .constant(.boolean(let value)) = expression.kind {
      notes.append(
        DiagnosticNote(
          "'\(text)' is a value; the predicate that is always \(value) is "
            + (value ? "TRUEPREDICATE" : "FALSEPREDICATE")))
    }
    var fixIts: [FixIt] = []
    // `SELFBEGINSWITH 'a'` is one word: a keyword needs a boundary before it.
    if case .key(let name) = expression.kind, let range = expression.range,
      name.uppercased().hasPrefix("SELF"),
      Self.operatorWords.contains(String(name.uppercased().dropFirst(4)))
    {
      fixIts.append(FixIt(range: .point(range.lowerBound + 4), replacement: " "))
    }
    report(
      Diagnostic(
        .expectedOperator(after: text, found: atEnd ? nil : current.quoted),
        at: atEnd ? .point(end) : currentRange, notes: notes, fixIts: fixIts))
  }

  func expressionText(_ expression: FormatExpression) -> String {
    guard let range = expression.range else { return expression.predicateFormat }
    let bytes = source.utf8
    let start = bytes.index(bytes.startIndex, offsetBy: range.lowerBound)
    let end = bytes.index(bytes.startIndex, offsetBy: range.upperBound)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  func isOr(_ kind: TokenKind) -> Bool { kind == .or || kind == .keyword(.or) }
  func isAnd(_ kind: TokenKind) -> Bool { kind == .and || kind == .keyword(.and) }

  mutating func parseOr(inParens: Bool) -> Parsed {
    let start = currentRange.lowerBound
    let (first, firstIsChain) = parseAnd(inParens: inParens)
    guard isOr(currentKind) else { return first }
    var operands: [FormatPredicate] = []
    var failed = false
    var chains: [SourceRange] = []
    func collect(_ parsed: Parsed, isChain: Bool, into parser: inout Parser) {
      if let predicate = parser.asPredicate(parsed) {
        operands.append(predicate)
        if isChain, let range = predicate.range { chains.append(range) }
      } else {
        failed = true
      }
    }
    collect(first, isChain: firstIsChain, into: &self)
    while isOr(currentKind) {
      skip()
      let (next, isChain) = parseAnd(inParens: inParens)
      collect(next, isChain: isChain, into: &self)
    }
    for chain in chains {
      report(
        Diagnostic(
          .andOrPrecedence,
          at: chain,
          notes: [
            DiagnosticNote(
              "AND binds tighter here, but implementations disagree; parenthesise to be explicit")
          ],
          fixIts: [
            FixIt(range: .point(chain.lowerBound), replacement: "("),
            FixIt(range: .point(chain.upperBound), replacement: ")"),
          ]))
    }
    if failed { return .failed }
    return .predicate(FormatPredicate(.or(operands), range: range(from: start)))
  }

  mutating func parseAnd(inParens: Bool) -> (Parsed, isChain: Bool) {
    let start = currentRange.lowerBound
    let first = parseNot(inParens: inParens)
    guard isAnd(currentKind) else { return (first, false) }
    var operands: [FormatPredicate] = []
    var failed = false
    if let predicate = asPredicate(first) { operands.append(predicate) } else { failed = true }
    while isAnd(currentKind) {
      skip()
      if let predicate = asPredicate(parseNot(inParens: inParens)) {
        operands.append(predicate)
      } else {
        failed = true
      }
    }
    if failed { return (.failed, true) }
    return (.predicate(FormatPredicate(.and(operands), range: range(from: start))), true)
  }

  mutating func parseNot(inParens: Bool) -> Parsed {
    guard currentKind == .not || currentKind == .keyword(.not) else {
      return parsePrimaryPredicate(inParens: inParens)
    }
    let token = advance()
    guard enter(token) else { return .failed }
    defer { leave() }
    guard let inner = asPredicate(parseNot(inParens: inParens)) else { return .failed }
    return .predicate(FormatPredicate(.not(inner), range: range(from: token.range.lowerBound)))
  }

  mutating func parsePrimaryPredicate(inParens: Bool) -> Parsed {
    let start = currentRange.lowerBound
    switch currentKind {
    case .keyword(.truePredicate), .keyword(.falsePredicate):
      let token = advance()
      return .predicate(
        FormatPredicate(.constant(token.kind == .keyword(.truePredicate)), range: token.range))
    case .keyword(.any), .keyword(.all), .keyword(.none), .keyword(.some):
      let token = advance()
      let qualifier = AggregateQualifier(rawValue: token.text.uppercased())!
      switch parseOperand() {
      case .expression(let lhs):
        return parseComparisonRest(
          lhs, start: start, qualifier: (qualifier, token.range), inParens: false)
      case .predicate(let predicate):
        reportPredicateAsValue(predicate)
        return .failed
      case .failed:
        synchronize()
        return .failed
      }
    case .and, .or, .keyword(.and), .keyword(.or):
      // A connective with nothing before it: report it, then parse what follows it.
      let connective = advance()
      report(
        Diagnostic(.expectedPredicateBefore(connective: connective.text), at: connective.range))
      if !atEnd && !isCloser(currentKind) { _ = parseNot(inParens: inParens) }
      return .failed
    case .endOfInput, .rightParen, .rightBrace, .rightBracket, .comma:
      // One problem, one diagnostic: the token before already has an error.
      if let previous, diagnostics.last?.range.lowerBound == previous.range.lowerBound {
        return .failed
      }
      report(
        Diagnostic(
          .expectedPredicate(after: previousText),
          at: atEnd ? .point(previous?.range.upperBound ?? 0) : currentRange))
      return .failed
    default:
      switch parseOperand(inParens: inParens) {
      case .predicate(let predicate):
        return .predicate(predicate)
      case .failed:
        synchronize()
        return .failed
      case .expression(let lhs):
        if inParens && currentKind == .rightParen { return .expression(lhs) }
        return parseComparisonRest(lhs, start: start, qualifier: nil, inParens: inParens)
      }
    }
  }

  static let operatorWords = [
    "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "IN", "BETWEEN",
  ]
  static let operatorSynonyms: [String: String] = [
    "IS": "==", "EQ": "==", "EQUALS": "==", "NE": "!=", "STARTSWITH": "BEGINSWITH",
    "HASPREFIX": "BEGINSWITH", "HASSUFFIX": "ENDSWITH", "REGEX": "MATCHES",
  ]

  func nearest(_ word: String, in candidates: [String]) -> String? {
    let upper = word.uppercased()
    let limit = upper.count <= 3 ? 1 : 2
    var best: (String, Int)?
    for candidate in candidates {
      if let distance = editDistance(upper, candidate, limit: limit),
        best == nil || distance < best!.1
      {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  mutating func comparisonOperator(_ token: Token) -> ComparisonOperator? {
    switch token.kind {
    case .equal: .equalTo
    case .notEqual: .notEqualTo
    case .less: .lessThan
    case .lessEqual: .lessThanOrEqualTo
    case .greater: .greaterThan
    case .greaterEqual: .greaterThanOrEqualTo
    case .keyword(let keyword): keyword.comparisonOperator
    default: nil
    }
  }

  mutating func parseComparisonRest(
    _ lhs: FormatExpression, start: Int, qualifier: (AggregateQualifier, SourceRange)?,
    inParens: Bool
  ) -> Parsed {
    let operatorToken = current
    guard let op = comparisonOperator(operatorToken) else {
      reportBadOperator(after: lhs)
      if operatorToken.kind == .identifier {
        skip()
        // Parse the would-be right operand so errors inside it are still reported.
        if !isOr(currentKind) && !isAnd(currentKind) && !isCloser(currentKind) && !atEnd {
          _ = parseOperand()
        }
      }
      synchronize()
      return .failed
    }
    skip()
    var operatorRange = operatorToken.range
    var options: ComparisonOptions = []
    if currentKind == .leftBracket {
      options = parseOptions()
      operatorRange = operatorRange.union(range(from: operatorRange.lowerBound))
    }
    switch parseOperand() {
    case .expression(let rhs):
      let comparison = Comparison(
        lhs, op, rhs, options: options, qualifier: qualifier?.0, operatorRange: operatorRange,
        qualifierRange: qualifier?.1)
      return .predicate(FormatPredicate(.comparison(comparison), range: range(from: start)))
    case .predicate(let predicate):
      reportPredicateAsValue(predicate)
      return .failed
    case .failed:
      synchronize()
      return .failed
    }
  }

  mutating func reportBadOperator(after lhs: FormatExpression) {
    let token = current
    guard token.kind == .identifier else {
      reportMissingOperator(after: lhs)
      return
    }
    let upper = token.text.uppercased()
    var fixIts: [FixIt] = []
    var notes: [DiagnosticNote] = []
    if let synonym = Self.operatorSynonyms[upper] {
      fixIts.append(FixIt(range: token.range, replacement: synonym))
    } else if let suggestion = nearest(token.text, in: Self.operatorWords) {
      fixIts.append(FixIt(range: token.range, replacement: suggestion))
    } else {
      notes.append(
        DiagnosticNote(
          "operators are ==, !=, <, <=, >, >=, BETWEEN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, "
            + "MATCHES and IN"))
    }
    report(
      Diagnostic(.unknownOperator(token.text), at: token.range, notes: notes, fixIts: fixIts))
  }

  /// An operand that must be a value: a parenthesised predicate is reported, and a failure was
  /// reported where it happened. Nil means nothing usable (and always a diagnostic).
  mutating func parseValue() -> FormatExpression? {
    switch parseOperand() {
    case .expression(let expression): return expression
    case .predicate(let predicate):
      reportPredicateAsValue(predicate)
      return nil
    case .failed: return nil
    }
  }

  mutating func reportPredicateAsValue(_ predicate: FormatPredicate) {
    report(
      Diagnostic(.predicateAsValue, at: predicate.range ?? currentRange))
  }

  mutating func parseOptions() -> ComparisonOptions {
    let open = advance()
    var options: ComparisonOptions = []
    var sawLetters = false
    while currentKind == .identifier || isKeyword(currentKind) {
      let word = advance()
      sawLetters = true
      var offset = word.range.lowerBound
      for letter in word.text {
        let width = letter.utf8.count
        let letterRange = SourceRange(offset, offset + width)
        if let option = ComparisonOptions(letter: letter) {
          if options.contains(option) {
            report(
              Diagnostic(
                .duplicateOption(letter), at: letterRange,
                fixIts: [FixIt(range: letterRange, replacement: "")]))
          }
          options.insert(option)
        } else {
          report(
            Diagnostic(
              .unknownOption(letter), at: letterRange,
              notes: [DiagnosticNote("options are c, d, n and l, as in '[cd]'")]))
        }
        offset += width
      }
    }
    if currentKind == .rightBracket {
      let close = advance()
      if !sawLetters {
        report(
          Diagnostic(
            .emptyOptions, at: open.range.union(close.range),
            notes: [DiagnosticNote("options are c, d, n and l, as in '[cd]'")],
            fixIts: [FixIt(range: open.range.union(close.range), replacement: "")]))
      }
    } else {
      report(
        Diagnostic(
          .unclosedDelimiter(closer: "]", opener: "[", found: atEnd ? nil : current.quoted),
          at: atEnd ? .point(previous?.range.upperBound ?? 0) : currentRange,
          notes: [
            DiagnosticNote("'[' opened here", at: open.range),
            DiagnosticNote("options are c, d, n and l, as in '[cd]'"),
          ]))
    }
    return options
  }

  func isKeyword(_ kind: TokenKind) -> Bool {
    if case .keyword = kind { return true }
    return false
  }

  // MARK: Expressions

  /// An operand: arithmetic over postfix expressions. A parenthesised predicate comes back as
  /// `.predicate` when nothing else follows it, so `(a OR b) AND c` and `(SELF) == 'x'` both work.
  mutating func parseOperand(inParens: Bool = false) -> Parsed {
    parseBinary(level: 0, inParens: inParens)
  }

  /// The arithmetic operators by binding level, loosest first (`**` binds tightest).
  static let binaryLevelCount = 3

  /// The operator `kind` spells at binding `level`, if any: a switch, where a table of
  /// dictionaries hashed the token kind at every level for every token.
  static func binaryOperator(_ kind: TokenKind, level: Int) -> ArithmeticOperator? {
    switch (level, kind) {
    case (0, .plus): .add
    case (0, .minus): .subtract
    case (1, .star): .multiply
    case (1, .slash): .divide
    case (2, .starStar): .power
    default: nil
    }
  }

  mutating func parseBinary(level: Int, inParens: Bool) -> Parsed {
    guard level < Self.binaryLevelCount else { return parseUnary(inParens: inParens) }
    let start = currentRange.lowerBound
    var lhs = parseBinary(level: level + 1, inParens: inParens)
    var chain = 0
    while let op = Self.binaryOperator(currentKind, level: level) {
      let token = advance()
      chain += 1
      if depth + chain > PredicateParser.maximumNestingDepth {
        abandonTooDeep(at: token)
        return .failed
      }
      let rhs = parseBinary(level: level + 1, inParens: false)
      guard case .expression(let left) = lhs, case .expression(let right) = rhs else {
        if case .predicate(let predicate) = lhs { reportPredicateAsValue(predicate) }
        if case .predicate(let predicate) = rhs { reportPredicateAsValue(predicate) }
        return .failed
      }
      lhs = .expression(FormatExpression(.arithmetic(op, left, right), range: range(from: start)))
    }
    return lhs
  }

  mutating func parseUnary(inParens: Bool) -> Parsed {
    guard currentKind == .minus else { return parsePostfix(inParens: inParens) }
    let minus = advance()
    // `-5` is a negative literal (so the printer's `-5` reads back as the same constant).
    // A postfix binds tighter than minus, so `-5.x` is `-(5.x)`: fold only a bare number.
    if currentKind == .number, currentRange.lowerBound == minus.range.upperBound,
      peekKind() != .dot, peekKind() != .leftBracket, let value = current.value
    {
      let number = advance()
      let negated: ConstantValue =
        switch value {
        case .integer(let integer) where integer != Int.min: .integer(-integer)
        case .integer(let integer): .double(-Double(integer))
        case .double(let double): .double(-double)
        default: value
        }
      return .expression(
        FormatExpression(.constant(negated), range: minus.range.union(number.range)))
    }
    guard enter(minus) else { return .failed }
    defer { leave() }
    switch parseUnary(inParens: false) {
    case .expression(let operand):
      return .expression(
        FormatExpression(.negation(operand), range: range(from: minus.range.lowerBound)))
    case .predicate(let predicate):
      reportPredicateAsValue(predicate)
      return .failed
    case .failed:
      return .failed
    }
  }

  mutating func parsePostfix(inParens: Bool) -> Parsed {
    let start = currentRange.lowerBound
    let primary = parsePrimaryExpression(inParens: inParens)
    guard case .expression(var base) = primary else { return primary }
    var chain = 0
    while currentKind == .dot || currentKind == .leftBracket {
      let token = advance()
      chain += 1
      if depth + chain > PredicateParser.maximumNestingDepth {
        abandonTooDeep(at: token)
        return .failed
      }
      if token.kind == .dot {
        switch currentKind {
        case .identifier, .keyword, .collectionOperator:
          let name = advance()
          base = FormatExpression(.member(base, name.text), range: range(from: start))
        default:
          report(
            Diagnostic(
              .expectedKeyAfterDot,
              at: atEnd ? .point(token.range.upperBound) : currentRange))
          return .failed
        }
      } else {
        guard enter(token) else { return .failed }
        defer { leave() }
        let index: FormatExpression
        switch currentKind {
        case .keyword(.first), .keyword(.last), .keyword(.size):
          let word = advance()
          index = FormatExpression(
            .indexKeyword(IndexKeyword(rawValue: word.text.uppercased())!), range: word.range)
        default:
          guard let expression = parseValue() else {
            skipPast(.rightBracket)
            return .failed
          }
          index = expression
        }
        guard expect(.rightBracket, closing: token) else { return .failed }
        base = FormatExpression(.index(base, index), range: range(from: start))
      }
    }
    return .expression(base)
  }

  /// Consumes `kind` or reports that `opening` is unclosed.
  mutating func expect(_ kind: TokenKind, closing opening: Token) -> Bool {
    if currentKind == kind {
      skip()
      return true
    }
    let closer =
      switch kind {
      case .rightParen: ")"
      case .rightBrace: "}"
      default: "]"
      }
    report(
      Diagnostic(
        .unclosedDelimiter(
          closer: closer, opener: opening.text, found: atEnd ? nil : current.quoted),
        at: atEnd ? .point(previous?.range.upperBound ?? 0) : currentRange,
        notes: [DiagnosticNote("'\(opening.text)' opened here", at: opening.range)],
        fixIts: atEnd
          ? [FixIt(range: .point(previous?.range.upperBound ?? 0), replacement: closer)] : []))
    return false
  }

  mutating func parsePrimaryExpression(inParens: Bool) -> Parsed {
    let token = current
    func expression(_ kind: FormatExpression.Kind) -> Parsed {
      .expression(FormatExpression(kind, range: token.range))
    }
    switch token.kind {
    case .keyword(.self):
      skip()
      return expression(.evaluatedObject)
    case .string, .number:
      skip()
      return expression(.constant(token.value ?? .null))
    case .keyword(.true), .keyword(.yes):
      skip()
      return expression(.constant(.boolean(true)))
    case .keyword(.false), .keyword(.no):
      skip()
      return expression(.constant(.boolean(false)))
    case .keyword(.null), .keyword(.nil):
      skip()
      return expression(.constant(.null))
    case .keyword(.anyKey):
      skip()
      return expression(.anyKey)
    case .identifier:
      skip()
      if currentKind == .leftParen {
        guard let arguments = parseArgumentList() else { return .failed }
        return .expression(
          FormatExpression(
            .function(token.text, arguments), range: range(from: token.range.lowerBound)))
      }
      return expression(.key(token.text))
    case .escapedKeyword:
      skip()
      return expression(.escapedKey(token.name))
    case .collectionOperator:
      skip()
      return expression(.collectionOperator(token.name))
    case .variable:
      skip()
      if currentKind == .assign {
        report(
          Diagnostic(.assignment, at: currentRange))
        skip()
        return .failed
      }
      return expression(.variable(token.name))
    case .formatSpecifier:
      skip()
      return substitute(token)
    case .leftBrace:
      return parseAggregate()
    case .leftParen:
      return parseGroup()
    case .keyword(.subquery):
      skip()
      return parseSubquery(token)
    case .keyword(.cast), .keyword(.fetch):
      skip()
      guard let arguments = parseArgumentList() else { return .failed }
      let kind: FormatExpression.Kind
      if token.kind == .keyword(.cast) {
        guard arguments.count == 2 else {
          report(
            Diagnostic(
              .castArguments(count: arguments.count),
              at: range(from: token.range.lowerBound)))
          return .failed
        }
        kind = .cast(arguments[0], arguments[1])
      } else {
        kind = .fetch(arguments)
      }
      return .expression(FormatExpression(kind, range: range(from: token.range.lowerBound)))
    case .invalid:
      advance()  // already reported by the lexer
      return .failed
    case .keyword(.and), .keyword(.or):
      // Most likely a missing operand before a connective: leave the connective to its parser.
      report(
        Diagnostic(
          .expectedExpressionBeforeConnective(after: previousText, connective: token.text),
          at: token.range))
      return .failed
    case .keyword(let keyword):
      skip()
      report(
        Diagnostic(
          .reservedWord(token.text),
          at: token.range,
          notes: [
            DiagnosticNote("write '#\(keyword.rawValue)' for a key named \(keyword.rawValue)")
          ]
        ))
      return .failed
    case .endOfInput, .rightParen, .rightBrace, .rightBracket, .comma, .and, .or:
      report(
        Diagnostic(
          .expectedExpression(after: previousText),
          at: atEnd ? .point(previous?.range.upperBound ?? 0) : token.range))
      return .failed
    default:
      skip()
      report(
        Diagnostic(.expectedExpressionFound(token.quoted), at: token.range))
      return .failed
    }
  }

  mutating func parseGroup() -> Parsed {
    let open = advance()
    guard enter(open) else { return .failed }
    defer { leave() }
    let inner = parseOr(inParens: true)
    if case .failed = inner {
      if currentKind == .rightParen {
        skip()
      } else if !atEnd {
        synchronize()
        if currentKind == .rightParen { advance() }
      }
      return .failed
    }
    guard expect(.rightParen, closing: open) else { return .failed }
    return inner
  }

  mutating func parseAggregate() -> Parsed {
    let open = advance()
    guard enter(open) else { return .failed }
    defer { leave() }
    guard let elements = parseList(closing: .rightBrace, opening: open) else { return .failed }
    return .expression(
      FormatExpression(.aggregate(elements), range: range(from: open.range.lowerBound)))
  }

  /// `( a, b, … )` after a function name.
  mutating func parseArgumentList() -> [FormatExpression]? {
    let open = advance()
    guard enter(open) else { return nil }
    defer { leave() }
    return parseList(closing: .rightParen, opening: open)
  }

  /// Comma-separated operands up to `closing`; reports trailing commas and recovers per element.
  mutating func parseList(closing: TokenKind, opening: Token) -> [FormatExpression]? {
    var elements: [FormatExpression] = []
    var failed = false
    if currentKind == closing {
      skip()
      return elements
    }
    while true {
      switch parseOperand() {
      case .expression(let element):
        elements.append(element)
      case .predicate(let predicate):
        reportPredicateAsValue(predicate)
        failed = true
      case .failed:
        failed = true
        synchronize(stoppingAtCommas: true)
      }
      if currentKind == .comma {
        let comma = advance()
        if currentKind == closing {
          report(
            Diagnostic(
              .trailingComma(before: current.quoted), at: comma.range,
              fixIts: [FixIt(range: comma.range, replacement: "")]))
          skip()
          return nil
        }
        continue
      }
      if !expect(closing, closing: opening) {
        skipPast(closing)
        return nil
      }
      return failed ? nil : elements
    }
  }

  mutating func parseSubquery(_ keyword: Token) -> Parsed {
    guard currentKind == .leftParen else {
      report(Diagnostic(.subqueryNeedsParenthesis, at: currentRange))
      return .failed
    }
    let open = advance()
    guard enter(open) else { return .failed }
    defer { leave() }
    guard case .expression(let collection) = parseOperand(), currentKind == .comma else {
      report(
        Diagnostic(.subqueryShape, at: currentRange))
      skipPast(.rightParen)
      return .failed
    }
    skip()
    guard currentKind == .variable else {
      report(
        Diagnostic(.subqueryVariable, at: currentRange))
      skipPast(.rightParen)
      return .failed
    }
    let variable = advance().name
    guard currentKind == .comma else {
      report(
        Diagnostic(.subqueryComma, at: currentRange))
      skipPast(.rightParen)
      return .failed
    }
    skip()
    guard let predicate = asPredicate(parseOr(inParens: false)) else {
      skipPast(.rightParen)
      return .failed
    }
    guard expect(.rightParen, closing: open) else { return .failed }
    return .expression(
      FormatExpression(
        .subquery(collection, variable, predicate), range: range(from: keyword.range.lowerBound)))
  }

  /// Replaces a format specifier with the next argument, or keeps it as a placeholder.
  mutating func substitute(_ token: Token) -> Parsed {
    guard let arguments else {
      return .expression(FormatExpression(.formatPlaceholder(token.text), range: token.range))
    }
    guard nextArgument < arguments.count else {
      report(
        Diagnostic(
          .missingFormatArgument(specifier: token.text),
          at: token.range,
          notes: [
            DiagnosticNote("\(arguments.count) argument\(arguments.count == 1 ? "" : "s") given")
          ]
        ))
      return .failed
    }
    let argument = arguments[nextArgument]
    nextArgument += 1
    let conversion = token.text.last!
    func expression(_ kind: FormatExpression.Kind) -> Parsed {
      .expression(FormatExpression(kind, range: token.range))
    }
    func mismatch(_ wanted: String) -> Parsed {
      report(
        Diagnostic(
          .formatArgumentType(
            specifier: token.text, wanted: wanted, got: argument.typeDescription),
          at: token.range))
      return .failed
    }
    switch conversion {
    case "@":
      return expression(argument.expressionKind)
    case "K":
      if case .string(let name) = argument, name.uppercased() == "SELF" {
        return expression(.evaluatedObject)
      }
      var shown = argument.typeDescription
      if case .string(let name) = argument { shown = "'\(name)'" }
      report(
        Diagnostic(
          .keyPathArgument(shown), at: token.range,
          notes: [
            DiagnosticNote(
              "activation conditions refer to the target content identifier only as SELF")
          ]))
      return .failed
    case "d", "i", "u", "o", "x", "X", "c", "C":
      switch argument {
      case .integer(let value): return expression(.constant(.integer(value)))
      case .boolean(let value): return expression(.constant(.integer(value ? 1 : 0)))
      default: return mismatch("an integer")
      }
    case "f", "F", "e", "E", "g", "G", "a", "A":
      switch argument {
      case .double(let value): return expression(.constant(.double(value)))
      case .integer(let value): return expression(.constant(.double(Double(value))))
      default: return mismatch("a floating-point number")
      }
    case "s", "S":
      guard case .string(let value) = argument else { return mismatch("a string") }
      return expression(.constant(.string(value)))
    default:
      return mismatch("a supported argument type")
    }
  }
}
