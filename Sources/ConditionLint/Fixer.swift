import AppModel
import Foundation
import PortableIO
import SourceReading

/// Applies machine-applicable fixes to files, or shows them as a unified diff.
package enum Fixer {
  /// Each file's fixes, non-overlapping, in the order they apply (last byte first).
  package static func edits(in report: LintReport) -> [(file: String, edits: [SourceEdit])] {
    var byFile: [String: [SourceEdit]] = [:]
    var order: [String] = []
    for diagnostic in report.diagnostics {
      guard let fix = diagnostic.fix else { continue }
      if byFile[diagnostic.file] == nil { order.append(diagnostic.file) }
      byFile[diagnostic.file, default: []].append(fix)
    }
    return order.map { file in
      var kept: [SourceEdit] = []
      // Later edits first; an edit overlapping one already kept is dropped (a second run fixes
      // it, if it still applies).
      for edit in Set(byFile[file]!).sorted(by: { ($0.offset, $0.length) > ($1.offset, $1.length) })
      {
        if let previous = kept.last, edit.offset + edit.length > previous.offset { continue }
        kept.append(edit)
      }
      return (file, kept)
    }
  }

  /// The files of `report` that have fixes, each with its fixes applied round after round (each
  /// round lints the fixed text again and applies the fixes still offered) until none is left or
  /// `rounds` ran: (path, bytes before, bytes after).
  package static func fixedFiles(_ report: LintReport, linter: Linter, rounds: Int = 8)
    -> [(path: String, old: [UInt8], new: [UInt8])]
  {
    var originals: [(String, [UInt8])] = []
    for (file, edits) in edits(in: report) where !edits.isEmpty {
      guard let bytes = try? Files.contents(of: file) else { continue }
      originals.append((file, bytes))
    }
    var current = Dictionary(uniqueKeysWithValues: originals)
    for _ in 0..<rounds {
      var again = LintReport()
      for (file, _) in originals {
        linter.lint(file: file, bytes: current[file]!, into: &again)
      }
      let pending = edits(in: again).filter { !$0.edits.isEmpty }
      if pending.isEmpty { break }
      for (file, edits) in pending { current[file] = apply(edits, to: current[file]!) }
    }
    return originals.compactMap { file, old in
      current[file] == old ? nil : (file, old, current[file]!)
    }
  }

  /// `bytes` with `edits` (last byte first) applied.
  package static func apply(_ edits: [SourceEdit], to bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    for edit in edits where edit.offset + edit.length <= result.count {
      result.replaceSubrange(
        edit.offset..<(edit.offset + edit.length), with: Array(edit.replacement.utf8))
    }
    return result
  }

  /// A unified diff of `old` and `new` (which differ only within the lines edits touched), with
  /// three lines of context.
  package static func unifiedDiff(path: String, old: [UInt8], new: [UInt8]) -> String {
    let before = String(decoding: old, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let after = String(decoding: new, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard before != after else { return "" }
    // Edits never add or remove lines (replacements hold no line break), so lines pair up.
    guard before.count == after.count else {
      return "--- a/\(path)\n+++ b/\(path)\n@@ -1,\(before.count) +1,\(after.count) @@\n"
        + before.map { "-\($0)\n" }.joined() + after.map { "+\($0)\n" }.joined()
    }
    let changed = before.indices.filter { before[$0] != after[$0] }
    var hunks: [ClosedRange<Int>] = []
    for line in changed {
      let range = max(0, line - 3)...min(before.count - 1, line + 3)
      if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
        hunks[hunks.count - 1] = last.lowerBound...range.upperBound
      } else {
        hunks.append(range)
      }
    }
    var text = "--- a/\(path)\n+++ b/\(path)\n"
    for hunk in hunks {
      let count = hunk.count
      text += "@@ -\(hunk.lowerBound + 1),\(count) +\(hunk.lowerBound + 1),\(count) @@\n"
      for line in hunk {
        if before[line] == after[line] {
          text += " \(before[line])\n"
        } else {
          text += "-\(before[line])\n+\(after[line])\n"
        }
      }
    }
    return text
  }
}
