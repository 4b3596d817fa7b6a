// swift-tools-version:6.1
import PackageDescription

// An adopter's package: its target uses SceneActivation's build-tool plugin, so every build lints
// the target's activation conditions. Scripts/test-packages builds it and looks for the finding
// at the line marked in Sources/Scenes/SceneConditions.swift.
let package = Package(
  name: "BuildToolPluginUser",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "SceneActivation", path: "../../..")],
  targets: [
    .target(
      name: "Scenes",
      plugins: [.plugin(name: "LintActivationConditionsBuildTool", package: "SceneActivation")])
  ]
)
