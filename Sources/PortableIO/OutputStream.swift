@_spi(Internals) import SceneJSON

/// A byte buffer in front of a file descriptor; `flush()` writes it out, and a write that fails
/// ends the command through ``IOFailure``: output is never lost in silence.
package final class OutputStream {
  private let descriptor: Int32
  private let name: String
  /// Unchecked: `write(bytes:)` hands it to a closure, and a class property passed `inout`
  /// is checked for overlapping access at run time, 80 instructions a line. The writers never
  /// reach the stream they write to. (The attribute holds only in this module: a client that
  /// passed the property `inout` itself would be checked.)
  @exclusivity(unchecked) private var buffer = ByteBuffer(capacity: OutputStream.flushSize * 2)
  /// The bytes buffered before a write: a write call costs as much as copying 30 KB into the
  /// file's pages, so they are written a megabyte at a time. (A stream is flushed sooner: the
  /// reader flushes before any read that could wait.)
  static let flushSize = 1 << 20

  /// A stream writing to `descriptor`; `name` says what it is in an error.
  package init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  // The CLI writes from one thread only.
  /// Standard output.
  nonisolated(unsafe) package static let standardOutput = OutputStream(
    descriptor: 1, name: "standard output")
  /// Standard error.
  nonisolated(unsafe) package static let standardError = OutputStream(
    descriptor: 2, name: "standard error")

  /// Runs `body` with standard output and standard error, and flushes both however it ends:
  /// what a command wrote before it failed is still seen.
  package static func withStandardStreams<Result>(
    _ body: (_ out: OutputStream, _ err: OutputStream) throws -> Result
  ) rethrows -> Result {
    defer {
      standardOutput.flush()
      standardError.flush()
    }
    return try body(standardOutput, standardError)
  }

  /// Writes `text`.
  package func write(_ text: String) {
    buffer.appendUTF8(text)
    if buffer.count >= Self.flushSize { flush() }
  }

  /// Writes a JSON value and a newline.
  package func writeLine(json: JSONValue) {
    json.write(into: &buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.flushSize { flush() }
  }

  /// Lets `body` append bytes in place (whole lines, each with its newline), and returns what
  /// it returns: `route --jsonl` writes each decision straight into the stream's buffer.
  package func write<Result>(bytes body: (inout ByteBuffer) -> Result) -> Result {
    let result = body(&buffer)
    if buffer.count >= Self.flushSize { flush() }
    return result
  }

  /// Writes `text` and a newline.
  package func writeLine(_ text: String) {
    write(text)
    write("\n")
  }

  /// Writes the buffer out. A failed write (a full disk, `EPIPE` when `SIGPIPE` is ignored, an
  /// I/O error) ends the command with exit 74; when standard error itself fails, silently.
  package func flush() {
    if let error = System.writeAll(descriptor, UnsafeRawBufferPointer(buffer.bytes)) {
      if descriptor == 2 { System.exitImmediately(IOFailure.exitStatus) }
      OutputStream.standardError.buffer.removeAll()
      IOFailure.exit("cannot write to \(name): \(error)")
    }
    buffer.removeAll()
  }

  deinit { flush() }
}
