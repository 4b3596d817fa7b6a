import Foundation
import PackagePlugin

/// Lints the activation conditions of a target's Swift and Objective-C sources on every build.
///
/// Findings are printed as `path:line:column: error|warning: message [id]`, the form `swift build`
/// passes through and Xcode's issue navigator shows at the source line; an error (a predicate
/// UIKit raises on, a crash at launch) fails the build. Options come from the
/// `.scene-router.yml` nearest the sources, since a build-tool plugin takes no flags.
///
/// The command declares the target's sources and the configuration files that apply as its
/// inputs, so the build system runs it again when one of them changes. It declares no output: an
/// output file would be copied into the target as a resource (a resource bundle the app never
/// asked for), and the lint writes nothing.
@main
struct LintActivationConditionsBuildTool: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let sources = module.sourceFiles.map(\.url).filter(Self.isLinted)
    // A package target's sources all lie in its folder: name the folder, so a target of
    // thousands of files does not overflow the command line (ARG_MAX).
    return try Self.commands(
      name: target.name, sources: sources, paths: [module.directoryURL.path],
      tool: context.tool(named: "scene-router").url)
  }

  /// The file extensions `scene-router lint` reads.
  static func isLinted(_ url: URL) -> Bool {
    ["swift", "m", "mm", "h", "c", "cc", "cpp", "cxx", "hh", "hpp", "hxx"]
      .contains(url.pathExtension)
  }

  /// One build command that lints `paths` (the folder holding `sources`, or the files
  /// themselves), run again when one of `sources` changes; none when there is nothing to lint.
  static func commands(name: String, sources: [URL], paths: [String], tool: URL) -> [Command] {
    guard !sources.isEmpty else { return [] }
    // Every configuration file that can apply to a source (at or above its folder, up to the
    // repository's root), so that editing one lints again.
    var inputs = sources
    var visited: Set<String> = []
    for source in sources {
      var folder = source.deletingLastPathComponent()
      while visited.insert(folder.path).inserted {
        let candidate = folder.appendingPathComponent(".scene-router.yml")
        if FileManager.default.fileExists(atPath: candidate.path) { inputs.append(candidate) }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path
          || FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
        {
          break
        }
        folder = parent
      }
    }
    return [
      .buildCommand(
        displayName: "Linting the activation conditions of \(name)",
        executable: tool,
        arguments: ["lint", "--format", "xcode"] + paths,
        inputFiles: inputs,
        outputFiles: [])
    ]
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension LintActivationConditionsBuildTool: XcodeBuildToolPlugin {
    /// The same command for a target of an Xcode project.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      // An Xcode target's files may lie anywhere in the project: they are named one by one.
      let sources = target.inputFiles.map(\.url).filter(Self.isLinted)
      return try Self.commands(
        name: target.displayName, sources: sources, paths: sources.map(\.path),
        tool: context.tool(named: "scene-router").url)
    }
  }
#endif
