import PredicateEvaluation
import PredicateSyntax
import PredicateTestSupport
import Testing

@Suite("Compiled matcher against the reference evaluator")
struct DifferentialTests {
  @Test("at least 50,000 random predicate × identifier pairs agree")
  func compiledAgreesWithReference() {
    var generator = PredicateGenerator()
    let seed = generator.random.seed
    var pairs = 0
    var failures = 0
    while pairs < 50_000 {
      let predicate = generator.activationPredicate()
      guard let compiled = try? CompiledPredicate(predicate) else { continue }
      var identifiers = (0..<20).map { _ in generator.identifier() }
      identifiers.append(nil)
      for identifier in identifiers {
        pairs += 1
        let expected = ReferenceEvaluator.evaluate(predicate, identifier)
        let actual = try? compiled.evaluate(with: identifier)
        if actual != expected {
          failures += 1
          if failures <= 5 {
            Issue.record(
              """
              disagreement (PROPERTY_SEED=\(seed)):
                predicate:  \(predicate.predicateFormat)
                identifier: \(identifier.map { "\"\($0)\" \($0.unicodeScalars.map { String($0.value, radix: 16) })" } ?? "nil")
                compiled: \(actual.map(String.init) ?? "error")  reference: \(expected.map(String.init) ?? "error")
              """)
          }
        }
      }
    }
    #expect(
      failures == 0, "\(failures) of \(pairs) pairs disagree; replay with PROPERTY_SEED=\(seed)")
  }

  @Test("a shared context gives the same answers as a fresh one per predicate")
  func sharedContextAgrees() throws {
    var generator = PredicateGenerator()
    let seed = generator.random.seed
    let predicates = (0..<300).compactMap { _ in
      try? CompiledPredicate(generator.activationPredicate())
    }
    for _ in 0..<200 {
      let identifier = generator.identifier()
      var context = EvaluationContext(targetContentIdentifier: identifier)
      for predicate in predicates {
        let shared = try? predicate.evaluate(in: &context)
        let fresh = try? predicate.evaluate(with: identifier)
        #expect(shared == fresh, "PROPERTY_SEED=\(seed): \(predicate) on \(identifier ?? "nil")")
      }
    }
  }
}
