import AppModel
import Foundation
import PortableIO
import PredicateEvaluation
import SceneJSON
import SourceReading

/// The findings a team has accepted for now, so that lint reports only new ones.
///
/// A team adopting the lint on a codebase with findings records them once
/// (`lint --write-baseline FILE`) and from then on sees only findings that are not in the file
/// (`lint --baseline FILE`). A finding is matched by its file, its rule id and the text of the
/// source line it is on (trimmed), never by its line number, so an edit above a finding does not
/// bring it back; two identical findings in one file are two entries, so a third one is new.
/// File names are kept relative to the baseline's folder, so the file is the same whichever
/// folder lint runs from.
package struct LintBaseline: Sendable, Hashable {
  /// One accepted finding.
  package struct Entry: Sendable, Hashable, Comparable {
    /// The file, relative to the baseline's folder.
    package var file: String
    /// The rule id.
    package var id: String
    /// The trimmed text of the finding's source line (the message, for a finding about a
    /// whole file).
    package var text: String

    package static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.file, lhs.id, lhs.text) < (rhs.file, rhs.id, rhs.text)
    }
  }

  /// The accepted findings, sorted.
  package var entries: [Entry]

  /// The format version written and accepted.
  package static let version = 1

  /// The baseline of every finding in `report`, for a file at `path`.
  package init(recording report: LintReport, at path: String) {
    var lines = LineTexts()
    let folder = LintPaths.parent(LintPaths.absolute(path))
    entries = report.diagnostics.map { Self.entry(for: $0, folder: folder, lines: &lines) }.sorted()
  }

  /// `report` less the findings this baseline (read from `path`) accepts, each entry accepting
  /// one finding.
  package func filter(_ report: LintReport, at path: String) -> LintReport {
    var remaining: [Entry: Int] = [:]
    for entry in entries { remaining[entry, default: 0] += 1 }
    var lines = LineTexts()
    let folder = LintPaths.parent(LintPaths.absolute(path))
    var accepted: [LintDiagnostic: Int] = [:]
    var result = report
    result.diagnostics = report.diagnostics.filter { diagnostic in
      let entry = Self.entry(for: diagnostic, folder: folder, lines: &lines)
      guard let count = remaining[entry], count > 0 else { return true }
      remaining[entry] = count - 1
      accepted[diagnostic, default: 0] += 1
      return false
    }
    // A condition's own list loses the same findings, so the JSON agrees with the list.
    for index in result.conditions.indices {
      result.conditions[index].diagnostics.removeAll { diagnostic in
        guard let count = accepted[diagnostic], count > 0 else { return false }
        accepted[diagnostic] = count - 1
        return true
      }
    }
    return result
  }

  private static func entry(
    for diagnostic: LintDiagnostic, folder: String, lines: inout LineTexts
  ) -> Entry {
    let absolute = LintPaths.absolute(diagnostic.file)
    let text =
      lines.line(diagnostic.line, of: absolute)?.trimmingCharacters(in: .whitespaces)
      ?? diagnostic.message
    return Entry(
      file: LintPaths.relative(absolute, to: folder), id: diagnostic.id.rawValue, text: text)
  }

  /// The file's text: one entry a line, sorted, so a baseline diffs well in review.
  package var fileContents: String {
    var text = "{\n  \"version\": \(Self.version),\n  \"findings\": ["
    for (index, entry) in entries.enumerated() {
      let object = JSONValue.object(
        JSONObject([
          ("file", .string(entry.file)), ("id", .string(entry.id)), ("text", .string(entry.text)),
        ]))
      var bytes: [UInt8] = []
      object.write(into: &bytes)
      text += (index == 0 ? "\n    " : ",\n    ") + String(decoding: bytes, as: UTF8.self)
    }
    return text + (entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
  }

  /// Reads a baseline file's bytes (`path` names it in errors).
  ///
  /// - Throws: ``LintConfigurationError`` at the line and column of what is wrong.
  package init(contentsOf bytes: [UInt8], path: String) throws(LintConfigurationError) {
    func failure(_ message: String, line: Int = 1, column: Int = 1) -> LintConfigurationError {
      LintConfigurationError(file: path, line: line, column: column, message: message)
    }
    let root: JSONValue
    do {
      root = try JSONValue.parse(bytes)
    } catch {
      throw failure(
        "the baseline is not valid JSON: \(error.message)", line: error.line, column: error.column)
    }
    guard let object = root.objectValue else {
      throw failure("the baseline must be an object with 'version' and 'findings'")
    }
    for key in object.keys where key != "version" && key != "findings" {
      throw failure("the baseline has an unknown key '\(key)'")
    }
    guard case .number(let version)? = object["version"], version == Double(Self.version) else {
      throw failure("the baseline's 'version' must be \(Self.version)")
    }
    guard case .array(let items)? = object["findings"] else {
      throw failure("the baseline's 'findings' must be an array")
    }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard let finding = item.objectValue,
        let file = finding["file"]?.stringValue, let id = finding["id"]?.stringValue,
        let text = finding["text"]?.stringValue, finding.keys.count == 3
      else {
        throw failure(
          "the baseline's finding \(index + 1) must be an object with the strings 'file', 'id' "
            + "and 'text' and nothing else")
      }
      entries.append(Entry(file: file, id: id, text: text))
    }
    self.entries = entries.sorted()
  }
}

/// The text of findings' lines, each file read once, with its lines broken as the findings'
/// lines were counted (LF, CR or CRLF).
private struct LineTexts {
  private var files: [String: PredicateSyntax.SourceLocationConverter] = [:]

  /// The 1-based `line` of the file at `path`, or nil when it cannot be read or is too short.
  mutating func line(_ line: Int, of path: String) -> String? {
    let lines =
      files[path]
      ?? PredicateSyntax.SourceLocationConverter(utf8: (try? Files.contents(of: path)) ?? [])
    files[path] = lines
    guard line >= 1, line <= lines.lineCount else { return nil }
    return lines.text(ofLine: line)
  }
}
