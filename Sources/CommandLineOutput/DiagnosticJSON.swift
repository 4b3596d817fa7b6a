import PredicateEvaluation
import SceneJSON
import SceneRouting

/// A diagnostic placed in its source, as every JSON output writes one: `check --json`, the
/// error lines of `evaluate --batch`, `lint --format json` and the app catalogue share this one
/// shape.
///
/// ```json
/// {"file": "App/SceneDelegate.swift", "id": "syntax.unknown-operator", "severity": "error",
///  "message": "unknown operator 'BEGINWITH'", "line": 14, "column": 91, "endLine": 14,
///  "endColumn": 100, "notes": [{"message": "…", "line": 14, "column": 80}],
///  "fixIts": [{"line": 14, "column": 91, "offset": 813, "length": 9,
///              "replacement": "BEGINSWITH"}]}
/// ```
///
/// `file` is there for a finding in a file; `notes` and `fixIts` when there are some. A fix-it's
/// `offset` and `length` count bytes of the source it edits (the predicate, or the file).
/// Columns are in the unit of the output: Unicode scalars for a predicate's diagnostics, bytes for
/// a source file's findings, as compilers count them.
package struct DiagnosticJSON {
  /// A note, and where it points when it does.
  package typealias Note = (message: String, location: SourceLocation?)
  /// A machine-applicable edit: where it starts, the bytes it replaces, and what with.
  package typealias FixIt = (
    location: SourceLocation, offset: Int, length: Int, replacement: String
  )

  package var file: String?
  package var id: DiagnosticID
  package var severity: DiagnosticSeverity
  package var message: String
  package var start: SourceLocation
  package var end: SourceLocation
  package var notes: [Note] = []
  package var fixIts: [FixIt] = []

  package init(
    file: String? = nil, id: DiagnosticID, severity: DiagnosticSeverity, message: String,
    start: SourceLocation, end: SourceLocation, notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.file = file
    self.id = id
    self.severity = severity
    self.message = message
    self.start = start
    self.end = end
    self.notes = notes
    self.fixIts = fixIts
  }

  /// A predicate's diagnostic, its lines shifted by `lineOffset` (a predicate read from a line of
  /// a larger file).
  package init(_ diagnostic: Diagnostic, converter: SourceLocationConverter, lineOffset: Int = 0) {
    func located(_ offset: Int) -> SourceLocation {
      let location = converter.location(of: offset)
      return SourceLocation(line: location.line + lineOffset, column: location.column)
    }
    self.init(
      id: diagnostic.id, severity: diagnostic.severity, message: diagnostic.message,
      start: located(diagnostic.range.lowerBound), end: located(diagnostic.range.upperBound),
      // A note that points somewhere says where: messages never hold positions themselves.
      notes: diagnostic.notes.map { ($0.message, $0.range.map { located($0.lowerBound) }) },
      fixIts: diagnostic.fixIts.map {
        (located($0.range.lowerBound), $0.range.lowerBound, $0.range.length, $0.replacement)
      })
  }

  /// The diagnostic's JSON object.
  package var jsonValue: JSONValue {
    func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    var object = JSONObject()
    if let file { object["file"] = .string(file) }
    object["id"] = .string(id.rawValue)
    object["severity"] = .string(severity.rawValue)
    object["message"] = .string(message)
    object["line"] = number(start.line)
    object["column"] = number(start.column)
    object["endLine"] = number(end.line)
    object["endColumn"] = number(end.column)
    if !notes.isEmpty {
      object["notes"] = .array(
        notes.map { note in
          var fields: [(String, JSONValue)] = [("message", .string(note.message))]
          if let at = note.location {
            fields += [("line", number(at.line)), ("column", number(at.column))]
          }
          return .object(JSONObject(fields))
        })
    }
    if !fixIts.isEmpty {
      object["fixIts"] = .array(
        fixIts.map { fixIt in
          .object(
            JSONObject([
              ("line", number(fixIt.location.line)), ("column", number(fixIt.location.column)),
              ("offset", number(fixIt.offset)), ("length", number(fixIt.length)),
              ("replacement", .string(fixIt.replacement)),
            ]))
        })
    }
    return .object(object)
  }
}
