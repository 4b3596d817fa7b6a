import CommandLineOutput
import AppModel
import ArgumentParser
import ConditionLint
import PortableIO
import SceneActivation
import SceneJSON
import SceneRouting
import SourceReading

/// `scene-router table`: which scene each identifier opens, and what a reviewer should know.
struct TableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "table",
    abstract: "Print which scene each target content identifier opens, and why.",
    discussion: """
      Each identifier is routed as an event carrying it. For each: the scene it opens (or the \
      new scene's configuration, or none) and why, and which scenes prefer it or can take it. \
      Then the identifiers no scene handles, the scenes no identifier reaches, and the ties \
      (decisions won by order alone, which differ between launches on a device).

      --witnesses makes identifiers from the predicates themselves (the literal of ==, a prefix \
      plus a suffix for BEGINSWITH, SwiftUI's strings, …), so the table needs no input.

      Formats: 'text' (default), 'json' (one document: "scenes", one "rows" entry per \
      identifier with a cell per scene, "unhandled", "unreached", "ties"), 'html' (one \
      self-contained page: an identifier × scene grid).

      Exits 65 when the scenes file is invalid or an identifiers file has a bad line (the other \
      lines are still routed).

      Examples:
        scene-router table --app App/
        scene-router table --scenes scenes.json --witnesses
        scene-router table --scenes scenes.json chat/thread/42 chat/inbox
        scene-router table --scenes scenes.json --identifiers ids.txt --format html
      """)

  @OptionGroup var source: ScenesSource

  @Option(
    help: ArgumentHelp(
      "Read identifiers from FILE, one per line ('-' for standard input); blank lines are "
        + "skipped.", valueName: "FILE"))
  var identifiers: String?

  @Flag(help: "Add identifiers made from the predicates themselves.")
  var witnesses = false

  @Option(help: ArgumentHelp("Output: 'text', 'json' or 'html'.", valueName: "format"))
  var format: TableRendering.Format = .text

  @Option(help: ArgumentHelp("The role whose scenes compete.", valueName: "role"))
  var role: String = SceneSessionRole.windowApplication.rawValue

  @Argument(help: "Target content identifiers to route.")
  var identifierArguments: [String] = []

  func validate() throws {
    try source.requireOne(arguments: identifierArguments)
    if identifierArguments.isEmpty && identifiers == nil && !witnesses && source.app == nil {
      throw ValidationError("give IDENTIFIER arguments, --identifiers FILE, --witnesses or --app")
    }
  }

  func run() throws {
    try OutputStream.withStandardStreams { out, err in
      let loaded = try source.load(err: err)
      if let routing = loaded.routing, let catalog = loaded.run?.catalog {
        // An app's table: the identifiers it produces, each for every value of its run-time
        // parts, with the routing findings beside them.
        let producers = AppRouting.producers(
          catalog.producers, of: routing.app, among: catalog.apps)
        let table = AppTable(routing, catalog: catalog, findings: routing.findings(producers))
        switch format {
        case .text: out.write(table.text(path: loaded.path))
        case .json: out.writeLine(json: table.jsonValue)
        case .html: out.write(table.html(path: loaded.path))
        }
        return
      }
      guard let file = loaded.file else { throw ExitStatus.dataError }
      let scenes = loaded.path
      var failed = false
      var list = identifierArguments
      if let identifiers {
        let lines = LineInput.identifiers(try input(identifiers, err: err), path: identifiers)
        for problem in lines.problems { err.writeLine(problem) }
        failed = !lines.problems.isEmpty
        list += lines.identifiers
      }
      let router = file.router
      if witnesses { list += RoutingTable.witnesses(of: router) }
      // The table keeps the first of each identifier.
      let table = RoutingTable(
        router: router, identifiers: list,
        options: RoutingOptions(role: SceneSessionRole(rawValue: role)))
      out.write(
        TableRendering.render(table, format: format, file: file, path: scenes))
      if failed { throw ExitStatus.dataError }
    }
  }
}

extension TableRendering.Format: ExpressibleByArgument {}
