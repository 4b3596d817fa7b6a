import Foundation
import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// The generated folding tables against Foundation, and the fast paths that read them or skip
/// folding altogether, against the general path.
@Suite("Folding tables")
struct FoldingTablesTests {
  /// Every form the tables serve: each folding, with NFC (search operators, `==`, ordering) and
  /// with NFKC (LIKE and MATCHES).
  static let forms: [TextForm] = [
    Folding.caseInsensitive, .diacriticInsensitive, .caseAndDiacriticInsensitive,
  ]
  .flatMap { folding in
    [
      TextForm(folding: folding, normalization: .canonical),
      TextForm(folding: folding, normalization: .compatibility),
    ]
  }

  /// What the general path makes of `text`: Foundation's folding, then our NFC (whose own tests
  /// compare it with Unicode's); for NFKC, Foundation's compatibility decomposition in between
  /// (Foundation's own NFC departs from Unicode where `CanonicalCompositionTests` says, ours
  /// does not).
  static func expected(_ text: String, _ form: TextForm) -> [UInt8] {
    let folded = form.folding.apply(text)
    switch form.normalization {
    case .none: return Array(folded.utf8)
    case .canonical: return Array(CanonicalComposition.nfc(folded).utf8)
    case .compatibility:
      return Array(
        CanonicalComposition.nfc(folded.decomposedStringWithCompatibilityMapping).utf8)
    }
  }

  /// The tables' fold of `text`, before normalisation; nil when they defer.
  static func fold(_ text: String, _ form: TextForm) -> [UInt8]? {
    Array(text.utf8).withUnsafeBufferPointer { FoldingTables.fold($0, form) }
  }

  /// The tables' answer, prepared as `IdentifierViews` prepares it; nil when they defer.
  static func tables(_ text: String, _ form: TextForm) -> [UInt8]? {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      guard let folded = FoldingTables.fold(bytes, form) else { return nil }
      return folded.withUnsafeBufferPointer { CanonicalComposition.changes($0) } ?? folded
    }
  }

  @Test("every scalar folds as Foundation folds it, or is marked as depending on its neighbours")
  func everyScalar() {
    // Scalars between newlines, 512 to a string: one Foundation call checks 512 scalars, and a
    // newline is a starter that folds to itself and composes with nothing.
    let all = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init)
    var mismatches: [String] = []
    var deferred = [Int](repeating: 0, count: 3)
    for (index, form) in Self.forms.enumerated() where form.normalization == .canonical {
      var start = 0
      while start < all.count, mismatches.count < 20 {
        let chunk = all[start..<min(start + 512, all.count)]
        start += 512
        var kept: [Unicode.Scalar] = []
        for scalar in chunk {
          if Self.tables(String(scalar), form) == nil {
            deferred[index / 2] += 1
          } else {
            kept.append(scalar)
          }
        }
        let text = kept.map { String($0) }.joined(separator: "\n")
        let folded = Array(form.folding.apply(text).utf8)
        if Self.fold(text, form) != folded {
          for scalar in kept
          where Self.fold(String(scalar), form) != Array(form.folding.apply(String(scalar)).utf8) {
            mismatches.append("\(form.folding) U+\(String(scalar.value, radix: 16))")
          }
          if mismatches.isEmpty { mismatches.append("\(form.folding) chunk at \(start - 512)") }
        }
        // The NFKC variant of the same chunk.
        let compatibility = Self.forms[index + 1]
        let decomposed = Array(
          form.folding.apply(text).decomposedStringWithCompatibilityMapping.utf8)
        if Self.fold(text, compatibility) != decomposed {
          mismatches.append("\(form.folding)+NFKD chunk at \(start - 512)")
        }
      }
    }
    // A toolchain whose Foundation folds differently fails here: run
    // Scripts/generate-folding-tables.swift.
    #expect(mismatches.isEmpty, "\(mismatches)")
    // `[c]` depends on no neighbour; `[d]` defers only for the marks it drops after a base and
    // keeps at the start (and the like): a few thousand scalars, not a script.
    #expect(deferred[0] == 0)
    #expect(deferred[1] > 0 && deferred[1] < 4_000, "\(deferred)")
  }

  /// Scalars identifiers are made of, weighted to the ones folding changes.
  static let pool: [String] = [
    "a", "Z", "k", "s", "1", "/", "-", ".", " ", "é", "É", "ß", "ẞ", "ﬁ", "ﬆ", "\u{212A}", "Å",
    "\u{212B}", "ſ", "İ", "ı", "Σ", "σ", "ς", "ǅ", "ǰ", "ᾳ", "Ω", "\u{2126}", "Ａ", "ｚ", "１",
    "ｶ", "ﾞ", "ﾟ", "カ", "\u{3099}", "\u{301}", "\u{308}", "\u{327}", "\u{20DD}", "가", "\u{1100}",
    "\u{1161}", "\u{11A8}", "日", "本", "😀", "👍🏽", "\u{200D}", "ñ", "ø", "Ł", "ǆ", "ﬀ", "①", "㎏",
    "ℌ", "Ⅻ", "ⁱ", "½", "\u{FB2C}", "\u{0F73}", "\u{0CCA}", "\u{0CD5}", "\u{AC00}", "𝔄", "ﹰ",
    "\u{1E9E}", "Ǆ", "\u{345}", "ΐ", "\u{1F88}", "\u{10400}", "\u{1E900}", "\u{64B}", "\u{E48}",
    "\u{1AB0}", "\u{5B0}", "\u{483}", "\u{93F}", "\u{94D}", "ا", "ก", "€", "ḱ", "क", "ǖ", "Ա",
  ]

  @Test("random identifiers fold by the tables exactly as Foundation folds them")
  func randomStrings() {
    var random = SeededRandom()
    var checked = 0
    var deferred = 0
    var failures: [String] = []
    for _ in 0..<10_000 {
      let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in random.pick(Self.pool) }
        .joined()
      for form in Self.forms {
        guard let ours = Self.tables(text, form) else {
          deferred += 1
          continue
        }
        checked += 1
        if ours != Self.expected(text, form), failures.count < 10 {
          failures.append(
            "\(form.folding) \(form.normalization) \(text.unicodeScalars.map { String($0.value, radix: 16) })"
          )
        }
      }
    }
    #expect(failures.isEmpty, "seed \(random.seed): \(failures)")
    #expect(checked > deferred, "the tables answered \(checked), deferred \(deferred)")
  }

  @Test("every mark the tables fold follows Foundation after every kind of base")
  func marksAfterBases() {
    // Bases: dropping (ASCII, Latin, an exception above U+0510), keeping and folding to itself
    // (CJK, Arabic, Hangul), keeping and changed by folding (halfwidth katakana, Armenian).
    let bases = ["a", "ḱ", "\u{212A}", "日", "ا", "가", "ｶ", "Ա", "€", "😀"]
    let shapes: [(String, String) -> String] = [
      { $0 + $1 }, { $0 + $1 + $1 }, { $0 + "\u{64B}" + $1 }, { $0 + $1 + "\u{301}" },
      { $0 + "\u{301}" + $1 },
    ]
    let marks = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init).map { String($0) }
      .filter {
        $0.unicodeScalars.first!.properties.generalCategory == .nonspacingMark
          || $0.unicodeScalars.first!.properties.canonicalCombiningClass.rawValue != 0
      }
    var compared = 0
    var failures: [String] = []
    for form in Self.forms where form.folding != .caseInsensitive {
      for base in bases {
        for shape in shapes {
          // One Foundation call for every mark the tables answer for, between newlines.
          let texts = marks.map { shape(base, $0) }.filter { Self.tables($0, form) != nil }
          let joined = texts.joined(separator: "\n")
          compared += texts.count
          guard Self.tables(joined, form) != Self.expected(joined, form) else { continue }
          for text in texts where Self.tables(text, form) != Self.expected(text, form) {
            if failures.count < 10 {
              failures.append(
                "\(form.folding) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
          }
        }
      }
      // Marks that start the identifier.
      for mark in marks {
        for text in [mark, mark + mark, mark + "\u{64B}", mark + "a"] {
          guard let ours = Self.tables(text, form) else { continue }
          compared += 1
          if ours != Self.expected(text, form), failures.count < 10 {
            failures.append(
              "\(form.folding) start \(text.unicodeScalars.map { String($0.value, radix: 16) })")
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(compared > 100_000)
  }

  @Test("identifiers prepared through a context read the tables, and agree with Foundation")
  func throughContext() throws {
    for (format, identifier, answer) in [
      ("SELF BEGINSWITH[c] 'strasse/'", "STRAẞE/1", true),
      ("SELF ==[cd] 'ecole/file'", "ÉCOLE/ﬁle", true),
      ("SELF ENDSWITH[c] '/kelvin'", "doc/\u{212A}ELVIN", true),
      ("SELF LIKE[cd] '*ﬁ*'", "Ｆｉｌｅ", true),
      ("SELF CONTAINS[d] 'cafe'", "Café", false),
      ("SELF CONTAINS[d] 'Cafe'", "Cafe\u{301}", true),
    ] {
      let predicate = try CompiledPredicate(format: format)
      #expect(try predicate.evaluate(with: identifier) == answer, "\(format) \(identifier)")
    }
  }

  // MARK: MATCHES on ASCII identifiers

  /// Patterns for the ASCII fast path of `[d]`/`[cd]` MATCHES, non-ASCII ones among them.
  static let patterns = [
    "doc-[0-9]+", "DOC-[0-9]+", "strasse", "straße", "STRASSE", "ﬁle.*", "FILE", "\u{212A}elvin",
    "kelvin", "ＡＢＣ", "abc", "(?-i)Doc-[0-9]+", "(?-i:D)oc.*", "doc(?-i)-X", "[a-z]+", "[A-Z]+",
    "\\p{Lu}.*", "[^a-z]+", "\\w+", "(\\w)\\1", "é.*", "caf[ée]", "[[:upper:]]+", "(?i)ABC",
    ".*thread.*", "[0-9a-f]{8}-[0-9a-f]{4}",
  ]
  static let identifiers = [
    "doc-42", "DOC-42", "Doc-42", "doc-x", "strasse", "STRASSE", "file", "FILE", "fIlE.txt",
    "kelvin", "KELVIN", "abc", "ABC", "aBc", "xx", "XX", "Xx", "cafe", "CAFE", "e", "E", "thread",
    "com.example.chat/Thread/1", "8B0EF9F7-C8D5", "8b0ef9f7-c8d5", "doc-X", "Doc-X", "",
  ]

  @Test("ASCII identifiers skip [d]/[cd] folding for MATCHES only where the answer is the same")
  func asciiMatchesFastPath() throws {
    var compared = 0
    for pattern in Self.patterns {
      for options in ["[d]", "[cd]", "[c]"] {
        let format =
          "SELF MATCHES\(options) '\(pattern.replacingOccurrences(of: "\\", with: "\\\\"))'"
        guard let predicate = try? CompiledPredicate(format: format, profile: .extended) else {
          continue
        }
        guard case .regex(let program) = predicate.matcher else {
          Issue.record("\(format) did not compile to a regex")
          continue
        }
        for identifier in Self.identifiers {
          // The general path: fold the identifier as the program's form says, then match.
          let general = try program.matches(program.subjectForm.apply(identifier))
          #expect(
            try predicate.evaluate(with: identifier) == general, "\(format) on '\(identifier)'")
          compared += 1
        }
      }
    }
    #expect(compared > 1_500)
  }
}
