/// The operator of a comparison predicate, named as `NSComparisonPredicate.Operator` names it.
package enum ComparisonOperator: String, Sendable, Hashable, CaseIterable, Codable {
  /// `==` or `=`.
  case equalTo
  /// `!=` or `<>`.
  case notEqualTo
  /// `<`.
  case lessThan
  /// `<=` or `=<`.
  case lessThanOrEqualTo
  /// `>`.
  case greaterThan
  /// `>=` or `=>`.
  case greaterThanOrEqualTo
  /// `BETWEEN {low, high}`, inclusive.
  case between
  /// `BEGINSWITH`.
  case beginsWith
  /// `ENDSWITH`.
  case endsWith
  /// `CONTAINS`.
  case contains
  /// `LIKE`, a glob with `*` and `?`.
  case like
  /// `MATCHES`, a whole-string regular expression.
  case matches
  /// `IN`: membership in an aggregate, or substring of a string.
  case `in`
  /// `UTI-CONFORMS-TO` (recognised so it can be rejected precisely).
  case utiConformsTo
  /// `UTI-EQUALS` (recognised so it can be rejected precisely).
  case utiEquals

  /// The canonical spelling, as ``FormatPredicate/predicateFormat`` prints it.
  package var canonicalSpelling: String {
    switch self {
    case .equalTo: "=="
    case .notEqualTo: "!="
    case .lessThan: "<"
    case .lessThanOrEqualTo: "<="
    case .greaterThan: ">"
    case .greaterThanOrEqualTo: ">="
    case .between: "BETWEEN"
    case .beginsWith: "BEGINSWITH"
    case .endsWith: "ENDSWITH"
    case .contains: "CONTAINS"
    case .like: "LIKE"
    case .matches: "MATCHES"
    case .in: "IN"
    case .utiConformsTo: "UTI-CONFORMS-TO"
    case .utiEquals: "UTI-EQUALS"
    }
  }

  /// Whether the operator compares strings as text (the string operators).
  package var isStringOperator: Bool {
    switch self {
    case .beginsWith, .endsWith, .contains, .like, .matches: true
    default: false
    }
  }

  /// Whether the operator orders its operands (`<`, `<=`, `>`, `>=`).
  package var isOrdering: Bool {
    switch self {
    case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo: true
    default: false
    }
  }
}

/// The options of a comparison, written in brackets after the operator: `[c]`, `[d]`, `[n]`, `[l]`.
package struct ComparisonOptions: OptionSet, Sendable, Hashable, Codable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `c`: case-insensitive (full case folding and width folding).
  package static let caseInsensitive = ComparisonOptions(rawValue: 1 << 0)
  /// `d`: diacritic-insensitive (diacritic folding and width folding).
  package static let diacriticInsensitive = ComparisonOptions(rawValue: 1 << 1)
  /// `l`: locale-sensitive. Accepted; on Linux it changes nothing (see the README).
  package static let localeSensitive = ComparisonOptions(rawValue: 1 << 2)
  /// `n`: the strings are already normalised; compare literally, with no folding.
  package static let normalized = ComparisonOptions(rawValue: 1 << 3)

  // Concrete, where `OptionSet` gives generic ones: the tree is `package`, and a package
  // declaration is not inlined into another module, so the compiler's calls from
  // PredicateEvaluation went through `SetAlgebra`'s witness table (a typical predicate's
  // compile 12% slower). A direct call costs a few instructions.
  /// Whether every option of `other` is set.
  package func contains(_ other: ComparisonOptions) -> Bool {
    rawValue & other.rawValue == other.rawValue
  }
  /// Whether no option is set.
  package var isEmpty: Bool { rawValue == 0 }

  /// The letters in canonical order `c d l n`, as printed inside the brackets.
  package var letters: String {
    var text = ""
    if contains(.caseInsensitive) { text += "c" }
    if contains(.diacriticInsensitive) { text += "d" }
    if contains(.localeSensitive) { text += "l" }
    if contains(.normalized) { text += "n" }
    return text
  }

  /// The option for one letter, case-insensitively.
  package init?(letter: Character) {
    switch letter {
    case "c", "C": self = .caseInsensitive
    case "d", "D": self = .diacriticInsensitive
    case "l", "L": self = .localeSensitive
    case "n", "N": self = .normalized
    default: return nil
    }
  }
}

/// An aggregate qualifier before a comparison (`ANY`, `ALL`, `NONE`, `SOME`).
///
/// Activation conditions evaluate against one string, so every qualifier is rejected; it is kept
/// in the AST so the diagnostic can name it.
package enum AggregateQualifier: String, Sendable, Hashable, CaseIterable, Codable {
  /// `ANY`.
  case any = "ANY"
  /// `ALL`.
  case all = "ALL"
  /// `NONE`.
  case none = "NONE"
  /// `SOME`.
  case some = "SOME"
}

/// An arithmetic operator (recognised so it can be rejected precisely).
package enum ArithmeticOperator: String, Sendable, Hashable, CaseIterable, Codable {
  /// `+`.
  case add = "+"
  /// `-`.
  case subtract = "-"
  /// `*`.
  case multiply = "*"
  /// `/`.
  case divide = "/"
  /// `**`.
  case power = "**"

  /// Binding strength, as the parser reads it: `+ -` < `* /` < `**`, all left-associative.
  package var level: Int {
    switch self {
    case .add, .subtract: 0
    case .multiply, .divide: 1
    case .power: 2
    }
  }
}

/// An index keyword inside `[…]` (`FIRST`, `LAST`, `SIZE`).
package enum IndexKeyword: String, Sendable, Hashable, CaseIterable, Codable {
  /// `FIRST`.
  case first = "FIRST"
  /// `LAST`.
  case last = "LAST"
  /// `SIZE`.
  case size = "SIZE"
}
