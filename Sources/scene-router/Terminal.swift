import SceneActivation
import SceneJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Buffered standard output and error, and TTY detection for colour.
enum Terminal {
  /// Whether standard output is a terminal (colour and human output are on only then).
  static let stdoutIsTTY = isatty(1) == 1
  /// Whether standard error is a terminal.
  static let stderrIsTTY = isatty(2) == 1
}

/// A byte buffer in front of a file descriptor; `flush()` writes it out.
final class OutputStream {
  private let descriptor: Int32
  private var buffer = ByteBuffer(capacity: 1 << 17)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  // The CLI writes from one thread only.
  nonisolated(unsafe) static let standardOutput = OutputStream(descriptor: 1)
  nonisolated(unsafe) static let standardError = OutputStream(descriptor: 2)

  func write(_ text: String) {
    buffer.appendUTF8(text)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes a JSON value and a newline.
  func writeLine(json: JSONValue) {
    json.write(into: &buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Lets `body` append bytes, then a newline.
  func writeLine(bytes body: (inout ByteBuffer) -> Void) {
    body(&buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 16 { flush() }
  }

  func writeLine(_ text: String) {
    write(text)
    write("\n")
  }

  func flush() {
    let bytes = buffer.bytes
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 {
        if written < 0 && errno == EINTR { continue }
        break
      }
      offset += written
    }
    buffer.removeAll()
  }

  deinit { flush() }
}

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
  /// The 1-based number of the last line returned.
  private(set) var lineNumber = 0

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// The position of the next newline at or after `start`, found by `memchr` (a generic
  /// `firstIndex(of:)` costs several instructions a byte).
  private func nextNewline() -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      guard start < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
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
        start = 0
      }
      beforeRead()
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        atEOF = true
      } else {
        buffer.append(contentsOf: chunk[..<count])
      }
    }
  }
}

/// Reads a whole file (or standard input for "-").
func readInput(_ path: String) throws -> [UInt8] {
  let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
  guard descriptor >= 0 else {
    throw InputError(message: "\(path): \(String(cString: strerror(errno)))")
  }
  defer { if descriptor != 0 { close(descriptor) } }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count < 0 { throw InputError(message: "\(path): \(String(cString: strerror(errno)))") }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[..<count])
  }
  return bytes
}

/// A file that could not be read.
struct InputError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
