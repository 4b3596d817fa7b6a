/// A reserved word of the format language. Keywords are case-insensitive.
package enum Keyword: String, Sendable, Hashable, CaseIterable {
  case and = "AND"
  case or = "OR"
  case not = "NOT"
  case `self` = "SELF"
  case truePredicate = "TRUEPREDICATE"
  case falsePredicate = "FALSEPREDICATE"
  case `true` = "TRUE"
  case yes = "YES"
  case `false` = "FALSE"
  case no = "NO"
  case null = "NULL"
  case `nil` = "NIL"
  case between = "BETWEEN"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case contains = "CONTAINS"
  case like = "LIKE"
  case matches = "MATCHES"
  case `in` = "IN"
  case any = "ANY"
  case all = "ALL"
  case none = "NONE"
  case some = "SOME"
  case subquery = "SUBQUERY"
  case cast = "CAST"
  case fetch = "FETCH"
  case anyKey = "ANYKEY"
  case first = "FIRST"
  case last = "LAST"
  case size = "SIZE"
  case caseInsensitive = "CASEINSENSITIVE"
  case ci = "CI"
  case utiConformsTo = "UTI-CONFORMS-TO"
  case utiEquals = "UTI-EQUALS"

  private static let byUppercasedName: [String: Keyword] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

  /// The length in bytes of the longest keyword.
  private static let longestName = allCases.map(\.rawValue.utf8.count).max()!

  /// The keyword spelled `word`, in any case.
  package init?(word: String) {
    // ASCII words are uppercased byte by byte: `uppercased()` runs the full Unicode case mapping
    // (hundreds of instructions), and every word of every predicate asks. Other words keep it,
    // so that a word such as "ın" (dotless i) still spells IN as it always has.
    var word = word
    let upper = word.withUTF8 { bytes -> String?? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return .some(nil) }
      guard bytes.count <= Self.longestName else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { buffer in
        for (index, byte) in bytes.enumerated() {
          buffer[index] = byte &- UInt8(ascii: "a") < 26 ? byte - 0x20 : byte
        }
        return bytes.count
      }
    }
    guard let upper, let keyword = Self.byUppercasedName[upper ?? word.uppercased()] else {
      return nil
    }
    self = keyword
  }

  /// The comparison operator this keyword spells, if any.
  package var comparisonOperator: ComparisonOperator? {
    switch self {
    case .between: .between
    case .beginsWith: .beginsWith
    case .endsWith: .endsWith
    case .contains: .contains
    case .like: .like
    case .matches: .matches
    case .in: .in
    case .utiConformsTo: .utiConformsTo
    case .utiEquals: .utiEquals
    default: nil
    }
  }
}

/// What a token is.
package enum TokenKind: Sendable, Hashable {
  case keyword(Keyword)
  /// A word that is not a keyword: a key path component or a function name.
  case identifier
  case string
  case number
  /// `$NAME`.
  case variable
  /// `#word`.
  case escapedKeyword
  /// `@word`.
  case collectionOperator
  /// `%@`, `%K`, `%d`, …
  case formatSpecifier
  case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket, comma, dot
  case equal, notEqual, less, lessEqual, greater, greaterEqual
  case and, or, not
  case plus, minus, star, slash, starStar
  /// `:=`, variable assignment.
  case assign
  /// A character the lexer reported and skipped; the parser fails quietly at it, so one problem
  /// gives one diagnostic.
  case invalid
  case endOfInput
}

/// One token: its kind, where it is, its source text and, for literals, its value.
package struct Token: Sendable, Hashable {
  /// What the token is.
  package var kind: TokenKind
  /// Where it is.
  package var range: SourceRange
  /// The token's source text (for `$x`, `#x`, `@x` and `%d`, the name without its sigil is in
  /// ``name``).
  package var text: String
  /// For strings and numbers, the literal's value.
  package var value: ConstantValue?

  /// Creates a token.
  package init(_ kind: TokenKind, _ range: SourceRange, text: String, value: ConstantValue? = nil) {
    self.kind = kind
    self.range = range
    self.text = text
    self.value = value
  }

  /// The name after a sigil (`$x` → `x`), or the text itself.
  package var name: String {
    switch kind {
    // The sigil is one scalar, not a character: a name may start with a mark that is alphabetic
    // (U+0820), which `dropFirst()` on the string would drop together with the sigil.
    case .variable, .escapedKeyword, .collectionOperator:
      String(String.UnicodeScalarView(text.unicodeScalars.dropFirst()))
    default: text
    }
  }

  /// The text as a diagnostic quotes it.
  var quoted: String {
    switch kind {
    case .endOfInput: "end of input"
    case .string: "string \(text)"
    default: "'\(text)'"
    }
  }
}
