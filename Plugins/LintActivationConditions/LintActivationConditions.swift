import Foundation
import PackagePlugin

/// `swift package lint-activation-conditions [--target NAME…] [lint options…]`: runs
/// `scene-router lint` over the source folders of the package's targets (all of them unless
/// `--target` names some), passing every other argument through (`--format github`,
/// `--profile extended`, `--strict`, `--fix`, `--baseline FILE`, …). In Xcode, the same command
/// runs over the project's targets' Swift and Objective-C files.
@main
struct LintActivationConditions: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let named = Set(extractor.extractOption(named: "target"))
    let folders = context.package.targets.compactMap { target -> String? in
      guard let module = target as? SourceModuleTarget,
        named.isEmpty || named.contains(target.name)
      else { return nil }
      return module.directoryURL.path
    }
    try Self.lint(
      folders, arguments: extractor.remainingArguments,
      tool: context.tool(named: "scene-router").url)
  }

  /// Runs `scene-router lint` with `arguments` over `paths`; a failing run is reported as the
  /// plugin's error.
  static func lint(_ paths: [String], arguments: [String], tool: URL) throws {
    guard !paths.isEmpty else {
      Diagnostics.error("no source targets to lint")
      return
    }
    let process = Process()
    process.executableURL = tool
    process.arguments = ["lint"] + arguments + paths
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error(
        "activation conditions: scene-router lint exited \(process.terminationStatus)")
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension LintActivationConditions: XcodeCommandPlugin {
    /// The same run over an Xcode project's targets (those `--target` names, or all): their
    /// Swift and Objective-C input files.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let named = Set(extractor.extractOption(named: "target"))
      let files = context.xcodeProject.targets
        .filter { named.isEmpty || named.contains($0.displayName) }
        .flatMap { $0.inputFiles.map(\.url) }
        .filter {
          ["swift", "m", "mm", "h", "c", "cc", "cpp", "cxx", "hh", "hpp", "hxx"]
            .contains($0.pathExtension)
        }
        .map(\.path)
      try Self.lint(
        files, arguments: extractor.remainingArguments,
        tool: context.tool(named: "scene-router").url)
    }
  }
#endif
