// swift-tools-version:6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory, and a clone can have any name: read it
// from where this manifest sits.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

// Benchmarks live in their own package so the root package stays lean. Run with Scripts/bench.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    // Resolves offline only with this trait named.
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "SceneActivationBenchmarks",
      dependencies: [
        .product(name: "SceneActivation", package: root),
        .product(name: "Benchmark", package: "benchmark"),
        "Floors",
      ],
      path: "Benchmarks/SceneActivationBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The floors in C: raw pcre2_jit_match_8 and byte compares, with no Swift in between.
    .target(
      name: "Floors", path: "Benchmarks/Floors", linkerSettings: [.linkedLibrary("pcre2-8")]),
  ]
)
