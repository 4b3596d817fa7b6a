import PredicateEvaluation
import PredicateSyntax
import PredicateTestSupport
import Testing

/// One row of `Fixtures/evaluation/*.tsv`.
struct EvaluationCase: Sendable, CustomStringConvertible {
  let file: String
  let line: Int
  let predicate: String
  let identifier: String?
  let expected: String
  let rule: String

  var description: String { "\(file):\(line) [\(rule)]" }

  static let all: [EvaluationCase] = Fixtures.files(in: "evaluation", suffix: ".tsv").flatMap {
    file -> [EvaluationCase] in
    (Fixtures.read(file) ?? "").split(separator: "\n").enumerated().compactMap { index, line in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      precondition(fields.count == 4, "\(file):\(index + 1): expected 4 fields")
      return EvaluationCase(
        file: file, line: index + 1, predicate: decodeFixtureField(fields[0]),
        identifier: fields[1] == "<nil>" ? nil : decodeFixtureField(fields[1]),
        expected: fields[2], rule: fields[3])
    }
  }
}

/// What evaluating a predicate gives: `true`, `false` or `error` (compile or evaluation).
func outcome(_ source: String, _ identifier: String?, profile: ValidationProfile = .extended)
  -> String
{
  guard let compiled = CompiledPredicate.compile(source, profile: profile).compiled else {
    return "error"
  }
  do {
    return try compiled.evaluate(with: identifier) ? "true" : "false"
  } catch {
    return "error"
  }
}

@Suite("Evaluation semantics (DESIGN §4)")
struct EvaluationFixtureTests {
  @Test("every semantics row", arguments: EvaluationCase.all)
  func semantics(_ row: EvaluationCase) {
    #expect(outcome(row.predicate, row.identifier) == row.expected, "\(row)")
  }

  @Test("every rule of DESIGN §4 has rows")
  func everyRuleCovered() {
    let rules = Set(EvaluationCase.all.map { String($0.rule.prefix { $0 != ":" }) })
    for rule in [
      "eq-literal", "eq-folded", "order", "between", "search", "in-string", "in-array", "like",
      "matches", "constants", "n", "l",
    ] {
      #expect(rules.contains(rule), "no rows for \(rule)")
    }
  }

  @Test("the shared reference corpus agrees", arguments: SharedCorpus.cases)
  func sharedCorpus(_ row: SharedCorpus.Case) {
    #expect(outcome(row.format, row.identifier) == row.expected, "\(row)")
  }

  @Test("the shared corpus is read")
  func sharedCorpusIsRead() {
    #expect(SharedCorpus.cases.count >= 300)
  }
}

/// `Fixtures/corpus/public.tsv` (the shared reference corpus, copied in): the contract cases (advisory ones, marked `?`, are skipped).
enum SharedCorpus {
  struct Case: Sendable, CustomStringConvertible {
    let id: String
    let format: String
    let identifier: String?
    let expected: String
    let note: String
    var description: String { "\(id): \(note)" }
  }

  static let cases: [Case] = {
    guard let text = Fixtures.readFile(Fixtures.root + "/corpus/public.tsv") else {
      return []
    }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 5, !fields[4].hasPrefix("?") else { return nil }
      return Case(
        id: fields[0], format: decodeFixtureField(fields[1]),
        identifier: fields[2] == "<nil>" ? nil : decodeFixtureField(fields[2]),
        expected: fields[3], note: fields[4])
    }
  }()
}
