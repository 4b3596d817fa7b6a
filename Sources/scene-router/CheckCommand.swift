import ArgumentParser
import SceneActivation
import SceneJSON
import SceneRouting

/// `scene-router check`: parse, validate and lint predicates.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Parse, validate and lint predicates; print diagnostics and the canonical form.",
    discussion: """
      Exits 0 when no predicate has errors (warnings allowed), 65 when any has. The profile \
      is uikit (what UIKit accepts) unless --profile extended opts in to MATCHES.

      Examples:
        scene-router check 'self beginswith[c] "chat/"'
        scene-router check --profile extended 'SELF MATCHES "doc-[0-9]+"'
        scene-router check --json --file conditions.txt
        scene-router check --scenes Fixtures/example/scenes.json
      """)

  @OptionGroup var profileOptions: ProfileOptions
  var profile: ValidationProfile { profileOptions.profile }

  @Flag(help: "Write one JSON document instead of human-readable text.")
  var json = false

  @Option(
    help:
      "Read predicates from FILE, one per line ('-' for standard input); blank lines are skipped.")
  var file: String?

  @Option(
    help: ArgumentHelp(
      "Check a scenes file alone: every scene's conditions and fields, each problem named by "
        + "scene; the file's own 'profile' applies.", valueName: "FILE"))
  var scenes: String?

  @Argument(help: ArgumentHelp("Predicates to check.", valueName: "predicates"))
  var predicateArguments: [String] = []

  /// The predicates given as arguments (many arrive through ``ManyArguments``).
  var predicates: [String] { ManyArguments.positional ?? predicateArguments }

  func validate() throws {
    let sources = [file != nil, !predicates.isEmpty, scenes != nil].filter { $0 }.count
    if sources == 0 {
      throw ValidationError("give at least one PREDICATE, or --file FILE, or --scenes FILE")
    }
    if sources > 1 {
      throw ValidationError("give PREDICATE arguments, --file or --scenes, not more than one")
    }
  }

  func run() throws {
    if let scenes { return try checkScenes(scenes) }
    // A file's lines keep their bytes, so that bytes that are not UTF-8 are diagnosed.
    var inputs: [(source: String, bytes: ArraySlice<UInt8>?, name: String?, line: Int)] = []
    if let file {
      let bytes: [UInt8]
      do {
        bytes = try readInput(file)
      } catch {
        OutputStream.standardError.writeLine("error: \(error)")
        OutputStream.standardError.flush()
        throw ExitStatus.dataError
      }
      let name = file == "-" ? "<stdin>" : file
      for line in nonBlankLines(bytes) {
        inputs.append((String(decoding: line.bytes, as: UTF8.self), line.bytes, name, line.number))
      }
    } else {
      for (index, predicate) in predicates.enumerated() {
        inputs.append((predicate, nil, predicates.count > 1 ? "<\(index + 1)>" : nil, 1))
      }
    }

    let out = OutputStream.standardOutput
    var errorCount = 0
    var warningCount = 0
    var results: [JSONValue] = []
    for input in inputs {
      let compilation =
        input.bytes.map { CompiledPredicate.compile(utf8: $0, profile: profile) }
        ?? CompiledPredicate.compile(input.source, profile: profile)
      let source = compilation.source
      let errors = compilation.diagnostics.filter { $0.severity == .error }.count
      errorCount += errors
      warningCount += compilation.diagnostics.count - errors
      if json {
        let converter = SourceLocationConverter(source: source)
        var object = JSONObject([("predicate", .string(source))])
        if let name = input.name, file != nil {
          object["file"] = .string(name)
          object["line"] = .number(Double(input.line))
        }
        object["valid"] = .bool(compilation.compiled != nil)
        object["canonical"] = compilation.compiled.map { .string($0.predicateFormat) } ?? .null
        object["diagnostics"] = .array(
          compilation.diagnostics.map {
            DiagnosticJSON.encode($0, converter: converter, lineOffset: input.line - 1)
          })
        results.append(.object(object))
      } else {
        let renderer = DiagnosticRenderer(
          colors: Terminal.stdoutIsTTY, fileName: input.name, lineOffset: input.line - 1)
        out.write(renderer.render(compilation.diagnostics, in: source))
        if let compiled = compilation.compiled {
          let prefix = input.name.map { "\($0):\(input.line): " } ?? ""
          out.writeLine("\(prefix)\(compiled.predicateFormat.escapingControlCharacters)")
        }
      }
    }
    if json {
      let document = JSONObject([
        ("profile", .string(profile.rawValue)),
        ("results", .array(results)),
        ("errors", .number(Double(errorCount))),
        ("warnings", .number(Double(warningCount))),
      ])
      out.writeLine(json: .object(document))
    } else if inputs.count > 1 || errorCount + warningCount > 0 {
      out.writeLine(
        "\(inputs.count) predicate\(inputs.count == 1 ? "" : "s"): \(errorCount) error\(errorCount == 1 ? "" : "s"), "
          + "\(warningCount) warning\(warningCount == 1 ? "" : "s")")
    }
    out.flush()
    if errorCount > 0 { throw ExitStatus.dataError }
  }
}

extension CheckCommand {
  /// `check --scenes FILE`: every problem of the file, or each scene's canonical conditions.
  private func checkScenes(_ path: String) throws {
    let out = OutputStream.standardOutput
    let err = OutputStream.standardError
    defer {
      out.flush()
      err.flush()
    }
    let parsed: ScenesFile
    do {
      parsed = try ScenesFile(bytes: try readInput(path))
    } catch let error as ScenesFileError {
      if json {
        out.writeLine(json: error.report(path: path))
      } else {
        for line in error.reportLines(path: path) { err.writeLine(line) }
      }
      throw ExitStatus.dataError
    } catch {
      err.writeLine("error: \(error)")
      throw ExitStatus.dataError
    }
    if json {
      out.writeLine(json: parsed.report(path: path))
      return
    }
    let (lines, warnings) = parsed.reportLines(path: path)
    for line in warnings { err.writeLine(line) }
    for line in lines { out.writeLine(line) }
  }
}
