import ArgumentParser
import ConditionLint
import PortableIO
import SceneActivation
import SceneRouting

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
    let out = OutputStream.standardOutput
    let err = OutputStream.standardError
    defer {
      out.flush()
      err.flush()
    }
    let run = Linter.readApp(paths: paths.isEmpty ? ["."] : paths, excludes: exclude)
    for path in run.missingPaths { err.writeLine("error: \(path): no such file or folder") }
    guard let catalog = run.catalog else { throw ExitStatus.noInput }
    switch format {
    case .text: out.write(AppOutput.text(catalog))
    case .json: out.writeLine(json: catalog.jsonValue)
    case .scenesFile:
      let routing = try AppSelection.choose(run, name: name, err: err)
      out.writeLine(json: routing.scenesFile)
    }
    if !run.missingPaths.isEmpty { throw ExitStatus.noInput }
  }
}

/// `scenes --format`.
enum ScenesFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
  case scenesFile = "scenes-file"
}

/// The one app of a read that `--app` commands route: the one named, or the first.
enum AppSelection {
  /// The app `run` found (named `name`, or the first), its note printed; a problem is an error.
  static func choose(_ run: Linter.Run, name: String?, err: OutputStream) throws -> AppRouting {
    do {
      let (routing, note) = try run.app(named: name)
      if let note { err.writeLine("note: \(note)") }
      return routing
    } catch {
      if let note = error.note { err.writeLine("note: \(note)") }
      err.writeLine("error: \(error)")
      throw ExitStatus.dataError
    }
  }

  static func load(_ path: String, name: String?, err: OutputStream) throws -> (
    Linter.Run, AppRouting, ScenesFile
  ) {
    let run = Linter.readApp(paths: [path])
    if !run.missingPaths.isEmpty {
      err.writeLine("error: \(path): no such file or folder")
      throw ExitStatus.noInput
    }
    let routing = try choose(run, name: name, err: err)
    guard let file = routing.file else { throw ExitStatus.dataError }
    return (run, routing, file)
  }
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
    if (scenes == nil) == (app == nil) { throw ValidationError("give --scenes FILE or --app PATH") }
    if name != nil && app == nil { throw ValidationError("--name goes with --app") }
  }

  /// What was read: the scenes file, the name to show for it, and for an app its read.
  struct Loaded {
    var file: ScenesFile
    var path: String
    var run: Linter.Run?
    var routing: AppRouting?
  }

  /// Reads the scenes, reporting problems to `err`.
  func load(err: OutputStream) throws -> Loaded {
    if let app {
      let (run, routing, file) = try AppSelection.load(app, name: name, err: err)
      return Loaded(file: file, path: app, run: run, routing: routing)
    }
    let path = scenes ?? "-"
    let file: ScenesFile
    do {
      file = try ScenesFile(bytes: try IOFailure.input(path))
    } catch let error as ScenesFileError {
      for line in error.problemLines(path: path) { err.writeLine(line) }
      err.flush()
      throw ExitStatus.dataError
    } catch {
      err.writeLine("error: \(error)")
      err.flush()
      throw ExitStatus.dataError
    }
    for line in file.warningLines(path: path) { err.writeLine(line) }
    return Loaded(file: file, path: path)
  }
}
