/// A half-open range of UTF-8 byte offsets into a predicate's source text.
///
/// Positions stay byte offsets everywhere inside the package; they become 1-based line:column
/// only when shown (see ``SourceLocationConverter``), so no stage pays for line bookkeeping.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The offset of the first byte.
  public var lowerBound: Int
  /// The offset one past the last byte.
  public var upperBound: Int

  /// Creates a range; `upperBound` must not be below `lowerBound`.
  public init(_ lowerBound: Int, _ upperBound: Int) {
    precondition(lowerBound <= upperBound, "inverted source range \(lowerBound)..<\(upperBound)")
    self.lowerBound = lowerBound
    self.upperBound = upperBound
  }

  /// An empty range at `offset`, for "something is missing here".
  package static func point(_ offset: Int) -> SourceRange { SourceRange(offset, offset) }

  /// The number of bytes covered.
  package var length: Int { upperBound - lowerBound }

  /// The smallest range covering both.
  package func union(_ other: SourceRange) -> SourceRange {
    SourceRange(min(lowerBound, other.lowerBound), max(upperBound, other.upperBound))
  }

  public var description: String { "\(lowerBound)..<\(upperBound)" }
}

/// A 1-based line and column, for showing a position to a person.
///
/// Columns count Unicode scalars from the start of the line, so a caret lines up under the
/// character in a terminal for the text predicates are written in.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// Converts byte offsets in one source text to line:column locations.
///
/// Lines end at LF, CR or CRLF. Build one per source and reuse it: it indexes line starts once.
public struct SourceLocationConverter: Sendable {
  /// The source text the offsets point into.
  public let source: String
  private let utf8: [UInt8]
  private let lineStarts: [Int]

  /// Indexes the line starts of `source`.
  public init(source: String) {
    self.init(source: source, utf8: Array(source.utf8))
  }

  /// Indexes the line starts of a source file's bytes, which need not be UTF-8: offsets stay
  /// those of the bytes.
  package init(utf8: [UInt8]) {
    self.init(source: String(decoding: utf8, as: UTF8.self), utf8: utf8)
  }

  private init(source: String, utf8: [UInt8]) {
    self.source = source
    self.utf8 = utf8
    var starts = [0]
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    self.lineStarts = starts
  }

  /// The number of lines (an empty source has one).
  package var lineCount: Int { lineStarts.count }

  /// The location of `offset`, clamped into the source.
  public func location(of offset: Int) -> SourceLocation {
    let offset = max(0, min(offset, utf8.count))
    let line = lineIndex(of: offset)
    return SourceLocation(
      line: line + 1, column: Self.scalarColumn(of: offset, lineStart: lineStarts[line], in: utf8))
  }

  /// The 0-based index of the line holding `offset`, which is within the source.
  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The 1-based column of `offset` counted in bytes, as compilers count columns.
  package func utf8Column(of offset: Int) -> Int {
    let offset = max(0, min(offset, utf8.count))
    return offset - lineStarts[lineIndex(of: offset)] + 1
  }

  /// The 1-based column of `offset` in `bytes`, counted in Unicode scalars from `lineStart`:
  /// every byte that is not a UTF-8 continuation byte starts one.
  package static func scalarColumn(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
    let end = max(lineStart, min(offset, bytes.count))
    return bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }

  /// The text of the 1-based `line`, without its terminator.
  package func text(ofLine line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    return String(decoding: utf8[bytes(ofLineAt: line - 1)], as: UTF8.self)
  }

  /// The bytes of the line holding `offset` (clamped into the source), without its terminator:
  /// a slice of the source's bytes, indexed as the source is.
  package func lineBytes(holding offset: Int) -> ArraySlice<UInt8> {
    utf8[bytes(ofLineAt: lineIndex(of: max(0, min(offset, utf8.count))))]
  }

  /// Where the 0-based line `index` is in the source's bytes, without its terminator.
  private func bytes(ofLineAt index: Int) -> Range<Int> {
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : utf8.count
    while end > start, utf8[end - 1] == UInt8(ascii: "\n") || utf8[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    return start..<end
  }

  /// The text of `range`, clamped into the source.
  package func text(in range: SourceRange) -> String {
    let lower = max(0, min(range.lowerBound, utf8.count))
    let upper = max(lower, min(range.upperBound, utf8.count))
    return String(decoding: utf8[lower..<upper], as: UTF8.self)
  }

  /// The byte offset where the 1-based `line` starts.
  package func offset(ofLineStart line: Int) -> Int {
    lineStarts[max(0, min(line - 1, lineStarts.count - 1))]
  }
}

/// A source range that takes no part in equality or hashing.
///
/// AST nodes carry where they came from, but two predicates are the same predicate whatever text
/// they were parsed from: `parse(print(p)) == p` compares structure only.
@propertyWrapper
package struct IgnoredInComparison<Value: Sendable>: Sendable, Hashable {
  /// The wrapped value.
  package var wrappedValue: Value

  /// Wraps a value.
  package init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  package static func == (lhs: Self, rhs: Self) -> Bool { true }
  package func hash(into hasher: inout Hasher) {}
}
