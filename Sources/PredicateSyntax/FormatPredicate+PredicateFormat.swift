// The canonical printer (DESIGN §5). Invariant: parsing `predicateFormat` gives back a predicate
// equal to the one printed, for every predicate the parser accepts.

extension FormatPredicate {
  /// The canonical format string: stable, parseable, and equal for equal predicates.
  public var predicateFormat: String {
    var output = ""
    print(into: &output)
    return output
  }
}

extension FormatExpression {
  /// The canonical text of the expression, as ``FormatPredicate/predicateFormat`` prints it.
  package var predicateFormat: String {
    var output = ""
    print(into: &output)
    return output
  }
}

/// The canonical format string, ``FormatPredicate/predicateFormat``: stable, parseable,
/// and equal for equal predicates. Keywords are upper-case, synonyms print their canonical
/// spelling (`=` as `==`), strings are double-quoted with only `\` and `"` escaped, options print
/// in the order `c d l n`, and every compound operand of a compound is parenthesised so
/// precedence never matters. An empty AND prints `TRUEPREDICATE` and an empty OR
/// `FALSEPREDICATE`, as `NSCompoundPredicate` does.
extension FormatPredicate {
  package func print(into output: inout String) {
    switch kind {
    case .constant(let value):
      output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .comparison(let comparison):
      comparison.print(into: &output)
    case .not(let operand):
      output += "NOT "
      operand.printOperand(into: &output)
    case .and(let operands), .or(let operands):
      let isAnd: Bool
      if case .and = kind { isAnd = true } else { isAnd = false }
      if operands.isEmpty {
        output += isAnd ? "TRUEPREDICATE" : "FALSEPREDICATE"
        return
      }
      if operands.count == 1 {
        operands[0].print(into: &output)
        return
      }
      for (index, operand) in operands.enumerated() {
        if index > 0 { output += isAnd ? " AND " : " OR " }
        operand.printOperand(into: &output)
      }
    }
  }

  /// Prints as an operand of NOT, AND or OR: parenthesised when compound.
  private func printOperand(into output: inout String) {
    if case .and(let operands) = kind, operands.count >= 2 {
      output += "("
      print(into: &output)
      output += ")"
    } else if case .or(let operands) = kind, operands.count >= 2 {
      output += "("
      print(into: &output)
      output += ")"
    } else {
      print(into: &output)
    }
  }
}

extension Comparison {
  package func print(into output: inout String) {
    if let qualifier { output += qualifier.rawValue + " " }
    lhs.print(into: &output)
    output += " " + op.canonicalSpelling
    if !options.isEmpty { output += "[" + options.letters + "]" }
    output += " "
    rhs.print(into: &output)
  }
}

extension FormatExpression {
  package func print(into output: inout String) {
    switch kind {
    case .evaluatedObject:
      output += "SELF"
    case .constant(let value):
      value.print(into: &output)
    case .aggregate(let elements):
      output += "{"
      printList(elements, into: &output)
      output += "}"
    case .key(let name):
      output += name
    case .escapedKey(let name):
      output += "#" + name
    case .member(let base, let name):
      base.printOperand(into: &output)
      output += "." + name
    case .collectionOperator(let name):
      output += "@" + name
    case .index(let base, let index):
      base.printOperand(into: &output)
      output += "["
      index.print(into: &output)
      output += "]"
    case .indexKeyword(let keyword):
      output += keyword.rawValue
    case .variable(let name):
      output += "$" + name
    case .formatPlaceholder(let specifier):
      output += specifier
    case .function(let name, let arguments):
      output += name + "("
      printList(arguments, into: &output)
      output += ")"
    case .arithmetic(let op, let lhs, let rhs):
      // Parenthesise only where precedence or left-associativity requires it: printed
      // parentheses are nesting levels, and the canonical form must never nest deeper than the
      // predicate it prints (the parser bounds nesting).
      lhs.printArithmeticOperand(into: &output, parentLevel: op.level, isRight: false)
      output += " " + op.rawValue + " "
      rhs.printArithmeticOperand(into: &output, parentLevel: op.level, isRight: true)
    case .negation(let operand):
      output += "-"
      switch operand.kind {
      case .constant(.integer), .constant(.double):
        // A space keeps `- 5` a negation instead of the literal `-5`.
        output += " "
        operand.print(into: &output)
      case .negation:
        operand.print(into: &output)
      default:
        operand.printOperand(into: &output)
      }
    case .subquery(let collection, let variable, let predicate):
      output += "SUBQUERY("
      collection.print(into: &output)
      output += ", $" + variable + ", "
      predicate.print(into: &output)
      output += ")"
    case .cast(let value, let type):
      output += "CAST("
      value.print(into: &output)
      output += ", "
      type.print(into: &output)
      output += ")"
    case .fetch(let arguments):
      output += "FETCH("
      printList(arguments, into: &output)
      output += ")"
    case .anyKey:
      output += "ANYKEY"
    }
  }

  /// Prints as the operand of arithmetic or a postfix: parenthesised when it is arithmetic, a
  /// negation or a negative number, any of which would otherwise read back differently.
  private func printOperand(into output: inout String) {
    let needsParentheses: Bool
    switch kind {
    case .arithmetic, .negation: needsParentheses = true
    case .constant(.integer(let value)): needsParentheses = value < 0
    case .constant(.double(let value)): needsParentheses = value.sign == .minus
    default: needsParentheses = false
    }
    if needsParentheses {
      output += "("
      print(into: &output)
      output += ")"
    } else {
      print(into: &output)
    }
  }

  private func printArithmeticOperand(into output: inout String, parentLevel: Int, isRight: Bool) {
    if case .arithmetic(let op, _, _) = kind {
      // A left operand of equal or tighter precedence, or a right one of tighter precedence,
      // reads back as the same tree without parentheses.
      if op.level > parentLevel || (op.level == parentLevel && !isRight) {
        print(into: &output)
        return
      }
      output += "("
      print(into: &output)
      output += ")"
      return
    }
    switch kind {
    case .negation, .constant(.integer), .constant(.double):
      // Minus binds tighter than every arithmetic operator, so a negation or a negative number
      // reads back as the same operand bare (`-a - b`, `a * -5`); parentheses would nest it
      // one level deeper than the predicate did.
      print(into: &output)
    default:
      printOperand(into: &output)
    }
  }

  private func printList(_ elements: [FormatExpression], into output: inout String) {
    for (index, element) in elements.enumerated() {
      if index > 0 { output += ", " }
      element.print(into: &output)
    }
  }
}

extension ConstantValue {
  package func print(into output: inout String) {
    switch self {
    case .string(let value):
      output += "\""
      for scalar in value.unicodeScalars {
        if scalar == "\\" || scalar == "\"" { output += "\\" }
        output.unicodeScalars.append(scalar)
      }
      output += "\""
    case .integer(let value):
      output += String(value)
    case .double(let value):
      output += value.description
    case .boolean(let value):
      output += value ? "TRUE" : "FALSE"
    case .null:
      output += "nil"
    }
  }
}

extension FormatPredicate: CustomStringConvertible {
  public var description: String { predicateFormat }
}

extension FormatExpression: CustomStringConvertible {
  package var description: String { predicateFormat }
}
