import AppModel
import ArgumentParser
import CommandLineOutput
import ConditionLint
import PortableIO
import SceneActivation
import SceneRouting
import SourceReading

/// `scene-router scenes`: the app's scene catalogue and the events it produces, read from source.
struct ScenesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenes",
    abstract: "Read an app's scenes, scene configurations and event producers from its source.",
    discussion: """
      Reads each PATH (default: the current folder) as lint does: SwiftUI App types (@main, or \
      started by X.main()) and their scenes in declaration order, custom Scene types expanded, \
      the view-level handlesExternalEvents(preferring:allowing:) reached from each root view; \
      Info.plist scene manifests (XML or binary) and the conditions each delegate class sets; \
      and the producers of events: targetContentIdentifier assignments, App Intents, \
      openWindow, requestSceneSessionActivation, URL schemes, quick actions and APNs payloads.

      Formats: 'text' (default), 'json' ({"apps", "producers", "diagnostics"}), 'scenes-file' \
      (the scenes file route and table read: one app, --name chooses which).

      Exits 65 when --format scenes-file finds no app, 66 when a PATH does not exist.

      Examples:
        scene-router scenes App/
        scene-router scenes --format json App/ | jq '.producers'
        scene-router scenes --format scenes-file App/ > scenes.json
      """)

  @Argument(help: "Files or folders to read.")
  var paths: [String] = []

  @Option(help: ArgumentHelp("Output: 'text', 'json' or 'scenes-file'.", valueName: "format"))
  var format: ScenesFormat = .text

  @Option(help: ArgumentHelp("With --format scenes-file: the app to write.", valueName: "name"))
  var name: String?

  @Option(
    help: ArgumentHelp(
      "Skip paths (or file and folder names) matching this glob; repeatable.", valueName: "GLOB"))
  var exclude: [String] = []

  func run() throws {
    try OutputStream.withStandardStreams { out, err in
      let run = Linter.readApp(paths: paths.isEmpty ? ["."] : paths, excludes: exclude)
      for path in run.missingPaths { err.writeLine("error: \(path): no such file or folder") }
      guard let catalog = run.catalog else { throw ExitStatus.noInput }
      switch format {
      case .text: out.write(AppOutput.text(catalog))
      case .json: out.writeLine(json: catalog.jsonValue)
      case .scenesFile:
        let routing = try report(to: err) { notes throws(ScenesInput.Failure) in
          try ScenesInput.choose(run, name: name, notes: &notes)
        }
        out.writeLine(json: routing.scenesFile)
      }
      if !run.missingPaths.isEmpty { throw ExitStatus.noInput }
    }
  }
}

/// `scenes --format`.
enum ScenesFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
  case scenesFile = "scenes-file"
}

struct ScenesSource: ParsableArguments {
  @Option(help: "The scenes file (JSON): the app's scene sessions and their activation conditions.")
  var scenes: String?

  @Option(
    help: ArgumentHelp(
      "Read the app's scenes from its source (as 'scenes --format scenes-file' does) instead of "
        + "a scenes file.", valueName: "PATH"))
  var app: String?

  @Option(
    help: ArgumentHelp(
      "With --app: the app to route, when the tree has several.", valueName: "name"))
  var name: String?

  func validate() throws {
    if let scenes, let app {
      throw ValidationError("give --scenes FILE or --app PATH, not both ('\(scenes)', '\(app)')")
    }
    if name != nil && app == nil { throw ValidationError("--name goes with --app") }
  }

  /// Fails when neither --scenes nor --app is given; when one of the command's `arguments` is a
  /// folder, says that --app reads the app in it (`table MyApp/`, the likeliest slip).
  func requireOne(arguments: [String]) throws {
    guard scenes == nil, app == nil else { return }
    if let folder = arguments.first(where: { System.folderEntries($0) != nil }) {
      throw ValidationError(
        "give --scenes FILE or --app PATH: '\(folder)' is a folder, and --app \(folder) reads "
          + "the app in it")
    }
    throw ValidationError("give --scenes FILE or --app PATH")
  }

  /// Reads the scenes, reporting notes, warnings and problems to `err`.
  func load(err: OutputStream) throws -> ScenesInput {
    try report(to: err) { notes throws(ScenesInput.Failure) in
      if let app { return try ScenesInput.app(app, name: name, notes: &notes) }
      return try ScenesInput.scenesFile(scenes ?? "-", read: IOFailure.input, notes: &notes)
    }
  }
}

/// The whole input `path` (`-` standard input); a file that cannot be opened is said on `err`
/// and ends the command with exit 65.
func input(_ path: String, err: OutputStream) throws -> [UInt8] {
  do {
    return try IOFailure.input(path)
  } catch {
    err.writeLine("error: \(error)")
    err.flush()
    throw ExitStatus.dataError
  }
}

/// Runs a load, printing the lines it noted and, when it failed, why; a failure ends the
/// command with exit 66 for a missing path, else 65.
func report<Value>(
  to err: OutputStream, _ load: (inout [String]) throws(ScenesInput.Failure) -> Value
) throws -> Value {
  var notes: [String] = []
  defer {
    for line in notes { err.writeLine(line) }
    err.flush()
  }
  do {
    return try load(&notes)
  } catch {
    notes += error.lines
    throw error.missingPath ? ExitStatus.noInput : ExitStatus.dataError
  }
}
