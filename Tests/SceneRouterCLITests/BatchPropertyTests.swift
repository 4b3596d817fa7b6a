import Foundation
import PredicateEvaluation
import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

@Suite("CLI batch modes lose nothing")
struct BatchPropertyTests {
  /// A mixed batch: good lines, bad predicates, malformed JSON, wrong types, empty lines, invalid
  /// UTF-8 and binary garbage, CRLF endings, and no final newline.
  static func batch(_ random: inout SeededRandom, lines: Int) -> (
    bytes: [UInt8], good: [Int: (String, String?)]
  ) {
    let predicates = [
      "SELF BEGINSWITH 'chat/'", "SELF == 'inbox'", "SELF MATCHES 'doc-[0-9]+'", "SELF LIKE 'a*'",
      "SELF ==[cd] 'café'", "SELF IN {'a', 'b'}", "name == 1", "SELF ==", "(((",
      "SELF MATCHES '(a+)+$'",
    ]
    let identifiers: [String?] = [
      "chat/1", "inbox", "doc-3", nil, "abc", "CAFÉ", "a", String(repeating: "a", count: 30) + "b",
    ]
    var bytes: [UInt8] = []
    var good: [Int: (String, String?)] = [:]
    for index in 0..<lines {
      switch Double.random(in: 0..<1, using: &random) {
      case ..<0.05: break
      case ..<0.10: bytes += Array("{not json".utf8)
      case ..<0.12: bytes += [0x00, 0x01, 0xFF, 0xFE, 0x80, 0x22]
      case ..<0.14:
        bytes +=
          Array(#"{"predicate": "SELF == 'a'", "identifier": ""#.utf8) + [0xC3, 0x28, 0x22, 0x7D]
      case ..<0.16: bytes += Array(#"{"identifier": "x"}"#.utf8)
      case ..<0.18: bytes += Array(#"{"predicate": "SELF == 'a'", "identifier": 5}"#.utf8)
      case ..<0.20: bytes += Array(#"["predicate"]"#.utf8)
      default:
        let predicate = random.pick(predicates)
        let identifier = random.pick(identifiers)
        var object = JSONObject([("predicate", .string(predicate))])
        object["identifier"] = identifier.map(JSONValue.string) ?? .null
        bytes += Array(JSONValue.object(object).jsonText.utf8)
        good[index] = (predicate, identifier)
      }
      if random.chance(0.05) { bytes.append(0x0D) }
      // The last line may lack its newline, but an empty unterminated last line is no bytes at
      // all: a file ending in a newline has no further line.
      if index < lines - 1 || random.chance(0.5) || bytes.last == 0x0A || bytes.isEmpty {
        bytes.append(0x0A)
      }
    }
    return (bytes, good)
  }

  @Test("evaluate --batch: 10,000 mixed lines in, 10,000 lines out, each answer right")
  func evaluateBatch() throws {
    var random = SeededRandom()
    let (bytes, good) = Self.batch(&random, lines: 10_000)
    let result = try CLI.run(["evaluate", "--profile", "extended", "--batch"], stdin: Data(bytes))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 10_000, "PROPERTY_SEED=\(random.seed)")
    #expect(result.status == 65, "bad lines make the exit status 65")
    for (index, line) in lines.enumerated() {
      guard let answer = try? JSONValue.parse(String(line)), case .object(let object) = answer
      else {
        Issue.record("line \(index + 1) is not a JSON object: \(line)")
        continue
      }
      if let (predicate, identifier) = good[index] {
        let expected: JSONValue
        if let compiled = try? CompiledPredicate(format: predicate, profile: .extended),
          let value = try? compiled.evaluate(with: identifier)
        {
          expected = .bool(value)
        } else {
          expected = .null
        }
        if expected == .null {
          #expect(object["error"] != nil, "line \(index + 1)")
        } else {
          #expect(
            object["result"] == expected,
            "line \(index + 1): \(predicate) on \(identifier ?? "nil")")
        }
      } else {
        guard case .object(let error)? = object["error"] else {
          Issue.record("line \(index + 1) should be an error: \(line)")
          continue
        }
        #expect(error["inputLine"] == .number(Double(index + 1)))
      }
    }
  }

  @Test("route --jsonl: one decision or error line per input line, garbage included")
  func routeJSONL() throws {
    var random = SeededRandom()
    var bytes: [UInt8] = []
    let count = 2_000
    for index in 0..<count {
      switch index % 5 {
      case 0: bytes += Array(#"{"aps": {"target-content-id": "com.example.chat/thread/42"}}"#.utf8)
      case 1: bytes += [0xFF, 0x00, 0x7B]
      case 2: break
      case 3: bytes += Array(#"{"shortcutItem": {"type": 1}}"#.utf8)
      default:
        bytes += Array(
          #"{"userActivity": {"activityType": "x", "targetContentIdentifier": "com.example.chat/photo/2"}}"#
            .utf8)
      }
      if random.chance(0.1) { bytes.append(0x0D) }
      bytes.append(0x0A)
    }
    let result = try CLI.run(
      ["route", "--scenes", "Fixtures/example/scenes.json", "--jsonl"], stdin: Data(bytes))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == count)
    for (index, line) in lines.enumerated() {
      let object = try #require(try JSONValue.parse(String(line)).objectValue)
      switch index % 5 {
      case 0: #expect(object["scene"] == .string("thread-42"))
      case 4: #expect(object["scene"] == .string("photo-viewer"))
      case 3: #expect(object["error"]?.objectValue?["path"] == .string("shortcutItem.type"))
      default: #expect(object["error"] != nil)
      }
    }
  }

  @Test("'-' reads one event from standard input")
  func stdinDash() throws {
    let result = try CLI.run(
      ["route", "--scenes", "Fixtures/example/scenes.json", "--json", "-"],
      stdin: Data(#"{"aps": {"target-content-id": "com.example.chat/compose/draft"}}"#.utf8))
    #expect(result.status == 0)
    let object = try #require(
      try JSONValue.parse(result.stdout.trimmingCharacters(in: .newlines)).objectValue)
    #expect(object["scene"] == .string("compose"))
    #expect(object["event"] == .string("<stdin>"))
  }

  @Test("the same predicate text is compiled once, but precomposed and decomposed differ")
  func batchCacheIsExact() throws {
    let lines = [
      #"{"predicate": "SELF == 'caf\u00e9'", "identifier": "caf\u00e9"}"#,
      #"{"predicate": "SELF == 'cafe\u0301'", "identifier": "caf\u00e9"}"#,
    ].joined(separator: "\n")
    let result = try CLI.run(["evaluate", "--batch"], stdin: Data(lines.utf8))
    #expect(result.stdout == "{\"result\":true}\n{\"result\":false}\n")
  }
}
