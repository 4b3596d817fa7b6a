import ArgumentParser
import CommandLineOutput
import PortableIO

/// `scene-router`: lint activation-condition predicates, evaluate them, and route notifications,
/// shortcut items and user activities to scenes the way UIKit does.
@main
struct SceneRouterCommand: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "scene-router",
    abstract: "Lint, evaluate and route UIKit scene activation conditions.",
    discussion: """
      Exit codes: 0 success (warnings allowed), 64 usage error, 65 invalid input (a predicate, \
      a scenes file or an event with errors), 66 a file or folder that does not exist, 73 a file \
      that cannot be written, 74 an I/O error, 78 a configuration or baseline file with errors.

      Examples:
        scene-router check 'SELF BEGINSWITH "com.example.chat/"'
        scene-router evaluate 'SELF BEGINSWITH "doc-"' doc-42 x-1
        scene-router route --scenes scenes.json --format explain push.apns
        scene-router table --scenes scenes.json --witnesses
      """,
    version: version,
    subcommands: [
      CheckCommand.self, EvaluateCommand.self, RouteCommand.self, TableCommand.self,
      LintCommand.self, ScenesCommand.self,
    ]
  )

  /// Checks the arguments' encoding and arms the standard-output check, then runs the command.
  static func main() {
    IOFailure.guardStandardDescriptors()
    IOFailure.checkStandardOutputAtExit()
    RawArguments.requireUTF8(orExit: ExitStatus.dataError.rawValue)
    let (arguments, positional) = ManyArguments.split(Array(CommandLine.arguments.dropFirst()))
    ManyArguments.$positional.withValue(positional) { main(arguments) }
  }
}

/// Exit statuses from sysexits.h, which the CLI's contract names.
enum ExitStatus {
  /// Invalid input data: a predicate, scenes file or event with errors.
  static let dataError = ExitCode(65)
  /// A file named on the command line does not exist.
  static let noInput = ExitCode(66)
  /// A file could not be written.
  static let cannotCreate = ExitCode(73)
  /// Reading input or writing output failed (`EX_IOERR`).
  static let ioError = ExitCode(IOFailure.exitStatus)
  /// A configuration or baseline file is wrong (`EX_CONFIG`).
  static let configurationError = ExitCode(78)
}
