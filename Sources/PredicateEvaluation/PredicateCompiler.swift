import PredicateSyntax

/// Turns a validated predicate into a ``Matcher``: type-checks every comparison (all type errors
/// are compile-time diagnostics), folds constants, prepares literals for their operator, and
/// compiles LIKE and MATCHES patterns once.
struct PredicateCompiler {
  let source: String
  /// Shared by the matchers that compile patterns only known at evaluation time; made when the
  /// first of them needs it, since most predicates have none and compiling is on a hot path.
  lazy var regexCache = RegexCache()
  var diagnostics: [Diagnostic] = []

  init(source: String) {
    self.source = source
  }

  mutating func compile(_ predicate: FormatPredicate) -> Matcher {
    switch predicate.kind {
    case .constant(let value):
      return .constant(value)
    case .not(let operand):
      let inner = compile(operand)
      if case .constant(let value) = inner { return .constant(!value) }
      return .not(inner)
    case .and(let operands):
      return junction(operands.map { compile($0) }, deciding: false)
    case .or(let operands):
      return junction(operands.map { compile($0) }, deciding: true)
    case .comparison(let comparison):
      return compile(comparison, range: predicate.range ?? .point(0))
    }
  }

  /// Folds the constants of an AND (`deciding` false) or OR (`deciding` true) without changing
  /// what is evaluated: operands are evaluated left to right and stop at the first deciding value,
  /// so a constant drops only what comes after it (an earlier operand may still throw), and a
  /// non-deciding constant drops itself.
  private func junction(_ operands: [Matcher], deciding: Bool) -> Matcher {
    var kept: [Matcher] = []
    for operand in operands {
      if case .constant(let value) = operand {
        if value != deciding { continue }
        if kept.isEmpty { return .constant(deciding) }
        kept.append(operand)
        break
      }
      kept.append(operand)
    }
    if kept.isEmpty { return .constant(!deciding) }
    if kept.count == 1 { return kept[0] }
    return deciding ? .or(kept) : .and(kept)
  }

  // MARK: Operands

  private func operand(_ expression: FormatExpression) -> Matcher.Operand {
    switch expression.kind {
    case .evaluatedObject: .identifier
    case .constant(let value): .value(Value(value))
    case .aggregate(let elements): .aggregate(elements.map(operand))
    default: .value(.null)  // unreachable after validation
    }
  }

  private func describe(_ operand: Matcher.Operand) -> String {
    switch operand {
    case .identifier: "SELF"
    case .aggregate: "an aggregate"
    case .value(let value):
      switch value {
      case .string: "a string"
      case .integer, .double: "a number"
      case .boolean: "a Boolean"
      case .null: "nil"
      case .array: "an aggregate"
      }
    }
  }

  private func isStringLike(_ operand: Matcher.Operand) -> Bool {
    switch operand {
    case .identifier, .value(.string), .value(.null): true
    default: false
    }
  }

  private func constantValue(_ operand: Matcher.Operand) -> Value? {
    switch operand {
    case .identifier: nil
    case .value(let value): value
    case .aggregate(let elements):
      elements.allSatisfy({ constantValue($0) != nil })
        ? .array(elements.map { constantValue($0)! }) : nil
    }
  }

  private func mentionsIdentifier(_ operand: Matcher.Operand) -> Bool {
    switch operand {
    case .identifier: true
    case .value: false
    case .aggregate(let elements): elements.contains(where: mentionsIdentifier)
    }
  }

  // MARK: Comparisons

  private mutating func compile(_ comparison: Comparison, range: SourceRange) -> Matcher {
    let op = comparison.op
    let options = comparison.options
    let operatorRange = comparison.operatorRange ?? range
    let lhs = operand(comparison.lhs)
    let rhs = operand(comparison.rhs)
    lintOptions(comparison, at: operatorRange)

    func typeError(_ message: ValidationMessage, at expression: FormatExpression) -> Matcher {
      diagnostics.append(Diagnostic(message, at: expression.range ?? operatorRange))
      return .constant(false)
    }

    // Type checks, operator by operator (SELF is a string or nil).
    switch op {
    case .beginsWith, .endsWith, .contains, .like, .matches:
      // Two plain checks, not a loop over a literal array: this runs for every comparison compiled.
      if !isStringLike(lhs) {
        return typeError(
          .operandType(operator: op.canonicalSpelling, side: "left", found: describe(lhs)),
          at: comparison.lhs)
      }
      if !isStringLike(rhs) {
        return typeError(
          .operandType(operator: op.canonicalSpelling, side: "right", found: describe(rhs)),
          at: comparison.rhs)
      }
    case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
      if !isOrderable(lhs, rhs) {
        return typeError(
          .cannotOrder(describe(lhs), against: describe(rhs)),
          at: isStringLike(lhs) ? comparison.rhs : comparison.lhs)
      }
    case .between:
      guard case .aggregate(let bounds) = rhs, bounds.count == 2 else {
        var found = describe(rhs)
        if case .aggregate(let bounds) = rhs {
          found = "\(bounds.count) bound\(bounds.count == 1 ? "" : "s")"
        }
        diagnostics.append(
          Diagnostic(
            .betweenBounds(found: found),
            at: comparison.rhs.range ?? operatorRange,
            notes: [DiagnosticNote("write SELF BETWEEN {\"low\", \"high\"}")]))
        return .constant(false)
      }
      if !isOrderable(lhs, bounds[0]) || !isOrderable(lhs, bounds[1]) {
        let bad = isOrderable(lhs, bounds[0]) ? bounds[1] : bounds[0]
        return typeError(.cannotOrder(describe(lhs), against: describe(bad)), at: comparison.rhs)
      }
    case .in:
      switch rhs {
      case .aggregate:
        break
      case .identifier, .value(.string), .value(.null):
        if !isStringLike(lhs) {
          return typeError(.inStringOperand(found: describe(lhs)), at: comparison.lhs)
        }
      default:
        return typeError(.inRightOperand(found: describe(rhs)), at: comparison.rhs)
      }
    default:
      break
    }

    // Patterns are checked even when constant, so a bad literal is always reported.
    var likePattern: GlobPattern?
    var regexProgram: RegexProgram?
    if op == .like, case .value(.string(let pattern)) = rhs {
      do {
        likePattern = try GlobPattern(prepared: TextForm.pattern(options).apply(pattern))
      } catch {
        diagnostics.append(
          Diagnostic(
            .likeTrailingBackslash,
            at: comparison.rhs.range ?? operatorRange,
            notes: [DiagnosticNote("write '\\\\\\\\' in the literal for a literal backslash")]))
        return .constant(false)
      }
    }
    if op == .matches, case .value(.string(let pattern)) = rhs, !pattern.isEmpty {
      switch RegexProgram.make(pattern: pattern, options: options) {
      case .success(let program):
        regexProgram = program
      case .failure(let problem):
        diagnostics.append(
          Diagnostic(
            problem.message,
            at: patternRange(problem, in: comparison.rhs) ?? operatorRange,
            notes: problem.notes.map { DiagnosticNote($0) }))
        return .constant(false)
      }
    }

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
    case (.equalTo, .identifier, .identifier), (.notEqualTo, .identifier, .identifier):
      constantWarning("SELF always equals itself", value: op == .equalTo, at: range)
      return .constant(op == .equalTo)
    case (.equalTo, _, _), (.notEqualTo, _, _):
      let negated = op == .notEqualTo
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
      let kind: Semantics.SearchKind =
        op == .beginsWith ? .prefix : op == .endsWith ? .suffix : .contains
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
      guard let glob = likePattern, !glob.isEmpty else {
        constantWarning("an empty LIKE pattern never matches", value: false, at: range)
        return .constant(false)
      }
      return .like(glob, .pattern(options))
    case (.like, .value(.string(let subject)), .identifier):
      return .reverseLike(PreparedText(subject, form: .pattern(options)), options)
    case (.matches, .identifier, .value(.string)):
      guard let program = regexProgram else {
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

  /// Strings (and SELF) order against strings; numbers against numbers; nil against either.
  private func isOrderable(_ lhs: Matcher.Operand, _ rhs: Matcher.Operand) -> Bool {
    func isNumericOrNil(_ operand: Matcher.Operand) -> Bool {
      if case .value(let value) = operand { return value.number != nil || value == .null }
      return false
    }
    return (isStringLike(lhs) && isStringLike(rhs)) || (isNumericOrNil(lhs) && isNumericOrNil(rhs))
  }

  private func flipped(_ op: ComparisonOperator) -> ComparisonOperator {
    switch op {
    case .lessThan: .greaterThan
    case .lessThanOrEqualTo: .greaterThanOrEqualTo
    case .greaterThan: .lessThan
    case .greaterThanOrEqualTo: .lessThanOrEqualTo
    default: op
    }
  }

  private mutating func searchMatcher(
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

  private mutating func constantWarning(_ reason: String, value: Bool, at range: SourceRange) {
    diagnostics.append(
      Diagnostic(.constantComparisonBecause(value, reason), at: range))
  }

  private mutating func lintOptions(_ comparison: Comparison, at range: SourceRange) {
    let options = comparison.options
    if options.contains(.normalized),
      !options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive])
    {
      diagnostics.append(
        Diagnostic(.normalizedOverrides, at: range))
    }
    if options.contains(.localeSensitive) {
      diagnostics.append(
        Diagnostic(.localeOption, at: range))
    }
  }

  /// Maps a pattern problem's offset back into the predicate source.
  private func patternRange(_ problem: RegexProgram.Problem, in literal: FormatExpression)
    -> SourceRange?
  {
    guard let range = literal.range else { return nil }
    guard let decoded = StringLiteral.decode(in: source, at: range) else { return range }
    let lower = decoded.sourceOffset(forValueOffset: problem.offset)
    let upper = decoded.sourceOffset(forValueOffset: problem.offset + problem.length)
    return SourceRange(
      min(lower, range.upperBound), min(max(lower, upper), range.upperBound))
  }
}
