import SceneRouting

/// A line-per-item input: `check --file`'s predicates, `table --identifiers`' identifiers.
package enum LineInput {
  /// The lines of `bytes`, numbered from 1, each without its final `\r`, blank lines (spaces
  /// and tabs only) left out.
  package static func nonBlankLines(_ bytes: [UInt8]) -> [(number: Int, bytes: ArraySlice<UInt8>)] {
    var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
    for (index, line) in bytes.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    )
    .enumerated() {
      var line = line
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
      lines.append((index + 1, line))
    }
    return lines
  }

  /// The identifiers of a file read from `path`, one per line (blank lines skipped), and a
  /// problem naming `path:line` for each line that is not UTF-8, which is skipped.
  package static func identifiers(_ bytes: [UInt8], path: String) -> (
    identifiers: [String], problems: [String]
  ) {
    var identifiers: [String] = []
    var problems: [String] = []
    for line in nonBlankLines(bytes) {
      guard let text = String(validating: line.bytes, as: UTF8.self) else {
        problems.append("\(path):\(line.number): error: the line is not valid UTF-8; it is skipped")
        continue
      }
      identifiers.append(text)
    }
    return (identifiers, problems)
  }
}
