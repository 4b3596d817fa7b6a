import Foundation
import PredicateEvaluation
import PredicateSyntax

/// A necessary condition for a predicate to match, found by reading its syntax: when the
/// identifier meets none of it, the predicate is false without being evaluated.
///
/// Each condition is stated on the form its operator compares: `==` and `IN {…}` compare scalars
/// literally, so they give exact keys on the raw bytes; `BEGINSWITH` and LIKE compare the NFC form,
/// so their literal heads are prefixes of the NFC bytes (NFC can turn non-ASCII bytes into an ASCII
/// prefix: the Kelvin sign is `K`); MATCHES sees the raw identifier, so a regex's literal head is a
/// prefix of the raw bytes. `FALSEPREDICATE` gives nothing; anything else (options that fold,
/// `NOT`, `TRUEPREDICATE`, `SELF` as a pattern) must always be evaluated.
enum PredicateRequirement: Hashable {
  /// The predicate never matches.
  case never
  /// Unknown: evaluate it.
  case always
  /// It can match only an identifier whose raw bytes equal a key or start with a raw prefix, or
  /// whose NFC bytes start with a canonical prefix.
  case keys(Set<[UInt8]>, rawPrefixes: Set<[UInt8]>, canonicalPrefixes: Set<[UInt8]>)

  init(_ predicate: FormatPredicate) {
    switch predicate.kind {
    case .constant(let value):
      self = value ? .always : .never
    case .not:
      self = .always
    case .and(let operands):
      // Every operand must match, so any operand's condition is necessary: take the narrowest.
      let requirements = operands.map(PredicateRequirement.init)
      if requirements.contains(.never) {
        self = .never
      } else if let keyed = requirements.first(where: {
        if case .keys = $0 { return true }
        return false
      }) {
        self = keyed
      } else {
        self = .always
      }
    case .or(let operands):
      var keys = Set<[UInt8]>()
      var raw = Set<[UInt8]>()
      var canonical = Set<[UInt8]>()
      for operand in operands {
        switch PredicateRequirement(operand) {
        case .always:
          self = .always
          return
        case .never:
          continue
        case .keys(let moreKeys, let moreRaw, let moreCanonical):
          keys.formUnion(moreKeys)
          raw.formUnion(moreRaw)
          canonical.formUnion(moreCanonical)
        }
      }
      self =
        keys.isEmpty && raw.isEmpty && canonical.isEmpty
        ? .never : .keys(keys, rawPrefixes: raw, canonicalPrefixes: canonical)
    case .comparison(let comparison):
      self = Self.comparison(comparison)
    }
  }

  private static func comparison(_ comparison: Comparison) -> PredicateRequirement {
    guard comparison.qualifier == nil, comparison.lhs.isEvaluatedObject else { return .always }
    let folds =
      !comparison.options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive])
      && !comparison.options.contains(.normalized)
    switch (comparison.op, comparison.rhs.kind) {
    case (.equalTo, .constant(.string(let literal))) where !folds:
      return .keys([Array(literal.utf8)], rawPrefixes: [], canonicalPrefixes: [])
    case (.in, .aggregate(let elements)):
      // Options are ignored by IN {…}; only string elements can equal a string.
      var keys = Set<[UInt8]>()
      for element in elements {
        if case .constant(.string(let literal)) = element.kind { keys.insert(Array(literal.utf8)) }
        if case .evaluatedObject = element.kind { return .always }
      }
      return keys.isEmpty ? .never : .keys(keys, rawPrefixes: [], canonicalPrefixes: [])
    case (.beginsWith, .constant(.string(let literal))) where !folds:
      // The head of the form the operator compares: a decomposed literal starts, in NFC, with
      // the precomposed letter, not with its ASCII base.
      let head = asciiHead(canonicalScalars(literal), stopAt: [])
      return literal.isEmpty
        ? .never : head.isEmpty ? .always : .keys([], rawPrefixes: [], canonicalPrefixes: [head])
    case (.like, .constant(.string(let pattern))) where !folds:
      let head = asciiHead(canonicalScalars(pattern), stopAt: ["*", "?", "\\"])
      return pattern.isEmpty
        ? .never : head.isEmpty ? .always : .keys([], rawPrefixes: [], canonicalPrefixes: [head])
    case (.matches, .constant(.string(let pattern))) where !folds:
      return pattern.isEmpty
        ? .never
        : RegexLiteralHead.of(pattern).map { .keys([], rawPrefixes: [$0], canonicalPrefixes: []) }
          ?? .always
    default:
      return .always
    }
  }

  /// The scalars of `text` in NFC, the form BEGINSWITH and LIKE without options compare.
  private static func canonicalScalars(_ text: String) -> [Unicode.Scalar] {
    Array(CanonicalComposition.nfc(text).unicodeScalars)
  }

  /// The leading ASCII characters before any stop character or non-ASCII scalar.
  private static func asciiHead(_ scalars: [Unicode.Scalar], stopAt: Set<Unicode.Scalar>) -> [UInt8]
  {
    var head: [UInt8] = []
    for scalar in scalars {
      guard scalar.isASCII, !stopAt.contains(scalar) else { break }
      head.append(UInt8(scalar.value))
    }
    return head
  }
}
