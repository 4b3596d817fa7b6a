import ArgumentParser
import SceneActivation
import SceneJSON

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `scene-router evaluate`: evaluate a predicate against identifiers, or a JSON Lines batch.
struct EvaluateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "evaluate",
    abstract: "Evaluate a predicate against target content identifiers.",
    discussion: """
      With --batch, reads JSON Lines from standard input, one object per line:
        {"predicate": "SELF BEGINSWITH 'chat/'", "identifier": "chat/42"}
      ("identifier" may be null; "profile" is optional) and writes exactly one line per input \
      line, in order: {"result": true} or {"error": {"message": …, "line": …, "column": …}}. \
      A bad line gets an error line and the batch goes on. The same predicate text is compiled \
      once.

      Examples:
        scene-router evaluate 'SELF BEGINSWITH "doc-"' doc-42 x-1
        scene-router evaluate --profile extended 'SELF MATCHES "doc-[0-9]+"' doc-42
        echo '{"predicate": "SELF == \\"a\\"", "identifier": "a"}' \\
          | scene-router evaluate --batch
      """)

  @OptionGroup var profileOptions: ProfileOptions
  var profile: ValidationProfile { profileOptions.profile }

  @Flag(help: "Read JSON Lines from standard input and answer each line.")
  var batch = false

  @Argument(
    help: ArgumentHelp(
      "The predicate, then the identifiers to evaluate it against.", valueName: "arguments"))
  var argumentValues: [String] = []

  /// The predicate and identifiers given as arguments (many arrive through ``ManyArguments``).
  var arguments: [String] { ManyArguments.positional ?? argumentValues }

  func validate() throws {
    if batch && !arguments.isEmpty {
      throw ValidationError("--batch reads standard input; give no PREDICATE or IDENTIFIER")
    }
    if !batch && arguments.count < 2 {
      throw ValidationError("give a PREDICATE and at least one IDENTIFIER, or --batch")
    }
  }

  func run() throws {
    if batch {
      var evaluator = BatchEvaluator(defaultProfile: profile)
      let failed = evaluator.run()
      if failed { throw ExitStatus.dataError }
      return
    }
    let source = arguments[0]
    let compilation = CompiledPredicate.compile(source, profile: profile)
    let err = OutputStream.standardError
    let renderer = DiagnosticRenderer(colors: Terminal.stderrIsTTY)
    err.write(renderer.render(compilation.diagnostics, in: source))
    err.flush()
    guard let compiled = compilation.compiled else { throw ExitStatus.dataError }
    let out = OutputStream.standardOutput
    var failed = false
    for identifier in arguments.dropFirst() {
      do {
        out.writeLine(try compiled.evaluate(with: identifier) ? "true" : "false")
      } catch {
        out.writeLine("error: \(error.message)")
        failed = true
      }
    }
    out.flush()
    if failed { throw ExitStatus.dataError }
  }
}

/// Answers a JSON Lines batch line for line: N lines in, N lines out, whatever the lines hold.
struct BatchEvaluator {
  let defaultProfile: ValidationProfile
  private var cache: [CacheKey: PredicateCompilation] = [:]
  private static let cacheLimit = 10_000

  init(defaultProfile: ValidationProfile) { self.defaultProfile = defaultProfile }

  /// A predicate's source and profile, compared and hashed by the source's exact UTF-8 bytes:
  /// `String` equality is canonical equivalence, and `SELF == 'café'` precomposed and
  /// decomposed are different predicates. Hashed as one block of bytes, not byte by byte (an
  /// `[UInt8]` key hashed each byte on its own: a tenth of a batch's time), and with no copy.
  private struct CacheKey: Hashable {
    let profile: ValidationProfile
    let source: String

    static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
      guard lhs.profile == rhs.profile, lhs.source.utf8.count == rhs.source.utf8.count else {
        return false
      }
      // Parsed strings are contiguous: compared with `memcmp`, not walked as two string views
      // (`elementsEqual` on the buffers still steps an iterator a byte at a time).
      let compared = lhs.source.utf8.withContiguousStorageIfAvailable { left in
        rhs.source.utf8.withContiguousStorageIfAvailable { right in
          left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }
      }
      return (compared ?? nil) ?? lhs.source.utf8.elementsEqual(rhs.source.utf8)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(profile)
      var source = source
      source.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  /// Runs the batch; returns whether any line was an error.
  mutating func run() -> Bool {
    var reader = LineReader(descriptor: 0)
    let out = OutputStream.standardOutput
    var anyError = false
    while let line = reader.nextLine(beforeRead: { out.flush() }) {
      let answer =
        reader.overflowLength.map {
          errorLine(
            "line \(reader.lineNumber): \(LineReader.overflowMessage($0))",
            lineNumber: reader.lineNumber, in: "input", line: reader.lineNumber, column: 1)
        } ?? answer(line, lineNumber: reader.lineNumber)
      if answer.isError { anyError = true }
      out.writeLine(answer.text)
    }
    out.flush()
    return anyError
  }

  private func errorLine(
    _ message: String, lineNumber: Int, in place: String, line: Int, column: Int,
    id: String? = nil, diagnostics: JSONValue? = nil
  ) -> (text: String, isError: Bool) {
    var error = JSONObject([
      ("message", .string(message)),
      ("line", .number(Double(line))),
      ("column", .number(Double(column))),
      ("in", .string(place)),
      ("inputLine", .number(Double(lineNumber))),
    ])
    if let id { error["id"] = .string(id) }
    if let diagnostics { error["diagnostics"] = diagnostics }
    return (JSONValue.object(JSONObject([("error", .object(error))])).jsonText, true)
  }

  private mutating func answer(_ line: ArraySlice<UInt8>, lineNumber: Int) -> (
    text: String, isError: Bool
  ) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      let message =
        line.isEmpty ? "empty line: expected a JSON object" : "invalid JSON: \(error.message)"
      return errorLine(
        "line \(lineNumber): \(message)", lineNumber: lineNumber, in: "input", line: lineNumber,
        column: error.column)
    }
    guard case .object(let object) = value else {
      return errorLine(
        "line \(lineNumber): expected a JSON object, found \(value.typeDescription)",
        lineNumber: lineNumber, in: "input", line: lineNumber, column: 1)
    }
    func fieldError(_ message: String) -> (text: String, isError: Bool) {
      errorLine(
        "line \(lineNumber): \(message)", lineNumber: lineNumber, in: "input", line: lineNumber,
        column: 1)
    }
    guard let predicateValue = object["predicate"] else {
      return fieldError("missing field 'predicate'")
    }
    guard case .string(let source) = predicateValue else {
      return fieldError(
        "field 'predicate': expected a string, found \(predicateValue.typeDescription)")
    }
    guard let identifierValue = object["identifier"] else {
      return fieldError("missing field 'identifier' (use null for no identifier)")
    }
    let identifier: String?
    switch identifierValue {
    case .string(let text): identifier = text
    case .null: identifier = nil
    default:
      return fieldError(
        "field 'identifier': expected a string or null, found \(identifierValue.typeDescription)")
    }
    var profile = defaultProfile
    if let profileValue = object["profile"] {
      guard case .string(let name) = profileValue, let named = ValidationProfile(rawValue: name)
      else {
        return fieldError("field 'profile': expected \"uikit\" or \"extended\"")
      }
      profile = named
    }

    let key = CacheKey(profile: profile, source: source)
    let compilation: PredicateCompilation
    if let cached = cache[key] {
      compilation = cached
    } else {
      compilation = CompiledPredicate.compile(source, profile: profile)
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[key] = compilation
    }
    guard let compiled = compilation.compiled else {
      let converter = SourceLocationConverter(source: source)
      let errors = compilation.diagnostics.filter { $0.severity == .error }
      let first = errors[0]
      let location = converter.location(of: first.range.lowerBound)
      return errorLine(
        first.message, lineNumber: lineNumber, in: "predicate", line: location.line,
        column: location.column, id: first.id.rawValue,
        diagnostics: .array(errors.map { DiagnosticJSON.encode($0, converter: converter) }))
    }
    do {
      return (
        try compiled.evaluate(with: identifier) ? "{\"result\":true}" : "{\"result\":false}", false
      )
    } catch {
      return errorLine(
        error.message, lineNumber: lineNumber, in: "evaluation", line: 1, column: 1,
        id: "evaluation.\(error.kind.rawValue)")
    }
  }
}
