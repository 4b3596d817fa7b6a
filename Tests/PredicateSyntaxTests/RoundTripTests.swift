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
