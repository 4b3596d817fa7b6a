import Foundation
import PredicateTestSupport
import Testing

/// One case of `Fixtures/cli`.
struct CLICase: Sendable, CustomStringConvertible {
  let name: String
  var description: String { name }

  static let all: [CLICase] = Fixtures.files(in: "cli", suffix: ".args").map {
    CLICase(name: String($0.dropFirst("cli/".count).dropLast(".args".count)))
  }

  var arguments: [String] {
    (Fixtures.read("cli/\(name).args") ?? "").split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .dropLast().map(String.init)
  }

  var stdin: Data { Data((Fixtures.read("cli/\(name).stdin") ?? "").utf8) }
}

@Suite("CLI golden outputs")
struct CLIGoldenTests {
  @Test("each command and format matches its golden output", arguments: CLICase.all)
  func golden(_ fixture: CLICase) throws {
    let result = try CLI.run(fixture.arguments, stdin: fixture.stdin)
    let rendered = "exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
    let path = "cli/\(fixture.name).expected"
    if Fixtures.isRecording {
      Fixtures.write(path, rendered)
    } else {
      #expect(rendered == Fixtures.read(path), "\(path)")
    }
  }

  @Test("exit codes for each class of input")
  func exitCodes() throws {
    let example = "Fixtures/example/scenes.json"
    let cases: [([String], Int32)] = [
      (["check", "TRUEPREDICATE"], 0),
      (["check", "SELF == 'a' AND SELF == 'b' OR SELF == 'c'"], 0),  // warnings only
      (["check", "SELF =="], 65),
      (["check", "--profile", "uikit", "SELF MATCHES 'a'"], 65),
      (["check"], 64),
      (["check", "--bogus"], 64),
      (["evaluate", "SELF == 'a'", "a"], 0),
      (["evaluate", "SELF == "], 64),
      (["evaluate", "SELF ==", "a"], 65),
      (["route", "--scenes", example, "Fixtures/example/events/1-push-thread-42.apns"], 0),
      (
        [
          "route", "--scenes", "Fixtures/cli/inputs/bad-scenes.json",
          "Fixtures/example/events/1-push-thread-42.apns",
        ], 65
      ),
      (
        [
          "route", "--scenes", "Fixtures/cli/inputs/missing.json",
          "Fixtures/example/events/1-push-thread-42.apns",
        ], 65
      ),
      (["route", "--scenes", example, "Fixtures/cli/inputs/bad-event.json"], 65),
      (["route", "--scenes", example], 64),
      (["route", "--scenes", example, "--jsonl", "file.json"], 64),
      (["frobnicate"], 64),
    ]
    for (arguments, status) in cases {
      #expect(try CLI.run(arguments).status == status, "\(arguments)")
    }
  }

  @Test("every file in cli/ is read by a test")
  func noStrayFiles() {
    let names = Set(CLICase.all.map(\.name))
    let referenced = CLICase.all.flatMap(\.arguments).filter {
      $0.hasPrefix("Fixtures/cli/inputs/")
    }
    for path in Fixtures.allFiles(below: "cli") {
      if path == "cli/README.md" { continue }
      if path.hasPrefix("cli/inputs/") {
        #expect(referenced.contains("Fixtures/" + path), "\(path) is not used by any case")
        continue
      }
      let stem = String(path.dropFirst("cli/".count).split(separator: ".").first ?? "")
      #expect(names.contains(stem), "\(path) belongs to no case")
    }
    for name in names {
      #expect(
        Fixtures.read("cli/\(name).expected") != nil || Fixtures.isRecording,
        "\(name) has no golden output")
    }
    // The bundled example app (the README's first command) is exercised file by file too.
    let arguments = Set(CLICase.all.flatMap(\.arguments))
    for path in Fixtures.allFiles(below: "example") {
      #expect(arguments.contains("Fixtures/" + path), "\(path) is not used by any CLI case")
    }
  }
}
