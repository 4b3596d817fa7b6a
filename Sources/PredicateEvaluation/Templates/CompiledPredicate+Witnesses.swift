import PredicateSyntax

extension CompiledPredicate {
  /// Identifiers the predicate is about, made from its own literals so that a routing table
  /// needs no input: the literal of `==` and each member of `IN {…}`; the literal plus a suffix
  /// for `BEGINSWITH`; a prefix plus the literal for `ENDSWITH`; the literal itself for
  /// `CONTAINS`; a LIKE pattern with each wildcard filled; a string `SELF IN` searches. Under
  /// `AND`, the pieces of its operands are also joined (a `BEGINSWITH` piece followed by an
  /// `ENDSWITH` one), so `SELF BEGINSWITH 'a/' AND SELF ENDSWITH '.pdf'` yields `a/example.pdf`.
  /// `MATCHES` and orderings give none. Repeats are not dropped.
  package var witnesses: [String] { Witness.strings(predicate) }
}

/// Pieces of identifiers a predicate is about, and where in an identifier each belongs.
private enum Witness {
  /// A piece: a whole identifier, the start of one, the end of one, or a part anywhere.
  enum Piece: Hashable {
    case whole(String)
    case prefix(String)
    case suffix(String)
    case middle(String)
  }

  /// The filler that completes a prefix, suffix or middle piece into an identifier.
  static let filler = "example"

  static func strings(_ predicate: FormatPredicate) -> [String] {
    pieces(predicate).map { piece in
      switch piece {
      case .whole(let text): text
      case .prefix(let text): text + filler
      case .suffix(let text): filler + text
      case .middle(let text): text
      }
    }
  }

  static func pieces(_ predicate: FormatPredicate) -> [Piece] {
    switch predicate.kind {
    case .constant: return []
    case .not(let inner): return pieces(inner)
    case .or(let operands): return operands.flatMap(pieces)
    case .and(let operands):
      let all = operands.map(pieces)
      var joined = all.flatMap { $0 }
      // A start from one operand followed by an end from another.
      for (left, lefts) in all.enumerated() {
        for case .prefix(let start) in lefts {
          for (right, rights) in all.enumerated() where right != left {
            for case .suffix(let end) in rights { joined.append(.whole(start + filler + end)) }
            for case .middle(let middle) in rights {
              joined.append(.whole(start + middle))
            }
          }
        }
      }
      return joined
    case .comparison(let comparison): return pieces(comparison)
    }
  }

  static func pieces(_ comparison: Comparison) -> [Piece] {
    let lhs = comparison.lhs
    let rhs = comparison.rhs
    func strings(_ expression: FormatExpression) -> [String] {
      switch expression.kind {
      case .constant(.string(let text)): [text]
      case .aggregate(let elements): elements.flatMap(strings)
      default: []
      }
    }
    switch (lhs.kind, comparison.op, rhs.kind) {
    case (.evaluatedObject, .equalTo, _), (.evaluatedObject, .in, .aggregate):
      return strings(rhs).map(Piece.whole)
    case (_, .equalTo, .evaluatedObject):
      return strings(lhs).map(Piece.whole)
    case (.evaluatedObject, .in, .constant(.string(let text))):
      return [.whole(text)]
    case (.evaluatedObject, .beginsWith, _):
      return strings(rhs).map(Piece.prefix)
    case (.evaluatedObject, .endsWith, _):
      return strings(rhs).map(Piece.suffix)
    case (.evaluatedObject, .contains, _):
      return strings(rhs).map(Piece.middle)
    case (.evaluatedObject, .like, _):
      return strings(rhs).map { .whole(filled($0)) }
    default:
      return []
    }
  }

  /// A LIKE pattern with `*` and `?` filled and escapes resolved.
  static func filled(_ pattern: String) -> String {
    var result = ""
    var escaped = false
    for character in pattern {
      if escaped {
        result.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "*" {
        result += filler
      } else if character == "?" {
        result += "x"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
