import CommandLineOutput
import PredicateEvaluation
import SceneJSON
import SceneRouting

// The JSON shapes of what the readers find, one home each: `lint --format json`, `scenes` and
// `table --app` all write them.

extension LintedCondition {
  /// A condition: where it is, its kind and format, whether it is static and valid, how its
  /// value was resolved (and through which origins), its run-time `$variables` and its
  /// diagnostics.
  package var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("file", .string(file)), ("line", .number(Double(line))),
        ("column", .number(Double(column))),
        ("kind", .string(kind.rawValue)), ("static", .bool(isStatic)),
        ("format", format.map(JSONValue.string) ?? .null),
        ("valid", valid.map(JSONValue.bool) ?? .null),
        ("resolution", .string(resolution.rawValue)),
        (
          "origins",
          .array(
            origins.map { origin in
              .object(
                JSONObject([
                  ("name", .string(origin.name)),
                  ("resolution", .string(origin.resolution.rawValue)),
                  ("file", .string(origin.file)),
                  ("line", .number(Double(origin.line))),
                  ("column", .number(Double(origin.column))),
                ]))
            })
        ),
        ("variables", .array(variables.map(\.jsonValue))),
        ("diagnostics", .array(diagnostics.map(\.jsonValue))),
      ]))
  }
}

extension LintDiagnostic {
  /// The finding in the one JSON shape every diagnostic has (``DiagnosticJSON``), with its file;
  /// columns count bytes, and a fix is a fix-it whose offset and length count the file's bytes.
  package var jsonValue: JSONValue {
    DiagnosticJSON(
      file: file, id: id, severity: severity, message: message,
      start: SourceLocation(line: line, column: column),
      end: SourceLocation(line: endLine, column: endColumn),
      fixIts: fix.map {
        [(SourceLocation(line: $0.line, column: $0.column), $0.offset, $0.length, $0.replacement)]
      } ?? []
    ).jsonValue
  }
}

extension ConditionVariable {
  /// `{"name": "orderPrefix", "source": "Paths.orderPrefix", "template": null, "reason": "…"}`:
  /// the variable of the printed format, what the app writes for it, its known parts when it is
  /// a template, and why it is not known.
  package var jsonValue: JSONValue {
    .object(
      JSONObject([
        ("name", .string(name)), ("source", .string(source)),
        ("template", template.map(\.jsonValue) ?? .null), ("reason", .string(reason)),
      ]))
  }
}

extension Template {
  /// The literal parts and holes: `[{"text": "chat/thread/"}, {"hole": "id"}]`.
  package var jsonValue: JSONValue {
    .array(
      parts.map { part in
        switch part {
        case .text(let text): .object(JSONObject([("text", .string(text))]))
        case .hole(let source): .object(JSONObject([("hole", .string(source))]))
        }
      })
  }
}
