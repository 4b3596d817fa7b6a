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
      line: start.line, offset: diagnostic.range.lowerBound,
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
      let original = converter.text(in: fixIt.range)
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

  /// The source line holding `offset`, and a caret `width` columns wide under it.
  ///
  /// A long line is shown as a window of ``window`` scalars around the caret, so the work and the
  /// output stay proportional to the number of diagnostics, not to diagnostics × line length:
  /// the window is found by walking the line's bytes from the caret, and only it is decoded.
  /// Columns count the bytes that start a scalar, as ``SourceLocationConverter`` counts them.
  private func snippet(line: Int, offset: Int, width: Int, converter: SourceLocationConverter)
    -> String
  {
    let gutter = gutterWidth(line)
    let number = String(line + lineOffset)
    let padded = String(repeating: " ", count: gutter - number.count) + number
    let blank = String(repeating: " ", count: gutter)
    let bytes = converter.lineBytes(holding: offset)
    let caretByte = max(bytes.startIndex, min(offset, bytes.endIndex))
    let startsScalar = { (index: Int) in bytes[index] & 0xC0 != 0x80 }
    // Back from the caret by half a window, forward a window; when the line ends first, back
    // again so that the window stays full (the caret then sits right of its middle).
    var start = caretByte
    var behind = 0
    while behind < Self.window / 2, start > bytes.startIndex {
      start -= 1
      if startsScalar(start) { behind += 1 }
    }
    var end = start
    var ahead = 0
    while end < bytes.endIndex, ahead < Self.window || !startsScalar(end) {
      if startsScalar(end) { ahead += 1 }
      end += 1
    }
    while ahead < Self.window, start > bytes.startIndex {
      start -= 1
      if startsScalar(start) { ahead += 1 }
    }
    let leading = start > bytes.startIndex
    let trailing = end < bytes.endIndex
    var caret = (leading ? 1 : 0)
    for index in start..<caretByte where startsScalar(index) { caret += 1 }
    // Tabs and other control characters would shift the caret; show them as single spaces
    // (each is one byte, which UTF-8 never uses inside another scalar).
    var shownBytes: [UInt8] = []
    shownBytes.reserveCapacity(end - start + 6)
    if leading { shownBytes += Self.ellipsis }
    for byte in bytes[start..<end] { shownBytes.append(byte < 0x20 || byte == 0x7F ? 0x20 : byte) }
    if trailing { shownBytes += Self.ellipsis }
    let shown = String(decoding: shownBytes, as: UTF8.self)
    let shownCount = shown.unicodeScalars.count
    let available = max(1, shownCount - caret)
    let underline =
      "^" + String(repeating: "~", count: max(0, min(width, available, Self.window) - 1))
    return "\(padded) | \(shown)\n\(blank) | "
      + String(repeating: " ", count: max(0, caret)) + paint(underline, "\u{1B}[1;32m") + "\n"
  }

  /// The scalars of a long line a snippet shows.
  private static let window = 100
  /// What stands for the part of a long line left out.
  private static let ellipsis = Array("…".utf8)

  private func gutterWidth(_ line: Int) -> Int { max(3, String(line + lineOffset).count + 1) }

  private func paint(_ text: String, _ code: String) -> String {
    colors ? code + text + "\u{1B}[0m" : text
  }
}
