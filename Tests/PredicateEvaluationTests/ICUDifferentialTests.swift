import Foundation
import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

/// MATCHES against ICU, the engine Apple's NSPredicate uses (swift-corelibs-foundation's
/// NSRegularExpression is ICU too): random patterns from constructs both engines accept × subjects
/// that stress their differences. Every pair either agrees or is refused at compile time with a
/// diagnostic naming the construct; never a different answer in silence.
@Suite("MATCHES against ICU")
struct ICUDifferentialTests {
  /// Subjects' alphabet: ASCII, combining marks, joiners, every line terminator, supplementary
  /// characters, case pairs with special folding.
  static let subjectAlphabet: [String] = [
    "a", "b", "A", "B", "z", "0", "7", "_", "-", " ", ".", "é", "e\u{301}", "\u{301}", "\u{200D}",
    "\u{200C}", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\t",
    "😀", "𝒜", "ß", "SS", "ss", "İ", "ı", "i", "I", "ſ", "K", "\u{212A}", "Σ", "σ", "ς", "٣", "ক",
    "\u{A0}", "\u{3000}", "ﬁ", "\u{345}", "ι", "\u{AD}", "\u{180E}", "Ⅰ", "ǅ", "ϐ", "ﬆ", "st", "$",
    "+", "e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
  ]

  /// Pattern atoms both engines accept.
  static let atoms: [String] = [
    "a", "b", "A", "z", "0", "_", "-", " ", "é", "\\u00e9", "\\x{1F600}", "😀", "ß", "ſ", "K", "σ",
    ".", "\\w", "\\W", "\\s", "\\S", "\\d", "\\D", "\\b", "\\B", "^", "$", "\\A", "\\z", "\\Z",
    "[ab]", "[^ab]", "[a-z]", "[\\w-]", "[[:alpha:]]", "[[:digit:]]", "[[:space:]]", "\\p{L}",
    "\\p{Lu}", "\\P{L}", "\\p{Nd}", "\\p{M}", "\\n", "\\r", "\\t", "\\x{2028}", "\\u200d",
    "\\h", "\\H", "\\v", "\\R", "[\\W]", "[^\\s]", "[\\S\\d]", "[^\\W\\d]", "[[:punct:]]",
    "[[:^alpha:]]", "[[:word:]]", "[[:blank:]]", "[[:graph:]]", "[[:print:]]", "[[:upper:]]",
    "[[:lower:]]", "[[:xdigit:]]", "[[:alnum:]]", "\\p{Greek}", "\\p{Latin}", "\\p{Alphabetic}",
    "\\p{Lowercase}", "\\p{Ll}", "\\P{Lu}", "\\p{gc=Mn}", "\\p{White_Space}", "\\p{Cf}",
    "[\\p{Lu}\\d]", "[^\\p{Ll}]", "\\x{345}", "ι", "\\x{ad}", "[[a-z]--[aeiou]]", "[a-z&&[^x]]",
    "ss", "st", "\\.", "\\$", "[.]", "\\Q.+\\E",
  ]
  /// Flag groups both engines read (`x` is refused by name).
  static let flags = ["(?i)", "(?-i)", "(?s)", "(?-s)", "(?m)", "(?-m)", "(?is)", "(?i-s)"]
  static let quantifiers = ["", "", "", "*", "+", "?", "{1,2}", "*?", "+?", "*+", "{2}"]

  static func randomPattern(_ random: inout SeededRandom, depth: Int = 0) -> String {
    var pattern = ""
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      var atom: String
      switch Int.random(in: 0..<10, using: &random) {
      case 0 where depth < 2:
        atom = "(" + randomPattern(&random, depth: depth + 1) + ")"
      case 1 where depth < 2:
        atom =
          "(?:" + randomPattern(&random, depth: depth + 1) + "|"
          + randomPattern(&random, depth: depth + 1) + ")"
      case 2 where depth < 2 && random.chance(0.3):
        atom =
          random.pick(["(?i:", "(?-i:", "(?s:", "(?=", "(?!"])
          + randomPattern(&random, depth: depth + 1) + ")"
      case 3 where random.chance(0.3):
        atom = random.pick(Self.flags)
      default:
        atom = random.pick(Self.atoms)
      }
      let anchors: Set<String> = ["^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B"]
      if !anchors.contains(atom) && !atom.hasPrefix("(?=") && !atom.hasPrefix("(?!")
        && !Self.flags.contains(atom)
      {
        atom += random.pick(Self.quantifiers)
      }
      pattern += atom
    }
    if random.chance(0.1) { pattern = "(?i)" + pattern }
    return pattern
  }

  static func icu(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
    ICUOracle.regex(pattern, caseInsensitive: caseInsensitive)
  }

  static func icuMatches(_ regex: NSRegularExpression, _ subject: String) -> Bool {
    ICUOracle.matches(regex, subject, budget: 10) ?? false
  }

  @Test("random patterns × hostile subjects agree with ICU, or are refused by name")
  func agreesWithICU() throws {
    var random = SeededRandom()
    var pairs = 0
    var refused = 0
    var unanswered = 0
    var refusals: [String: Int] = [:]
    var disagreements: [String] = []
    for _ in 0..<3_000 {
      let pattern = Self.randomPattern(&random)
      let caseInsensitive = random.chance(0.25)
      let compilation = CompiledPredicate.compile(
        "SELF MATCHES\(caseInsensitive ? "[c]" : "") %@", arguments: [.string(pattern)],
        profile: .extended)
      var subjects: [String] = []
      for _ in 0..<10 {
        var subject = ""
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          subject += random.pick(Self.subjectAlphabet)
        }
        subjects.append(subject)
      }
      let flag = caseInsensitive ? "[c]" : ""
      guard let compiled = compilation.compiled else {
        // A refusal must name the construct: an id of its own, never a bare PCRE2 failure for a
        // pattern ICU accepts.
        refused += 1
        let ids = compilation.diagnostics.filter { $0.severity == .error }.map(\.id.rawValue)
        for id in ids { refusals[id, default: 0] += 1 }
        if ids.contains("validation.invalid-regex"),
          Self.icu(pattern, caseInsensitive: caseInsensitive) != nil
        {
          disagreements.append(
            "MATCHES\(flag) '\(pattern)': ICU accepts it, we refuse it without naming why: "
              + "\(compilation.diagnostics.map(\.message))")
        }
        continue
      }
      guard let regex = Self.icu(pattern, caseInsensitive: caseInsensitive) else {
        // Accepted here, rejected by ICU: on iOS this predicate would crash the app.
        disagreements.append("MATCHES\(flag) '\(pattern)': ICU rejects it, we accept it")
        continue
      }
      for subject in subjects {
        pairs += 1
        let expected = Self.icuMatches(regex, subject)
        let ours: Bool
        switch Result(catching: { try compiled.evaluate(with: subject) }) {
        case .success(let answer):
          ours = answer
        case .failure(let error as PredicateEvaluationError)
        where error.kind == .unlikeICU || error.kind == .resourceLimit:
          // Refused for this identifier by name (or stopped by the match limit, which ICU's
          // backtracking would run into as well): not an answer, not a different one.
          unanswered += 1
          continue
        case .failure(let error):
          disagreements.append("MATCHES\(flag) '\(pattern)': \(error)")
          continue
        }
        if ours != expected {
          let scalars = subject.unicodeScalars.map { String($0.value, radix: 16) }
          disagreements.append(
            "MATCHES\(flag) '\(pattern)' on \(scalars): ICU \(expected), ours \(ours)")
        }
      }
    }
    print(
      "ICU differential: PROPERTY_SEED=\(random.seed) \(pairs) pairs, \(refused) patterns "
        + "refused \(refusals.sorted { $0.key < $1.key }), \(unanswered) pairs refused at "
        + "evaluation, \(disagreements.count) disagreements")
    for line in disagreements.prefix(60) { print("  \(line)") }
    #expect(pairs >= 20_000)
    #expect(disagreements.isEmpty, "PROPERTY_SEED=\(random.seed)")
  }

  @Test("every matches-icu fixture row that answers is ICU's answer")
  func fixtureRowsAreICUs() throws {
    let table = try #require(Fixtures.read("evaluation/semantics.tsv"))
    var checked = 0
    for line in table.split(separator: "\n") where line.contains("\tmatches-icu: ") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let predicate = decodeFixtureField(fields[0])
      let literal = predicate[
        predicate.index(after: predicate.firstIndex(of: "'")!)..<predicate.lastIndex(of: "'")!]
      let pattern = literal.replacingOccurrences(of: "\\\\", with: "\\")
      guard fields[2] == "true" || fields[2] == "false" else {
        // An error row: syntax ICU rejects too, or a refusal by name of something ICU accepts.
        let caseInsensitive = predicate.contains("MATCHES[c]")
        if Self.icu(pattern, caseInsensitive: caseInsensitive) != nil {
          let compilation = CompiledPredicate.compile(predicate, profile: .extended)
          let ids = Set(compilation.diagnostics.map(\.id))
          #expect(
            compilation.compiled != nil || ids.contains(.regexNotLikeICU)
              || ids.contains(.icuOnlyRegex),
            "ICU accepts \(pattern) and the refusal does not say why: \(line)")
        }
        checked += 1
        continue
      }
      let regex = try #require(
        Self.icu(pattern, caseInsensitive: predicate.contains("MATCHES[c]")), "\(pattern)")
      #expect(
        Self.icuMatches(regex, decodeFixtureField(fields[1])) == (fields[2] == "true"),
        "\(line)")
      checked += 1
    }
    #expect(checked >= 25)
  }

  @Test("a braced hex escape takes ICU's seven digits at most, leading zeros counted")
  func bracedHexDigits() {
    for digits in 2...10 {
      let escape = "\\x{" + String(repeating: "0", count: digits - 2) + "41}"
      for pattern in [escape, "[" + escape + "]", "a" + escape + "b"] {
        let compilation = CompiledPredicate.compile(
          "SELF MATCHES %@", arguments: [.string(pattern)], profile: .extended)
        let icuAccepts = Self.icu(pattern, caseInsensitive: false) != nil
        #expect(icuAccepts == (digits <= 7), "ICU on \(pattern)")
        #expect((compilation.compiled != nil) == icuAccepts, "\(pattern)")
        if digits > 7 {
          #expect(compilation.diagnostics.map(\.id) == [.invalidRegex], "\(pattern)")
        }
      }
    }
  }

  @Test("a short hex escape is not extended by a hex digit the translation writes after it")
  func shortHexEscapeStaysShort() throws {
    // ICU's `[\b]` is `b`, its lone `\E` an `E` and `[\1]` a `1`: written after a one-digit
    // `\x0` they once read as PCRE2's `\x0b`, `\x0E`, `\x01` (FuzzICU found the first).
    let patterns = [#"[\x0\b6]"#, #"[\x1\b]"#, #"\x0\E"#, #"[\xa\A]"#, #"[\x0\1]"#, #"\x4\x1"#]
    let subjects = [
      "\u{0}", "\u{1}", "\u{4}\u{1}", "\u{a}", "\u{b}", "\u{1b}", "\u{0}E", "\u{e}", "b", "6", "A",
      "1",
    ]
    for pattern in patterns {
      let compiled = try #require(
        CompiledPredicate.compile(
          "SELF MATCHES %@", arguments: [.string(pattern)], profile: .extended
        ).compiled, "\(pattern)")
      let regex = try #require(Self.icu(pattern, caseInsensitive: false), "\(pattern)")
      for subject in subjects {
        #expect(
          try compiled.evaluate(with: subject) == Self.icuMatches(regex, subject),
          "\(pattern) on \(subject.unicodeScalars.map(\.value))")
      }
    }
  }

  @Test("a pattern too large once written out is refused by name, not as a PCRE2 failure")
  func tooLargeIsNamed() throws {
    let pattern = "(?i)" + String(repeating: "\\b\\p{Lu}", count: 200)
    #expect(Self.icu(pattern, caseInsensitive: false) != nil)
    let compilation = CompiledPredicate.compile(
      "SELF MATCHES %@", arguments: [.string(pattern)], profile: .extended)
    #expect(compilation.compiled == nil)
    #expect(compilation.diagnostics.map(\.id) == [.regexNotLikeICU])
  }

  @Test("no character past the scanned planes has case, so the case tables miss none")
  func caseTablesCoverEveryCasedCharacter() {
    let cased = (CaseClosure.lastCasedPlaneEnd + 1...0x10FFFF).filter { value in
      Unicode.Scalar(value)?.properties.changesWhenCaseMapped ?? false
    }
    #expect(cased.isEmpty)
    #expect(CaseClosure.orbits.count > 1_000)
    #expect(CaseClosure.multiCharacterFolds[Unicode.Scalar(0xDF)!] == ["s", "s"])
  }
}
