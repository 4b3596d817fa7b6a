import PredicateTestSupport
import SceneRouting
import Testing

/// One saved input of `FuzzTesting/FailCases/<target>/`.
struct FailCase: Sendable, CustomStringConvertible {
  let target: String
  let file: String
  var description: String { "\(target)/\(file)" }

  static let targets = ["FuzzParse", "FuzzEvaluate", "FuzzRoute"]

  static var folder: String { Fixtures.root + "/../FuzzTesting/FailCases" }

  static let all: [FailCase] = targets.flatMap { target in
    Fixtures.allFiles(below: "../FuzzTesting/FailCases/\(target)")
      .map { String($0.split(separator: "/").last!) }
      .filter { !$0.hasPrefix(".") }
      .map { FailCase(target: target, file: $0) }
  }

  var bytes: [UInt8] {
    Array((Fixtures.readFile("\(Self.folder)/\(target)/\(file)") ?? "").utf8)
  }
}

@Suite("Fuzz fail cases stay fixed")
struct FailCaseReplayTests {
  static func violations(_ target: String, _ bytes: [UInt8]) -> [String] {
    switch target {
    case "FuzzParse": FuzzInvariants.parse(bytes)
    case "FuzzEvaluate": FuzzInvariants.evaluate(bytes)
    default: FuzzInvariants.route(bytes)
    }
  }

  @Test("every saved crasher passes its invariants", arguments: FailCase.all)
  func replay(_ failCase: FailCase) {
    #expect(Self.violations(failCase.target, failCase.bytes).isEmpty, "\(failCase)")
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

  @Test("the fail-case folders exist for every target")
  func foldersExist() {
    for target in FailCase.targets {
      #expect(Fixtures.readFile("\(FailCase.folder)/\(target)/.keep") != nil, "\(target)")
    }
  }
}
