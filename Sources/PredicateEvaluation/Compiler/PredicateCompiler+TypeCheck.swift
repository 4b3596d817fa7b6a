import PredicateSyntax

// Stage 1 of compiling a comparison: the types of its operands (SELF is a string or nil), so every
// type error is a compile-time diagnostic.
extension PredicateCompiler {
  /// Checks the operand types `op` needs; reports the first mismatch and returns false.
  mutating func typeCheck(
    _ comparison: Comparison, _ lhs: Matcher.Operand, _ rhs: Matcher.Operand,
    operatorRange: SourceRange
  ) -> Bool {
    let op = comparison.op
    func typeError(_ message: ValidationMessage, at expression: FormatExpression) -> Bool {
      diagnostics.append(Diagnostic(message, at: expression.range ?? operatorRange))
      return false
    }

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
        return false
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
    return true
  }

  func describe(_ operand: Matcher.Operand) -> String {
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

  func isStringLike(_ operand: Matcher.Operand) -> Bool {
    switch operand {
    case .identifier, .value(.string), .value(.null): true
    default: false
    }
  }

  /// Strings (and SELF) order against strings; numbers against numbers; nil against either.
  func isOrderable(_ lhs: Matcher.Operand, _ rhs: Matcher.Operand) -> Bool {
    func isNumericOrNil(_ operand: Matcher.Operand) -> Bool {
      if case .value(let value) = operand { return value.number != nil || value == .null }
      return false
    }
    return (isStringLike(lhs) && isStringLike(rhs)) || (isNumericOrNil(lhs) && isNumericOrNil(rhs))
  }
}
