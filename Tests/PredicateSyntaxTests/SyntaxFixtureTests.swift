import PredicateSyntax
import PredicateTestSupport
import Testing

/// One input/canonical pair from `Fixtures/syntax/valid`.
struct ValidSyntaxCase: Sendable, CustomStringConvertible {
  let file: String
  let line: Int
  let input: String
  let expected: String?

  var description: String { "\(file):\(line)" }

  static let all: [ValidSyntaxCase] = Fixtures.files(in: "syntax/valid", suffix: ".txt").flatMap {
    file -> [ValidSyntaxCase] in
    let lines = (Fixtures.read(file) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    var cases: [ValidSyntaxCase] = []
    for (index, line) in lines.enumerated() {
      if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("=>") { continue }
      var expected: String?
      if index + 1 < lines.count, lines[index + 1].hasPrefix("=> ") {
        let text = String(lines[index + 1].dropFirst(3))
        expected = text.isEmpty ? nil : decodeFixtureField(text)
      }
      cases.append(
        ValidSyntaxCase(
          file: file, line: index + 1, input: decodeFixtureField(String(line)), expected: expected))
    }
    return cases
  }
}

@Suite("Syntax fixtures")
struct SyntaxFixtureTests {
  @Test("valid predicates print canonically and round-trip", arguments: ValidSyntaxCase.all)
  func valid(_ fixture: ValidSyntaxCase) throws {
    let parsed = PredicateParser.parse(fixture.input)
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(fixture): \(errors)")
    let predicate = try #require(parsed.predicate)
    let printed = predicate.predicateFormat
    if !Fixtures.isRecording {
      #expect(printed == fixture.expected, "\(fixture)")
    }
    let reparsed = PredicateParser.parse(printed)
    #expect(reparsed.predicate == predicate, "\(fixture): '\(printed)' did not parse back")
    #expect(!reparsed.diagnostics.containsErrors)
  }

  @Test("there are at least 150 valid cases, each with an expected form")
  func validCount() {
    #expect(ValidSyntaxCase.all.count >= 150)
    #expect(ValidSyntaxCase.all.allSatisfy { $0.expected != nil } || Fixtures.isRecording)
  }

  @Test("record valid canonical forms", .enabled(if: Fixtures.isRecording))
  func recordValid() {
    for file in Fixtures.files(in: "syntax/valid", suffix: ".txt") {
      let lines = (Fixtures.read(file) ?? "").split(
        separator: "\n", omittingEmptySubsequences: false)
      var output: [String] = []
      var index = 0
      while index < lines.count {
        let line = String(lines[index])
        output.append(line)
        if !(line.isEmpty || line.hasPrefix("//") || line.hasPrefix("=>")) {
          let printed = PredicateParser.parse(decodeFixtureField(line)).predicate?.predicateFormat
          output.append("=> " + encodeFixtureField(printed ?? "<error>"))
          if index + 1 < lines.count, lines[index + 1].hasPrefix("=>") { index += 1 }
        }
        index += 1
      }
      Fixtures.write(file, output.joined(separator: "\n"))
    }
  }

  @Test(
    "invalid predicates report diagnostics at their markers",
    arguments: MarkedFixture.all(in: "syntax/invalid"))
  func invalid(_ fixture: MarkedFixture) {
    let source = fixture.marked.text
    let parsed = PredicateParser.parse(source)
    #expect(
      parsed.predicate == nil || !parsed.diagnostics.isEmpty, "\(fixture.path) parsed cleanly")
    #expect(
      parsed.diagnostics.map(\.range.lowerBound) == fixture.marked.orderedOffsets,
      "\(fixture.path): \(parsed.diagnostics)")
    for diagnostic in parsed.diagnostics {
      #expect(diagnostic.range.upperBound <= source.utf8.count)
      #expect(!diagnostic.message.hasSuffix("."))
      #expect(diagnostic.message.first.map { !$0.isUppercase } ?? false, "\(diagnostic.message)")
    }
    let rendered = DiagnosticRenderer().render(parsed.diagnostics, in: source)
    if Fixtures.isRecording {
      Fixtures.write(fixture.expectedPath, rendered)
    } else {
      #expect(rendered == Fixtures.read(fixture.expectedPath), "\(fixture.expectedPath)")
    }
  }

  @Test("every file in syntax/ is a fixture a test reads")
  func noStrayFiles() {
    for path in Fixtures.allFiles(below: "syntax") {
      let known =
        (path.hasPrefix("syntax/valid/") && path.hasSuffix(".txt"))
        || (path.hasPrefix("syntax/invalid/")
          && (path.hasSuffix(".pred")
            || (path.hasSuffix(".expected")
              && Fixtures.read(String(path.dropLast(9)) + ".pred") != nil)))
      #expect(known, "\(path) is not read by any test")
    }
    #expect(MarkedFixture.all(in: "syntax/invalid").count >= 60)
  }

  @Test("every syntax diagnostic id is exercised, with its severity and no position in its text")
  func everyIDExercised() {
    var seen = Set<DiagnosticID>()
    let severities = Dictionary(
      uniqueKeysWithValues: DiagnosticID.syntaxIDs.map { ($0.id, $0.severity) })
    // The fixtures, and the inputs only the API reaches: a source over the limit, a flood of
    // errors, and format arguments.
    let apiInputs: [(String, [PredicateArgument]?)] = [
      ("SELF == '" + String(repeating: "a", count: 100_000) + "'", nil),
      (String(repeating: ") ", count: 200), nil),
      ("SELF == %@", []), ("SELF == %d", [.string("x")]), ("%K == 'x'", [.string("name")]),
      ("SELF == %@", [.string("a"), .string("b")]),
    ]
    let inputs =
      MarkedFixture.all(in: "syntax/invalid").map { ($0.marked.text, nil) } + apiInputs
    for (source, arguments) in inputs {
      for diagnostic in PredicateParser.parse(source, arguments: arguments).diagnostics {
        seen.insert(diagnostic.id)
        #expect(
          diagnostic.message.firstMatch(of: /[0-9]+:[0-9]+/) == nil,
          "a position in the message text: \(diagnostic.message)")
        #expect(severities[diagnostic.id] == diagnostic.severity, "\(diagnostic.id)")
      }
    }
    // Bytes that are not UTF-8 reach the parser only through parse(utf8:).
    for diagnostic in PredicateParser.parse(utf8: Array("SELF == '".utf8) + [0xFF, 0x27])
      .diagnostics
    {
      seen.insert(diagnostic.id)
      #expect(severities[diagnostic.id] == diagnostic.severity, "\(diagnostic.id)")
    }
    #expect(APITestsCoverage.ids.isSubset(of: seen))
    for (id, _) in DiagnosticID.syntaxIDs {
      #expect(seen.contains(id), "no test exercises \(id)")
    }
    #expect(DiagnosticID.syntaxIDs.count >= 29)
  }

  @Test("every token kind appears in the valid fixtures")
  func everyTokenKind() {
    var seen = Set<TokenKind>()
    for fixture in ValidSyntaxCase.all {
      seen.formUnion(Lexer.tokenize(fixture.input).tokens.map(\.kind))
    }
    let expected: [TokenKind] = [
      .identifier, .string, .number, .variable, .escapedKeyword, .collectionOperator,
      .formatSpecifier, .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket,
      .rightBracket, .comma, .dot, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual,
      .and, .or, .not, .plus, .minus, .star, .slash, .starStar, .endOfInput,
    ]
    for kind in expected { #expect(seen.contains(kind), "no valid fixture has a \(kind) token") }
    for keyword in Keyword.allCases where ![.caseInsensitive, .ci].contains(keyword) {
      #expect(seen.contains(.keyword(keyword)), "no valid fixture uses \(keyword.rawValue)")
    }
  }
}

@Suite("Input that is not UTF-8")
struct InvalidUTF8Tests {
  @Test("each bad sequence is one error at its replacement, naming the byte and its offset")
  func positions() {
    // "a" 0xFF 0xFE "b" 0xE2 0x82 (a truncated sequence) "c"
    let bytes: [UInt8] =
      Array("SELF IN {'a".utf8) + [0xFF, 0xFE] + Array("b".utf8) + [0xE2, 0x82]
      + Array("c'}".utf8)
    let parsed = PredicateParser.parse(utf8: bytes)
    #expect(parsed.predicate == nil)
    #expect(parsed.source == "SELF IN {'a\u{FFFD}\u{FFFD}b\u{FFFD}c'}")
    let found = parsed.diagnostics.map { ($0.id, $0.range.lowerBound, $0.message) }
    #expect(found.count == 3)
    #expect(found.allSatisfy { $0.0 == .invalidUTF8 })
    #expect(found.map(\.1) == [11, 14, 18])
    #expect(found[0].2.contains("byte 12 of the input (0xFF)"))
    #expect(found[1].2.contains("byte 13 of the input (0xFE)"))
    #expect(found[2].2.contains("byte 15 of the input (0xE2)"))
  }

  @Test("valid UTF-8 parses exactly as the string does")
  func validBytes() {
    let source = "SELF BEGINSWITH[cd] 'café/👍🏽'"
    let parsed = PredicateParser.parse(utf8: Array(source.utf8))
    #expect(parsed.predicate == PredicateParser.parse(source).predicate)
    #expect(parsed.diagnostics.isEmpty)
  }
}
