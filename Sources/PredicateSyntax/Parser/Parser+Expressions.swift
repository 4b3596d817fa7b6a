// Expressions: arithmetic, unary minus, postfix key paths and subscripts, primaries, groups,
// aggregates, argument lists and SUBQUERY.

extension Parser {
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
}
