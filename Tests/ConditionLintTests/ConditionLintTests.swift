import AppModel
import ConditionLint
import Foundation
import PredicateEvaluation
import PredicateTestSupport
import SceneJSON
import SourceReading
import Testing

/// A fresh temporary folder, removed with the others when the test process exits.
func temporaryFolder() throws -> URL {
  URL(fileURLWithPath: TemporaryFolders.make("lint"), isDirectory: true)
}

/// The bytes of `file` from `line`:`column` (1-based, UTF-8 columns) on.
func text(at line: Int, _ column: Int, in bytes: [UInt8]) -> String {
  let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  guard line - 1 < lines.count else { return "" }
  let row = lines[line - 1]
  return String(decoding: row.dropFirst(column - 1), as: UTF8.self)
}

@Suite("lint: extraction, positions, fixes, hostile input")
struct ConditionLintTests {
  static let sources = Fixtures.root + "/lint/sources"

  /// Each fixture source with a 📍 where each condition's value (or SwiftUI modifier) starts, in
  /// `Fixtures/lint/marked/` (an extension no walk reads), and the kinds found there, in order.
  static let markedSources: [(name: String, kinds: [String])] = [
    (
      "ChatSceneDelegate.swift",
      [
        "canActivate", "prefersToActivate", "canActivate", "prefersToActivate", "canActivate",
        "prefersToActivate", "prefersToActivate", "canActivate", "prefersToActivate",
        "canActivate", "prefersToActivate", "canActivate", "canActivate",
      ]
    ),
    (
      "LegacySceneDelegate.m",
      [
        "canActivate", "prefersToActivate", "canActivate", "prefersToActivate", "canActivate",
        "prefersToActivate",
      ]
    ),
    (
      "NotesApp.swift",
      [
        "swiftui.matching", "swiftui.preferring", "swiftui.allowing", "swiftui.preferring",
        "swiftui.allowing",
      ]
    ),
  ]

  @Test("every condition of the fixture sources is found at its marker, of its kind, no other")
  func fixtureConditions() throws {
    let run = Linter().run(paths: [Self.sources])
    for (name, kinds) in Self.markedSources {
      let marked = try #require(Fixtures.read("lint/marked/\(name).marked"), "\(name)")
      let pins = marked.components(separatedBy: "📍")
      let text = pins.joined()
      // The marked copy is the fixture, markers aside: the two cannot drift apart.
      #expect(Fixtures.read("lint/sources/\(name)") == text, "\(name)")
      var markers: [Int] = []
      for pin in pins.dropLast() { markers.append((markers.last ?? 0) + pin.utf8.count) }
      let lines = SourceLocationConverter(source: text)
      let found = run.report.conditions.filter { $0.file.hasSuffix("/\(name)") }
      let offsets = found.map { lines.offset(ofLineStart: $0.line) + $0.column - 1 }
      #expect(Array(Set(offsets)).sorted() == markers, "\(name): conditions not at the markers")
      #expect(found.map(\.kind.rawValue) == kinds, "\(name)")
    }
    // The commented-out Objective-C assignments are not conditions.
    #expect(!run.report.diagnostics.contains { $0.message.contains("BROKEN") })
    let chat = run.report.conditions.filter { $0.file.hasSuffix("/ChatSceneDelegate.swift") }
    // A literal %@ argument is inlined into the canonical form.
    #expect(chat.first?.format == #"SELF BEGINSWITH "com.example.chat/""#)
    #expect(chat[1].isStatic == false && chat[1].valid == true)
    // Adjacent Objective-C literals are one format.
    let legacy = run.report.conditions.filter { $0.file.hasSuffix("/LegacySceneDelegate.m") }
    #expect(legacy[1].format == #"SELF == "com.example.mail/inbox""#)
    #expect(run.report.files == 4)
  }

  @Test("each finding that quotes source text points at that text in the file")
  func positions() throws {
    let run = Linter().run(paths: [Self.sources])
    var checked = 0
    for diagnostic in run.report.diagnostics where diagnostic.id != "lint.not-checkable" {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: diagnostic.file)))
      let here = text(at: diagnostic.line, diagnostic.column, in: bytes)
      guard let open = diagnostic.message.firstIndex(of: "'"),
        let close = diagnostic.message[diagnostic.message.index(after: open)...].firstIndex(
          of: "'")
      else { continue }
      let quoted = String(diagnostic.message[diagnostic.message.index(after: open)..<close])
      // Escaped forms are shown decoded; compare only quotes that are plain source text.
      guard quoted.allSatisfy({ $0.isASCII && $0 != "\\" }), !quoted.isEmpty,
        diagnostic.id != "syntax.key-path-argument"
      else { continue }
      #expect(here.hasPrefix(quoted), "\(diagnostic): '\(here.prefix(20))'")
      checked += 1
    }
    #expect(checked >= 5)
  }

  @Test("positions survive escapes, Unicode, raw and multi-line literals (random literals)")
  func mappingProperty() throws {
    var random = SeededRandom()
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Pieces of Swift literal source, each standing for some predicate text.
    let swiftPieces = [
      "a", "é", #"\u{E9}"#, #"\n"#, #"\\\\"#, #"\""#, "👍", #"\t"#, #"\u{1F44D}"#, " ",
    ]
    let objcPieces = ["a", "é", #"\x41"#, #"\u00E9"#, #"\""#, #"\\\\"#, #"\101"#, " ", "👍"]
    for round in 0..<150 {
      let swift = round % 2 == 0
      let pieces = swift ? swiftPieces : objcPieces
      let prefix = (0..<Int.random(in: 0...6, using: &random)).map { _ in random.pick(pieces) }
        .joined()
      let file: String
      let source: String
      if swift {
        file = folder.appendingPathComponent("R\(round).swift").path
        let raw = random.chance(0.3)
        let body = "SELF == '\(prefix)' OR SELF BEGINWITH 'x'"
        let literal =
          raw ? "#\"\(body.replacingOccurrences(of: "\\", with: "\\#"))\"#" : "\"\(body)\""
        source =
          "c.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \(literal))\n"
      } else {
        file = folder.appendingPathComponent("R\(round).m").path
        let split = random.chance(0.5) ? "\" @\"" : ""
        source =
          "c.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:"
          + "@\"SELF == '\(prefix)'\(split) OR SELF BEGINWITH 'x'\"];\n"
      }
      try source.write(toFile: file, atomically: true, encoding: .utf8)
      let run = Linter().run(paths: [file])
      let found = run.report.diagnostics.filter { $0.id == "syntax.unknown-operator" }
      #expect(found.count == 1, "PROPERTY_SEED=\(random.seed) round \(round): \(source)")
      if let diagnostic = found.first {
        let here = text(at: diagnostic.line, diagnostic.column, in: Array(source.utf8))
        #expect(
          here.hasPrefix("BEGINWITH"),
          "PROPERTY_SEED=\(random.seed) round \(round): \(source) → \(here)")
        #expect(diagnostic.fix != nil)
      }
    }
  }

  @Test("--fix turns Before into After, and a second run changes nothing")
  func fixBeforeAfter() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["swift", "m"] {
      let before = Fixtures.root + "/lint/fix/Before.\(name)"
      let after = try Data(
        contentsOf: URL(fileURLWithPath: Fixtures.root + "/lint/fix/After.\(name)"))
      let copy = folder.appendingPathComponent("Before.\(name)").path
      try FileManager.default.copyItem(atPath: before, toPath: copy)
      let linter = Linter()
      let fixed = Fixer.fixedFiles(linter.run(paths: [copy]).report, linter: linter)
      #expect(fixed.count == 1)
      try Data(fixed[0].new).write(to: URL(fileURLWithPath: copy))
      #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == after, "\(name)")
      #expect(Fixer.fixedFiles(linter.run(paths: [copy]).report, linter: linter).isEmpty)
    }
  }

  @Test("hostile sources: a finding or a skip note each, and the run goes on")
  func hostile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let condition = Array(
      "x.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF BEGINWITH 'a'\")\n"
        .utf8)
    try write("a-invalid-utf8.swift", [0xFF, 0xFE, 0x0A] + condition + [0xC3, 0x28, 0x0A])
    var random = SeededRandom(seed: 7)
    try write(
      "b-binary.m",
      (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        + Array("setCanActivateForTargetContentIdentifierPredicate:[".utf8))
    try write(
      "c-deep.swift",
      Array("let p = ".utf8) + Array(repeating: UInt8(ascii: "("), count: 10_000) + condition
        + Array(repeating: UInt8(ascii: "]"), count: 10_000))
    try write(
      "d-deep.m",
      Array(repeating: UInt8(ascii: "["), count: 10_000)
        + Array("c.canActivateForTargetContentIdentifierPredicate = ".utf8)
        + Array(repeating: UInt8(ascii: "["), count: 10_000))
    try write(
      "e-unterminated.swift",
      Array(
        "x.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF == 'a\n"
          .utf8))
    try write(
      "f-unterminated.m",
      Array(
        "c.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@\"SELF == \\"
          .utf8))
    // 50 MB, sparse: over the cap, skipped with a warning before it is read.
    let big = folder.appendingPathComponent("g-big.swift").path
    #expect(FileManager.default.createFile(atPath: big, contents: Data(condition)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
    try handle.truncate(atOffset: 50 << 20)
    try handle.close()
    // swift-syntax's type lookahead is exponential in '[' nesting: reported, never parsed.
    try write(
      "h-brackets.swift",
      condition + Array(repeating: UInt8(ascii: "["), count: 1_000) + Array("x: Int".utf8))
    // The same inside an interpolation, where the parser sees code.
    try write(
      "h-interpolated-brackets.swift",
      condition + Array("let s = \"\\(".utf8) + Array(repeating: UInt8(ascii: "["), count: 1_000))
    // A quote after a member's dot in an interpolation ends the outer literal for swift-syntax,
    // which then reads the rest of the line, string text to the language, as code
    // (FuzzApp's FailCases/FuzzApp/timeout-interpolation-quote-after-dot): the line's `[` count.
    try write(
      "h-quote-after-dot.swift",
      condition + Array("let s = [\"\\(Routes.\") { visit(Routes.last".utf8)
        + Array(repeating: UInt8(ascii: "["), count: 40) + Array("x\n".utf8))
    // Parentheses past 64 deep: the parser's recovery time grows with their depth (FuzzLint's
    // FailCases/FuzzLint/timeout-37c0…); 64 deep is parsed.
    try write(
      "h-parentheses.swift",
      condition + Array(repeating: UInt8(ascii: "("), count: 65) + Array("x".utf8))
    try write(
      "h-parentheses-64.swift",
      condition + Array("let v = ".utf8) + Array(repeating: UInt8(ascii: "("), count: 64)
        + Array("1".utf8) + Array(repeating: UInt8(ascii: ")"), count: 64))
    // Unmatched brackets in strings and comments are text: the file is parsed.
    try write(
      "h-text-brackets.swift",
      Array(String(repeating: "let p = \"[\" // [ [\n/* [[ */ let r = #\"\\[\"#\n", count: 20).utf8)
        + Array("let m = \"\"\"\n[[[[\n\"\"\"\n".utf8) + condition)
    // A byte that is not UTF-8 inside the literal: swift-syntax repairs it to U+FFFD (3 bytes),
    // so the literal is not checkable, never a finding at a column past its line.
    try write(
      "i-literal-not-utf8.swift",
      Array(
        "x.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF ==".utf8)
        + [0xFF] + Array(" 'a'\")\n".utf8))
    try write("z-good.swift", condition)

    let run = Linter().run(paths: [folder.path])
    let report = run.report
    #expect(report.files == 15)
    func ids(_ name: String) -> [String] {
      report.diagnostics.filter { $0.file.hasSuffix(name) }.map(\.id.rawValue)
    }
    #expect(ids("a-invalid-utf8.swift").contains("lint.not-utf8"))
    #expect(ids("a-invalid-utf8.swift").contains("syntax.unknown-operator"))
    #expect(ids("g-big.swift") == ["lint.file-too-large"])
    #expect(ids("h-brackets.swift") == ["lint.not-parsed"])
    #expect(ids("h-interpolated-brackets.swift") == ["lint.not-parsed"])
    #expect(ids("h-quote-after-dot.swift") == ["lint.not-parsed"])
    #expect(ids("h-parentheses.swift") == ["lint.not-parsed"])
    #expect(
      report.diagnostics.first { $0.file.hasSuffix("h-parentheses.swift") }?.message.hasPrefix(
        "'(' nested 65 deep") == true)
    #expect(ids("h-parentheses-64.swift") == ["syntax.unknown-operator"])
    #expect(ids("h-text-brackets.swift") == ["syntax.unknown-operator"])
    #expect(ids("i-literal-not-utf8.swift").contains("lint.not-checkable"))
    let lineLength =
      "x.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF ==".utf8.count
      + 8
    for finding in report.diagnostics where finding.file.hasSuffix("i-literal-not-utf8.swift") {
      #expect(finding.line <= 1 && finding.column <= lineLength + 1, "\(finding)")
    }
    #expect(ids("z-good.swift") == ["syntax.unknown-operator"])
    #expect(!ids("e-unterminated.swift").isEmpty)
    #expect(!ids("f-unterminated.m").isEmpty)
  }

  @Test("every id lint reports is registered once, at its declared severity or a documented one")
  func registryCoversEveryFinding() {
    let ids = DiagnosticRegistry.entries.map(\.id)
    #expect(Set(ids).count == ids.count, "each id once")
    #expect(LintConfiguration.ruleIDs == ids)
    var linter = Linter()
    linter.readsApp = true
    var reported: Set<String> = []
    for path in [Self.sources, Fixtures.root + "/apps"] {
      for finding in linter.run(paths: [path]).report.diagnostics {
        reported.insert(finding.id.rawValue)
        guard let entry = DiagnosticRegistry.entry(finding.id.rawValue) else {
          Issue.record("\(finding.id) is not registered")
          continue
        }
        // The two documented departures: too few format arguments is an error, and a scene
        // list that cannot be routed is a warning, not a note.
        let departs =
          (finding.id == LintRule.argumentCount.id && finding.severity == .error)
          || (finding.id == LintRule.notFollowed.id && finding.severity == .warning)
        #expect(
          finding.severity == entry.severity || departs,
          "\(finding.id) reported as \(finding.severity) at \(finding.file):\(finding.line)")
      }
    }
    #expect(
      reported.contains { $0.hasPrefix("syntax.") } && reported.contains { $0.hasPrefix("lint.") })
    #expect(reported.contains(LintRule.unhandled.rawValue), "\(reported.sorted())")
  }

  @Test("SARIF output has what SARIF 2.1.0 requires and what code scanning reads")
  func sarifShape() throws {
    let run = Linter().run(paths: [Self.sources])
    let sarif = SARIFReporter.log(run.report, toolVersion: "0.0.0")
    let text = sarif.jsonText
    let root = try #require(try JSONValue.parse(text).objectValue)
    #expect(root["version"] == .string("2.1.0"))
    guard case .array(let runs)? = root["runs"], let first = runs.first?.objectValue,
      let driver = first["tool"]?.objectValue?["driver"]?.objectValue,
      case .array(let rules)? = driver["rules"], case .array(let results)? = first["results"]
    else {
      Issue.record("missing runs/tool/driver/rules/results")
      return
    }
    #expect(driver["name"]?.stringValue?.isEmpty == false)
    let ruleIDs = rules.compactMap { $0.objectValue?["id"]?.stringValue }
    #expect(Set(ruleIDs).count == ruleIDs.count)
    for rule in rules {
      #expect(rule.objectValue?["help"]?.objectValue?["text"]?.stringValue?.isEmpty == false)
    }
    #expect(results.count == run.report.diagnostics.count)
    var fixes = 0
    for result in results {
      let object = try #require(result.objectValue)
      let id = try #require(object["ruleId"]?.stringValue)
      guard case .number(let index)? = object["ruleIndex"] else {
        Issue.record("no ruleIndex")
        continue
      }
      #expect(ruleIDs[Int(index)] == id)
      #expect(["error", "warning", "note", "none"].contains(object["level"]?.stringValue ?? ""))
      #expect(object["message"]?.objectValue?["text"]?.stringValue?.isEmpty == false)
      guard case .array(let locations)? = object["locations"],
        let region = locations.first?.objectValue?["physicalLocation"]?.objectValue?["region"]?
          .objectValue,
        case .number(let line)? = region["startLine"],
        case .number(let column)? = region["startColumn"]
      else {
        Issue.record("no region")
        continue
      }
      #expect(line >= 1 && column >= 1)
      if case .array(let list)? = object["fixes"] {
        for fix in list {
          guard case .array(let changes)? = fix.objectValue?["artifactChanges"],
            case .array(let replacements)? = changes.first?.objectValue?["replacements"],
            let deleted = replacements.first?.objectValue?["deletedRegion"]?.objectValue
          else {
            Issue.record("malformed fix")
            continue
          }
          #expect(deleted["byteOffset"] != nil && deleted["byteLength"] != nil)
          fixes += 1
        }
      }
    }
    #expect(fixes >= 3)
  }
}

@Suite("lint: walking and limits")
struct LintWalkTests {
  @Test("skipped folders, hidden folders, --exclude globs, and the extensions read")
  func walking() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let condition =
      "c.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF == 'a'\")\n"
    for path in [
      "App/A.swift", "App/B.m", "App/C.mm", "App/D.h", "App/E.txt", ".hidden/F.swift",
      "Pods/G.swift", ".build/H.swift", "App/Generated/I.swift", "DerivedData/J.swift",
    ] {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try condition.write(to: url, atomically: true, encoding: .utf8)
    }
    let run = Linter(excludes: ["*/Generated"]).run(paths: [folder.path])
    let names = Set(run.report.conditions.map { URL(fileURLWithPath: $0.file).lastPathComponent })
    #expect(names == ["A.swift", "B.m", "C.mm", "D.h"])
    #expect(run.report.files == 4)
    #expect(Linter().run(paths: [folder.path + "/nope"]).missingPaths == [folder.path + "/nope"])
  }

  @Test("a literal predicate over UIKit's 100,000-byte archive cap is a warning")
  func archiveCap() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let members = (0..<12_000).map { "'id-\($0)'" }.joined(separator: ", ")
    let source =
      "c.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF IN {\(members)}\")\n"
    let file = folder.appendingPathComponent("Big.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let run = Linter().run(paths: [file.path])
    #expect(run.report.diagnostics.map(\.id).contains("lint.archive-too-large"))
  }
}
