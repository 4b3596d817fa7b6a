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
    let diagnostics = MarkedFixture.all(in: "evaluation/invalid").flatMap {
      Self.compile($0).diagnostics
    }
    let seen = Set(diagnostics.map(\.id))
    let severities = Dictionary(
      uniqueKeysWithValues: (DiagnosticID.syntaxIDs + DiagnosticID.validationIDs).map {
        ($0.id, $0.severity)
      })
    for diagnostic in diagnostics {
      #expect(
        diagnostic.message.firstMatch(of: /[0-9]+:[0-9]+/) == nil,
        "a position in the message text: \(diagnostic.message)")
      #expect(severities[diagnostic.id] == diagnostic.severity, "\(diagnostic.id)")
    }
    for (id, _) in DiagnosticID.validationIDs {
      #expect(seen.contains(id), "no fixture exercises \(id)")
    }
    #expect(DiagnosticID.validationIDs.count >= 25)
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
