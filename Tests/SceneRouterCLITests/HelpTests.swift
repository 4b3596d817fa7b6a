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
