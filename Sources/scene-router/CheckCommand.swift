import ArgumentParser
import CommandLineOutput
import PortableIO
import SceneActivation
import SceneJSON
import SceneRouting

/// `scene-router check`: parse, validate and lint predicates.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Parse, validate and lint predicates; print diagnostics and the canonical form.",
    discussion: """
      Exits 0 when no predicate has errors (warnings allowed), 65 when any has. The profile \
      is uikit (what UIKit accepts) unless --profile extended opts in to MATCHES.

      Examples:
        scene-router check 'self beginswith[c] "chat/"'
        scene-router check --profile extended 'SELF MATCHES "doc-[0-9]+"'
        scene-router check --json --file conditions.txt
        scene-router check --scenes Fixtures/example/scenes.json
      """)

  @OptionGroup var profileOptions: ProfileOptions
  var profile: ValidationProfile { profileOptions.resolved }

  @Flag(help: "Write one JSON document instead of human-readable text.")
  var json = false

  /// The options' names.
  static let fileName = "file"
  static let scenesName = "scenes"

  @Option(
    name: .customLong(fileName),
    help:
      "Read predicates from FILE, one per line ('-' for standard input); blank lines are skipped.")
  var file: String?

  @Option(
    name: .customLong(scenesName),
    help: ArgumentHelp(
      "Check a scenes file alone: every scene's conditions and fields, each problem named by "
        + "scene; the file's own 'profile' applies.", valueName: "FILE"))
  var scenes: String?

  @Argument(help: ArgumentHelp("Predicates to check.", valueName: "predicates"))
  var predicateArguments: [String] = []

  /// The predicates given as arguments (many arrive through ``ManyArguments``).
  var predicates: [String] { ManyArguments.positional ?? predicateArguments }

  func validate() throws {
    let sources = [file != nil, !predicates.isEmpty, scenes != nil].filter { $0 }.count
    if sources == 0 {
      throw ValidationError("give at least one PREDICATE, or --file FILE, or --scenes FILE")
    }
    if sources > 1 {
      throw ValidationError("give PREDICATE arguments, --file or --scenes, not more than one")
    }
  }

  func run() throws {
    if let scenes { return try checkScenes(scenes) }
    // A file's lines keep their bytes, so that bytes that are not UTF-8 are diagnosed.
    var inputs: [PredicateCheck.Input] = []
    if let file {
      let bytes = try input(file, err: OutputStream.standardError)
      let name = file == "-" ? "<stdin>" : file
      inputs = LineInput.nonBlankLines(bytes).map {
        PredicateCheck.Input(line: $0.bytes, number: $0.number, file: name)
      }
    } else {
      inputs = predicates.enumerated().map { index, predicate in
        PredicateCheck.Input(
          argument: predicate, name: predicates.count > 1 ? "<\(index + 1)>" : nil)
      }
    }
    let check = PredicateCheck(inputs, profile: profile)
    let out = OutputStream.standardOutput
    if json {
      out.writeLine(json: check.jsonValue)
    } else {
      out.write(check.text(colors: System.isTerminal(1)))
    }
    out.flush()
    if check.errorCount > 0 { throw ExitStatus.dataError }
  }
}

extension CheckCommand {
  /// `check --scenes FILE`: every problem of the file, or each scene's canonical conditions.
  private func checkScenes(_ path: String) throws {
    try OutputStream.withStandardStreams { out, err in
      let check = ScenesFileCheck(bytes: try input(path, err: err), path: path)
      if json {
        out.writeLine(json: check.jsonValue)
      } else {
        let (output, errors) = check.lines
        for line in errors { err.writeLine(line) }
        for line in output { out.writeLine(line) }
      }
      if !check.isValid { throw ExitStatus.dataError }
    }
  }
}

extension CheckCommand: ValueOptions {
  static let optionsTakingValues =
    ProfileOptions.optionsTakingValues.union(["--" + fileName, "--" + scenesName])
}
