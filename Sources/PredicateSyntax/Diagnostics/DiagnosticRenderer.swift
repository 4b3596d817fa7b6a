/// Renders diagnostics against their source: location, message, the source line and a caret.
///
/// ```text
/// conditions.txt:1:6: error[syntax.unknown-operator]: unknown operator 'BEGINWITH'
///   1 | SELF BEGINWITH 'x'
///     |      ^~~~~~~~~
///     = help: replace with 'BEGINSWITH'
/// ```
///
/// The library never prints: the errors' descriptions (``InvalidPredicateError``'s, the scenes
/// file's) render with it, and so does the CLI. Colour is opt-in (the CLI turns it on only for
/// a terminal). Package, not public: a library user gets the same text from an error's
/// `description`, and the options (colour, file names, line offsets) are the command line's.
package struct DiagnosticRenderer: Sendable {
  /// Whether to use ANSI colours.
  package var colors: Bool
  /// A prefix for every location, such as a file name (`file.txt:`), or empty.
  package var fileName: String?
  /// Added to every line number, for a predicate that starts partway through a file.
  package var lineOffset: Int

  /// Creates a renderer.
  package init(colors: Bool = false, fileName: String? = nil, lineOffset: Int = 0) {
    self.colors = colors
    self.fileName = fileName
    self.lineOffset = lineOffset
  }

  /// Renders every diagnostic, separated by newlines, ending with a newline (empty for none).
  package func render(_ diagnostics: [Diagnostic], in source: String) -> String {
    let converter = SourceLocationConverter(source: source)
    return diagnostics.map { render($0, converter: converter) }.joined()
  }

  /// Renders one diagnostic using a converter built for its source.
  package func render(_ diagnostic: Diagnostic, converter: SourceLocationConverter) -> String {
    let start = converter.location(of: diagnostic.range.lowerBound)
    let end = converter.location(of: diagnostic.range.upperBound)
    var output = ""
    let severity = paint(
      "\(diagnostic.severity.rawValue)[\(diagnostic.id)]",
      diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m")
    output += "\(locationPrefix(start)) \(severity): \(paint(diagnostic.message, "\u{1B}[1m"))\n"
    output += snippet(
      line: start.line, column: start.column,
      width: end.line == start.line ? max(1, end.column - start.column) : 1,
      converter: converter)
    let gutter = String(repeating: " ", count: gutterWidth(start.line))
    for note in diagnostic.notes {
      if let range = note.range {
        let at = converter.location(of: range.lowerBound)
        output += "\(gutter) = note: \(note.message) (at \(at.line + lineOffset):\(at.column))\n"
      } else {
        output += "\(gutter) = note: \(note.message)\n"
      }
    }
    for fixIt in diagnostic.fixIts {
      let original = slice(converter.source, fixIt.range)
      if original.isEmpty {
        output += "\(gutter) = help: insert '\(fixIt.replacement)'\n"
      } else if fixIt.replacement.isEmpty {
        output += "\(gutter) = help: remove '\(original)'\n"
      } else {
        output += "\(gutter) = help: replace '\(original)' with '\(fixIt.replacement)'\n"
      }
    }
    return output
  }

  /// `file:line:column:` or `line:column:`.
  package func locationPrefix(_ location: SourceLocation) -> String {
    let position = "\(location.line + lineOffset):\(location.column):"
    if let fileName { return "\(fileName):\(position)" }
    return position
  }

  private func snippet(line: Int, column: Int, width: Int, converter: SourceLocationConverter)
    -> String
  {
    let gutter = gutterWidth(line)
    let number = String(line + lineOffset)
    let padded = String(repeating: " ", count: gutter - number.count) + number
    let blank = String(repeating: " ", count: gutter)
    // A long line is shown as a window around the caret, so output stays proportional to the
    // number of diagnostics, not to diagnostics × line length; only the window is copied.
    let text = converter.text(ofLine: line).unicodeScalars
    let count = text.count
    var caret = column - 1
    let window = 100
    var start = 0
    var end = count
    if count > window {
      start = max(0, min(caret - window / 2, count - window))
      end = min(count, start + window)
      caret = caret - start + (start > 0 ? 1 : 0)
    }
    var shown = String.UnicodeScalarView()
    if start > 0 { shown.append("…") }
    let from = text.index(text.startIndex, offsetBy: start)
    // Tabs and other control characters would shift the caret; show them as single spaces.
    for scalar in text[from..<text.index(from, offsetBy: end - start)] {
      shown.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
    }
    if end < count { shown.append("…") }
    let shownCount = end - start + (start > 0 ? 1 : 0) + (end < count ? 1 : 0)
    let line = String(shown)
    let available = max(1, shownCount - caret)
    let underline = "^" + String(repeating: "~", count: max(0, min(width, available, window) - 1))
    return "\(padded) | \(line)\n\(blank) | "
      + String(repeating: " ", count: max(0, caret)) + paint(underline, "\u{1B}[1;32m") + "\n"
  }

  private func gutterWidth(_ line: Int) -> Int { max(3, String(line + lineOffset).count + 1) }

  private func paint(_ text: String, _ code: String) -> String {
    colors ? code + text + "\u{1B}[0m" : text
  }

  private func slice(_ source: String, _ range: SourceRange) -> String {
    let bytes = Array(source.utf8)
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}
