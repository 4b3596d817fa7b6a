extension FormatPredicate {
  /// Replaces `$NAME` variables with values, as `NSPredicate.withSubstitutionVariables(_:)` does.
  ///
  /// Variables with no entry in `variables` stay, and validation rejects them; an argument array
  /// becomes an aggregate literal.
  public func substituting(variables: [String: PredicateArgument]) -> FormatPredicate {
    var copy = self
    switch kind {
    case .constant:
      break
    case .comparison(var comparison):
      comparison.lhs = comparison.lhs.substituting(variables: variables)
      comparison.rhs = comparison.rhs.substituting(variables: variables)
      copy.kind = .comparison(comparison)
    case .not(let operand):
      copy.kind = .not(operand.substituting(variables: variables))
    case .and(let operands):
      copy.kind = .and(operands.map { $0.substituting(variables: variables) })
    case .or(let operands):
      copy.kind = .or(operands.map { $0.substituting(variables: variables) })
    }
    return copy
  }
}

extension FormatExpression {
  /// Replaces `$NAME` variables with values; see ``FormatPredicate/substituting(variables:)``.
  package func substituting(variables: [String: PredicateArgument]) -> FormatExpression {
    var copy = self
    func each(_ expressions: [FormatExpression]) -> [FormatExpression] {
      expressions.map { $0.substituting(variables: variables) }
    }
    switch kind {
    case .variable(let name):
      if let value = variables[name] { copy.kind = value.expressionKind }
    case .aggregate(let elements):
      copy.kind = .aggregate(each(elements))
    case .member(let base, let name):
      copy.kind = .member(base.substituting(variables: variables), name)
    case .index(let base, let index):
      copy.kind = .index(
        base.substituting(variables: variables), index.substituting(variables: variables))
    case .function(let name, let arguments):
      copy.kind = .function(name, each(arguments))
    case .arithmetic(let op, let lhs, let rhs):
      copy.kind = .arithmetic(
        op, lhs.substituting(variables: variables), rhs.substituting(variables: variables))
    case .negation(let operand):
      copy.kind = .negation(operand.substituting(variables: variables))
    case .cast(let value, let type):
      copy.kind = .cast(
        value.substituting(variables: variables), type.substituting(variables: variables))
    case .fetch(let arguments):
      copy.kind = .fetch(each(arguments))
    case .subquery(let collection, let variable, let predicate):
      // The subquery's own variable is bound inside it; do not replace it there.
      var inner = variables
      inner[variable] = nil
      copy.kind = .subquery(
        collection.substituting(variables: variables), variable,
        predicate.substituting(variables: inner))
    case .evaluatedObject, .constant, .key, .escapedKey, .collectionOperator, .indexKeyword,
      .formatPlaceholder, .anyKey:
      break
    }
    return copy
  }
}
