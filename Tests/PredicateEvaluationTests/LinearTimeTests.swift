import Foundation
import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// The fallbacks that keep hostile input linear give the answers of the fast paths they replace.
/// (Their timing is a benchmark row, Scripts/bench-scaling, never a timed test.)
@Suite("Linear time on hostile input")
struct LinearTimeTests {
  static let alphabet: [String] = ["a", "b", "é", "e\u{301}", "ß", "👍🏽", "*", "?", "\\*"]

  @Test("the LIKE automaton answers as the two-pointer match, on random patterns and subjects")
  func automatonAgrees() throws {
    var random = SeededRandom()
    for _ in 0..<3000 {
      var pattern = ""
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        pattern += random.pick(Self.alphabet + ["a", "b", "*"])
      }
      var subject = ""
      for _ in 0..<Int.random(in: 0...16, using: &random) {
        subject += random.pick(["a", "b", "é", "e\u{301}", "ß", "👍🏽", "*", "?"])
      }
      guard let glob = try? GlobPattern(prepared: pattern) else { continue }
      let text = Array(subject.unicodeScalars)
      #expect(
        glob.matches(text) == glob.automatonMatches(text),
        "PROPERTY_SEED=\(random.seed) '\(subject)' LIKE '\(pattern)'")
      if glob.asciiProgram != nil, subject.allSatisfy(\.isASCII) {
        let bytes = Array(subject.utf8)
        for fold in [false, true] {
          let fast = bytes.withUnsafeBufferPointer { glob.matchesASCII($0, foldCase: fold) }
          let automaton = bytes.withUnsafeBufferPointer {
            glob.automatonMatchesASCII($0, foldCase: fold)
          }
          #expect(fast == automaton, "PROPERTY_SEED=\(random.seed) '\(subject)' LIKE '\(pattern)'")
        }
      }
    }
  }

  @Test("hostile LIKE and CONTAINS shapes give the right answers through their fallbacks")
  func hostileShapes() throws {
    let run = String(repeating: "a", count: 20_000)
    let like = try CompiledPredicate(
      format: "SELF LIKE %@", "*" + String(repeating: "a", count: 2_000) + "b")
    #expect(try !like.evaluate(with: run))
    #expect(try like.evaluate(with: run + "b"))
    let likeUnits = try CompiledPredicate(
      format: "SELF LIKE[d] %@", "*" + String(repeating: "é", count: 500) + "?b")
    #expect(try !likeUnits.evaluate(with: String(repeating: "e\u{301}", count: 5_000)))
    #expect(try likeUnits.evaluate(with: String(repeating: "e\u{301}", count: 5_000) + "xb"))

    let half = String(repeating: "a", count: 2_000)
    for options in ["", "[c]", "[d]", "[cd]"] {
      let contains = try CompiledPredicate(
        format: "SELF CONTAINS\(options) %@", half + "b" + half)
      #expect(try !contains.evaluate(with: run), "\(options)")
      #expect(try contains.evaluate(with: run + "b" + run), "\(options)")
      #expect(try contains.evaluate(with: "é" + run + "b" + run), "\(options), non-ASCII")
      #expect(try !contains.evaluate(with: "é" + run), "\(options), non-ASCII")
    }
    // SELF as the needle: the literal is the haystack.
    let reverse = try CompiledPredicate(format: "%@ CONTAINS[c] SELF", run + "b" + run)
    #expect(try reverse.evaluate(with: half + "b" + half))
    #expect(try !reverse.evaluate(with: half + "c" + half))
  }

  @Test("Knuth–Morris–Pratt finds every occurrence the naive search finds")
  func kmpAgrees() {
    var random = SeededRandom()
    for _ in 0..<2000 {
      let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        random.pick(Array("aab".utf8))
      }
      let needle = (0..<Int.random(in: 1...6, using: &random)).map { _ in
        random.pick(Array("ab".utf8))
      }
      var naive: [Int] = []
      if needle.count <= haystack.count {
        for start in 0...(haystack.count - needle.count)
        where Array(haystack[start..<start + needle.count]) == needle {
          naive.append(start)
        }
      }
      var found: [Int] = []
      _ = haystack.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { n in
          LinearSearch.anyOccurrence(h, n, foldCase: false) {
            found.append($0)
            return false
          }
        }
      }
      #expect(found == naive, "PROPERTY_SEED=\(random.seed)")
    }
  }
}

@Suite("Work grows linearly")
struct LinearWorkTests {
  /// Comparisons Knuth–Morris–Pratt makes for a hostile needle in a haystack of `count` `a`s.
  static func comparisons(haystack count: Int) -> Int {
    let haystack = [UInt8](repeating: UInt8(ascii: "a"), count: count)
    let needle =
      [UInt8](repeating: UInt8(ascii: "a"), count: 500) + [UInt8(ascii: "b")]
      + [UInt8](repeating: UInt8(ascii: "a"), count: 500)
    var comparisons = 0
    _ = LinearSearch.anyOccurrence(
      haystackCount: haystack.count, needleCount: needle.count, haystack: { haystack[$0] },
      needle: { needle[$0] }, comparisons: &comparisons, accept: { _ in true })
    return comparisons
  }

  @Test("the substring fallback's comparisons are within 2(n + m) and grow as the haystack does")
  func searchComparisons() {
    let small = Self.comparisons(haystack: 25_000)
    let large = Self.comparisons(haystack: 100_000)
    #expect(small <= 2 * (25_000 + 1_001))
    #expect(large <= 2 * (100_000 + 1_001))
    #expect(Double(large) / Double(small) < 4.5, "\(small) → \(large)")
  }

  @Test("folding pieces grow as the text does, each bounded")
  func foldingPieces() {
    let small = TextPieces.pieces(
      of: Array(String(repeating: "e\u{301}", count: 25_000).unicodeScalars))
    let large = TextPieces.pieces(
      of: Array(String(repeating: "e\u{301}", count: 100_000).unicodeScalars))
    #expect(small.allSatisfy { $0.count <= TextPieces.forcedCut })
    #expect(large.allSatisfy { $0.count <= TextPieces.forcedCut })
    let ratio = Double(large.count) / Double(small.count)
    #expect(ratio > 3.5 && ratio < 4.5, "\(small.count) → \(large.count) pieces")
  }
}
