/// Reads lines from a file descriptor as raw bytes: no line is dropped, whatever its bytes.
///
/// Lines end at LF (a CR before it is removed); a last line without LF still counts. Before each
/// blocking read it calls `beforeRead`, so a streaming caller flushes its answers and a pipe
/// consumer sees one answer per line as soon as it is ready.
package struct LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEOF = false
  /// Where the newline search resumes: the bytes before it (from `start`) hold no newline, so a
  /// long line read in many chunks is scanned once, not once per chunk.
  private var scanned = 0
  /// The read buffer, allocated once.
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  /// The 1-based number of the last line returned.
  package private(set) var lineNumber = 0
  /// The length of the last line returned when it was longer than ``maximumLineLength``: its
  /// bytes were read and dropped (the line returned is empty), so memory stays bounded. Nil for
  /// a line within the limit.
  package private(set) var overflowLength: Int?
  /// Bytes of the current line dropped so far, while it is longer than the limit.
  private var dropped: Int?

  /// The longest line kept: far above any event, predicate or batch line (an APNs payload is
  /// at most 4 KB, a predicate 100 KB), and a bound on memory for a line that never ends.
  package static let maximumLineLength = 16 << 20

  /// The error for a line of `length` bytes over the limit.
  package static func overflowMessage(_ length: Int) -> String {
    "the line is \(length) bytes long; the limit is \(maximumLineLength) bytes (16 MiB)"
  }

  /// What the input is called in an error, such as "standard input".
  private let name: String

  /// A reader of `descriptor`; `name` says what it is in an error.
  package init(descriptor: Int32, name: String = "standard input") {
    self.descriptor = descriptor
    self.name = name
  }

  /// The position of the next newline at or after `start`, searching only bytes not searched
  /// yet.
  private mutating func nextNewline() -> Int? {
    let from = max(start, scanned)
    let found = buffer.withUnsafeBufferPointer {
      System.firstIndex(of: UInt8(ascii: "\n"), in: $0, from: from)
    }
    scanned = found.map { $0 + 1 } ?? buffer.count
    return found
  }

  /// The next line, or nil at the end; `beforeRead` runs before any read that could wait.
  package mutating func nextLine(beforeRead: () -> Void = {}) -> ArraySlice<UInt8>? {
    overflowLength = nil
    while true {
      if let dropping = dropped {
        // Inside an overlong line: drop bytes up to its end.
        if let newline = nextNewline() {
          overflowLength = dropping + (newline - start)
          start = newline + 1
          dropped = nil
          lineNumber += 1
          return buffer[start..<start]
        }
        dropped = dropping + (buffer.count - start)
        buffer.removeAll(keepingCapacity: true)
        start = 0
        scanned = 0
        if atEOF {
          overflowLength = dropped
          dropped = nil
          lineNumber += 1
          return buffer[0..<0]
        }
      } else if let newline = nextNewline() {
        if newline - start > Self.maximumLineLength {
          // The end arrived with the chunk that crossed the limit.
          overflowLength = newline - start
          start = newline + 1
          lineNumber += 1
          return buffer[start..<start]
        }
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        lineNumber += 1
        return line
      }
      if dropped == nil, buffer.count - start > Self.maximumLineLength {
        dropped = 0
        continue
      }
      if atEOF {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        lineNumber += 1
        return line
      }
      if start > 0 {
        buffer.removeFirst(start)
        scanned -= start
        start = 0
      }
      beforeRead()
      if descriptor == 0 { IOFailure.requireStandardInput() }
      let descriptor = self.descriptor
      let count: Int
      switch chunk.withUnsafeMutableBytes({ System.read(descriptor, into: $0) }) {
      case .success(let read): count = read
      case .failure(let error): IOFailure.readFailed(name, error: error)
      }
      if count == 0 {
        atEOF = true
      } else {
        buffer.append(contentsOf: chunk[..<count])
      }
    }
  }
}
