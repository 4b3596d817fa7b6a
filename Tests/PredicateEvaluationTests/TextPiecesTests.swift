import Foundation
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// Foundation's folding and NFKC applied piece by piece give the whole-string answers, and the
/// pieces are bounded, so the work is linear in the text.
@Suite("Folding in pieces")
struct TextPiecesTests {
  /// Scalars that stress the cut: marks of every kind, Hangul jamo, width forms, controls,
  /// format characters, case pairs with special folding, emoji modifiers.
  static let alphabet: [Unicode.Scalar] = {
    var scalars = Array(
      "aeiouAEIOUßİıﬃｶﾞﾟ가각\u{1100}\u{1161}\u{11A8}\u{200D}\u{200C}\u{FE0F}👍🏽👩 \n\u{9E}Ωω"
        .unicodeScalars)
    for value in [
      0x0300, 0x0301, 0x0308, 0x0311, 0x0324, 0x0351, 0x05B8, 0x0733, 0x093F, 0x094D, 0x0E47,
      0x1DEE, 0x20D0, 0x20DB, 0x3099, 0x309A, 0xFF9E, 0x1D17A, 0xE0100, 0x10F50, 0x1E016,
      0x00E9, 0x1EB5, 0x01FE, 0x1F71, 0x24C8, 0xFB04, 0xFF21, 0xFF58, 0x0130,
    ] {
      scalars.append(Unicode.Scalar(value)!)
    }
    return scalars
  }()

  static let transforms: [(String, @Sendable (String) -> String)] = [
    ("c", { $0.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil) }),
    ("d", { $0.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil) }),
    (
      "cd",
      {
        $0.folding(
          options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      }
    ),
    ("NFKC", { $0.precomposedStringWithCompatibilityMapping }),
  ]

  @Test("piecewise equals whole-string on random text long enough to be cut")
  func piecewiseEqualsWhole() {
    var random = SeededRandom()
    for _ in 0..<1500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 130...700, using: &random) {
        text.append(random.pick(Self.alphabet))
      }
      let string = String(text)
      #expect(TextPieces.pieces(of: Array(text)).count > 1 || text.count < 200)
      for (name, transform) in Self.transforms {
        var whole = transform(string)
        var pieces = TextPieces.map(string, transform)
        if name != "NFKC" {
          whole = CanonicalComposition.nfc(whole)
          pieces = CanonicalComposition.nfc(pieces)
        }
        #expect(
          whole.unicodeScalars.elementsEqual(pieces.unicodeScalars),
          "PROPERTY_SEED=\(random.seed) \(name): \(string.unicodeScalars.map { String($0.value, radix: 16) })"
        )
      }
    }
  }

  @Test("pieces cover the text in order and none is longer than the forced cut")
  func piecesAreBounded() {
    let shapes: [[Unicode.Scalar]] = [
      Array(String(repeating: "e\u{301}", count: 50_000).unicodeScalars),
      Array(("e" + String(repeating: "\u{301}", count: 100_000)).unicodeScalars),
      Array(String(repeating: "\u{200D}", count: 100_000).unicodeScalars),
      Array(String(repeating: "가", count: 100_000).unicodeScalars),
    ]
    for scalars in shapes {
      let pieces = TextPieces.pieces(of: scalars)
      #expect(pieces.first?.lowerBound == 0)
      #expect(pieces.last?.upperBound == scalars.count)
      for (previous, next) in zip(pieces, pieces.dropFirst()) {
        #expect(previous.upperBound == next.lowerBound)
      }
      #expect(pieces.allSatisfy { $0.count <= TextPieces.forcedCut })
      // Linear work: the number of pieces grows with the text, their size does not.
      #expect(pieces.count >= scalars.count / TextPieces.forcedCut)
    }
  }
}
