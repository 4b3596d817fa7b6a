import AppModel
import PredicateSyntax
import SceneJSON
import SourceReading

/// SARIF 2.1.0, for code scanning: one rule per diagnostic id with its help text, one result
/// per finding with its region (columns in Unicode scalars, `unicodeCodePoints`), and a fix for
/// each machine-applicable fix-it.
package enum SARIFReporter: LintReporter {
  package static let identifier = "sarif"

  package static func generateReport(_ report: LintReport, toolVersion: String) -> String {
    log(report, toolVersion: toolVersion).jsonText + "\n"
  }

  /// The help text of a diagnostic id, for SARIF rules.
  private static func help(for id: String) -> String {
    DiagnosticRegistry.entry(id)?.help ?? "See the diagnostic's message."
  }

  /// The SARIF log as a value.
  package static func log(_ report: LintReport, toolVersion version: String) -> JSONValue {
    var ruleIDs: [String] = []
    var firstMessage: [String: String] = [:]
    var levels: [String: DiagnosticSeverity] = [:]
    for diagnostic in report.diagnostics where firstMessage[diagnostic.id.rawValue] == nil {
      ruleIDs.append(diagnostic.id.rawValue)
      firstMessage[diagnostic.id.rawValue] = diagnostic.message
      levels[diagnostic.id.rawValue] = diagnostic.severity
    }
    func level(_ severity: DiagnosticSeverity) -> String {
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "note"
      }
    }
    let rules: [JSONValue] = ruleIDs.map { id in
      .object(
        JSONObject([
          ("id", .string(id)),
          ("shortDescription", .object(JSONObject([("text", .string(firstMessage[id] ?? id))]))),
          ("fullDescription", .object(JSONObject([("text", .string(help(for: id)))]))),
          ("help", .object(JSONObject([("text", .string(help(for: id)))]))),
          (
            "defaultConfiguration",
            .object(JSONObject([("level", .string(level(levels[id] ?? .warning)))]))
          ),
        ]))
    }
    let index = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
    func uri(_ path: String) -> String {
      var path = path
      while path.hasPrefix("./") { path.removeFirst(2) }
      return path.split(separator: "/", omittingEmptySubsequences: false).map {
        $0.addingPercentEncodingForURI()
      }.joined(separator: "/")
    }
    let results: [JSONValue] = report.diagnostics.map { diagnostic in
      let location = JSONValue.object(
        JSONObject([
          (
            "physicalLocation",
            .object(
              JSONObject([
                ("artifactLocation", .object(JSONObject([("uri", .string(uri(diagnostic.file)))]))),
                (
                  "region",
                  .object(
                    JSONObject([
                      ("startLine", .number(Double(diagnostic.line))),
                      ("startColumn", .number(Double(diagnostic.scalarColumn))),
                      ("endLine", .number(Double(diagnostic.endLine))),
                      (
                        "endColumn",
                        .number(Double(max(diagnostic.scalarEndColumn, diagnostic.scalarColumn)))
                      ),
                    ]))
                ),
              ]))
          )
        ]))
      var members: [(String, JSONValue)] = [
        ("ruleId", .string(diagnostic.id.rawValue)),
        ("ruleIndex", .number(Double(index[diagnostic.id.rawValue] ?? 0))),
        ("level", .string(level(diagnostic.severity))),
        ("message", .object(JSONObject([("text", .string(diagnostic.message))]))),
        ("locations", .array([location])),
      ]
      if let fix = diagnostic.fix {
        members.append(
          (
            "fixes",
            .array([
              .object(
                JSONObject([
                  (
                    "description",
                    .object(JSONObject([("text", .string(diagnostic.fixDescription ?? "fix"))]))
                  ),
                  (
                    "artifactChanges",
                    .array([
                      .object(
                        JSONObject([
                          (
                            "artifactLocation",
                            .object(JSONObject([("uri", .string(uri(diagnostic.file)))]))
                          ),
                          (
                            "replacements",
                            .array([
                              .object(
                                JSONObject([
                                  (
                                    "deletedRegion",
                                    .object(
                                      JSONObject([
                                        ("byteOffset", .number(Double(fix.offset))),
                                        ("byteLength", .number(Double(fix.length))),
                                      ]))
                                  ),
                                  (
                                    "insertedContent",
                                    .object(JSONObject([("text", .string(fix.replacement))]))
                                  ),
                                ]))
                            ])
                          ),
                        ]))
                    ])
                  ),
                ]))
            ])
          ))
      }
      return .object(JSONObject(members))
    }
    return .object(
      JSONObject([
        ("version", .string("2.1.0")),
        ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
        (
          "runs",
          .array([
            .object(
              JSONObject([
                (
                  "tool",
                  .object(
                    JSONObject([
                      (
                        "driver",
                        .object(
                          JSONObject([
                            ("name", .string("scene-router lint")),
                            ("version", .string(version)),
                            ("rules", .array(rules)),
                          ]))
                      )
                    ]))
                ),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
              ]))
          ])
        ),
      ]))
  }
}

extension Substring {
  /// Percent-encodes what a URI path segment cannot hold as is.
  fileprivate func addingPercentEncodingForURI() -> String {
    var result = ""
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
