import Foundation
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// Our table-driven NFC against Foundation's.
///
/// The oracle is Foundation's NFD followed by its NFC, which is Unicode's NFC. Foundation's NFC
/// alone departs from it on this platform in two ways, and Apple's (ICU's) does not:
/// - a precomposed first scalar does not compose with a starter after it: U+AC00 U+11A8 stays
///   apart instead of becoming U+AC01, and U+0CCA U+0CD5 instead of U+0CCB;
/// - a scalar whose decomposition begins with non-starters (U+0F73 → U+0F71 U+0F72) is not
///   reordered with the marks before it.
/// Swift's own `==` agrees with Unicode there (`"\u{AC00}\u{11A8}" == "\u{AC01}"`), and so do we.
@Suite("Canonical composition")
struct CanonicalCompositionTests {
  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  static func string(_ values: [UInt32]) -> String {
    var text = ""
    for value in values { text.unicodeScalars.append(Unicode.Scalar(value)!) }
    return text
  }

  static func isQuickNFC(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer(CanonicalComposition.isQuickNFC)
  }

  /// Unicode's NFC, as scalars.
  static func oracle(_ text: String) -> [UInt32] {
    scalars(ReferenceEvaluator.unicodeNFC(text))
  }

  @Test("every scalar alone normalises as Unicode's NFC does, and classes agree")
  func everyScalar() {
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      let ours = Self.scalars(CanonicalComposition.nfc(text))
      if ours != Self.oracle(text) { mismatches.append("U+\(String(value, radix: 16)): \(ours)") }
      // The quick check says yes only to NFC text, and to every scalar the standard library's
      // does. (The library's says no to a few more: it knows Unicode 16 compositions, such as
      // U+113C2 U+113C2 → U+113C5, that Foundation's NFC, and so ours, does not make.)
      var span = text.utf8Span
      let quick = Self.isQuickNFC(text)
      if (quick && ours != [value]) || (!quick && span.checkForNFC(quickCheck: true)) {
        mismatches.append("quick check of U+\(String(value, radix: 16))")
      }
      if CanonicalData.shared.combiningClass(value)
        != UInt32(scalar.properties.canonicalCombiningClass.rawValue)
      {
        mismatches.append("class of U+\(String(value, radix: 16))")
      }
      if mismatches.count > 20 { break }
    }
    // A toolchain with newer Unicode data fails here: run Scripts/generate-canonical-tables.swift.
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test("every composable pair, decomposed and after another mark, as Unicode's NFC does")
  func everyPair() {
    var mismatches: [String] = []
    let table = CanonicalTables.compositions
    for start in stride(from: 0, to: table.count, by: 3) {
      let (first, second) = (table[start], table[start + 1])
      for input in [
        [first, second], [first, 0x0334, second], [first, 0x0301, second],
        [first, 0x0F71, second], [first, second, 0x0323], [0x0301, first, second],
      ] {
        let text = Self.string(input)
        let ours = Self.scalars(CanonicalComposition.nfc(text))
        if ours != Self.oracle(text) {
          mismatches.append("\(input.map { String($0, radix: 16) }) → \(ours)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    // Where Foundation's NFC alone departs from Unicode's (see above).
    #expect(CanonicalComposition.nfc("\u{0CCA}\u{0CD5}") == "\u{0CCB}")
    #expect(Self.scalars(CanonicalComposition.nfc("\u{AC00}\u{11A8}")) == [0xAC01])
    #expect(Self.scalars(CanonicalComposition.nfc("\u{304}\u{F73}")) == [0x0F71, 0x0F72, 0x0304])
  }

  @Test("random runs of starters, marks, Hangul jamo and composites, as Unicode's NFC does")
  func randomRuns() {
    // Marks of many classes (reordering), starters that compose with them, Hangul jamo and
    // syllables (arithmetic composition), singletons, exclusions and two-step composites.
    let pool: [UInt32] = [
      0x61, 0x41, 0x65, 0x6F, 0x75, 0x55, 0x3B1, 0x3C9, 0x1FBC, 0x0301, 0x0300, 0x0308, 0x0304,
      0x0323, 0x0327, 0x0328, 0x031B, 0x0345, 0x0334, 0x0338, 0x05B0, 0x05BC, 0x0F71, 0x0F72,
      0x0F73, 0x0F80, 0x3099, 0x309A, 0x304B, 0x30CF, 0xFF8A, 0xFF9E, 0x1100, 0x1161, 0x11A8,
      0xAC00, 0xAC01, 0xD7A3, 0x212B, 0x212A, 0x2126, 0x0344, 0x0958, 0x0B47, 0x0B3E, 0x0B57,
      0x0CC6, 0x0CC2, 0x0CD5, 0x0DD9, 0x0DCF, 0x0DCA, 0x1B05, 0x1B35, 0x3D2, 0x1E9B, 0xE9, 0xC5,
      0x1F600, 0x1F3FB, 0x200D, 0x2F800, 0x1D15E, 0x1D165, 0x1D16E, 0x110A5, 0x110BA, 0x2F,
    ]
    var random = SeededRandom()
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let input = (0..<Int.random(in: 1...12, using: &random)).map { _ in random.pick(pool) }
      let text = Self.string(input)
      let expected = Self.oracle(text)
      let ours = Self.scalars(CanonicalComposition.nfc(text))
      if ours != expected || (Self.isQuickNFC(text) && expected != input) {
        mismatches.append("\(input.map { String($0, radix: 16) }) → \(ours), not \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "seed \(random.seed): \(mismatches.prefix(10))")
  }

  @Test("identifiers: ASCII, precomposed, decomposed, mixed scripts, empty")
  func identifiers() {
    for text in [
      "", "com.example.chat/thread/42", "caf\u{E9}", "cafe\u{301}", "n\u{303}ino/e\u{301}cole",
      "\u{1100}\u{1161}\u{11A8}/\u{D55C}", "日本語/😀/Ωmega", "\u{301}leading-mark", "a\u{323}\u{302}",
      "a\u{302}\u{323}", "\u{212B}ngstr\u{F6}m",
      "e\u{301}/x/o\u{308}o/\u{1100}\u{1161}\u{11A8}/z\u{323}\u{302}",
    ] {
      #expect(Self.scalars(CanonicalComposition.nfc(text)) == Self.oracle(text))
    }
  }
}

/// The two facts `ASCIIEquality` rests on, checked for every assigned scalar under every form
/// `==` prepares text with.
@Suite("ASCII equality proof")
struct ASCIIEqualityTests {
  static let forms: [TextForm] = [
    .canonicalSearch, .search(.caseInsensitive), .search(.diacriticInsensitive),
    .search([.caseInsensitive, .diacriticInsensitive]),
  ]

  @Test("no scalar in a non-ASCII block prepares to ASCII; only vanishing scalars vanish")
  func everyScalar() {
    var failures: [String] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned
      else { continue }
      let lasting = ASCIIEquality.mayVanish(value) ? 0 : 1
      for form in Self.forms {
        for (before, after) in [("a", "b"), ("e\u{301}", "")] {
          let prepared = form.apply(before + String(scalar) + after)
          guard prepared.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
          let context = form.apply(before + after).utf8.count
          if ASCIIEquality.staysNonASCII(value) || prepared.utf8.count < context + lasting {
            failures.append("U+\(String(value, radix: 16)) in \(form): \(prepared)")
          }
        }
      }
      if failures.count > 20 { break }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test("the proof never rejects an identifier that prepares to the literal")
  func neverRejectsAMatch() throws {
    for (identifier, literal) in [
      ("\u{C9}COLE", "ecole"), ("e\u{301}cole", "ecole"), ("\u{FB01}le", "file"),
      ("\u{FF21}\u{FF22}", "ab"), ("\u{212A}elvin", "kelvin"), ("stra\u{DF}e", "strasse"),
      ("na\u{EF}ve\u{200C}", "naive"), ("\u{1F44D}\u{1F3FB}", ""),
    ] {
      let form = TextForm.search([.caseInsensitive, .diacriticInsensitive])
      let prepared = form.apply(identifier)
      let rejected = Array(identifier.utf8).withUnsafeBufferPointer {
        ASCIIEquality.cannotEqual($0, asciiLength: literal.utf8.count)
      }
      #expect(!rejected || prepared != literal, "\(identifier) prepares to \(prepared)")
    }
    // Long identifiers and other scripts are rejected without preparing them.
    for identifier in ["doc/\u{E9}cole/\u{65E5}\u{672C}", "\u{3A9}mega", "caf\u{E9}-au-lait"] {
      #expect(
        Array(identifier.utf8).withUnsafeBufferPointer {
          ASCIIEquality.cannotEqual($0, asciiLength: 5)
        })
    }
  }
}
