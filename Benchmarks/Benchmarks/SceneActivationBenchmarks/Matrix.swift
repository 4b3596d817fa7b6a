import Benchmark
import Floors
@_spi(Benchmarks) import PredicateEvaluation
import SceneActivation

// The operator matrix (issue 18): every operator × options {none, c, d, cd} × {ASCII, non-ASCII}
// identifiers, each ASCII cell beside its floor in C measured in the same run. Names are
// "matrix/<operator>/<options>/<ascii|floor|non-ascii>"; Scripts/bench prints the table, the
// ratios and the worst cells. No cell can be left out: Scripts/bench fails when one is missing.

/// One column of the matrix: an option set, how it spells a literal, what its floor folds.
struct MatrixOptions: Sendable {
  let name: String
  let suffix: String
  let caseless: Bool
  let diacritics: Bool

  static let all = [
    MatrixOptions(name: "none", suffix: "", caseless: false, diacritics: false),
    MatrixOptions(name: "c", suffix: "[c]", caseless: true, diacritics: false),
    MatrixOptions(name: "d", suffix: "[d]", caseless: false, diacritics: true),
    MatrixOptions(name: "cd", suffix: "[cd]", caseless: true, diacritics: true),
  ]

  /// `plain` (lowercase ASCII) as this column writes it in a predicate: uppercase when the
  /// option folds case, with its first `e`, `o` or `a` accented when it folds diacritics — so the
  /// folding is real work at compile time, and the floor compares with `plain`.
  func spell(_ plain: String, accent: Bool = true) -> String {
    var text = caseless ? plain.uppercased() : plain
    guard diacritics, accent else { return text }
    for (base, accented) in [("e", "é"), ("o", "ó"), ("a", "á")] {
      let letter = caseless ? base.uppercased() : base
      if let range = text.range(of: letter) {
        text.replaceSubrange(range, with: caseless ? accented.uppercased() : accented)
        break
      }
    }
    return text
  }
}

/// A floor: the answer for one identifier's UTF-8 bytes.
typealias Floor = @Sendable (UnsafeBufferPointer<UInt8>) -> Bool

/// One cell's predicate and its floor.
struct MatrixCell {
  let format: String
  let floor: Floor
}

/// One row of the matrix: the predicate a column evaluates and the floor it is measured against.
struct MatrixOperator: Sendable {
  let name: String
  let cell: @Sendable (MatrixOptions) -> MatrixCell
}

/// Calls `body` with `text`'s bytes read in place, as the compiled predicate reads them.
@inline(__always)
func withBytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
  if let answer = text.utf8.withContiguousStorageIfAvailable(body) { return answer }
  var copy = text
  return copy.withUTF8(body)
}

/// A literal's bytes, kept for the lifetime of the process (floors read them from C).
struct Literal: @unchecked Sendable {
  let baseAddress: UnsafePointer<UInt8>
  let count: Int
}

func bytes(_ text: String) -> Literal {
  let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
  _ = storage.initialize(from: text.utf8)
  return Literal(baseAddress: UnsafePointer(storage.baseAddress!), count: text.utf8.count)
}

func ordering(_ text: UnsafeBufferPointer<UInt8>, _ literal: Literal, _ caseless: Bool) -> Int32 {
  floor_compare(
    text.baseAddress, text.count, literal.baseAddress, literal.count, caseless ? 1 : 0)
}

/// The floor of a search operator: prefix, suffix or `memmem`.
func searchFloor(_ kind: String, _ plain: String, _ caseless: Bool) -> Floor {
  let needle = bytes(plain)
  let flag: Int32 = caseless ? 1 : 0
  switch kind {
  case "prefix":
    return {
      floor_has_prefix($0.baseAddress, $0.count, needle.baseAddress, needle.count, flag) != 0
    }
  case "suffix":
    return {
      floor_has_suffix($0.baseAddress, $0.count, needle.baseAddress, needle.count, flag) != 0
    }
  default:
    return { floor_contains($0.baseAddress, $0.count, needle.baseAddress, needle.count, flag) != 0 }
  }
}

let matrixMembers =
  (0..<16).map { "com.example.mail/mailbox/\($0 * 7)" } + ["doc-42", "com.example.chat/thread/42"]

func makeMatrixOperators() -> [MatrixOperator] {
  var rows: [MatrixOperator] = []
  rows.append(
    MatrixOperator(name: "eq") { (options: MatrixOptions) -> MatrixCell in
      let literal = bytes("com.example.chat/thread/42")
      let flag: Int32 = options.caseless ? 1 : 0
      return MatrixCell(
        format: "SELF ==\(options.suffix) '\(options.spell("com.example.chat/thread/42"))'",
        floor: {
          floor_equal($0.baseAddress, $0.count, literal.baseAddress, literal.count, flag) != 0
        }
      )
    })
  rows.append(
    MatrixOperator(name: "ne") { (options: MatrixOptions) -> MatrixCell in
      let literal = bytes("com.example.chat/thread/42")
      let flag: Int32 = options.caseless ? 1 : 0
      return MatrixCell(
        format: "SELF !=\(options.suffix) '\(options.spell("com.example.chat/thread/42"))'",
        floor: {
          floor_equal($0.baseAddress, $0.count, literal.baseAddress, literal.count, flag) == 0
        }
      )
    })
  rows.append(
    MatrixOperator(name: "lt") { (options: MatrixOptions) -> MatrixCell in
      let literal = bytes("com.example.m")
      return MatrixCell(
        format: "SELF <\(options.suffix) '\(options.spell("com.example.m"))'",
        floor: { ordering($0, literal, options.caseless) < 0 }
      )
    })
  rows.append(
    MatrixOperator(name: "between") { (options: MatrixOptions) -> MatrixCell in
      let low = bytes("com.example.chat/")
      let high = bytes("com.example.mail/")
      return MatrixCell(
        format: "SELF BETWEEN\(options.suffix) {'\(options.spell("com.example.chat/"))', "
          + "'\(options.spell("com.example.mail/"))'}",
        floor: {
          ordering($0, low, options.caseless) >= 0 && ordering($0, high, options.caseless) <= 0
        }
      )
    })
  rows.append(
    MatrixOperator(name: "beginswith") { (options: MatrixOptions) -> MatrixCell in
      MatrixCell(
        format: "SELF BEGINSWITH\(options.suffix) '\(options.spell("com.example.chat/"))'",
        floor: searchFloor("prefix", "com.example.chat/", options.caseless)
      )
    })
  rows.append(
    MatrixOperator(name: "endswith") { (options: MatrixOptions) -> MatrixCell in
      MatrixCell(
        format: "SELF ENDSWITH\(options.suffix) '\(options.spell("/thread/42"))'",
        floor: searchFloor("suffix", "/thread/42", options.caseless)
      )
    })
  rows.append(
    MatrixOperator(name: "contains") { (options: MatrixOptions) -> MatrixCell in
      MatrixCell(
        format: "SELF CONTAINS\(options.suffix) '\(options.spell("thread"))'",
        floor: searchFloor("contains", "thread", options.caseless)
      )
    })
  rows.append(
    MatrixOperator(name: "like-prefix") { (options: MatrixOptions) -> MatrixCell in
      MatrixCell(
        format: "SELF LIKE\(options.suffix) '\(options.spell("com.example.chat/"))*'",
        floor: searchFloor("prefix", "com.example.chat/", options.caseless)
      )
    })
  rows.append(
    MatrixOperator(name: "like-infix") { (options: MatrixOptions) -> MatrixCell in
      MatrixCell(
        format: "SELF LIKE\(options.suffix) '*\(options.spell("thread"))*'",
        floor: searchFloor("contains", "thread", options.caseless)
      )
    })
  rows.append(MatrixOperator(name: "in", cell: membershipCell))
  // MATCHES: a literal head, a pattern of classes alone, and one that starts with `.*`.
  rows.append(regexOperator("matches-doc", "doc-[0-9]+"))
  rows.append(
    regexOperator(
      "matches-uuid", "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
      accent: false))
  rows.append(regexOperator("matches-dotstar", ".*thread.*"))
  return rows
}

/// The `IN` row. Options have no effect on membership (it is exact, as Apple's `containsObject:`
/// is; the compiler warns), so every column lists the same members and its floor is an exact hash
/// lookup of the identifier's bytes: the cell shows that an ignored option costs nothing.
@Sendable func membershipCell(_ options: MatrixOptions) -> MatrixCell {
  let set = ByteSet(matrixMembers)
  let members = matrixMembers.map { "'\($0)'" }.joined(separator: ", ")
  return MatrixCell(
    format: "SELF IN\(options.suffix) {\(members)}", floor: { set.contains($0) })
}

/// A MATCHES row: the floor compiles the very pattern the predicate runs, with raw PCRE2 calls.
func regexOperator(_ name: String, _ pattern: String, accent: Bool = true) -> MatrixOperator {
  MatrixOperator(name: name) { (options: MatrixOptions) -> MatrixCell in
    let format = "SELF MATCHES\(options.suffix) '\(options.spell(pattern, accent: accent))'"
    let compiled = try! CompiledPredicate(format: format, profile: .extended)
    let (translated, caseless) = compiled.regexPatternForBenchmarks!
    let regex = RawRegex(translated, caseless: caseless)
    return MatrixCell(format: format, floor: { regex.matches($0) })
  }
}

/// A pattern compiled by the C floor: raw `pcre2_compile_8`, `pcre2_jit_compile_8` and
/// `pcre2_jit_match_8`, nothing else.
struct RawRegex: @unchecked Sendable {
  let handle: UnsafeMutableRawPointer

  init(_ pattern: String, caseless: Bool) {
    var pattern = pattern
    handle = pattern.withUTF8 { floor_regex_compile($0.baseAddress, $0.count, caseless ? 1 : 0) }!
  }

  @inline(__always)
  func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
    floor_regex_match(handle, subject.baseAddress, subject.count) == 1
  }
}

/// Identifiers every cell both hits and misses with, added to the shared data.
let matrixASCIIHits =
  [
    "com.example.chat/thread/42", "COM.Example.Chat/Thread/42", "doc-42", "DOC-7",
    "A8B0EF9F-C8D5-4EB5-8235-466EB88DFA4F",
  ] + matrixMembers
let matrixNonASCIIHits = [
  "com.example.chat/thread/école", "COM.EXAMPLE.CHAT/ÉCOLE/thread/42", "ÉCOLE/THREAD/42",
  "com.example.chat/thréad/42", "thread/Kelvin/42", "doc-４２", "docé-1",
]

/// Evaluations per timed step of a matrix cell: the benchmark reports whole nanoseconds per
/// step, and a floor takes 15–30 ns, so a step of one evaluation would round away a third of the
/// difference being measured. Scripts/bench divides by this.
let matrixBatch = 16

/// Runs `body` on `matrixBatch` identifiers per scaled iteration, in order, wrapping around.
@inline(__always)
func matrixLoop(_ benchmark: Benchmark, _ identifiers: [String], _ body: (String) -> Bool) {
  var hits = 0
  let count = identifiers.count
  var position = 0
  for _ in benchmark.scaledIterations {
    for _ in 0..<matrixBatch {
      if body(identifiers[position]) { hits += 1 }
      position += 1
      if position == count { position = 0 }
    }
  }
  blackHole(hits)
}

func registerMatrixBenchmarks() {
  let data = BenchmarkData.shared
  let ascii = data.ascii + matrixASCIIHits
  let nonASCII = data.nonASCII + matrixNonASCIIHits
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2, scalingFactor: .kilo,
    maxDuration: .seconds(1), maxIterations: 100)
  for row in makeMatrixOperators() {
    for options in MatrixOptions.all {
      let cell = row.cell(options)
      let (format, floor) = (cell.format, cell.floor)
      let predicate = try! CompiledPredicate(format: format, profile: .extended)
      let expected = ascii.map { (try? predicate.evaluate(with: $0)) == true }
      verify(
        ascii.map { withBytes($0, floor) } == expected,
        "\(row.name)[\(options.name)] floor disagrees")
      verify(
        expected.contains(true) && expected.contains(false),
        "\(format) should hit and miss on ASCII identifiers")
      for identifier in nonASCII {
        do { _ = try predicate.evaluate(with: identifier) } catch {
          fatalError("\(format) threw on \(identifier): \(error)")
        }
      }
      let name = "matrix/\(row.name)/\(options.name)"
      Benchmark("\(name)/ascii", configuration: configuration) { benchmark in
        matrixLoop(benchmark, ascii) { (try? predicate.evaluate(with: $0)) == true }
      }
      Benchmark("\(name)/floor", configuration: configuration) { benchmark in
        matrixLoop(benchmark, ascii) { withBytes($0, floor) }
      }
      Benchmark("\(name)/non-ascii", configuration: configuration) { benchmark in
        matrixLoop(benchmark, nonASCII) { (try? predicate.evaluate(with: $0)) == true }
      }
    }
  }
}
