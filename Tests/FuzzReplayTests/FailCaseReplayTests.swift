import LintTestSupport
import PredicateTestSupport
import RoutingTestSupport
import SceneJSON
import SceneRouting
import Testing

/// One saved input of `FuzzTesting/FailCases/<target>/`.
struct FailCase: Sendable, CustomStringConvertible {
  let target: String
  let file: String
  var description: String { "\(target)/\(file)" }

  static let targets = ["FuzzParse", "FuzzEvaluate", "FuzzRoute", "FuzzLint", "FuzzICU", "FuzzApp"]

  static var folder: String { Fixtures.root + "/../FuzzTesting/FailCases" }

  static let all: [FailCase] = targets.flatMap { target in
    Fixtures.allFiles(below: "../FuzzTesting/FailCases/\(target)")
      .map { String($0.split(separator: "/").last!) }
      .filter { !$0.hasPrefix(".") }
      .map { FailCase(target: target, file: $0) }
  }

  /// The saved input byte for byte: a crasher that is not UTF-8 must replay as it was found.
  var bytes: [UInt8] {
    Fixtures.readBytes("\(Self.folder)/\(target)/\(file)") ?? []
  }
}

@Suite("Fuzz fail cases stay fixed")
struct FailCaseReplayTests {
  static func violations(_ target: String, _ bytes: [UInt8]) -> [String] {
    switch target {
    case "FuzzParse": FuzzInvariants.parse(bytes)
    case "FuzzEvaluate": FuzzInvariants.evaluate(bytes)
    case "FuzzLint": LintFuzzInvariants.lint(bytes)
    case "FuzzApp": AppFuzzInvariants.app(bytes)
    case "FuzzICU": ICUOracle.violations(bytes)
    default: FuzzInvariants.route(bytes)
    }
  }

  @Test("every saved crasher passes its invariants", arguments: FailCase.all)
  func replay(_ failCase: FailCase) {
    #expect(Self.violations(failCase.target, failCase.bytes).isEmpty, "\(failCase)")
  }

  @Test("a fix boundary splits a UTF-8 sequence only after a lead byte whose sequence runs past it")
  func utf8Boundaries() {
    let split = LintFuzzInvariants.splitsUTF8Sequence
    let text = Array("aé€😀".utf8)  // 61, C3 A9, E2 82 AC, F0 9F 98 80
    #expect((0...text.count).filter { split(text, $0) } == [2, 4, 5, 7, 8, 9])
    // A stray continuation byte after an ASCII one, or after a truncated sequence, starts none.
    #expect(!split(Array("\"".utf8) + [0x9D, 0x01], 1))
    #expect(!split([0xC3, 0x22, 0xA9], 2))
    #expect(!split([0x80, 0x80, 0x80, 0x80, 0x80], 4))
    #expect(split([0xE2, 0x82, 0xAC], 1) && split([0xE2, 0x82, 0xAC], 2))
  }

  @Test("every fixture passes the fuzz invariants (the seed corpus)")
  func seedsPass() {
    var inputs = 0
    for path in Fixtures.allFiles(below: "syntax") + Fixtures.allFiles(below: "evaluation")
    where path.hasSuffix(".pred") || path.hasSuffix(".txt") || path.hasSuffix(".tsv") {
      for line in (Fixtures.read(path) ?? "").split(separator: "\n") {
        let bytes = Array(line.utf8)
        #expect(FuzzInvariants.parse(bytes).isEmpty, "\(path): \(line)")
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        let evaluation =
          fields.count >= 2 ? Array(fields[0].utf8) + [0] + Array(fields[1].utf8) : bytes
        #expect(FuzzInvariants.evaluate(evaluation).isEmpty, "\(path): \(line)")
        inputs += 1
      }
    }
    for app in ["mail", "messages", "documents", "maps", "algorithm"] {
      let scenes = Array((Fixtures.read("routing/\(app)/scenes.json") ?? "").utf8)
      guard
        case .array(let cases)? = try? JSONValue.parse(
          Fixtures.read("routing/\(app)/cases.json") ?? "")
      else { continue }
      for value in cases {
        guard let event = value.objectValue?["event"] else { continue }
        #expect(FuzzInvariants.route(scenes + [0] + Array(event.jsonText.utf8)).isEmpty, "\(app)")
        inputs += 1
      }
    }
    #expect(inputs > 500)
  }

  @Test("every fixture app passes the app invariants as modules: the index, #if, three answers")
  func appSeedsPass() {
    var inputs = 0
    for path in Fixtures.allFiles(below: "apps") {
      guard let text = Fixtures.read(path) else { continue }
      let bytes = Array(text.utf8)
      if path.hasSuffix(".swift") {
        // One file, then the file and each other Swift file of its app through the index.
        #expect(LintFuzzInvariants.app([0xF1] + bytes).isEmpty, "\(path)")
        let app = path.split(separator: "/").prefix(2).joined(separator: "/")
        for other in Fixtures.allFiles(below: app)
        where other.hasSuffix(".swift") && other != path {
          let pair = [0xF4] + bytes + [0] + Array((Fixtures.read(other) ?? "").utf8)
          #expect(LintFuzzInvariants.app(pair).isEmpty, "\(path) + \(other)")
          inputs += 1
        }
      } else if path.hasSuffix(".h"),
        let implementation = Fixtures.read(
          String(path.dropLast(2)) + ".m")
      {
        let pair = [0xF6] + bytes + [0] + Array(implementation.utf8)
        #expect(LintFuzzInvariants.app(pair).isEmpty, "\(path)")
        inputs += 1
      }
    }
    #expect(inputs > 10)
  }

  @Test("each fixture app, cut into FuzzApp's parts, keeps the app fuzzer's invariants")
  func appFilesSeedsPass() {
    let apps = Set(
      Fixtures.allFiles(below: "apps").map {
        $0.split(separator: "/").prefix(2).joined(separator: "/")
      })
    #expect(apps.count >= 6)
    for app in apps.sorted() {
      let files = Fixtures.allFiles(below: app)
      func text(_ path: String?) -> [UInt8] { Array((path.flatMap(Fixtures.read) ?? "").utf8) }
      // The App's file first.
      let all = files.filter { $0.hasSuffix(".swift") }.sorted()
      let main = all.filter { Fixtures.read($0)?.contains("@main") == true }
      let swift = main + all.filter { !main.contains($0) }
      var parts = (0..<3).map { $0 < swift.count ? text(swift[$0]) : [] }
      parts.append(swift.dropFirst(3).flatMap { text($0) + [0x0A] })
      parts.append(text(files.first { $0.hasSuffix(".h") }))
      parts.append(text(files.first { $0.hasSuffix(".m") }))
      parts.append(text(files.first { $0.hasSuffix("Info.plist") }))
      parts.append(text(files.first { $0.hasSuffix(".apns") }))
      let input = Array(parts.joined(separator: [0]))
      #expect(AppFuzzInvariants.app(input).isEmpty, "\(app)")
    }
  }

  @Test("every target has saved cases, and the replay reads them byte for byte")
  func foldersHoldCases() {
    for target in FailCase.targets {
      let count = FailCase.all.filter { $0.target == target }.count
      #expect(count > 0, "FailCases/\(target) holds no case")
      print("fail-case replay: \(target) \(count) cases")
    }
    let invalid = FailCase.all.first { $0.file == "hostile-invalid-utf8" }
    #expect(invalid?.bytes.contains(0xFF) == true, "invalid UTF-8 must not be replaced on read")
  }
}
