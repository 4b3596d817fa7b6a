/// A byte buffer in front of a file descriptor; `flush()` writes it out, and a write that fails
/// ends the command through ``IOFailure``: output is never lost in silence.
package final class OutputStream {
  private let descriptor: Int32
  private let name: String
  /// The buffered bytes: room for ``capacity`` bytes, of which the first `count` are written.
  /// Plain memory the stream owns, not an array: appending to an array stored in a class is an
  /// access the runtime checks for overlap (about 100 instructions a call), and `evaluate
  /// --batch` appends every answer.
  private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: OutputStream.capacity)
  private var count = 0
  /// The bytes buffered before a write: a write call costs as much as copying 30 KB into the
  /// file's pages, so they are written a megabyte at a time. (A stream is flushed sooner: the
  /// reader flushes before any read that could wait.)
  package static let flushSize = 1 << 20
  /// The buffer's size: a write of up to a megabyte always fits after less than a megabyte.
  private static let capacity = 2 * flushSize

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
    // In place when the storage is contiguous (native strings are): `withUTF8` is mutating and
    // would copy the string's reference first.
    if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
      var copy = text
      copy.withUTF8 { write($0) }
    }
  }

  /// Writes `bytes`.
  package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if bytes.count > Self.flushSize { return flush(then: bytes) }
    (storage + count).update(from: source, count: bytes.count)
    count += bytes.count
    if count >= Self.flushSize { flush() }
  }

  /// Writes what is buffered, then `bytes` from the caller's memory, without a copy: for a
  /// writer that builds its output in a buffer of its own (`route --jsonl` writes its
  /// decisions so) and hands it over when the stream would be flushed anyway.
  package func flush(then bytes: UnsafeBufferPointer<UInt8>) {
    flush()
    if bytes.isEmpty { return }
    if let error = System.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) { fail(error) }
  }

  /// Writes `text` and a newline.
  package func writeLine(_ text: String) {
    write(text)
    write("\n")
  }

  /// Writes the buffer out. A failed write (a full disk, `EPIPE` when `SIGPIPE` is ignored, an
  /// I/O error) ends the command with exit 74; when standard error itself fails, silently.
  package func flush() {
    let pending = UnsafeRawBufferPointer(start: storage, count: count)
    count = 0
    if let error = System.writeAll(descriptor, pending) { fail(error) }
  }

  /// Ends the command after a failed write (exit 74); when standard error itself fails,
  /// silently.
  private func fail(_ error: SystemError) -> Never {
    if descriptor == 2 { System.exitImmediately(IOFailure.exitStatus) }
    OutputStream.standardError.count = 0
    IOFailure.exit("cannot write to \(name): \(error)")
  }

  deinit {
    flush()
    storage.deallocate()
  }
}
