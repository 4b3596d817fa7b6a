import PredicateEvaluation
import PredicateSyntax
import SceneJSON
import SceneRouting

/// What `scene-router check` reports of predicates: each one compiled under a profile, with its
/// diagnostics and canonical form, as text or as one JSON document.
///
/// The command reads the predicates (arguments, or a file's lines) and prints; the report, its
/// counts and both of its shapes live here, beside the other reports.
package struct PredicateCheck {
  /// One predicate to check, and where it came from.
  package struct Input {
    /// The predicate's text.
    package var source: String
    /// A file line's bytes, kept so that bytes that are not UTF-8 are diagnosed; nil for an
    /// argument.
    package var bytes: ArraySlice<UInt8>?
    /// The file (`<stdin>`) or the argument's number (`<2>`); nil for a lone argument.
    package var name: String?
    /// The 1-based line in the file; 1 for an argument.
    package var line: Int
    /// Whether it is a file's line (the JSON then names its file and line).
    package var isFileLine: Bool

    /// A line of a file of predicates.
    package init(line: ArraySlice<UInt8>, number: Int, file: String) {
      source = String(decoding: line, as: UTF8.self)
      bytes = line
      name = file
      self.line = number
      isFileLine = true
    }

    /// A predicate given as an argument, named by its position when there are several.
    package init(argument: String, name: String?) {
      source = argument
      bytes = nil
      self.name = name
      line = 1
      isFileLine = false
    }
  }

  /// The profile the predicates were checked under.
  package let profile: ValidationProfile
  /// What compiling one input gave: what the report shows of it, without the compiled matcher
  /// (a file of many predicates is held whole until the JSON document is written).
  package struct Result {
    /// Where the predicate came from.
    package var input: Input
    /// The text compiled (a file line's bytes decoded, invalid UTF-8 replaced).
    package var source: String
    /// Every diagnostic.
    package var diagnostics: [Diagnostic]
    /// The canonical form, when the predicate compiled.
    package var canonical: String?
  }

  /// Each input's result, in order.
  package let results: [Result]
  /// The error diagnostics, over every input.
  package let errorCount: Int
  /// The other diagnostics, over every input.
  package let warningCount: Int

  /// Compiles every input under `profile`.
  package init(_ inputs: [Input], profile: ValidationProfile) {
    self.profile = profile
    var errors = 0
    var warnings = 0
    results = inputs.map { input in
      let compilation =
        input.bytes.map { CompiledPredicate.compile(utf8: $0, profile: profile) }
        ?? CompiledPredicate.compile(input.source, profile: profile)
      let count = compilation.diagnostics.filter { $0.severity == .error }.count
      errors += count
      warnings += compilation.diagnostics.count - count
      return Result(
        input: input, source: compilation.source, diagnostics: compilation.diagnostics,
        canonical: compilation.compiled?.predicateFormat)
    }
    errorCount = errors
    warningCount = warnings
  }

  /// `{"profile", "results": [{"predicate", "file"?, "line"?, "valid", "canonical",
  /// "diagnostics"}], "errors", "warnings"}`, each diagnostic in ``DiagnosticJSON``'s shape at
  /// the file's line.
  package var jsonValue: JSONValue {
    let entries: [JSONValue] = results.map { result in
      let input = result.input
      let converter = SourceLocationConverter(source: result.source)
      var object = JSONObject([("predicate", .string(result.source))])
      if input.isFileLine, let name = input.name {
        object["file"] = .string(name)
        object["line"] = .number(Double(input.line))
      }
      object["valid"] = .bool(result.canonical != nil)
      object["canonical"] = result.canonical.map { .string($0) } ?? .null
      object["diagnostics"] = .array(
        result.diagnostics.map {
          DiagnosticJSON($0, converter: converter, lineOffset: input.line - 1).jsonValue
        })
      return .object(object)
    }
    return .object(
      JSONObject([
        ("profile", .string(profile.rawValue)),
        ("results", .array(entries)),
        ("errors", .number(Double(errorCount))),
        ("warnings", .number(Double(warningCount))),
      ]))
  }

  /// The text form: each input's rendered diagnostics and canonical form (control characters
  /// escaped, prefixed by `file:line:` for a named input), then a count line when there were
  /// several inputs or any diagnostic.
  package func text(colors: Bool) -> String {
    var text = ""
    for result in results {
      let input = result.input
      let renderer = DiagnosticRenderer(
        colors: colors, fileName: input.name, lineOffset: input.line - 1)
      text += renderer.render(result.diagnostics, in: result.source)
      if let canonical = result.canonical {
        let prefix = input.name.map { "\($0):\(input.line): " } ?? ""
        text += "\(prefix)\(canonical.escapingControlCharacters)\n"
      }
    }
    if results.count > 1 || errorCount + warningCount > 0 {
      func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
      }
      text +=
        "\(count(results.count, "predicate")): \(count(errorCount, "error")), "
        + "\(count(warningCount, "warning"))\n"
    }
    return text
  }
}
