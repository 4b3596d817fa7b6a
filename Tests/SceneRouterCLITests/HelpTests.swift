import SceneJSON
import Testing

@Suite("Help text")
struct HelpTests {
  @Test(
    "every help example is one unwrapped line, indented under 'Examples:'",
    arguments: [[], ["check"], ["evaluate"], ["route"], ["table"], ["lint"]])
  func examplesAreNotWrapped(_ command: [String]) throws {
    let help = try CLI.run(command + ["--help"]).stdout
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "Examples:") else {
      Issue.record("\(command): no Examples section")
      return
    }
    var examples = 0
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      // An example starts with the command (or a producer piped into it); a continuation of a
      // long example is written with a trailing backslash and indented further.
      #expect(line.hasPrefix("  "), "\(command): wrapped help line '\(line)'")
      examples += 1
    }
    #expect(examples >= 2)
  }
}

@Suite("Shell completions")
struct CompletionTests {
  @Test(
    "swift-argument-parser writes a completion script naming every subcommand",
    arguments: ["bash", "zsh", "fish"])
  func completionScript(_ shell: String) throws {
    let result = try CLI.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    for subcommand in ["check", "evaluate", "route", "table", "lint"] {
      #expect(result.stdout.contains(subcommand), "\(shell): no '\(subcommand)'")
    }
    #expect(result.stdout.contains("profile"), "\(shell): options are not completed")
  }
}

@Suite("Many positional arguments")
struct ManyArgumentsTests {
  /// The options that take a value, as the parser describes the command to a user
  /// (`--experimental-dump-help`, a public flag of swift-argument-parser).
  static func optionsTakingValues(_ command: String) throws -> [String] {
    let help = try CLI.run([command, "--experimental-dump-help"])
    let root = try #require(try JSONValue.parse(help.stdout).objectValue)
    guard case .array(let arguments)? = root["command"]?.objectValue?["arguments"] else {
      Issue.record("no arguments in the description of \(command)")
      return []
    }
    var options: [String] = []
    for case .object(let argument) in arguments where argument["kind"] == .string("option") {
      guard case .array(let names)? = argument["names"] else { continue }
      for case .object(let name) in names {
        guard let spelling = name["name"]?.stringValue else { continue }
        options.append((name["kind"] == .string("long") ? "--" : "-") + spelling)
      }
    }
    return options
  }

  /// The split declares which options take a value itself: an option the parser knows and the
  /// split does not would lose its value to the positional arguments, and the parser would say
  /// the value is missing.
  @Test(
    "every option the parser says takes a value keeps it when many arguments are split off",
    arguments: ["check", "evaluate"])
  func everyValueOptionKeepsItsValue(_ command: String) throws {
    let options = try Self.optionsTakingValues(command)
    #expect(options.contains("--profile"))
    for option in options {
      let result = try CLI.run(
        [command, option, "no-such-value"] + Array(repeating: "TRUEPREDICATE", count: 100))
      #expect(!result.stderr.contains("Missing value"), "\(command) \(option): \(result.stderr)")
      #expect(result.status != 0, "no-such-value is not a value of \(option)")
    }
  }

  @Test("check takes hundreds of predicates, with options before, between and after them")
  func manyPredicates() throws {
    var arguments = ["check", "--profile", "extended"]
    for index in 0..<200 {
      if index == 100 { arguments.append("--json") }
      arguments.append(index == 150 ? "SELF BEGINWITH 'x'" : "SELF MATCHES 'id-\(index)'")
    }
    let result = try CLI.run(arguments)
    #expect(result.status == 65)
    let document = try #require(try JSONValue.parse(result.stdout).objectValue)
    #expect(document["profile"] == .string("extended"))
    #expect(document["errors"] == .number(1))
    guard case .array(let results)? = document["results"] else {
      Issue.record("no results")
      return
    }
    #expect(results.count == 200)
    #expect(results[150].objectValue?["valid"] == .bool(false))
    #expect(results[199].objectValue?["predicate"] == .string("SELF MATCHES 'id-199'"))
  }

  @Test("evaluate takes hundreds of identifiers, and '--' ends the options")
  func manyIdentifiers() throws {
    let identifiers = (0..<300).map { $0 % 3 == 0 ? "doc-\($0)" : "x-\($0)" }
    let result = try CLI.run(["evaluate", "SELF BEGINSWITH 'doc-'", "--"] + identifiers + ["-"])
    #expect(result.status == 0)
    let answers = result.stdout.split(separator: "\n")
    #expect(answers.count == 301)
    #expect(answers.prefix(3) == ["true", "false", "false"])
  }
}
