import Foundation
import PredicateSyntax

/// The folding an option set asks for (DESIGN §4).
enum Folding: Int, Sendable, Hashable, CaseIterable {
  case none, caseInsensitive, diacriticInsensitive, caseAndDiacriticInsensitive

  /// `[n]` turns folding off entirely; `[l]` changes nothing (comparisons are not localized).
  init(_ options: ComparisonOptions) {
    if options.contains(.normalized) {
      self = .none
      return
    }
    switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
    case (true, true): self = .caseAndDiacriticInsensitive
    case (true, false): self = .caseInsensitive
    case (false, true): self = .diacriticInsensitive
    case (false, false): self = .none
    }
  }

  @inline(__always)
  var foldsCase: Bool { self == .caseInsensitive || self == .caseAndDiacriticInsensitive }

  /// Foundation's folding: full case folding (`ß` → `ss`) plus width for `c`; diacritics plus
  /// width for `d`.
  func apply(_ text: String) -> String {
    switch self {
    case .none: text
    case .caseInsensitive:
      text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    case .diacriticInsensitive:
      text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    case .caseAndDiacriticInsensitive:
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
  }
}

/// How a string is prepared before an operator looks at it: which folding, then which
/// normalisation. Each operator family has one (DESIGN §4):
/// - `==` with `[c]`/`[d]`, ordering, BEGINSWITH/ENDSWITH/CONTAINS and LIKE without options:
///   folded, then NFC, so canonically equivalent forms compare equal;
/// - LIKE and MATCHES with `[c]`/`[d]`: folded, then NFKC;
/// - anything with `[n]`: untouched.
struct TextForm: Sendable, Hashable {
  enum Normalization: Int, Sendable, Hashable { case none, canonical, compatibility }

  var folding: Folding
  var normalization: Normalization

  /// The form the search operators (BEGINSWITH, ENDSWITH, CONTAINS, IN string), `==` with options
  /// and the ordering operators use.
  static func search(_ options: ComparisonOptions) -> TextForm {
    options.contains(.normalized)
      ? TextForm(folding: .none, normalization: .none)
      : TextForm(folding: Folding(options), normalization: .canonical)
  }

  /// The form LIKE and MATCHES use.
  static func pattern(_ options: ComparisonOptions) -> TextForm {
    if options.contains(.normalized) { return TextForm(folding: .none, normalization: .none) }
    let folding = Folding(options)
    return TextForm(folding: folding, normalization: folding == .none ? .canonical : .compatibility)
  }

  /// The form of search operators without options: NFC, no folding.
  static let canonicalSearch = TextForm(folding: .none, normalization: .canonical)

  /// Whether the form leaves text as it is (no folding, no normalisation).
  var isIdentity: Bool { folding == .none && normalization == .none }

  func apply(_ text: String) -> String {
    // ASCII text is its own NFC and NFKC, and Foundation's folding only lowercases it (width and
    // diacritic folding leave ASCII alone): no need to pay a microsecond for Foundation.
    if text.isASCIIText { return folding.foldsCase ? text.lowercased() : text }
    let folded = folding.apply(text)
    switch normalization {
    case .none: return folded
    case .canonical: return CanonicalComposition.nfc(folded)
    case .compatibility: return folded.precomposedStringWithCompatibilityMapping
    }
  }
}
