import Foundation
import PackagePlugin

/// Runs the prebuilt `scene-router lint` over the target's sources whenever one changes: a build
/// command whose tool is the artifact bundle's binary, with the sources as inputs and no output
/// (an output file would become a resource of the target). A prebuild command would run it too,
/// but SwiftPM shows a prebuild command's output only when it fails, so warnings would be lost.
@main
struct LintWithPrebuiltBinary: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let sources = module.sourceFiles.map(\.url).filter { $0.pathExtension == "swift" }
    return [
      .buildCommand(
        displayName: "scene-router lint (prebuilt) for \(target.name)",
        executable: try context.tool(named: "scene-router").url,
        arguments: ["lint", "--format", "xcode"] + sources.map(\.path),
        inputFiles: sources,
        outputFiles: [])
    ]
  }
}
