/// What a parsing function produced: a predicate, a bare expression (legal only inside
/// parentheses that turn out to wrap an operand), or nothing, after an error was reported.
enum Parsed {
  case predicate(FormatPredicate)
  case expression(FormatExpression)
  case failed
}

/// The recursive-descent parser's state and its shared machinery: token access, reporting
/// (bounded), nesting limits and error recovery. The grammar lives in extensions by concern:
/// predicates and comparisons, options, expressions, format arguments.
struct Parser {
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
}
