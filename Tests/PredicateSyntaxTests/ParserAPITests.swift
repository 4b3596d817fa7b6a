import PredicateSyntax
import PredicateTestSupport
import Testing

/// Diagnostic ids these tests exercise (the fixture coverage test adds them to what it saw).
enum APITestsCoverage {
  static let ids: Set<DiagnosticID> = [
    .sourceTooLong, .tooManyDiagnostics, .missingFormatArgument, .formatArgumentType,
    .keyPathArgument,
    .unusedFormatArguments,
  ]
}

@Suite("Parser API")
struct ParserAPITests {
  @Test func sourceOverTheLimitIsADiagnostic() {
    let source = "SELF == '" + String(repeating: "a", count: 100_000) + "'"
    let parsed = PredicateParser.parse(source)
    #expect(parsed.predicate == nil)
    #expect(parsed.diagnostics.map(\.id) == [.sourceTooLong])
    #expect(parsed.diagnostics[0].range.lowerBound == 100_000)
  }

  @Test(
    "hostile input gets a bounded number of diagnostics and a bounded rendering",
    arguments: [")", "\u{1}", "SELF == 'a' XOR ", "'\\q' == SELF AND "])
  func diagnosticFlood(_ unit: String) {
    let source = String(
      repeating: unit, count: PredicateParser.maximumSourceLength / unit.utf8.count)
    // The work is bounded by the diagnostic cap and the rendering's size, asserted below; the
    // parse's time is a Scripts/bench-scaling row, never a clock in a test.
    let parsed = PredicateParser.parse(source)
    #expect(parsed.diagnostics.count <= PredicateParser.maximumDiagnostics + 1)
    #expect(parsed.diagnostics.last?.id == .tooManyDiagnostics)
    let rendered = DiagnosticRenderer().render(parsed.diagnostics, in: source)
    #expect(rendered.utf8.count < 200 * (PredicateParser.maximumDiagnostics + 1) * 3)
  }

  @Test func longLinesRenderAsAWindowAroundTheCaret() {
    let source = String(repeating: "a", count: 300) + " == 'x' junk"
    let rendered = DiagnosticRenderer().render(
      PredicateParser.parse(source).diagnostics, in: source)
    #expect(rendered.contains("1:309:"))
    #expect(rendered.contains(" | …aaa"), "\(rendered)")
    #expect(rendered.split(separator: "\n").allSatisfy { $0.count < 130 })
  }

  @Test func sourceAtTheLimitParses() {
    let source = "SELF == '" + String(repeating: "a", count: 100_000 - 10) + "'"
    #expect(source.utf8.count == 100_000)
    #expect(PredicateParser.parse(source).predicate != nil)
  }

  @Test("100,000 '(' is one nesting error, not a stack overflow")
  func deepParentheses() {
    let parsed = PredicateParser.parse(String(repeating: "(", count: 100_000))
    #expect(parsed.diagnostics.map(\.id) == [.nestingTooDeep])
    #expect(parsed.diagnostics[0].range.lowerBound == 200)
  }

  @Test(
    "every recursive construct is bounded",
    arguments: ["!", "NOT ", "-", "{", "(", "f(", "SUBQUERY(SELF, $x, ", "SELF[", "CAST("])
  func deepConstructs(_ prefix: String) {
    // As deep as fits under the source limit.
    let count = PredicateParser.maximumSourceLength / prefix.utf8.count
    let parsed = PredicateParser.parse(String(repeating: prefix, count: count))
    #expect(parsed.predicate == nil)
    #expect(parsed.diagnostics.contains { $0.id == .nestingTooDeep }, "\(parsed.diagnostics)")
    #expect(parsed.diagnostics.count < 5)
  }

  @Test("long flat chains are not nesting", arguments: [" OR ", " AND "])
  func longChains(_ connective: String) {
    let source = Array(repeating: "SELF == 'a'", count: 5_000).joined(separator: connective)
    #expect(PredicateParser.parse(source).predicate != nil)
  }

  @Test func longArithmeticChainIsBounded() {
    let source = "SELF == " + Array(repeating: "1", count: 5_000).joined(separator: " + ")
    let parsed = PredicateParser.parse(source)
    #expect(parsed.diagnostics.contains { $0.id == .nestingTooDeep })
  }

  @Test func formatArgumentsSubstitute() throws {
    let identifier = "chat/42"
    #expect(
      try FormatPredicate(format: "SELF == %@", identifier).predicateFormat == "SELF == \"chat/42\""
    )
    #expect(try FormatPredicate(format: "self == %@", 5).predicateFormat == "SELF == 5")
    #expect(try FormatPredicate(format: "SELF == %@", 2.5).predicateFormat == "SELF == 2.5")
    #expect(try FormatPredicate(format: "SELF == %@", true).predicateFormat == "SELF == TRUE")
    #expect(
      try FormatPredicate(format: "SELF == %@", String?.none).predicateFormat == "SELF == nil")
    #expect(
      try FormatPredicate(format: "SELF IN %@", ["a", "b"]).predicateFormat
        == "SELF IN {\"a\", \"b\"}")
    #expect(try FormatPredicate(format: "%K == %@", "SELF", "x").predicateFormat == "SELF == \"x\"")
    #expect(try FormatPredicate(format: "%K == %@", "self", "x").predicateFormat == "SELF == \"x\"")
    #expect(try FormatPredicate(format: "SELF == %d", 7).predicateFormat == "SELF == 7")
    #expect(try FormatPredicate(format: "SELF == %ld", 7).predicateFormat == "SELF == 7")
    #expect(try FormatPredicate(format: "SELF == %f", 7).predicateFormat == "SELF == 7.0")
    #expect(try FormatPredicate(format: "SELF == %s", "x").predicateFormat == "SELF == \"x\"")
    // A quoted specifier is literal text, not an argument.
    #expect(try FormatPredicate(format: "SELF == '%@'").predicateFormat == "SELF == \"%@\"")
    // A string argument is a value, never syntax.
    #expect(
      try FormatPredicate(format: "SELF == %@", "a' OR TRUEPREDICATE OR 'b").predicateFormat
        == "SELF == \"a' OR TRUEPREDICATE OR 'b\"")
  }

  @Test func formatArgumentErrors() {
    func ids(_ format: String, _ arguments: [PredicateArgument]) -> [DiagnosticID] {
      PredicateParser.parse(format, arguments: arguments).diagnostics.map(\.id)
    }
    #expect(ids("SELF == %@", []) == [.missingFormatArgument])
    #expect(ids("%K == 'x'", [.string("name")]) == [.keyPathArgument])
    #expect(ids("%K == 'x'", [.integer(1)]) == [.keyPathArgument])
    #expect(ids("SELF == %d", [.string("x")]) == [.formatArgumentType])
    #expect(ids("SELF == %s", [.integer(1)]) == [.formatArgumentType])
    #expect(ids("SELF == %@", [.string("a"), .string("b")]) == [.unusedFormatArguments])
    // An error that stops the parse does not make the arguments after it "unused".
    #expect(ids("%K == %@", [.string("title"), .string("x")]) == [.keyPathArgument])
    #expect(
      ids("%K == %@ AND SELF == %@", [.string("title"), .string("x"), .string("y")])
        == [.keyPathArgument])
    #expect(
      ids("%K == %@", [.string("title"), .string("x"), .string("z")])
        == [.keyPathArgument, .unusedFormatArguments])
    let unused = PredicateParser.parse("SELF == %@", arguments: [.string("a"), .string("b")])
    #expect(unused.predicate != nil, "an unused argument is a warning")
  }

  @Test func placeholdersStayWithoutArguments() {
    let parsed = PredicateParser.parse("SELF == %@")
    #expect(parsed.predicate?.predicateFormat == "SELF == %@")
  }

  @Test func variablesSubstitute() throws {
    let predicate = try FormatPredicate(parsing: "SELF == $x OR SELF IN $list")
    let substituted = predicate.substituting(variables: [
      "x": .string("a"), "list": .array([.string("b"), .string("c")]),
    ])
    #expect(substituted.predicateFormat == "SELF == \"a\" OR SELF IN {\"b\", \"c\"}")
    #expect(
      predicate.substituting(variables: [:]).predicateFormat == predicate.predicateFormat)
  }

  @Test func compoundConstruction() {
    let a = FormatPredicate.comparison(.evaluatedObject, .equalTo, .string("a"))
    let b = FormatPredicate.comparison(
      .evaluatedObject, .beginsWith, .string("b"), options: [.caseInsensitive])
    #expect(FormatPredicate.and([]).predicateFormat == "TRUEPREDICATE")
    #expect(FormatPredicate.or([]).predicateFormat == "FALSEPREDICATE")
    #expect(FormatPredicate.and([a]).predicateFormat == "SELF == \"a\"")
    #expect(
      FormatPredicate.or([a, .and([a, b])]).predicateFormat
        == "SELF == \"a\" OR (SELF == \"a\" AND SELF BEGINSWITH[c] \"b\")")
    #expect(
      FormatPredicate.not(.or([a, b])).predicateFormat
        == "NOT (SELF == \"a\" OR SELF BEGINSWITH[c] \"b\")")
    #expect(FormatPredicate.value(true) == .truePredicate)
  }

  @Test func equalityIgnoresSourceRanges() throws {
    let spaced = try FormatPredicate(parsing: "  SELF   ==   'a'")
    let tight = try FormatPredicate(parsing: "SELF=='a'")
    #expect(spaced == tight)
    #expect(spaced.range != tight.range)
    #expect(spaced.hashValue == tight.hashValue)
  }

  @Test func parseErrorsThrowAllDiagnostics() {
    do {
      _ = try FormatPredicate(parsing: "SELF BEGINWITH 'a' OR SELF ENDWITH 'b'")
      Issue.record("expected an error")
    } catch {
      #expect(error.errors.map(\.id) == [.unknownOperator, .unknownOperator])
      #expect(error.diagnostics[0].fixIts.first?.replacement == "BEGINSWITH")
      #expect(error.diagnostics[1].fixIts.first?.replacement == "ENDSWITH")
    }
  }

  @Test func stringLiteralOffsetsMapBack() throws {
    let source = #"SELF MATCHES 'a\tb\u00e9c'"#
    let range = SourceRange(13, source.utf8.count)
    let literal = try #require(StringLiteral.decode(in: source, at: range))
    #expect(literal.value == "a\tbéc")
    // value offsets: a=0, \t=1, b=2, é=3..4, c=5
    #expect(literal.sourceOffset(forValueOffset: 0) == 14)
    #expect(literal.sourceOffset(forValueOffset: 1) == 15)
    #expect(literal.sourceOffset(forValueOffset: 2) == 17)
    #expect(literal.sourceOffset(forValueOffset: 3) == 18)
    #expect(literal.sourceOffset(forValueOffset: 5) == 24)
  }
}

@Suite("Diagnostic rendering")
struct DiagnosticRendererTests {
  @Test func rendersFileLineColumnAndCaret() {
    let source = "SELF BEGINSWITH 'a'\nAND SELF 🙂 == 'b'"
    let parsed = PredicateParser.parse(source)
    let rendered = DiagnosticRenderer(fileName: "conditions.txt", lineOffset: 10).render(
      parsed.diagnostics, in: source)
    #expect(
      rendered == """
        conditions.txt:12:10: error[syntax.unexpected-character]: unexpected character '🙂' (U+1F642 slightly smiling face)
         12 | AND SELF 🙂 == 'b'
            |          ^

        """)
  }

  @Test func colorsOnlyWhenAsked() {
    let parsed = PredicateParser.parse("SELF ==")
    #expect(!DiagnosticRenderer().render(parsed.diagnostics, in: "SELF ==").contains("\u{1B}["))
    #expect(
      DiagnosticRenderer(colors: true).render(parsed.diagnostics, in: "SELF ==").contains(
        "\u{1B}[1;31m"))
  }

  @Test func longLinesShowAWindowAroundTheCaret() {
    // 300 scalars, two of them two bytes long, and a tab: an error near the start, one in the
    // middle, one near the end.
    let line =
      String(repeating: "a", count: 20) + "é\t" + String(repeating: "b", count: 150)
      + "ü" + String(repeating: "c", count: 127)
    let source = line + "\nSELF"
    let utf8 = Array(source.utf8)
    let renderer = DiagnosticRenderer()
    let converter = SourceLocationConverter(source: source)
    func shown(at offset: Int) -> (text: String, caret: Int) {
      let diagnostic = Diagnostic(
        id: "test.window", severity: .error, message: "here",
        range: SourceRange(offset, offset + 1),
        notes: [], fixIts: [])
      let lines = renderer.render(diagnostic, converter: converter).split(separator: "\n")
      let text = String(lines[1].dropFirst("  1 | ".count))
      return (text, lines[2].dropFirst("    | ".count).prefix { $0 == " " }.count)
    }
    // The window as the renderer's first version cut it from the decoded line: 100 scalars,
    // half before the caret where the line allows, an ellipsis for each cut end.
    func reference(at offset: Int) -> (text: String, caret: Int) {
      let scalars = Array(line.unicodeScalars)
      let caretScalar = String(decoding: utf8[..<offset], as: UTF8.self).unicodeScalars.count
      let start = max(0, min(caretScalar - 50, scalars.count - 100))
      let end = min(scalars.count, start + 100)
      var text = String.UnicodeScalarView()
      if start > 0 { text.append("…") }
      for scalar in scalars[start..<end] { text.append(scalar.value < 0x20 ? " " : scalar) }
      if end < scalars.count { text.append("…") }
      return (String(text), caretScalar - start + (start > 0 ? 1 : 0))
    }
    for offset in [0, 5, 21, 23, 60, 120, 174, 176, 250, 290, utf8.count - 6] {
      let (text, caret) = shown(at: offset)
      #expect(text == reference(at: offset).text, "at \(offset)")
      #expect(caret == reference(at: offset).caret, "at \(offset)")
      #expect(text.unicodeScalars.count <= 102)
    }
    #expect(shown(at: 0).text.hasPrefix("aaaa"))
    #expect(shown(at: 0).text.hasSuffix("…"))
    #expect(shown(at: 290).text.hasPrefix("…"))
    #expect(shown(at: 290).text.hasSuffix("ccc"))
    // A short line is shown whole, whatever the caret.
    let short = PredicateParser.parse("SELF ==")
    #expect(renderer.render(short.diagnostics, in: "SELF ==").contains("  1 | SELF ==\n"))
  }

  @Test func locationsCountScalarsAndLineBreaks() {
    let converter = SourceLocationConverter(source: "é\r\nab\rc\nd")
    #expect(converter.location(of: 0) == SourceLocation(line: 1, column: 1))
    #expect(converter.location(of: 2) == SourceLocation(line: 1, column: 2))
    #expect(converter.location(of: 4) == SourceLocation(line: 2, column: 1))
    #expect(converter.location(of: 7) == SourceLocation(line: 3, column: 1))
    #expect(converter.location(of: 9) == SourceLocation(line: 4, column: 1))
    #expect(converter.text(ofLine: 2) == "ab")
  }
}
