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
    "\u{A0}", "\u{3000}", "ﬁ",
  ]

  /// Pattern atoms both engines accept.
  static let atoms: [String] = [
    "a", "b", "A", "z", "0", "_", "-", " ", "é", "\\u00e9", "\\x{1F600}", "😀", "ß", "ſ", "K", "σ",
    ".", "\\w", "\\W", "\\s", "\\S", "\\d", "\\D", "\\b", "\\B", "^", "$", "\\A", "\\z", "\\Z",
    "[ab]", "[^ab]", "[a-z]", "[\\w-]", "[[:alpha:]]", "[[:digit:]]", "[[:space:]]", "\\p{L}",
    "\\p{Lu}", "\\P{L}", "\\p{Nd}", "\\p{M}", "\\n", "\\r", "\\t", "\\x{2028}", "\\u200d",
  ]
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
      default:
        atom = random.pick(Self.atoms)
      }
      let anchors: Set<String> = ["^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B"]
      if !anchors.contains(atom) { atom += random.pick(Self.quantifiers) }
      pattern += atom
    }
    if random.chance(0.1) { pattern = "(?i)" + pattern }
    return pattern
  }

  /// ICU's regex for `pattern`, whole-string, with NSPredicate's flags; nil when ICU refuses it.
  static func icu(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
    var options: NSRegularExpression.Options = [.dotMatchesLineSeparators, .anchorsMatchLines]
    if caseInsensitive { options.insert(.caseInsensitive) }
    return try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: options)
  }

  static func icuMatches(_ regex: NSRegularExpression, _ subject: String) -> Bool {
    regex.firstMatch(in: subject, options: [], range: NSRange(subject.startIndex..., in: subject))
      != nil
  }

  @Test("random patterns × hostile subjects agree with ICU, or are refused by name")
  func agreesWithICU() throws {
    var random = SeededRandom()
    var pairs = 0
    var refused = 0
    var icuTime = 0.0
    var ourTime = 0.0
    var disagreements: [String: [String]] = [:]
    for _ in 0..<2_500 {
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
      guard let compiled = compilation.compiled else {
        refused += 1
        continue
      }
      guard let regex = Self.icu(pattern, caseInsensitive: caseInsensitive) else { continue }
      for subject in subjects {
        let t0 = Date()
        let expected = Self.icuMatches(regex, subject)
        let t1 = Date()
        pairs += 1
        let ours = try? compiled.evaluate(with: subject)
        icuTime += t1.timeIntervalSince(t0)
        ourTime += Date().timeIntervalSince(t1)
        if ours != expected {
          let key = caseInsensitive ? "[c]" : "plain"
          disagreements[key, default: []].append(
            "\(pattern) on \(subject.unicodeScalars.map { String($0.value, radix: 16) }) ICU \(expected) ours \(String(describing: ours))"
          )
        }
      }
    }
    print(
      "ICU differential: PROPERTY_SEED=\(random.seed) \(pairs) pairs, \(refused) patterns refused, ICU \(icuTime) s, ours \(ourTime) s"
    )
    for (key, list) in disagreements {
      print("  \(key): \(list.count) disagreements")
      for line in list.prefix(40) { print("    \(line)") }
    }
    #expect(pairs >= 20_000)
    // Issue 19 is open: the classes of difference below are not yet translated or refused.
    // withKnownIssue keeps them visible in every run and fails once they are gone, so this
    // wrapper is removed then.
    withKnownIssue(
      """
      issue 19, open classes: \\w and \\b (ICU counts marks, ZWJ/ZWNJ and other scripts' letters \
      and digits), line terminators other than \\n for ^ and $ (NEL, LS, PS, CR), case-insensitive \
      \\p{Lu}/\\p{Ll}, ICU's answer for quantified groups that can match empty, and [c] folding \
      and NFKC-normalising the subject where ICU only matches case-insensitively
      """
    ) {
      #expect(disagreements.isEmpty, "PROPERTY_SEED=\(random.seed)")
    }
  }
}
