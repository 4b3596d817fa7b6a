import Foundation
import PCRE2Regex
import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

@Suite("Engineering")
struct EngineeringTests {
  @Test("one compiled predicate, many threads at once")
  func concurrentEvaluation() async throws {
    let predicate = try CompiledPredicate(
      format: "SELF MATCHES[c] 'chat/[0-9]+' OR SELF BEGINSWITH[cd] 'DOC/' OR SELF LIKE '*/x?'",
      profile: .extended)
    let identifiers = ["chat/1", "CHAT/22", "doc/3", "dóc/4", "a/xy", "nope", "éé/xé"]
    let expected = try identifiers.map { try predicate.evaluate(with: $0) }
    #expect(expected == [true, true, true, true, true, false, true])
    let allAgree = await withTaskGroup(of: Bool.self) { group in
      for worker in 0..<16 {
        group.addTask {
          for round in 0..<2_000 {
            let index = (round + worker) % identifiers.count
            if (try? predicate.evaluate(with: identifiers[index])) != expected[index] {
              return false
            }
          }
          return true
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(allAgree)
  }

  @Test("SELF as a pattern compiles once per identifier, from many threads")
  func concurrentSelfPatterns() async throws {
    let predicate = try CompiledPredicate(
      format: "'com.example.chat' MATCHES SELF", profile: .extended)
    let ok = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for pattern in ["com.*", "c.m\\..*", "x", "[", "com[.]example[.]chat"] {
            let result = try? predicate.evaluate(with: pattern)
            let wanted: Bool? = pattern == "x" ? false : pattern == "[" ? nil : true
            if result != wanted { return false }
          }
          return true
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(ok)
  }

  @Test("patterns from SELF are cached by exact scalars, not canonical equivalence")
  func selfPatternCacheIsExact() throws {
    let predicate = try CompiledPredicate(format: "SELF MATCHES SELF", profile: .extended)
    let decomposed = "cafe\u{301}"
    let precomposed = "caf\u{E9}"
    #expect(decomposed == precomposed, "Swift's String equality is canonical equivalence")
    #expect(try predicate.evaluate(with: decomposed))
    #expect(try predicate.evaluate(with: precomposed))
    let literal = try CompiledPredicate(format: #"'caf\u00e9' MATCHES SELF"#, profile: .extended)
    #expect(try literal.evaluate(with: precomposed))
    #expect(try !literal.evaluate(with: decomposed))
  }

  @Test("catastrophic backtracking ends with a typed resource-limit error")
  func hostileRegex() throws {
    let predicate = try CompiledPredicate(format: "SELF MATCHES '(a+)+$'", profile: .extended)
    // The match limit, not a clock, bounds the work: the error says it was reached (its
    // timing is Scripts/bench-scaling's, never a test's).
    do {
      _ = try predicate.evaluate(with: String(repeating: "a", count: 40) + "b")
      Issue.record("expected a resource-limit error")
    } catch {
      #expect(error.kind == .resourceLimit)
      #expect(error.message.contains("limit"))
    }
    // The same predicate still answers ordinary identifiers.
    #expect(try predicate.evaluate(with: "aaaa"))
  }

  @Test("views of the identifier are computed once per context and shared")
  func contextSharesViews() throws {
    let first = try CompiledPredicate(format: "SELF BEGINSWITH[c] 'CAFÉ'", profile: .extended)
    let second = try CompiledPredicate(
      format: "SELF ENDSWITH[c] 'NOIR' OR SELF CONTAINS[c] 'LE'", profile: .extended)
    var context = EvaluationContext(targetContentIdentifier: "Café le noir")
    #expect(try first.evaluate(in: &context))
    #expect(try second.evaluate(in: &context))
    #expect(context.preparedViewCount == 1)
    var ascii = EvaluationContext(targetContentIdentifier: "chat/42")
    #expect(try !first.evaluate(in: &ascii))
    #expect(try !second.evaluate(in: &ascii))
    #expect(ascii.preparedViewCount == 0, "ASCII identifiers stay on the byte path")
  }

  @Test("a copied context keeps its own views: copy-on-write, not shared mutation")
  func copiedContextsAreIndependent() async throws {
    let canonical = try CompiledPredicate(format: "SELF CONTAINS 'école'", profile: .extended)
    let folded = try CompiledPredicate(format: "SELF CONTAINS[cd] 'ECOLE'", profile: .extended)
    let like = try CompiledPredicate(format: "SELF LIKE '*cole*'", profile: .extended)
    var original = EvaluationContext(targetContentIdentifier: "doc/e\u{301}cole/1")
    #expect(try canonical.evaluate(in: &original))
    var copy = original
    // The copy adds views; the original must neither see nor lose anything.
    #expect(try folded.evaluate(in: &copy))
    #expect(try like.evaluate(in: &copy))
    #expect(copy.preparedViewCount == 2 && original.preparedViewCount == 1)
    #expect(try canonical.evaluate(in: &original))
    #expect(try like.evaluate(in: &original))
    #expect(try folded.evaluate(in: &original))
    #expect(try canonical.evaluate(in: &copy))
    // Concurrent copies of one context, each evaluating on its own.
    let shared = original
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var mine = shared
          return try folded.evaluate(in: &mine) && like.evaluate(in: &mine)
            && canonical.evaluate(in: &mine)
        }
      }
      for try await answer in group { #expect(answer) }
    }
  }

  @Test("the uikit profile accepts what UIKit accepts and names what it rejects")
  func profiles() {
    let accepted = "SELF BEGINSWITH[cd] 'chat/' OR SELF IN {'inbox'} OR SELF LIKE 'doc-*'"
    #expect(CompiledPredicate.compile(accepted, profile: .uikit).compiled != nil)
    let matches = CompiledPredicate.compile("SELF MATCHES 'a'", profile: .uikit)
    #expect(matches.diagnostics.map(\.id) == [.uikitMatches])
    #expect(matches.diagnostics[0].notes.contains { $0.message.contains("UIKit raises") })
    #expect(CompiledPredicate.compile("SELF MATCHES 'a'", profile: .extended).compiled != nil)
    let variable = CompiledPredicate.compile("SELF == $x", profile: .uikit)
    #expect(variable.diagnostics.map(\.id) == [.variable])
    #expect(variable.diagnostics[0].notes.contains { $0.message.contains("UIKit raises") })
  }

  @Test("predicates built in code validate and print like parsed ones")
  func constructedPredicates() throws {
    let built = FormatPredicate.or([
      .comparison(.evaluatedObject, .beginsWith, .string("chat/"), options: [.caseInsensitive]),
      .not(.comparison(.evaluatedObject, .equalTo, .string("x"))),
    ])
    let compiled = try CompiledPredicate(built)
    #expect(compiled.predicateFormat == #"SELF BEGINSWITH[c] "chat/" OR NOT SELF == "x""#)
    #expect(try compiled.evaluate(with: "CHAT/1"))
    let keyPath = FormatPredicate.comparison(FormatExpression(.key("name")), .equalTo, .string("x"))
    do {
      _ = try CompiledPredicate(keyPath)
      Issue.record("expected a validation error")
    } catch {
      #expect(error.diagnostics.map(\.id) == [.keyPath])
      #expect(error.diagnostics[0].range == SourceRange(0, 4), "points into the canonical form")
    }
    #expect(try CompiledPredicate(.and([])).constantValue == true)
    #expect(try CompiledPredicate(.or([])).constantValue == false)
    let formatted = try CompiledPredicate(FormatPredicate(format: "SELF == %@", "chat/42"))
    #expect(try formatted.evaluate(with: "chat/42"))
  }

  @Test("every compile-time error is reported before any evaluation")
  func compileTimeErrors() {
    for source in [
      "SELF > 5", "SELF BEGINSWITH 1", "SELF LIKE 'a\\\\'", "SELF MATCHES '('",
      "SELF BETWEEN {'a'}", "SELF IN 3",
    ] {
      #expect(CompiledPredicate.compile(source, profile: .extended).compiled == nil, "\(source)")
    }
  }

  @Test("LIKE stays linear on patterns that make naive matchers exponential")
  func likeIsNotExponential() throws {
    let predicate = try CompiledPredicate(
      format: "SELF LIKE '" + String(repeating: "*a", count: 30) + "*b'", profile: .extended)
    // The answer through the linear matcher; its time is a Scripts/bench-scaling row. The
    // automaton the hostile shape falls back to is checked against the two-pointer match in
    // LinearTimeTests.
    #expect(try !predicate.evaluate(with: String(repeating: "a", count: 5_000)))
    #expect(try predicate.evaluate(with: String(repeating: "a", count: 5_000) + "b"))
  }
}

@Suite("Byte-level unit search")
struct UnitBytesTests {
  /// Scalars that put unit boundaries to the test: combining marks (alone, after ASCII, stacked),
  /// precomposed letters, an emoji and its skin-tone modifier, Hangul jamo (starters that compose),
  /// a singleton (the Kelvin sign is not NFC), CJK and plain ASCII. Most combining marks can
  /// compose, so the quick check sends text holding them to the slow path; the Hebrew point and
  /// the Thai vowel sign are non-starters that never compose, so NFC text can hold them, and the
  /// byte search must refuse to split a unit there.
  static let alphabet: [String] = [
    "a", "e", "/", "-", "é", "\u{301}", "\u{323}", "ß", "👍", "🏽", "\u{1100}", "\u{1161}", "각",
    "\u{212A}", "K", "日", "ω", "\u{345}", "\u{5E7}", "\u{5B4}", "\u{E01}", "\u{E38}",
  ]

  @Test("agrees with UnitText on every NFC text, for prefix, suffix and contains")
  func agreesWithUnitText() {
    var random = SeededRandom()
    let seed = random.seed
    var checked = 0
    var withNonStarter = 0
    while checked < 20_000 {
      let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in random.pick(Self.alphabet) }
        .joined()
      let needle = ReferenceEvaluator.unicodeNFC(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(Self.alphabet) }.joined()
      )
      let isQuickNFC = Array(text.utf8).withUnsafeBufferPointer(CanonicalComposition.isQuickNFC)
      // The quick check never says yes to text that is not NFC.
      if isQuickNFC {
        #expect(
          Array(CanonicalComposition.nfc(text).utf8) == Array(text.utf8),
          "PROPERTY_SEED=\(seed): quick check passed non-NFC \(text.unicodeScalars.map(\.value))")
      }
      guard isQuickNFC else { continue }
      checked += 1
      if text.unicodeScalars.contains(where: { $0.value == 0x5B4 || $0.value == 0xE38 }) {
        withNonStarter += 1
      }
      let units = UnitText(text)
      let needleUnits = UnitText(needle)
      Array(text.utf8).withUnsafeBufferPointer { bytes in
        Array(needle.utf8).withUnsafeBufferPointer { needleBytes in
          let context =
            "PROPERTY_SEED=\(seed): \(text.unicodeScalars.map(\.value)) / \(needle.unicodeScalars.map(\.value))"
          #expect(
            UnitBytes.hasPrefix(bytes, needleBytes) == units.hasPrefix(needleUnits), "\(context)")
          #expect(
            UnitBytes.hasSuffix(bytes, needleBytes) == units.hasSuffix(needleUnits), "\(context)")
          #expect(
            UnitBytes.contains(bytes, needleBytes) == units.contains(needleUnits), "\(context)")
        }
      }
    }
    #expect(withNonStarter > 1_000, "the NFC texts must hold non-starters, or nothing is tested")
  }
}

@Suite("Literal heads of MATCHES patterns")
struct RegexLiteralHeadTests {
  @Test(
    "reads the literal characters every match starts with, and stops where they end",
    arguments: [
      ("com[.]example[.]chat/thread/[0-9]+", "com.example.chat/thread/"),
      ("doc-[0-9]+", "doc-"), ("doc\\-42", "doc-42"), ("^doc-.*", "doc-"), ("[\\.]x", ".x"),
      ("abc?", "ab"), ("abc*", "ab"), ("abc{0,2}", "ab"), ("abc+", "abc"), ("ab(c|x)", "ab"),
      ("ab.c", "ab"), ("ab\\d", "ab"), ("naïve", "na"),
      // A mark may compose with the character before it once the pattern is normalised.
      ("nai\u{308}ve", "na"), ("doc-e\u{301}", "doc-"),
    ])
  func readsHeads(pattern: String, head: String) {
    #expect(RegexLiteralHead.of(pattern) == Array(head.utf8))
  }

  @Test(
    "gives nothing where a match may start otherwise",
    arguments: [
      "abc|x", "a(b)|c", "\\Qab|\\Ec", "ab(?x) # (\n|c", "a(?#()|b", "[a]?b", ".*", "\\w+", "",
      "(?i)abc", "[ab]c", "[^a]b", "\\x41", "e\u{301}x",
    ])
  func refusesBranchingOrUnknownHeads(pattern: String) {
    #expect(RegexLiteralHead.of(pattern) == nil)
  }

  @Test("every identifier a pattern matches starts with the pattern's head")
  func headIsNecessary() throws {
    var random = SeededRandom()
    let seed = random.seed
    let atoms = [
      "a", "b", "-", "/", ".", "[.]", "\\.", "\\-", "?", "*", "+", "{1,2}", "|", "(", ")", "(?:",
      "[ab]", "\\d", "é", "^",
    ]
    let subjects = [
      "", "a", "b", "ab", "a-b", "a.b", "a/b", "aab", "ba", ".", "-", "é", "a1", "b/",
    ]
    var withHead = 0
    for _ in 0..<4_000 {
      let pattern = (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(atoms) }
        .joined()
      guard
        let regex = try? CompiledRegex(
          pattern: pattern, options: [.wholeString, .unicodeProperties, .dotMatchesLineSeparators])
      else { continue }
      guard let head = RegexLiteralHead.of(pattern) else { continue }
      withHead += 1
      for left in subjects {
        for right in subjects {
          let subject = left + right
          if try regex.matches(subject) {
            #expect(
              Array(subject.utf8).starts(with: head),
              "PROPERTY_SEED=\(seed): \(pattern) matches \(subject) without its head")
          }
        }
      }
    }
    #expect(withHead > 500, "too few patterns had a head for the property to mean anything")
  }
}

@Suite("Byte candidates for substring search")
struct SubstringSearchTests {
  @Test("the word-at-a-time filter finds exactly the occurrences a naive scan finds")
  func agreesWithNaiveSearch() {
    var random = SeededRandom()
    let seed = random.seed
    let alphabet: [UInt8] = Array("aab/.-t".utf8)
    for _ in 0..<20_000 {
      let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in random.pick(alphabet) }
      let needle = (0..<Int.random(in: 1...9, using: &random)).map { _ in random.pick(alphabet) }
      let naive =
        needle.count <= haystack.count
        ? (0...(haystack.count - needle.count)).filter {
          Array(haystack[$0..<$0 + needle.count]) == needle
        } : []
      haystack.withUnsafeBufferPointer { text in
        needle.withUnsafeBufferPointer { pattern in
          var visited: [Int] = []
          let found = ASCIIBytes.anyCandidate(text, pattern) { offset in
            visited.append(offset)
            return ASCIIBytes.equal(text, at: offset, pattern, foldCase: false)
          }
          let context = "PROPERTY_SEED=\(seed): \(haystack) / \(needle)"
          #expect(found == !naive.isEmpty, "\(context)")
          // Candidates are tried left to right, and none is skipped before the first match.
          #expect(visited == visited.sorted(), "\(context)")
          if let first = naive.first { #expect(visited.last == first, "\(context)") }
          #expect(
            ASCIIBytes.contains(text, pattern, foldCase: false) == !naive.isEmpty, "\(context)")
        }
      }
    }
  }
}

@Suite("Caseless ASCII compare")
struct CaselessCompareTests {
  @Test("a word is lowercased as each of its bytes is, for every byte value at every position")
  func wordLowercasingMatchesBytes() {
    for byte in 0...255 {
      for position in 0..<8 {
        // The byte among neighbours that are themselves near the A–Z edges.
        var bytes: [UInt8] = [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x7F, 0x80, 0xC1]
        bytes[position] = UInt8(byte)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let lowered = withUnsafeBytes(of: ASCIIBytes.lower(word)) { Array($0) }
        #expect(lowered == bytes.map(ASCIIBytes.lower), "byte \(byte) at \(position)")
      }
    }
  }

  @Test("the caseless compare agrees with a byte-by-byte one at every length and offset")
  func caselessEqualAgreesWithBytes() {
    var random = SeededRandom()
    let seed = random.seed
    let alphabet: [UInt8] = Array("aAzZ@[`{/-é".utf8)
    for _ in 0..<20_000 {
      let needle = (0..<Int.random(in: 1...30, using: &random)).map { _ in
        ASCIIBytes.lower(random.pick(alphabet))
      }
      let start = Int.random(in: 0...3, using: &random)
      var haystack = (0..<start).map { _ in random.pick(alphabet) }
      haystack += needle.map { random.chance(0.5) ? $0 : random.pick(alphabet) }
      let expected = zip(haystack[start...], needle).allSatisfy { ASCIIBytes.lower($0) == $1 }
      haystack.withUnsafeBufferPointer { text in
        needle.withUnsafeBufferPointer { folded in
          #expect(
            ASCIIBytes.equal(text, at: start, folded, foldCase: true) == expected,
            "PROPERTY_SEED=\(seed): \(haystack) / \(needle) at \(start)")
        }
      }
    }
  }

  @Test("the end of an ASCII run and a run written a word at a time agree with byte loops")
  func asciiRunsAgreeWithBytes() {
    var random = SeededRandom()
    let seed = random.seed
    let alphabet: [UInt8] = [0x00, 0x41, 0x5A, 0x61, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        random.chance(0.9) ? random.pick(Array(alphabet[..<5])) : random.pick(alphabet)
      }
      let start = Int.random(in: 0...bytes.count, using: &random)
      let expected = bytes[start...].firstIndex { $0 >= 0x80 } ?? bytes.count
      bytes.withUnsafeBufferPointer { buffer in
        #expect(
          ASCIIBytes.endOfASCII(buffer, from: start) == expected,
          "PROPERTY_SEED=\(seed): \(bytes) from \(start)")
        let run = UnsafeBufferPointer(rebasing: buffer[start..<expected])
        for lowercased in [false, true] {
          var array: [UInt8] = [1]
          array.appendASCII(run, lowercased: lowercased)
          let written = [UInt8](unsafeUninitializedCapacity: run.count + 1) { storage, count in
            storage[0] = 1
            var sink = BufferSink(UnsafeMutableBufferPointer(rebasing: storage[1...]))
            sink.appendASCII(run, lowercased: lowercased)
            count = sink.overflowed ? 0 : sink.count + 1
          }
          let want = [1] + run.map { lowercased ? ASCIIBytes.lower($0) : $0 }
          #expect(array == want && written == want, "PROPERTY_SEED=\(seed): \(Array(run))")
        }
      }
    }
  }
}
