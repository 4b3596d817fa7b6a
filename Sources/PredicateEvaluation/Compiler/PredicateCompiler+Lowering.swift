import PredicateSyntax

// Stage 3 of compiling a comparison: constants folded, and each shape of operands lowered to the
// matcher case that evaluates it (the byte-level fast paths for SELF against a literal, the
// generic path for the rest).
extension PredicateCompiler {
  /// The matcher for a type-checked comparison whose patterns compiled.
  mutating func lower(
    _ comparison: Comparison, _ lhs: Matcher.Operand, _ rhs: Matcher.Operand,
    patterns: Patterns, range: SourceRange, operatorRange: SourceRange
  ) -> Matcher {
    let op = comparison.op
    let options = comparison.options
    // Fully constant: fold now.
    if let left = constantValue(lhs), let right = constantValue(rhs) {
      let value =
        (try? Semantics.evaluate(op, left, right, options: options, regexCache: regexCache))
        ?? false
      diagnostics.append(
        Diagnostic(.constantComparison(value), at: range))
      return .constant(value)
    }

    let search = TextForm.search(options)
    switch (op, lhs, rhs) {
    case (.equalTo, .identifier, .identifier):
      constantWarning("SELF always equals itself", value: true, at: range)
      return .constant(true)
    case (.notEqualTo, .identifier, .identifier):
      constantWarning("SELF always equals itself", value: false, at: range)
      return .constant(false)
    case (.equalTo, _, _), (.notEqualTo, _, _):
      let negated = if case .notEqualTo = op { true } else { false }
      let other: Matcher.Operand
      switch (lhs, rhs) {
      case (.identifier, let value), (let value, .identifier): other = value
      default:
        return .generic(op, lhs, rhs, options, regexCache)
      }
      switch other {
      case .value(.string(let literal)):
        let form =
          Folding(options) == .none ? TextForm(folding: .none, normalization: .none) : search
        return .equal(PreparedText(literal, form: form), negated: negated)
      case .value(.null):
        return .isNil(!negated)
      case .value:
        constantWarning(
          "SELF is a string or nil and never equals \(describe(other))", value: negated, at: range)
        return .constant(negated)
      default:
        return .generic(op, lhs, rhs, options, regexCache)
      }
    case (_, .identifier, .value(.string(let literal))) where op.isOrdering:
      return .order(op, PreparedText(literal, form: search))
    case (_, .value(.string(let literal)), .identifier) where op.isOrdering:
      return .order(flipped(op), PreparedText(literal, form: search))
    case (.between, .identifier, .aggregate(let bounds)):
      if case .value(.string(let low)) = bounds[0], case .value(.string(let high)) = bounds[1] {
        return .between(PreparedText(low, form: search), PreparedText(high, form: search))
      }
      return .generic(op, lhs, rhs, options, regexCache)
    case (.beginsWith, _, _), (.endsWith, _, _), (.contains, _, _):
      let kind = Semantics.SearchKind(op)
      return searchMatcher(kind, haystack: lhs, needle: rhs, options: options, range: range)
    case (.in, _, .aggregate(let elements)):
      if !options.isEmpty {
        diagnostics.append(
          Diagnostic(
            .ignoredOptions,
            at: operatorRange,
            notes: [DiagnosticNote("membership is exact, as Apple's containsObject: is")]))
      }
      guard case .identifier = lhs, !elements.contains(where: mentionsIdentifier) else {
        return .generic(op, lhs, rhs, options, regexCache)
      }
      var strings: [String] = []
      var containsNil = false
      for element in elements {
        switch element {
        case .value(.string(let string)): strings.append(string)
        case .value(.null): containsNil = true
        default: continue  // numbers, Booleans and nested aggregates never equal a string
        }
      }
      return .member(ByteStringSet(strings), containsNil: containsNil)
    case (.in, _, _):
      // `SELF IN 'abc'` is `'abc' CONTAINS SELF`.
      return searchMatcher(.contains, haystack: rhs, needle: lhs, options: options, range: range)
    case (.like, .identifier, .value(.string)):
      guard let glob = patterns.like, !glob.isEmpty else {
        constantWarning("an empty LIKE pattern never matches", value: false, at: range)
        return .constant(false)
      }
      return .like(glob, .pattern(options))
    case (.like, .value(.string(let subject)), .identifier):
      return .reverseLike(PreparedText(subject, form: .pattern(options)), options)
    case (.matches, .identifier, .value(.string)):
      guard let program = patterns.regex else {
        constantWarning("an empty MATCHES pattern never matches", value: false, at: range)
        return .constant(false)
      }
      return .regex(program)
    case (.matches, .value(.string(let subject)), .identifier):
      return .reverseRegex(subject, options, regexCache)
    case (.like, _, .value(.null)), (.like, .value(.null), _), (.matches, _, .value(.null)),
      (.matches, .value(.null), _):
      constantWarning("nil never matches a pattern", value: false, at: range)
      return .constant(false)
    default:
      return .generic(op, lhs, rhs, options, regexCache)
    }
  }

  func constantValue(_ operand: Matcher.Operand) -> Value? {
    switch operand {
    case .identifier: nil
    case .value(let value): value
    case .aggregate(let elements):
      elements.allSatisfy({ constantValue($0) != nil })
        ? .array(elements.map { constantValue($0)! }) : nil
    }
  }

  func mentionsIdentifier(_ operand: Matcher.Operand) -> Bool {
    switch operand {
    case .identifier: true
    case .value: false
    case .aggregate(let elements): elements.contains(where: mentionsIdentifier)
    }
  }

  func flipped(_ op: ComparisonOperator) -> ComparisonOperator {
    switch op {
    case .lessThan: .greaterThan
    case .lessThanOrEqualTo: .greaterThanOrEqualTo
    case .greaterThan: .lessThan
    case .greaterThanOrEqualTo: .lessThanOrEqualTo
    default: op
    }
  }

  mutating func searchMatcher(
    _ kind: Semantics.SearchKind, haystack: Matcher.Operand, needle: Matcher.Operand,
    options: ComparisonOptions, range: SourceRange
  ) -> Matcher {
    let form = TextForm.search(options)
    switch (haystack, needle) {
    case (.identifier, .value(.string(let literal))):
      let prepared = PreparedText(literal, form: form)
      if prepared.isEmpty {
        constantWarning("an empty string is never found", value: false, at: range)
        return .constant(false)
      }
      return .search(kind, prepared)
    case (.value(.string(let literal)), .identifier):
      return .reverseSearch(kind, PreparedText(literal, form: form))
    case (.value(.null), _), (_, .value(.null)):
      constantWarning("nil is never found and contains nothing", value: false, at: range)
      return .constant(false)
    default:
      let op: ComparisonOperator =
        kind == .prefix ? .beginsWith : kind == .suffix ? .endsWith : .contains
      return .generic(op, haystack, needle, options, regexCache)
    }
  }

  mutating func constantWarning(_ reason: String, value: Bool, at range: SourceRange) {
    diagnostics.append(
      Diagnostic(.constantComparisonBecause(value, reason), at: range))
  }
}
