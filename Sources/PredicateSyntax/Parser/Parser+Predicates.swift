// Predicates: OR, AND, NOT, constants, comparisons and their operators, with the recovery and
// messages for a missing or misspelled operator.

extension Parser {
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
}
