import Foundation
import PackagePlugin

/// `swift package lint-activation-conditions [--target NAME…] [lint options…]`: runs
/// `scene-router lint` over the source folders of the package's targets (all of them unless
/// `--target` names some), passing every other argument through (`--format github`,
/// `--profile extended`, `--strict`, `--fix`, …).
@main
struct LintActivationConditions: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let named = Set(extractor.extractOption(named: "target"))
    let passThrough = extractor.remainingArguments
    let folders = context.package.targets.compactMap { target -> String? in
      guard let module = target as? SourceModuleTarget,
        named.isEmpty || named.contains(target.name)
      else { return nil }
      return module.directoryURL.path
    }
    guard !folders.isEmpty else {
      Diagnostics.error("no source targets to lint")
      return
    }
    let tool = try context.tool(named: "scene-router")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["lint"] + passThrough + folders
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error(
        "activation conditions: scene-router lint exited \(process.terminationStatus)")
    }
  }
}
