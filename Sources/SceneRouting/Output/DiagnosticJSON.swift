import PredicateEvaluation
import SceneJSON

/// The JSON shape of diagnostics in `--json` output and batch error lines.
package enum DiagnosticJSON {
  /// The diagnostic's JSON object, its lines shifted by `lineOffset` (a predicate read from a
  /// line of a larger file).
  package static func encode(
    _ diagnostic: Diagnostic, converter: SourceLocationConverter, lineOffset: Int = 0
  )
    -> JSONValue
  {
    let start = converter.location(of: diagnostic.range.lowerBound)
    let end = converter.location(of: diagnostic.range.upperBound)
    var object = JSONObject([
      ("id", .string(diagnostic.id.rawValue)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("message", .string(diagnostic.message)),
      ("line", .number(Double(start.line + lineOffset))),
      ("column", .number(Double(start.column))),
      ("endLine", .number(Double(end.line + lineOffset))),
      ("endColumn", .number(Double(end.column))),
    ])
    if !diagnostic.notes.isEmpty {
      // A note that points somewhere says where: messages never hold positions themselves.
      object["notes"] = .array(
        diagnostic.notes.map { note in
          var fields: [(String, JSONValue)] = [("message", .string(note.message))]
          if let range = note.range {
            let at = converter.location(of: range.lowerBound)
            fields += [
              ("line", .number(Double(at.line + lineOffset))),
              ("column", .number(Double(at.column))),
            ]
          }
          return .object(JSONObject(fields))
        })
    }
    if !diagnostic.fixIts.isEmpty {
      object["fixIts"] = .array(
        diagnostic.fixIts.map { fixIt in
          let at = converter.location(of: fixIt.range.lowerBound)
          return .object(
            JSONObject([
              ("line", .number(Double(at.line + lineOffset))),
              ("column", .number(Double(at.column))),
              ("length", .number(Double(fixIt.range.length))),
              ("replacement", .string(fixIt.replacement)),
            ]))
        })
    }
    return .object(object)
  }
}
