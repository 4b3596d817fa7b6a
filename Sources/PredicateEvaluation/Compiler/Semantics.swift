import PredicateSyntax

/// A runtime value: what an operand is once `SELF` is known.
enum Value: Sendable, Hashable {
  case string(String)
  case null
  case integer(Int)
  case double(Double)
  case boolean(Bool)
  case array([Value])

  init(_ constant: ConstantValue) {
    switch constant {
    case .string(let value): self = .string(value)
    case .integer(let value): self = .integer(value)
    case .double(let value): self = .double(value)
    case .boolean(let value): self = .boolean(value)
    case .null: self = .null
    }
  }

  /// The numeric value of numbers and Booleans (NSNumber semantics: `TRUE == 1`).
  var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .double(let value): value
    case .boolean(let value): value ? 1 : 0
    default: nil
    }
  }
}

/// The semantics of every operator over values (DESIGN §4), in one place.
///
/// The compiled matcher specialises the common shapes (`SELF` against a literal) into byte-level
/// fast paths; every other shape — `SELF` on both sides, `SELF` inside an aggregate, constant
/// folding at compile time — evaluates here. The tests check the fast paths against a separate
/// reference evaluator.
enum Semantics {
  enum SearchKind: Sendable {
    case prefix, suffix, contains

    /// The search of BEGINSWITH, ENDSWITH or CONTAINS (matched by case: `==` on the operator,
    /// a package type of another module, is a call through `Equatable`'s witness table).
    init(_ op: ComparisonOperator) {
      switch op {
      case .beginsWith: self = .prefix
      case .endsWith: self = .suffix
      default: self = .contains
      }
    }
  }

  static func evaluate(
    _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value, options: ComparisonOptions,
    regexCache: RegexCache
  ) throws(PredicateEvaluationError) -> Bool {
    switch op {
    case .equalTo:
      return equal(lhs, rhs, options: options)
    case .notEqualTo:
      return !equal(lhs, rhs, options: options)
    case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
      return order(op, lhs, rhs, options: options)
    case .between:
      guard case .array(let bounds) = rhs, bounds.count == 2 else { return false }
      return order(.greaterThanOrEqualTo, lhs, bounds[0], options: options)
        && order(.lessThanOrEqualTo, lhs, bounds[1], options: options)
    case .beginsWith, .endsWith, .contains:
      guard case .string(let haystack) = lhs, case .string(let needle) = rhs else { return false }
      let kind = SearchKind(op)
      return search(kind, haystack: haystack, needle: needle, options: options)
    case .in:
      switch rhs {
      case .array(let elements):
        // Exact membership; options are ignored, as Apple's containsObject: ignores them.
        return elements.contains { equal(lhs, $0, options: []) }
      case .string(let haystack):
        guard case .string(let needle) = lhs else { return false }
        return search(.contains, haystack: haystack, needle: needle, options: options)
      default:
        return false
      }
    case .like:
      guard case .string(let subject) = lhs, case .string(let pattern) = rhs else { return false }
      return try like(subject: subject, pattern: pattern, options: options)
    case .matches:
      guard case .string(let subject) = lhs, case .string(let pattern) = rhs else { return false }
      return try matches(subject: subject, pattern: pattern, options: options, cache: regexCache)
    case .utiConformsTo, .utiEquals:
      return false
    }
  }

  /// `==`: literal scalar equality without options; folded canonical equality with `[c]`/`[d]`.
  static func equal(_ lhs: Value, _ rhs: Value, options: ComparisonOptions) -> Bool {
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)):
      let form = TextForm.search(options)
      if form.folding == .none { return left.utf8.elementsEqual(right.utf8) }
      return form.apply(left).utf8.elementsEqual(form.apply(right).utf8)
    case (.null, .null):
      return true
    case (.array(let left), .array(let right)):
      return left.count == right.count
        && zip(left, right).allSatisfy { equal($0, $1, options: options) }
    default:
      if let left = lhs.number, let right = rhs.number { return left == right }
      return false
    }
  }

  /// -1, 0 or 1: canonically equivalent strings are equal, otherwise Swift's `String` order
  /// (`[n]`: raw scalar order), after folding for `[c]`/`[d]`.
  static func compare(_ lhs: String, _ rhs: String, form: TextForm) -> Int {
    if form.normalization == .none {
      return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        ? -1 : (lhs.utf8.elementsEqual(rhs.utf8) ? 0 : 1)
    }
    let left = form.apply(lhs)
    let right = form.apply(rhs)
    return left == right ? 0 : (left < right ? -1 : 1)
  }

  static func order(
    _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value, options: ComparisonOptions
  )
    -> Bool
  {
    let comparison: Int
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)):
      comparison = compare(left, right, form: .search(options))
    case (.null, .null):
      // Both nil: equal, so only <= and >= hold.
      switch op {
      case .lessThanOrEqualTo, .greaterThanOrEqualTo: return true
      default: return false
      }
    default:
      guard let left = lhs.number, let right = rhs.number else { return false }
      comparison = left == right ? 0 : (left < right ? -1 : 1)
    }
    switch op {
    case .lessThan: return comparison < 0
    case .lessThanOrEqualTo: return comparison <= 0
    case .greaterThan: return comparison > 0
    default: return comparison >= 0
    }
  }

  /// Non-literal search on whole units; an empty needle is false.
  static func search(
    _ kind: SearchKind, haystack: String, needle: String, options: ComparisonOptions
  )
    -> Bool
  {
    let form = TextForm.search(options)
    let preparedNeedle = UnitText(form.apply(needle))
    guard !preparedNeedle.isEmpty else { return false }
    let preparedHaystack = UnitText(form.apply(haystack))
    switch kind {
    case .prefix: return preparedHaystack.hasPrefix(preparedNeedle)
    case .suffix: return preparedHaystack.hasSuffix(preparedNeedle)
    case .contains: return preparedHaystack.contains(preparedNeedle)
    }
  }

  static func like(subject: String, pattern: String, options: ComparisonOptions)
    throws(PredicateEvaluationError) -> Bool
  {
    let form = TextForm.pattern(options)
    let glob: GlobPattern
    do {
      glob = try GlobPattern(prepared: form.apply(pattern))
    } catch {
      throw PredicateEvaluationError(
        .invalidPattern, "LIKE pattern '\(pattern)' ends with a lone backslash")
    }
    return glob.matches(Array(form.apply(subject).unicodeScalars))
  }

  static func matches(
    subject: String, pattern: String, options: ComparisonOptions, cache: RegexCache
  ) throws(PredicateEvaluationError) -> Bool {
    guard !pattern.isEmpty else { return false }
    switch cache.program(for: pattern, options: options) {
    case .success(let program):
      return try program.matches(program.subjectForm.apply(subject))
    case .failure(let problem):
      throw PredicateEvaluationError(
        .invalidPattern, "'\(pattern)' is not a valid pattern: \(problem.message.message)")
    }
  }
}
