/// A predicate in the NSPredicate format language, as a syntax tree.
///
/// Parse one from text with ``init(parsing:)`` or ``init(format:_:)`` (the way apps call
/// `NSPredicate(format:)`), or build one in code with ``value(_:)``, ``and(_:)``, ``or(_:)``,
/// ``not(_:)`` and ``comparison(_:_:_:options:)`` (the way apps use `NSPredicate(value:)` and
/// `NSCompoundPredicate`). Print it with ``predicateFormat``.
///
/// ```swift
/// let predicate = try FormatPredicate(parsing: "self beginswith[c] 'chat/'")
/// predicate.predicateFormat   // SELF BEGINSWITH[c] "chat/"
/// ```
///
/// Equality is structural: source ranges take no part in it.
public struct FormatPredicate: Sendable, Hashable {
  /// What the predicate is.
  public indirect enum Kind: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// A comparison of two expressions.
    case comparison(Comparison)
    /// `NOT p`.
    case not(FormatPredicate)
    /// `p AND q AND …`; empty is true.
    case and([FormatPredicate])
    /// `p OR q OR …`; empty is false.
    case or([FormatPredicate])
  }

  /// What the predicate is.
  public var kind: Kind
  /// Where it came from, when parsed; not part of equality.
  public var range: SourceRange? {
    get { _range.wrappedValue }
    set { _range.wrappedValue = newValue }
  }
  private var _range = IgnoredInComparison<SourceRange?>(wrappedValue: nil)

  /// Creates a predicate node.
  public init(_ kind: Kind, range: SourceRange? = nil) {
    self.kind = kind
    self.range = range
  }

  /// A constant predicate, as `NSPredicate(value:)` makes.
  public static func value(_ value: Bool) -> FormatPredicate { FormatPredicate(.constant(value)) }

  /// `TRUEPREDICATE`: the default *can activate* condition.
  public static var truePredicate: FormatPredicate { .value(true) }

  /// `FALSEPREDICATE`: the default *prefers to activate* condition.
  public static var falsePredicate: FormatPredicate { .value(false) }

  /// A conjunction, as `NSCompoundPredicate(andPredicateWithSubpredicates:)` makes.
  public static func and(_ subpredicates: [FormatPredicate]) -> FormatPredicate {
    FormatPredicate(.and(subpredicates))
  }

  /// A disjunction, as `NSCompoundPredicate(orPredicateWithSubpredicates:)` makes.
  public static func or(_ subpredicates: [FormatPredicate]) -> FormatPredicate {
    FormatPredicate(.or(subpredicates))
  }

  /// A negation, as `NSCompoundPredicate(notPredicateWithSubpredicate:)` makes.
  public static func not(_ subpredicate: FormatPredicate) -> FormatPredicate {
    FormatPredicate(.not(subpredicate))
  }

  /// A comparison.
  public static func comparison(
    _ lhs: FormatExpression, _ op: ComparisonOperator, _ rhs: FormatExpression,
    options: ComparisonOptions = []
  ) -> FormatPredicate {
    FormatPredicate(.comparison(Comparison(lhs, op, rhs, options: options)))
  }

  /// Whether this is an AND or OR (which the printer parenthesises as an operand).
  public var isCompound: Bool {
    switch kind {
    case .and, .or: true
    default: false
    }
  }
}
