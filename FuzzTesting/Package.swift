// swift-tools-version:6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory, and a clone can have any name (CI's is not
// always `main`): read it from where this manifest sits.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

// The root package offers PredicateTestSupport as a product only when
// SCENE_ACTIVATION_FUZZ_TESTING is set (Scripts/fuzz sets it), so users never see it.
// libFuzzer targets, one per layer. Build and run with Scripts/fuzz; the build needs
// `swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address`. Each target's
// entry point is an `@_cdecl("LLVMFuzzerTestOneInput")` function; libFuzzer supplies `main`.
let package = Package(
  name: "FuzzTesting",
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzParse",
      dependencies: [.product(name: "PredicateTestSupport", package: root)]),
    .executableTarget(
      name: "FuzzEvaluate",
      dependencies: [.product(name: "PredicateTestSupport", package: root)]),
    .executableTarget(
      name: "FuzzRoute",
      dependencies: [.product(name: "PredicateTestSupport", package: root)]),
    .executableTarget(
      name: "FuzzICU",
      dependencies: [.product(name: "PredicateTestSupport", package: root)]),
    .executableTarget(
      name: "FuzzLint",
      dependencies: [
        .product(name: "PredicateTestSupport", package: root),
        .product(name: "LintTestSupport", package: root),
      ]),
    .executableTarget(
      name: "FuzzApp",
      dependencies: [
        .product(name: "PredicateTestSupport", package: root),
        .product(name: "LintTestSupport", package: root),
      ]),
  ]
)
