// swift-tools-version:6.1
import PackageDescription

// An adopter's package that uses the prebuilt scene-router from Scripts/release's artifact
// bundle instead of compiling it (and swift-syntax) in its own build: a binary target, and a
// build-tool plugin that runs it. Scripts/test-packages copies the bundle in
// as scene-router.artifactbundle (git ignores it) and builds this package.
let package = Package(
  name: "ArtifactBundleUser",
  platforms: [.macOS(.v15)],
  targets: [
    .binaryTarget(name: "scene-router", path: "scene-router.artifactbundle"),
    .plugin(
      name: "LintWithPrebuiltBinary", capability: .buildTool(), dependencies: ["scene-router"]),
    .target(name: "Scenes", plugins: ["LintWithPrebuiltBinary"]),
  ]
)
