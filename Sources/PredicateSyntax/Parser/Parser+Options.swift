// Values that must not be predicates, and comparison options such as `[cd]`.

extension Parser {
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
}
