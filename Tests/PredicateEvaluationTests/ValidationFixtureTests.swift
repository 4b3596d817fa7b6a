import PredicateEvaluation
import PredicateSyntax
import PredicateTestSupport
import Testing

@Suite("Validation fixtures")
struct ValidationFixtureTests {
  static func compile(_ fixture: MarkedFixture) -> PredicateCompilation {
    CompiledPredicate.compile(
      fixture.marked.text, profile: fixture.name.hasPrefix("uikit-") ? .uikit : .extended)
  }

  @Test(
    "diagnostics at their markers, golden rendering",
    arguments: MarkedFixture.all(in: "evaluation/invalid"))
  func invalid(_ fixture: MarkedFixture) {
    let compilation = Self.compile(fixture)
    #expect(
      compilation.diagnostics.map(\.range.lowerBound) == fixture.marked.orderedOffsets,
      "\(fixture.path): \(compilation.diagnostics)")
    #expect((compilation.compiled == nil) == compilation.diagnostics.containsErrors)
    let rendered = DiagnosticRenderer().render(compilation.diagnostics, in: fixture.marked.text)
    if Fixtures.isRecording {
      Fixtures.write(fixture.expectedPath, rendered)
    } else {
      #expect(rendered == Fixtures.read(fixture.expectedPath), "\(fixture.expectedPath)")
    }
  }

  @Test("every validation and lint diagnostic id is exercised")
  func everyIDExercised() {
    let seen = Set(
      MarkedFixture.all(in: "evaluation/invalid").flatMap { Self.compile($0).diagnostics.map(\.id) }
    )
    let all: [DiagnosticID] = [
      .keyPath, .collectionOperator, .index, .function, .arithmetic, .aggregateQualifier,
      .subquery, .cast, .fetch, .anyKey, .utiOperator, .variable, .formatPlaceholder,
      .uikitMatches, .typeMismatch, .betweenBounds, .likePattern, .invalidRegex, .icuOnlyRegex,
      .pcreOnlyRegex, .constantComparison, .constantPredicate, .ignoredOptions,
      .normalizedOverrides, .localeOption,
    ]
    for id in all { #expect(seen.contains(id), "no fixture exercises \(id)") }
  }

  @Test("every file in evaluation/ is read by a test")
  func noStrayFiles() {
    for path in Fixtures.allFiles(below: "evaluation") {
      let known =
        (path.hasSuffix(".tsv") && !path.contains("/invalid/"))
        || (path.hasPrefix("evaluation/invalid/")
          && (path.hasSuffix(".pred")
            || (path.hasSuffix(".expected")
              && Fixtures.read(String(path.dropLast(9)) + ".pred") != nil)))
      #expect(known, "\(path) is not read by any test")
    }
  }
}
