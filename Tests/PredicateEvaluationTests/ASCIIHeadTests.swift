import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// ``ASCIIHead`` decides `==`, ordering, BEGINSWITH/ENDSWITH and LIKE shapes from raw bytes; every
/// answer it gives must be the answer on the prepared identifier.
@Suite("Decisions on an identifier's ASCII head")
struct ASCIIHeadTests {
  /// Every form an operator prepares an identifier with.
  static let forms: [TextForm] = Folding.allCases.flatMap { folding in
    [TextForm.Normalization.none, .canonical, .compatibility].map {
      TextForm(folding: folding, normalization: $0)
    }
  }

  /// Pieces whose neighbours change them once prepared, or that prepare to ASCII.
  static let pieces = [
    "a", "A", "b", "e", "E", "cafe", "CAFE", "\u{301}", "\u{308}", "\u{338}", "\u{307}", "\u{30A}",
    "<", "=", "I", "i", "K", "k", "\u{212A}", "ß", "ss", "ﬁ", "ﬆ", "ſ", "é", "É", "ｆ", "Ｅ", "doc-4",
    "2", "/", "thread/", "\r", "\n", "😀", "👍🏽", "中", "ǰ", "İ", "ı", "ŉ", "ᄀ", "ᅡ", "ﾞ", "ｶ",
    "\u{200D}", "\u{FE0F}", "ⓐ", "½", "com.example.", "cafecafe", "thread/thread/",
  ]

  static let literals = [
    "", "a", "e", "cafe", "caf", "doc-4", "i", "k", "ss", "st", "fi", "<", "=", "thread/", "ab",
    "b",
    "z", "\r", "\n", "2", "ea",
    // Eight bytes and more: the word-at-a-time path, its overlapping last word, and a second word.
    "cafecafe", "thread/thread/", "doc-4cafecafe", "com.example.cafe", "com.example.thread/",
    "ecafecafe",
  ]

  @Test("every decision is the prepared identifier's answer, and most are decided")
  func decisionsAgreeWithPreparing() {
    var random = SeededRandom()
    let seed = random.seed
    var decided = 0
    var undecided = 0
    var failures: [String] = []
    for _ in 0..<6_000 {
      let identifier = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        random.pick(Self.pieces)
      }.joined()
      let raw = Array(identifier.utf8)
      for form in Self.forms {
        let prepared = Array(form.apply(identifier).utf8)
        let foldCase = form.folding.foldsCase
        for literalText in Self.literals {
          let literal = Array(form.apply(literalText).utf8)
          raw.withUnsafeBufferPointer { text in
            prepared.withUnsafeBufferPointer { prepared in
              literal.withUnsafeBufferPointer { literal in
                // Searches never take an empty needle (the operators answer false first).
                let searches = !literal.isEmpty
                let checks: [(String, Bool?, Bool)] = [
                  (
                    "equals", ASCIIHead.equals(text, literal, foldCase: foldCase),
                    ASCIIBytes.equals(prepared, literal, foldCase: false)
                  ),
                  (
                    "compare < 0",
                    ASCIIHead.compare(text, literal, foldCase: foldCase).map { $0 < 0 },
                    ASCIIBytes.compare(prepared, literal, foldCase: false) < 0
                  ),
                  (
                    "compare > 0",
                    ASCIIHead.compare(text, literal, foldCase: foldCase).map { $0 > 0 },
                    ASCIIBytes.compare(prepared, literal, foldCase: false) > 0
                  ),
                  (
                    "hasPrefix",
                    searches ? ASCIIHead.hasPrefix(text, literal, foldCase: foldCase) : nil,
                    UnitBytes.hasPrefix(prepared, literal)
                  ),
                  (
                    "hasSuffix",
                    searches ? ASCIIHead.hasSuffix(text, literal, foldCase: foldCase) : nil,
                    UnitBytes.hasSuffix(prepared, literal)
                  ),
                  // LIKE reads scalars, not units: a decided prefix or suffix is both.
                  (
                    "LIKE prefix",
                    searches ? ASCIIHead.hasPrefix(text, literal, foldCase: foldCase) : nil,
                    prepared.starts(with: literal)
                  ),
                  (
                    "LIKE suffix",
                    searches ? ASCIIHead.hasSuffix(text, literal, foldCase: foldCase) : nil,
                    prepared.reversed().starts(with: literal.reversed())
                  ),
                ]
                for (name, decision, expected) in checks {
                  guard let decision else {
                    undecided += 1
                    continue
                  }
                  decided += 1
                  if decision != expected && failures.count < 10 {
                    failures.append(
                      "PROPERTY_SEED=\(seed): \(name) \(form) \(identifier.unicodeScalars.map { String($0.value, radix: 16) }) vs '\(literalText)': decided \(decision), prepared says \(expected)"
                    )
                  }
                }
              }
            }
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    // Both kinds must be common, or the pieces do not exercise the rule.
    #expect(
      decided > 1_000_000 && undecided > 1_000_000, "decided \(decided), undecided \(undecided)")
  }
}
