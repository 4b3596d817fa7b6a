/// A predicate in the NSPredicate format language, as a syntax tree.
///
/// Parse one from text with ``init(parsing:)`` or ``init(format:_:)`` (the way apps call
/// `NSPredicate(format:)`), or combine predicates in code with ``value(_:)``, ``and(_:)``,
/// ``or(_:)`` and ``not(_:)`` (the way apps use `NSPredicate(value:)` and
/// `NSCompoundPredicate`). Print it with ``predicateFormat``, compile it with
/// `CompiledPredicate(_:profile:)`.
///
/// The tree itself (its comparisons and expressions) is the package's: a library user builds and
/// reads predicates as format text, the language Apple documents, and the tree can change
/// without breaking them.
///
/// ```swift
/// let predicate = try FormatPredicate(parsing: "self beginswith[c] 'chat/'")
/// predicate.predicateFormat   // SELF BEGINSWITH[c] "chat/"
/// ```
///
/// Equality is structural: source ranges take no part in it.
public struct FormatPredicate: Sendable, Hashable {
  /// What the predicate is.
  package indirect enum Kind: Sendable, Hashable {
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
  package var kind: Kind
  /// Where it came from, when parsed; not part of equality.
  package var range: SourceRange? {
    get { _range.wrappedValue }
    set { _range.wrappedValue = newValue }
  }
  private var _range = IgnoredInComparison<SourceRange?>(wrappedValue: nil)

  /// Creates a predicate node.
  package init(_ kind: Kind, range: SourceRange? = nil) {
    self.kind = kind
    self.range = range
  }

  /// A constant predicate, as `NSPredicate(value:)` makes.
  public static func value(_ value: Bool) -> FormatPredicate { FormatPredicate(.constant(value)) }

  /// `TRUEPREDICATE`: the default *can activate* condition.
  package static var truePredicate: FormatPredicate { .value(true) }

  /// `FALSEPREDICATE`: the default *prefers to activate* condition.
  package static var falsePredicate: FormatPredicate { .value(false) }

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
  package static func comparison(
    _ lhs: FormatExpression, _ op: ComparisonOperator, _ rhs: FormatExpression,
    options: ComparisonOptions = []
  ) -> FormatPredicate {
    FormatPredicate(.comparison(Comparison(lhs, op, rhs, options: options)))
  }

  /// Whether this is an AND or OR (which the printer parenthesises as an operand).
  package var isCompound: Bool {
    switch kind {
    case .and, .or: true
    default: false
    }
  }
}
