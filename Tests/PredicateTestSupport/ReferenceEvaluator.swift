import Foundation
import PCRE2Regex
import PredicateSyntax

/// A plain tree-walking evaluator of DESIGN §4, written without the compiler's machinery, to check
/// the compiled matcher against.
///
/// It is deliberately naive — strings are rebuilt at every step, LIKE backtracks recursively, search
/// compares lists of units — so it shares no fast path, no prepared literal and no cache with the
/// code under test. MATCHES calls PCRE2 directly and supports only patterns with no ICU-only syntax
/// (those ``PredicateGenerator/regexPatterns`` produces).
public enum ReferenceEvaluator {
  /// A value during reference evaluation.
  indirect enum Value: Equatable {
    case string(String)
    case null
    case number(Double)
    case bool(Bool)
    case array([Value])
  }

  /// Whether the reference models this predicate: it must hold only SELF, literals and
  /// aggregates, and its MATCHES patterns must mean the same to ICU and PCRE2 without translation
  /// (no escapes, no inline groups, no braces, ASCII when folded).
  public static func supports(_ predicate: FormatPredicate) -> Bool {
    switch predicate.kind {
    case .constant: return true
    case .not(let operand): return supports(operand)
    case .and(let operands), .or(let operands): return operands.allSatisfy(supports)
    case .comparison(let comparison):
      guard comparison.qualifier == nil, supports(comparison.lhs), supports(comparison.rhs) else {
        return false
      }
      if comparison.op == .matches {
        for side in [comparison.lhs, comparison.rhs] {
          if case .evaluatedObject = side.kind { return false }
          if case .constant(.string(let pattern)) = side.kind,
            pattern.contains(where: { "\\{}".contains($0) }) || pattern.contains("(?")
              || pattern.contains("[[") || pattern.contains("[:")
              || Self.quantifiesAnAnchor(pattern)
              || (!pattern.allSatisfy(\.isASCII)
                && !comparison.options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive]))
          {
            return false
          }
        }
      }
      return true
    }
  }

  /// Whether `pattern` puts a quantifier after `^` or `$` (`$*`, `^?`): ICU repeats an anchor
  /// (`'c' MATCHES '$*'` is false there, as in the code under test), PCRE2 refuses the pattern,
  /// so the two do not mean the same without translation. Also true for `[^*]`, which leaves
  /// out a pattern the reference could model: it is only the reference's reach.
  static func quantifiesAnAnchor(_ pattern: String) -> Bool {
    let scalars = Array(pattern.unicodeScalars)
    return zip(scalars, scalars.dropFirst()).contains { anchor, next in
      (anchor == "^" || anchor == "$") && (next == "*" || next == "+" || next == "?")
    }
  }

  static func supports(_ expression: FormatExpression) -> Bool {
    switch expression.kind {
    case .evaluatedObject, .constant: return true
    case .aggregate(let elements): return elements.allSatisfy(supports)
    default: return false
    }
  }

  /// The reference answer, or nil when evaluation throws (a regex limit or an invalid pattern).
  public static func evaluate(_ predicate: FormatPredicate, _ identifier: String?) -> Bool? {
    switch predicate.kind {
    case .constant(let value): return value
    case .not(let operand): return evaluate(operand, identifier).map { !$0 }
    case .and(let operands):
      for operand in operands {
        guard let value = evaluate(operand, identifier) else { return nil }
        if !value { return false }
      }
      return true
    case .or(let operands):
      for operand in operands {
        guard let value = evaluate(operand, identifier) else { return nil }
        if value { return true }
      }
      return false
    case .comparison(let comparison):
      return compare(comparison, identifier)
    }
  }

  static func value(_ expression: FormatExpression, _ identifier: String?) -> Value {
    switch expression.kind {
    case .evaluatedObject: return identifier.map(Value.string) ?? .null
    case .constant(.string(let text)): return .string(text)
    case .constant(.integer(let number)): return .number(Double(number))
    case .constant(.double(let number)): return .number(number)
    case .constant(.boolean(let flag)): return .bool(flag)
    case .constant(.null): return .null
    case .aggregate(let elements): return .array(elements.map { value($0, identifier) })
    default: fatalError("reference evaluator: unsupported expression \(expression)")
    }
  }

  static func fold(_ text: String, _ options: ComparisonOptions, compatibility: Bool) -> String {
    if options.contains(.normalized) { return text }
    var folding: String.CompareOptions = []
    if options.contains(.caseInsensitive) {
      folding.formUnion([.caseInsensitive, .widthInsensitive])
    }
    if options.contains(.diacriticInsensitive) {
      folding.formUnion([.diacriticInsensitive, .widthInsensitive])
    }
    let folded = folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    return compatibility && !folding.isEmpty
      ? folded.precomposedStringWithCompatibilityMapping
      : unicodeNFC(folded)
  }

  /// Unicode's NFC, from Foundation: its NFD, then its NFC. Foundation's NFC alone skips a few
  /// compositions and reorderings on Linux (see CanonicalCompositionTests); after its NFD it
  /// gives Unicode's answer. The oracle every test of our NFC compares with.
  public static func unicodeNFC(_ text: String) -> String {
    text.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping
  }

  /// Units: a starter and the non-starters after it.
  static func units(_ text: String) -> [[UInt32]] {
    var result: [[UInt32]] = []
    for scalar in text.unicodeScalars {
      if scalar.properties.canonicalCombiningClass.rawValue != 0, !result.isEmpty {
        result[result.count - 1].append(scalar.value)
      } else {
        result.append([scalar.value])
      }
    }
    return result
  }

  static func search(
    _ op: ComparisonOperator, _ haystack: String, _ needle: String, _ options: ComparisonOptions
  ) -> Bool {
    let h = units(fold(haystack, options, compatibility: false))
    let n = units(fold(needle, options, compatibility: false))
    if n.isEmpty || n.count > h.count { return false }
    switch op {
    case .beginsWith: return Array(h.prefix(n.count)) == n
    case .endsWith: return Array(h.suffix(n.count)) == n
    default:
      for start in 0...(h.count - n.count) where Array(h[start..<start + n.count]) == n {
        return true
      }
      return false
    }
  }

  static func order(_ lhs: String, _ rhs: String, _ options: ComparisonOptions) -> Int {
    if options.contains(.normalized) {
      let l = lhs.unicodeScalars.map(\.value)
      let r = rhs.unicodeScalars.map(\.value)
      return l == r ? 0 : (l.lexicographicallyPrecedes(r) ? -1 : 1)
    }
    let l = fold(lhs, options, compatibility: false)
    let r = fold(rhs, options, compatibility: false)
    return l == r ? 0 : (l < r ? -1 : 1)
  }

  /// Numbers and Booleans compare as numbers (NSNumber: `TRUE == 1`).
  static func numeric(_ value: Value) -> Double? {
    switch value {
    case .number(let number): number
    case .bool(let flag): flag ? 1 : 0
    default: nil
    }
  }

  static func equal(_ lhs: Value, _ rhs: Value, _ options: ComparisonOptions) -> Bool {
    switch (lhs, rhs) {
    case (.string(let l), .string(let r)):
      if options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive])
        || options.contains(.normalized)
      {
        return Array(l.unicodeScalars) == Array(r.unicodeScalars)
      }
      return Array(fold(l, options, compatibility: false).unicodeScalars)
        == Array(fold(r, options, compatibility: false).unicodeScalars)
    case (.null, .null): return true
    case (.array(let l), .array(let r)):
      return l.count == r.count && zip(l, r).allSatisfy { equal($0, $1, options) }
    default:
      if let l = numeric(lhs), let r = numeric(rhs) { return l == r }
      return false
    }
  }

  static func ordered(
    _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value, _ options: ComparisonOptions
  ) -> Bool {
    switch (lhs, rhs) {
    case (.string(let l), .string(let r)):
      let c = order(l, r, options)
      switch op {
      case .lessThan: return c < 0
      case .lessThanOrEqualTo: return c <= 0
      case .greaterThan: return c > 0
      default: return c >= 0
      }
    case (.null, .null): return op == .lessThanOrEqualTo || op == .greaterThanOrEqualTo
    default:
      guard let l = numeric(lhs), let r = numeric(rhs) else { return false }
      switch op {
      case .lessThan: return l < r
      case .lessThanOrEqualTo: return l <= r
      case .greaterThan: return l > r
      default: return l >= r
      }
    }
  }

  /// Glob over units by dynamic programming: `matches[i][j]` says whether the first `i` subject
  /// units match the first `j` pattern tokens. O(n·m), independent of the compiler's matcher.
  static func glob(_ subject: [[UInt32]], _ pattern: [GlobToken]) -> Bool {
    var matches = Array(
      repeating: Array(repeating: false, count: pattern.count + 1), count: subject.count + 1)
    matches[0][0] = true
    for j in 0..<pattern.count where pattern[j] == .star { matches[0][j + 1] = matches[0][j] }
    guard !subject.isEmpty else { return matches[0][pattern.count] }
    for i in 1...subject.count {
      for j in 0..<pattern.count {
        switch pattern[j] {
        case .star: matches[i][j + 1] = matches[i][j] || matches[i - 1][j + 1]
        case .one: matches[i][j + 1] = matches[i - 1][j]
        case .unit(let unit): matches[i][j + 1] = matches[i - 1][j] && subject[i - 1] == unit
        }
      }
    }
    return matches[subject.count][pattern.count]
  }

  enum GlobToken: Equatable {
    case star
    case one
    case unit([UInt32])
  }

  /// LIKE over Unicode scalars: `?` is one scalar (a decomposed `é` is two). Without options the
  /// text is compared as it is; `[c]`/`[d]` fold, then NFKC.
  static func like(_ subject: String, _ pattern: String, _ options: ComparisonOptions) -> Bool? {
    let folds =
      !options.contains(.normalized)
      && !options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive])
    func scalars(_ text: String) -> [[UInt32]] {
      (folds ? fold(text, options, compatibility: true) : text).unicodeScalars.map { [$0.value] }
    }
    let patternUnits = scalars(pattern)
    let subjectUnits = scalars(subject)
    if patternUnits.isEmpty { return false }
    var tokens: [GlobToken] = []
    var index = 0
    while index < patternUnits.count {
      let unit = patternUnits[index]
      if unit == [92] {
        guard index + 1 < patternUnits.count else { return nil }
        tokens.append(.unit(patternUnits[index + 1]))
        index += 2
        continue
      }
      tokens.append(unit == [42] ? .star : unit == [63] ? .one : .unit(unit))
      index += 1
    }
    return glob(subjectUnits, tokens)
  }

  static func matches(_ subject: String, _ pattern: String, _ options: ComparisonOptions) -> Bool? {
    if pattern.isEmpty { return false }
    // `[c]` is ICU's case-insensitive matching of the text as it is; only `[d]` folds and
    // NFKC-normalises both sides (DESIGN §4, issue 19). `[n]` turns both off.
    let folds = !options.contains(.normalized) && options.contains(.diacriticInsensitive)
    var flags: CompiledRegex.Options = [
      .wholeString, .unicodeProperties, .dotMatchesLineSeparators, .multiline, .anyNewline,
    ]
    if !options.contains(.normalized) && options.contains(.caseInsensitive) {
      flags.insert(.caseInsensitive)
    }
    let preparedPattern = folds ? fold(pattern, options, compatibility: true) : pattern
    let preparedSubject = folds ? fold(subject, options, compatibility: true) : subject
    guard let regex = try? CompiledRegex(pattern: preparedPattern, options: flags) else {
      return nil
    }
    return try? regex.matches(preparedSubject)
  }

  static func compare(_ comparison: Comparison, _ identifier: String?) -> Bool? {
    let lhs = value(comparison.lhs, identifier)
    let rhs = value(comparison.rhs, identifier)
    let options = comparison.options
    switch comparison.op {
    case .equalTo: return equal(lhs, rhs, options)
    case .notEqualTo: return !equal(lhs, rhs, options)
    case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
      return ordered(comparison.op, lhs, rhs, options)
    case .between:
      guard case .array(let bounds) = rhs, bounds.count == 2 else { return false }
      return ordered(.greaterThanOrEqualTo, lhs, bounds[0], options)
        && ordered(.lessThanOrEqualTo, lhs, bounds[1], options)
    case .contains where { if case .array = lhs { true } else { false } }():
      // `{'a', 'b'} CONTAINS SELF` is membership, as `SELF IN {'a', 'b'}`.
      guard case .array(let elements) = lhs else { return false }
      return elements.contains { equal(rhs, $0, []) }
    case .beginsWith, .endsWith, .contains:
      guard case .string(let h) = lhs, case .string(let n) = rhs else { return false }
      return search(comparison.op, h, n, options)
    case .in:
      if case .array(let elements) = rhs { return elements.contains { equal(lhs, $0, []) } }
      guard case .string(let h) = rhs, case .string(let n) = lhs else { return false }
      return search(.contains, h, n, options)
    case .like:
      guard case .string(let s) = lhs, case .string(let p) = rhs else { return false }
      return like(s, p, options)
    case .matches:
      guard case .string(let s) = lhs, case .string(let p) = rhs else { return false }
      return matches(s, p, options)
    case .utiConformsTo, .utiEquals: return false
    }
  }
}
