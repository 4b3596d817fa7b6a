import SceneJSON

/// The forms a lint report is written in: Xcode's, GitHub workflow commands, JSON and SARIF.
package enum LintOutput {
  /// `path:line:col: error: message [id]`, the form Xcode, editors and problem matchers read.
  package static func xcode(_ report: LintReport) -> String {
    report.diagnostics.map { diagnostic in
      let level = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
      var line =
        "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(level): "
        + "\(diagnostic.message) [\(diagnostic.id)]"
      if let fix = diagnostic.fixDescription { line += " (fix: \(fix))" }
      return line + "\n"
    }.joined()
  }

  /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
  package static func github(_ report: LintReport) -> String {
    func escapeData(_ text: String) -> String {
      text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
    }
    func escapeProperty(_ text: String) -> String {
      escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
        of: ",", with: "%2C")
    }
    return report.diagnostics.map { diagnostic in
      let command =
        switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      return "::\(command) file=\(escapeProperty(diagnostic.file)),line=\(diagnostic.line),"
        + "col=\(diagnostic.column),endLine=\(diagnostic.endLine),"
        + "endColumn=\(diagnostic.endColumn),title=\(escapeProperty(diagnostic.id))::"
        + escapeData(diagnostic.message) + "\n"
    }.joined()
  }

  package static func diagnosticJSON(_ diagnostic: LintDiagnostic) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("file", .string(diagnostic.file)), ("line", .number(Double(diagnostic.line))),
      ("column", .number(Double(diagnostic.column))),
      ("severity", .string(diagnostic.severity.rawValue)), ("id", .string(diagnostic.id)),
      ("message", .string(diagnostic.message)),
    ]
    if let fix = diagnostic.fix {
      members.append(
        (
          "fix",
          .object(
            JSONObject([
              ("offset", .number(Double(fix.offset))), ("length", .number(Double(fix.length))),
              ("replacement", .string(fix.replacement)),
            ]))
        ))
    }
    return .object(JSONObject(members))
  }

  /// A template as its literal parts and holes: `[{"text": "chat/thread/"}, {"hole": "id"}]`.
  static func templateJSON(_ template: Template) -> JSONValue {
    .array(
      template.parts.map { part in
        switch part {
        case .text(let text): .object(JSONObject([("text", .string(text))]))
        case .hole(let source): .object(JSONObject([("hole", .string(source))]))
        }
      })
  }

  /// `{"conditions": […], "diagnostics": […], "files": N}`.
  package static func json(_ report: LintReport) -> JSONValue {
    .object(
      JSONObject([
        (
          "conditions",
          .array(
            report.conditions.map { condition in
              .object(
                JSONObject([
                  ("file", .string(condition.file)), ("line", .number(Double(condition.line))),
                  ("column", .number(Double(condition.column))),
                  ("kind", .string(condition.kind.rawValue)), ("static", .bool(condition.isStatic)),
                  ("format", condition.format.map(JSONValue.string) ?? .null),
                  ("valid", condition.valid.map(JSONValue.bool) ?? .null),
                  ("resolution", .string(condition.resolution.rawValue)),
                  (
                    "origins",
                    .array(
                      condition.origins.map { origin in
                        .object(
                          JSONObject([
                            ("name", .string(origin.name)),
                            ("resolution", .string(origin.resolution.rawValue)),
                            ("line", .number(Double(origin.line))),
                            ("column", .number(Double(origin.column))),
                          ]))
                      })
                  ),
                  ("templates", .array(condition.templates.map(templateJSON))),
                  ("diagnostics", .array(condition.diagnostics.map(diagnosticJSON))),
                ]))
            })
        ),
        ("diagnostics", .array(report.diagnostics.map(diagnosticJSON))),
        ("files", .number(Double(report.files))),
      ]))
  }

  /// The help text of a diagnostic id, for SARIF rules.
  static func help(for id: String) -> String {
    if let rule = LintRule(rawValue: id) { return rule.help }
    if id.hasPrefix("syntax.") {
      return "The predicate format does not parse: NSPredicate(format:) raises, and an app that "
        + "assigns it to activation conditions crashes at launch."
    }
    return "The predicate parses, but activation conditions reject it or it does not do what it "
      + "seems to (UIKit raises on assignment for errors)."
  }

  /// SARIF 2.1.0: one rule per diagnostic id with its help text, one result per finding with its
  /// region, and a fix for each machine-applicable fix-it.
  package static func sarif(_ report: LintReport, version: String) -> JSONValue {
    var ruleIDs: [String] = []
    var firstMessage: [String: String] = [:]
    var levels: [String: LintSeverity] = [:]
    for diagnostic in report.diagnostics where firstMessage[diagnostic.id] == nil {
      ruleIDs.append(diagnostic.id)
      firstMessage[diagnostic.id] = diagnostic.message
      levels[diagnostic.id] = diagnostic.severity
    }
    func level(_ severity: LintSeverity) -> String {
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .info: "note"
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
        ("ruleId", .string(diagnostic.id)),
        ("ruleIndex", .number(Double(index[diagnostic.id] ?? 0))),
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
