// swift-tools-version:6.1
import Foundation
import PackageDescription

// Test support (reference evaluator, generators, fuzz invariants) is a product only for the nested
// FuzzTesting/ package, whose manifest sets this variable; a package that depends on this one
// sees the library and the CLI, nothing else.
let fuzzing = ProcessInfo.processInfo.environment["SCENE_ACTIVATION_FUZZ_TESTING"] != nil
let testSupportProducts: [Product] =
  !fuzzing
  ? []
  : [
    .library(name: "PredicateTestSupport", targets: ["PredicateTestSupport"]),
    .library(name: "RoutingTestSupport", targets: ["RoutingTestSupport"]),
    .library(name: "LintTestSupport", targets: ["LintTestSupport"]),
  ]

// Text → tokens → AST → validated → compiled matcher → router → CLI: the targets below follow that
// flow. Only `PCRE2Regex` imports the C module, so no C type leaks into the public API.
let package = Package(
  name: "SceneActivation",
  // The floor on Apple platforms: the releases that ship Swift's string processing
  // (`ranges(of:)`, `contains(_:)` on any collection), which the app model's readers call. The
  // library's own code needs less; nothing newer is imported (Scripts/check-portability guards
  // it: the registry's lock is an NSLock, not Synchronization's Mutex of macOS 15 and iOS 18).
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "SceneActivation", targets: ["SceneActivation"]),
    .executable(name: "scene-router", targets: ["scene-router"]),
    .plugin(name: "LintActivationConditions", targets: ["LintActivationConditions"]),
    .plugin(
      name: "LintActivationConditionsBuildTool", targets: ["LintActivationConditionsBuildTool"]),
  ] + testSupportProducts,
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Only SourceReading, AppModel and ConditionLint (and so the CLI) depend on it: the library
    // product stays lean. A range,
    // not one version, so that an app whose macros pin another 60x release can still add this
    // package; 600.0.1, 602.0.0 and 603.0.1 are built and tested (Scripts/test-swift-syntax).
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    // `.scene-router.yml`: read by ConditionLint (so the CLI and the plugins), never by the
    // library. 5.x and 6.x both build, so an app that has either through SwiftLint can add this.
    .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
    // `swift package generate-documentation`: a command plugin, never linked into a product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    ),
    .target(name: "PCRE2Regex", dependencies: ["CPCRE2"]),
    .target(name: "PredicateSyntax"),
    .target(name: "PredicateEvaluation", dependencies: ["PredicateSyntax", "PCRE2Regex"]),
    // JSON values, reading and writing, in one place: strict RFC 8259 with positions, the one
    // string escaper, and Codable bridges (no dependencies).
    .target(name: "SceneJSON"),
    // The command line's portable I/O: whole files, lines, buffered output, the exit on an I/O
    // failure. Its one file that imports the C library (Darwin, Glibc or Musl) holds every
    // platform call; the walk of the lint reads files through it too.
    .target(name: "PortableIO"),
    // The router sees predicates only through the evaluation layer's API (compiled predicates,
    // their MatchRequirement and witnesses, diagnostics, and FormatPredicate's constructors for
    // the SwiftUI sets it translates): it never reads a syntax tree. Decisions' JSON shapes live
    // here with their byte writer (ByteBuffer, JSONSink), which inlines only within its module.
    .target(name: "SceneRouting", dependencies: ["PredicateEvaluation", "SceneJSON"]),
    // What the command line and the plugins write, and the library product does not contain:
    // the routing table rendered as text and HTML, the batch protocols of `check`, `evaluate` and
    // `route --jsonl`, the scenes-file report, the one JSON shape of a diagnostic.
    .target(
      name: "CommandLineOutput",
      dependencies: ["SceneRouting", "PredicateEvaluation", "PredicateSyntax", "SceneJSON"]
    ),
    .target(
      name: "SceneActivation",
      dependencies: [
        "PredicateSyntax", "PredicateEvaluation", "SceneJSON", "SceneRouting", "PCRE2Regex",
      ]
    ),
    // Reading Swift, SwiftUI and Objective-C sources: the one Swift reader (swift-syntax), the
    // one Objective-C tokenizer, the module's index of constants, values and templates, the
    // activation conditions found in a file and their checks, `#if` platforms, property lists.
    // With the two below, the only targets that depend on swift-syntax.
    .target(
      name: "SourceReading",
      dependencies: [
        "PredicateEvaluation", "PredicateSyntax", "SceneJSON", "SceneRouting", "CommandLineOutput",
        "PortableIO",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    // The app model, between the router and the lint: an app's scenes, configurations and
    // producers read from its sources (through SourceReading), handed to the router as values,
    // and routed in three answers into findings and the routing table.
    .target(
      name: "AppModel",
      dependencies: [
        "SourceReading", "SceneRouting", "CommandLineOutput", "PredicateEvaluation",
        "PredicateSyntax", "SceneJSON", "PortableIO",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    // The lint: the walk over files, configuration, baseline, fixes and reporters; it reports
    // the app model's findings beside the conditions'.
    .target(
      name: "ConditionLint",
      dependencies: [
        "AppModel", "SourceReading", "SceneRouting", "PredicateEvaluation", "PredicateSyntax",
        "SceneJSON", "PortableIO",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .executableTarget(
      name: "scene-router",
      dependencies: [
        "SceneActivation", "SceneJSON", "SceneRouting", "CommandLineOutput", "AppModel",
        "ConditionLint", "SourceReading", "PortableIO",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `swift package lint-activation-conditions`: scene-router lint over a package's targets.
    .plugin(
      name: "LintActivationConditions",
      capability: .command(
        intent: .custom(
          verb: "lint-activation-conditions",
          description: "Check the activation conditions in the package's Swift and ObjC sources")),
      dependencies: ["scene-router"]
    ),
    // The same lint on every build of a target that uses it; findings at their lines in Xcode.
    .plugin(
      name: "LintActivationConditionsBuildTool", capability: .buildTool(),
      dependencies: ["scene-router"]),
    // Test support shared by the unit tests and the fuzzers: the reference evaluator and seeded
    // generators. It is a library target so `FuzzTesting/` can depend on it too.
    .target(
      name: "PredicateTestSupport",
      dependencies: ["PredicateSyntax", "PredicateEvaluation"],
      path: "Tests/PredicateTestSupport"
    ),
    // The routing fuzzer's invariants, apart so that the predicate fuzzers do not link the router.
    .target(
      name: "RoutingTestSupport",
      dependencies: ["PredicateTestSupport", "PredicateEvaluation", "SceneJSON", "SceneRouting"],
      path: "Tests/RoutingTestSupport"),
    // The lint fuzzer's invariants, apart so that the other fuzzers do not link swift-syntax.
    .target(
      name: "LintTestSupport",
      dependencies: [
        "AppModel", "ConditionLint", "SourceReading", "PredicateEvaluation", "SceneJSON",
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      path: "Tests/LintTestSupport"),
    .testTarget(name: "PCRE2RegexTests", dependencies: ["PCRE2Regex"]),
    .testTarget(name: "PortableIOTests", dependencies: ["PortableIO"]),
    .testTarget(
      name: "FuzzReplayTests",
      dependencies: [
        "PredicateTestSupport", "RoutingTestSupport", "LintTestSupport", "SceneJSON",
        "SceneRouting",
      ]),
    .testTarget(
      name: "PredicateSyntaxTests", dependencies: ["PredicateSyntax", "PredicateTestSupport"]),
    .testTarget(
      name: "PredicateEvaluationTests",
      dependencies: ["PredicateEvaluation", "PredicateSyntax", "PredicateTestSupport"],
      // ICUPropertyDataTests reads Unicode properties from the ICU inside Foundation.
      linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "SceneRoutingTests",
      dependencies: [
        "SceneRouting", "CommandLineOutput", "SceneJSON", "PredicateEvaluation",
        "PredicateTestSupport", "RoutingTestSupport",
      ]
    ),
    .testTarget(
      name: "ConditionLintTests",
      dependencies: [
        "AppModel", "ConditionLint", "SourceReading", "PredicateEvaluation", "PredicateTestSupport",
        "SceneJSON", "LintTestSupport",
      ]
    ),
    // End-to-end tests run the built binary; depending on the executable makes SwiftPM build it.
    .testTarget(
      name: "SceneRouterCLITests",
      dependencies: [
        "scene-router", "PredicateTestSupport", "SceneJSON", "SceneRouting", "PredicateEvaluation",
      ]),
  ]
)

// The fuzzers' build instruments this package's code, and only it, for coverage and
// AddressSanitizer (the fuzz executables link libFuzzer: FuzzTesting/Package.swift). swift-syntax
// instrumented too spent most of FuzzApp's and FuzzLint's time tracing the lexer's comparisons
// and keeping libFuzzer's tables of its edges, which are not ours to cover.
if fuzzing {
  for target in package.targets where target.type == .regular {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address"])]
  }
}
