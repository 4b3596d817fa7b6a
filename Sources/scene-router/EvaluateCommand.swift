import ArgumentParser
import CommandLineOutput
import PortableIO
import PredicateSyntax
import SceneActivation
import SceneJSON
import SceneRouting

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
  var profile: ValidationProfile { profileOptions.resolved }

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

  func run() throws { try OutputStream.withStandardStreams(evaluate) }

  private func evaluate(out: OutputStream, err: OutputStream) throws {
    if batch {
      if runBatch(out: out) { throw ExitStatus.dataError }
      return
    }
    let source = arguments[0]
    let compilation = CompiledPredicate.compile(source, profile: profile)
    let renderer = DiagnosticRenderer(colors: System.isTerminal(2))
    err.write(renderer.render(compilation.diagnostics, in: source))
    err.flush()
    guard let compiled = compilation.compiled else { throw ExitStatus.dataError }
    var failed = false
    for identifier in arguments.dropFirst() {
      do {
        out.writeLine(try compiled.evaluate(with: identifier) ? "true" : "false")
      } catch {
        out.writeLine("error: \(error.message)")
        failed = true
      }
    }
    if failed { throw ExitStatus.dataError }
  }

  /// Answers standard input's JSON Lines on standard output, line for line; returns whether any
  /// line was an error.
  private func runBatch(out: OutputStream) -> Bool {
    var evaluator = BatchEvaluator(defaultProfile: profile)
    var reader = LineReader(descriptor: 0)
    var anyError = false
    while let line = reader.nextLine(beforeRead: { out.flush() }) {
      let answer =
        reader.overflowLength.map {
          evaluator.answer(
            overflowing: "line \(reader.lineNumber): \(LineReader.overflowMessage($0))",
            lineNumber: reader.lineNumber)
        } ?? evaluator.answer(line, lineNumber: reader.lineNumber)
      if answer.isError { anyError = true }
      out.writeLine(answer.text)
    }
    return anyError
  }
}

extension EvaluateCommand: ValueOptions {
  static let optionsTakingValues = ProfileOptions.optionsTakingValues
}
