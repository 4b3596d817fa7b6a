/// An expression: one operand of a comparison, as the NSPredicate format language writes it.
///
/// Activation conditions accept only `SELF`, literals and aggregates of literals; every other case
/// is parsed so that validation can name the construct and point at it, instead of reporting an
/// unexpected token.
package struct FormatExpression: Sendable, Hashable {
  /// What the expression is.
  package indirect enum Kind: Sendable, Hashable {
    /// `SELF`: the target content identifier.
    case evaluatedObject
    /// A literal.
    case constant(ConstantValue)
    /// An aggregate literal `{a, b, …}`.
    case aggregate([FormatExpression])
    /// A bare key path component such as `name`.
    case key(String)
    /// A reserved word escaped into a key with `#`, such as `#SELF`.
    case escapedKey(String)
    /// A member access `base.name` (also `base.@count`).
    case member(FormatExpression, String)
    /// A collection operator at the start of a key path: `@count`.
    case collectionOperator(String)
    /// A subscript `base[index]`.
    case index(FormatExpression, FormatExpression)
    /// `FIRST`, `LAST` or `SIZE` inside a subscript.
    case indexKeyword(IndexKeyword)
    /// A substitution variable `$NAME`.
    case variable(String)
    /// A format specifier (`%@`, `%K`, `%d`, …) that no argument replaced.
    case formatPlaceholder(String)
    /// A function call: `FUNCTION(SELF, 'x')`, `lowercase(SELF)`, `now()`.
    case function(String, [FormatExpression])
    /// Binary arithmetic.
    case arithmetic(ArithmeticOperator, FormatExpression, FormatExpression)
    /// Unary minus on a non-literal.
    case negation(FormatExpression)
    /// `SUBQUERY(collection, $variable, predicate)`.
    case subquery(FormatExpression, String, FormatPredicate)
    /// `CAST(value, type)`.
    case cast(FormatExpression, FormatExpression)
    /// `FETCH(request, context, countOnly)`.
    case fetch([FormatExpression])
    /// `ANYKEY`.
    case anyKey
  }

  /// What the expression is.
  package var kind: Kind
  /// Where it came from, when parsed; not part of equality.
  package var range: SourceRange? {
    get { _range.wrappedValue }
    set { _range.wrappedValue = newValue }
  }
  private var _range = IgnoredInComparison<SourceRange?>(wrappedValue: nil)

  /// Creates an expression node.
  package init(_ kind: Kind, range: SourceRange? = nil) {
    self.kind = kind
    self.range = range
  }

  /// `SELF`.
  package static var evaluatedObject: FormatExpression { FormatExpression(.evaluatedObject) }

  /// A string literal.
  package static func string(_ value: String) -> FormatExpression {
    FormatExpression(.constant(.string(value)))
  }

  /// An aggregate of string literals.
  package static func strings(_ values: [String]) -> FormatExpression {
    FormatExpression(.aggregate(values.map { .string($0) }))
  }

  /// The literal value, if this is a constant.
  package var constantValue: ConstantValue? {
    if case .constant(let value) = kind { return value }
    return nil
  }

  /// Whether this is `SELF`.
  package var isEvaluatedObject: Bool {
    if case .evaluatedObject = kind { return true }
    return false
  }
}

/// A comparison predicate: `lhs OPERATOR[options] rhs`, optionally qualified (`ANY …`).
package struct Comparison: Sendable, Hashable {
  /// An aggregate qualifier, if written.
  package var qualifier: AggregateQualifier?
  /// The left operand.
  package var lhs: FormatExpression
  /// The operator.
  package var op: ComparisonOperator
  /// The bracketed options.
  package var options: ComparisonOptions
  /// The right operand.
  package var rhs: FormatExpression
  /// Where the operator (and its options) were written; not part of equality.
  package var operatorRange: SourceRange? {
    get { _operatorRange.wrappedValue }
    set { _operatorRange.wrappedValue = newValue }
  }
  private var _operatorRange = IgnoredInComparison<SourceRange?>(wrappedValue: nil)
  /// Where the qualifier was written; not part of equality.
  package var qualifierRange: SourceRange? {
    get { _qualifierRange.wrappedValue }
    set { _qualifierRange.wrappedValue = newValue }
  }
  private var _qualifierRange = IgnoredInComparison<SourceRange?>(wrappedValue: nil)

  /// Creates a comparison.
  package init(
    _ lhs: FormatExpression, _ op: ComparisonOperator, _ rhs: FormatExpression,
    options: ComparisonOptions = [], qualifier: AggregateQualifier? = nil,
    operatorRange: SourceRange? = nil, qualifierRange: SourceRange? = nil
  ) {
    self.lhs = lhs
    self.op = op
    self.rhs = rhs
    self.options = options
    self.qualifier = qualifier
    self.operatorRange = operatorRange
    self.qualifierRange = qualifierRange
  }
}
