// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets, one per layer. Build and run with Scripts/fuzz; the build needs
// `swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address`. Each target's
// entry point is an `@_cdecl("LLVMFuzzerTestOneInput")` function; libFuzzer supplies `main`.
let package = Package(
  name: "FuzzTesting",
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzParse",
      dependencies: [.product(name: "PredicateTestSupport", package: "main")]),
    .executableTarget(
      name: "FuzzEvaluate",
      dependencies: [.product(name: "PredicateTestSupport", package: "main")]),
    .executableTarget(
      name: "FuzzRoute",
      dependencies: [.product(name: "PredicateTestSupport", package: "main")]),
  ]
)
