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
  /// width for `d`. Applied piece by piece (``TextPieces``): Foundation's diacritic folding on
  /// Linux takes quadratic time on long text such as `e` + U+0301 repeated.
  func apply(_ text: String) -> String {
    switch self {
    case .none: text
    case .caseInsensitive:
      TextPieces.map(text) {
        $0.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
      }
    case .diacriticInsensitive:
      TextPieces.map(text) {
        $0.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
      }
    case .caseAndDiacriticInsensitive:
      TextPieces.map(text) {
        $0.folding(
          options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      }
    }
  }
}

/// Long text cut into pieces that Foundation's transforms treat independently, so that a
/// transform whose cost grows faster than its input runs in time linear in the text.
///
/// A piece ends only before a *safe starter*: a letter, number, punctuation, symbol or space
/// with canonical combining class 0 that composes with nothing before it (so not a Hangul vowel
/// or trailing jamo). Foundation folds a combining mark by the base before it and keeps a mark
/// that starts a string, and NFKC composes across letters; a cut before a safe starter changes
/// neither. A randomized test checks piecewise against whole-string results.
///
/// Text with more than ``forcedCut`` scalars and no safe starter (only marks, controls and
/// format characters; Unicode's stream-safe format allows 30 marks in a row) is cut anyway, so
/// the time stays linear; a mark just after such a cut is treated as if it started the text.
enum TextPieces {
  /// Pieces are cut at the first safe starter after this many scalars.
  static let preferredLength = 128
  /// A piece is cut here even without a safe starter.
  static let forcedCut = 4096

  /// `transform` applied to each piece in order, concatenated.
  static func map(_ text: String, _ transform: (String) -> String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > preferredLength else { return transform(text) }
    let all = Array(scalars)
    let pieces = self.pieces(of: all)
    if pieces.count == 1 { return transform(text) }
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for piece in pieces {
      var part = String.UnicodeScalarView()
      part.append(contentsOf: all[piece])
      output += transform(String(part))
    }
    return output
  }

  /// The pieces of `scalars`, as ranges that cover it in order.
  static func pieces(of scalars: [Unicode.Scalar]) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var start = 0
    var index = 1
    while index < scalars.count {
      let length = index - start
      if (length >= preferredLength && isSafeStarter(scalars[index])) || length >= forcedCut {
        pieces.append(start..<index)
        start = index
      }
      index += 1
    }
    pieces.append(start..<scalars.count)
    return pieces
  }

  static func isSafeStarter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return true }
    // Hangul vowel and trailing jamo compose with the jamo before them.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return false }
    guard scalar.properties.canonicalCombiningClass.rawValue == 0 else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .spaceSeparator, .openPunctuation, .closePunctuation,
      .otherPunctuation, .dashPunctuation, .connectorPunctuation, .initialPunctuation,
      .finalPunctuation, .mathSymbol, .currencySymbol, .otherSymbol:
      return true
    default:
      return false
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

  /// The form LIKE and MATCHES use: without options the text as it is, since `?` (and `.`) is
  /// one Unicode scalar and a decomposed `é` is two, as in Apple's ICU-based LIKE and MATCHES;
  /// with `[c]`/`[d]` folded, then NFKC; with `[n]` untouched.
  static func pattern(_ options: ComparisonOptions) -> TextForm {
    let folding = Folding(options)
    return folding == .none
      ? TextForm(folding: .none, normalization: .none)
      : TextForm(folding: folding, normalization: .compatibility)
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
    case .compatibility:
      return TextPieces.map(folded) { $0.precomposedStringWithCompatibilityMapping }
    }
  }
}
