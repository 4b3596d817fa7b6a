import Benchmark
import Floors
import Foundation
@_spi(Benchmarks) import PredicateEvaluation
import SceneActivation

// Names are "group/variant": Scripts/bench divides each variant's median by its group's baseline,
// both measured in this run. Bodies are plain functions (closures over globals defeat inlining).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, scalingFactor: .kilo,
    maxDuration: .seconds(2), maxIterations: 400)
  registerOperatorBenchmarks()
  registerRegexBenchmarks()
  registerParseBenchmarks()
  registerRouteBenchmarks()
}

// MARK: Operators

@inline(__always)
func evaluateLoop(_ benchmark: Benchmark, _ predicate: CompiledPredicate, _ identifiers: [String]) {
  var hits = 0
  let count = identifiers.count
  for index in benchmark.scaledIterations
  where (try? predicate.evaluate(with: identifiers[index % count])) == true {
    hits += 1
  }
  blackHole(hits)
}

@inline(__always)
func baselineLoop(_ benchmark: Benchmark, _ identifiers: [String], _ body: (String) -> Bool) {
  var hits = 0
  let count = identifiers.count
  for index in benchmark.scaledIterations where body(identifiers[index % count]) { hits += 1 }
  blackHole(hits)
}

func registerOperatorBenchmarks() {
  registerMatrixBenchmarks()
  let compound = try! CompiledPredicate(
    format:
      "(SELF BEGINSWITH 'com.example.chat/' AND NOT SELF ENDSWITH '.tmp') OR SELF IN {'doc-1', 'doc-2'} OR SELF LIKE 'https://*/thread/*'",
    profile: .extended
  )
  Benchmark("compound/compiled") { benchmark in
    evaluateLoop(benchmark, compound, BenchmarkData.shared.all)
  }
}

// MARK: MATCHES

func registerRegexBenchmarks() {
  let ascii = BenchmarkData.shared.ascii
  let pattern = "com[.]example[.]chat/thread/[0-9]+"
  let predicate = try! CompiledPredicate(format: "SELF MATCHES '\(pattern)'", profile: .extended)
  let (translated, _) = predicate.regexPatternForBenchmarks!
  let raw = RawRegex(translated, caseless: false)
  let direct: Floor = { raw.matches($0) }
  let nsRegex = try! NSRegularExpression(
    pattern: "^(?:\(pattern))$", options: [.dotMatchesLineSeparators])
  nonisolated(unsafe) let swiftRegex = try! Regex(pattern)
  let expected = ascii.map { (try? predicate.evaluate(with: $0)) == true }
  verify(expected.contains(true) && expected.contains(false), "MATCHES should hit and miss")
  verify(ascii.map { withBytes($0, direct) } == expected, "raw PCRE2 disagrees")
  verify(ascii.map { nsMatches(nsRegex, $0) } == expected, "NSRegularExpression disagrees")
  verify(
    ascii.map { (try? swiftRegex.wholeMatch(in: $0)) != nil } == expected, "Swift Regex disagrees")
  Benchmark("matches/compiled") { benchmark in evaluateLoop(benchmark, predicate, ascii) }
  // Hits only: past the literal-head check, every evaluation pays for the whole PCRE2 match.
  // The data holds few thread identifiers, so add generated ones of the same shape.
  let hits =
    ascii.filter { (try? predicate.evaluate(with: $0)) == true }
    + (0..<200).map { "com.example.chat/thread/\($0 * 37)" }
  verify(
    hits.allSatisfy { (try? predicate.evaluate(with: $0)) == true }
      && hits.allSatisfy { withBytes($0, direct) }, "MATCHES hits should all match")
  Benchmark("matches-hit/compiled") { benchmark in evaluateLoop(benchmark, predicate, hits) }
  Benchmark("matches-hit/pcre2-raw") { benchmark in
    baselineLoop(benchmark, hits) { withBytes($0, direct) }
  }
  Benchmark("matches/pcre2-raw") { benchmark in
    baselineLoop(benchmark, ascii) { withBytes($0, direct) }
  }
  Benchmark("matches/nsregularexpression", configuration: .init(scalingFactor: .one)) { benchmark in
    baselineLoop(benchmark, ascii) { nsMatches(nsRegex, $0) }
  }
  Benchmark("matches/swift-regex", configuration: .init(scalingFactor: .one)) { benchmark in
    baselineLoop(benchmark, ascii) { (try? swiftRegex.wholeMatch(in: $0)) != nil }
  }
}

func nsMatches(_ regex: NSRegularExpression, _ text: String) -> Bool {
  regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
}

// MARK: Parse + validate + compile

func registerParseBenchmarks() {
  let typical = [
    "SELF BEGINSWITH 'com.example.chat/thread/'",
    "SELF == 'com.example.chat/thread/42'",
    "SELF IN {'com.example.mail/inbox', 'com.example.mail/sent', 'com.example.mail/drafts'}",
    "SELF LIKE[c] 'com.example.notes/*'",
    "NOT (SELF BEGINSWITH 'com.example.settings') AND SELF ENDSWITH '/edit'",
  ]
  for format in typical {
    verify(
      (try? CompiledPredicate(format: format, profile: .extended)) != nil, "\(format) compiles")
  }
  Benchmark("parse/compile-typical", configuration: .init(scalingFactor: .one)) { benchmark in
    compileLoop(benchmark, typical)
  }
  Benchmark("parse/parse-only", configuration: .init(scalingFactor: .one)) { benchmark in
    parseLoop(benchmark, typical)
  }
  let regex = ["SELF MATCHES 'com[.]example[.]chat/thread/[0-9]+'"]
  Benchmark("parse/compile-matches", configuration: .init(scalingFactor: .one)) { benchmark in
    compileLoop(benchmark, regex)
  }
}

func compileLoop(_ benchmark: Benchmark, _ formats: [String]) {
  for index in benchmark.scaledIterations {
    blackHole(try? CompiledPredicate(format: formats[index % formats.count], profile: .extended))
  }
}

func parseLoop(_ benchmark: Benchmark, _ formats: [String]) {
  for index in benchmark.scaledIterations {
    blackHole(PredicateParser.parse(formats[index % formats.count]).predicate)
  }
}

// MARK: Routing

/// `count` sessions with realistic conditions: per-thread conversation windows (== and
/// BEGINSWITH), mailboxes (IN lists), photo viewers (LIKE) and documents (MATCHES).
func makeSessions(_ count: Int) -> [SceneSession] {
  (0..<count).map { index in
    let can: String
    let prefers: String
    switch index % 10 {
    case 0...3:
      can = "SELF BEGINSWITH 'com.example.chat/'"
      prefers = "SELF == 'com.example.chat/thread/\(index)'"
    case 4, 5:
      can = "SELF BEGINSWITH 'com.example.mail/'"
      prefers =
        "SELF IN {'com.example.mail/mailbox/\(index)', 'com.example.mail/mailbox/\(index + 1)'}"
    case 6, 7:
      can = "FALSEPREDICATE"
      prefers = "SELF BEGINSWITH 'com.example.notes/\(index)/'"
    case 8:
      can = "SELF LIKE 'https://*/photo/*'"
      prefers = "SELF LIKE 'https://app.example.com/photo/\(index)'"
    default:
      can = "FALSEPREDICATE"
      prefers = "SELF MATCHES 'doc-\(index)(#.*)?'"
    }
    return SceneSession(
      persistentIdentifier: "scene-\(index)",
      lastActiveAt: Date(timeIntervalSince1970: 1_800_000_000 - Double(index)),
      isVisible: index % 7 == 0,
      activationConditions: try! ActivationConditions(
        canActivateForTargetContentIdentifierPredicate: can,
        prefersToActivateForTargetContentIdentifierPredicate: prefers, profile: .extended))
  }
}

func makeEvents() -> [SceneEvent] {
  BenchmarkData.shared.all.prefix(2_000).map {
    SceneEvent(.notification(PushNotification(targetContentIdentifier: $0)))
  }
}

func registerRouteBenchmarks() {
  let events = makeEvents()
  for count in [10, 30, 100, 1_000, 10_000] {
    let sessions = makeSessions(count)
    let router = ActivationRouter(sessions: sessions, indexing: .never)
    let indexed = ActivationRouter(sessions: sessions, indexing: .always)
    for event in events.prefix(500) {
      let expected = router.route(event)
      let actual = indexed.route(event, explanation: .none)
      verify(
        expected.outcome == actual.outcome && expected.reason == actual.reason,
        "indexed router disagrees")
    }
    let scaling: BenchmarkScalingFactor = count <= 100 ? .kilo : .one
    Benchmark("route/\(count)", configuration: .init(scalingFactor: scaling)) { benchmark in
      routeLoop(benchmark, router, events)
    }
    Benchmark("route-decision-only/\(count)", configuration: .init(scalingFactor: scaling)) {
      benchmark in
      decisionLoop(benchmark, router, events)
    }
    Benchmark("route-indexed/\(count)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      indexedLoop(benchmark, indexed, events)
    }
  }
}

/// The full decision with every session's explanation.
func routeLoop(_ benchmark: Benchmark, _ router: ActivationRouter, _ events: [SceneEvent]) {
  for index in benchmark.scaledIterations {
    blackHole(router.route(events[index % events.count]))
  }
}

/// Outcome, reason and warnings only: what a push backend needs per event.
func decisionLoop(_ benchmark: Benchmark, _ router: ActivationRouter, _ events: [SceneEvent]) {
  for index in benchmark.scaledIterations {
    blackHole(router.route(events[index % events.count], explanation: .none))
  }
}

/// The same decision through the index (`route-decision-only` is its scan twin, so the two rows
/// show where ActivationRouter.indexThreshold should sit).
func indexedLoop(_ benchmark: Benchmark, _ router: ActivationRouter, _ events: [SceneEvent]) {
  for index in benchmark.scaledIterations {
    blackHole(router.route(events[index % events.count], explanation: .none))
  }
}
