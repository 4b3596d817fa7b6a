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

  // MARK: Comparisons

  private mutating func compile(_ comparison: Comparison, range: SourceRange) -> Matcher {
    let operatorRange = comparison.operatorRange ?? range
    let lhs = operand(comparison.lhs)
    let rhs = operand(comparison.rhs)
    if case .contains = comparison.op, case .aggregate = lhs {
      // `{'a', 'b'} CONTAINS SELF` is membership: compiled as `SELF IN {'a', 'b'}`.
      var membership = comparison
      membership.op = .in
      membership.lhs = comparison.rhs
      membership.rhs = comparison.lhs
      return compile(membership, range: range)
    }
    lintOptions(comparison, at: operatorRange)
    guard typeCheck(comparison, lhs, rhs, operatorRange: operatorRange),
      let patterns = compilePatterns(comparison, rhs, operatorRange: operatorRange)
    else { return .constant(false) }
    return lower(
      comparison, lhs, rhs, patterns: patterns, range: range, operatorRange: operatorRange)
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

}
