import PredicateSyntax
import PredicateTestSupport
import Testing

@Suite("Round trip")
struct RoundTripTests {
  @Test("parse(print(p)) == p for 10,000 random predicates")
  func randomPredicatesRoundTrip() {
    var generator = PredicateGenerator()
    let seed = generator.random.seed
    var failures = 0
    for index in 0..<10_000 {
      let predicate = generator.syntaxPredicate()
      let printed = predicate.predicateFormat
      let parsed = PredicateParser.parse(printed)
      if parsed.predicate != predicate {
        failures += 1
        if failures <= 3 {
          Issue.record(
            """
            round trip failed (PROPERTY_SEED=\(seed), case \(index)):
              printed:  \(printed)
              reparsed: \(parsed.predicate?.predicateFormat ?? "nil") \(parsed.diagnostics)
            """)
        }
      }
    }
    #expect(failures == 0, "\(failures) failures; replay with PROPERTY_SEED=\(seed)")
  }

  @Test("a negation or negative number in arithmetic prints bare, so no deeper than it parsed")
  func arithmeticOperandsPrintBare() {
    let cases = [
      ("-a - b == 1", "-a - b == 1"), ("a - -b == 1", "a - -b == 1"),
      ("-a ** 2 == 1", "-a ** 2 == 1"), ("2 ** -a == 1", "2 ** -a == 1"),
      ("-5 - 3 == SELF", "-5 - 3 == SELF"), ("3 * -5 == SELF", "3 * -5 == SELF"),
      ("a * - 5 == 1", "a * - 5 == 1"), ("(-a) * (-b) == 1", "-a * -b == 1"),
      ("-(a - b) == 1", "-(a - b) == 1"), ("(-a).b == 1", "(-a).b == 1"),
      ("-0.5 + 1 == SELF", "-0.5 + 1 == SELF"),
    ]
    for (source, expected) in cases {
      guard let predicate = PredicateParser.parse(source).predicate else {
        Issue.record("\(source) did not parse")
        continue
      }
      #expect(predicate.predicateFormat == expected, "\(source)")
      #expect(PredicateParser.parse(predicate.predicateFormat).predicate == predicate, "\(source)")
    }
    // As deep as the parser allows (FuzzParse found it): printed with parentheses around the
    // negations, it read back as nesting too deep.
    let limit = PredicateParser.maximumNestingDepth
    let deepest = String(repeating: "-", count: limit) + "SELF - b == 0"
    let predicate = PredicateParser.parse(deepest).predicate
    #expect(predicate != nil)
    #expect(predicate.map { PredicateParser.parse($0.predicateFormat).predicate == $0 } == true)
  }

  @Test("printing is idempotent on the shared corpus")
  func corpusIdempotent() throws {
    let corpus = try #require(Fixtures.readFile(Fixtures.root + "/corpus/public.tsv"))
    var checked = 0
    for line in corpus.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2 else { continue }
      guard let predicate = PredicateParser.parse(decodeFixtureField(String(fields[1]))).predicate
      else { continue }
      let printed = predicate.predicateFormat
      #expect(PredicateParser.parse(printed).predicate == predicate, "\(printed)")
      #expect(PredicateParser.parse(printed).predicate?.predicateFormat == printed)
      checked += 1
    }
    #expect(checked > 200)
  }
}
