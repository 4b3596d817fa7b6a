// swift-tools-version:6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory, and a clone can have any name (CI's is not
// always `main`): read it from where this manifest sits.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

// The root package offers PredicateTestSupport as a product only when
// SCENE_ACTIVATION_FUZZ_TESTING is set (Scripts/fuzz sets it), so users never see it.
// libFuzzer targets, one per layer. Build and run with Scripts/fuzz (`swift build -c release`
// with that variable set). Each target's `@_cdecl("LLVMFuzzerTestOneInput")` function is what is
// fuzzed; its top-level code runs libFuzzer's driver on it. The flags below instrument these
// targets and the root package's (its manifest adds them there), not swift-syntax or the other
// dependencies.
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
      dependencies: [
        .product(name: "PredicateTestSupport", package: root),
        .product(name: "RoutingTestSupport", package: root),
      ]),
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

let sanitizers = ["-sanitize=fuzzer,address"]
for target in package.targets {
  target.dependencies.append("FuzzDriver")
  target.swiftSettings = [.unsafeFlags(sanitizers)]
  target.linkerSettings = [.unsafeFlags(sanitizers)]
}
package.targets += [
  // libFuzzer's driver, called from each executable's entry point (FuzzDriver.swift says why);
  // it is not fuzzed, so it needs no instrumentation.
  .target(name: "CLibFuzzer"),
  .target(name: "FuzzDriver", dependencies: ["CLibFuzzer"]),
]
