#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads lines from a file descriptor as raw bytes: no line is dropped, whatever its bytes.
///
/// Lines end at LF (a CR before it is removed); a last line without LF still counts. Before each
/// blocking read it calls `beforeRead`, so a streaming caller flushes its answers and a pipe
/// consumer sees one answer per line as soon as it is ready.
struct LineReader {
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
  private(set) var lineNumber = 0

  /// What the input is called in an error, such as "standard input".
  private let name: String

  init(descriptor: Int32, name: String = "standard input") {
    self.descriptor = descriptor
    self.name = name
  }

  /// The position of the next newline at or after `start`, found by `memchr` (a generic
  /// `firstIndex(of:)` costs several instructions a byte), searching only bytes not searched yet.
  private mutating func nextNewline() -> Int? {
    let from = max(start, scanned)
    let found: Int? = buffer.withUnsafeBufferPointer { bytes in
      guard from < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    scanned = found.map { $0 + 1 } ?? buffer.count
    return found
  }

  mutating func nextLine(beforeRead: () -> Void = {}) -> ArraySlice<UInt8>? {
    while true {
      if let newline = nextNewline() {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        lineNumber += 1
        return line
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
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { IOFailure.readFailed(name, code: errno) }
      if count == 0 {
        atEOF = true
      } else {
        buffer.append(contentsOf: chunk[..<count])
      }
    }
  }
}
