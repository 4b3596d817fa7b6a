#if canImport(Darwin)
  @preconcurrency import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// The C library's standard output, which swift-argument-parser's `print` writes to.
nonisolated(unsafe) private let standardOutputFile = stdout

/// The one way the CLI ends when it cannot write its output or read its input: a message on
/// standard error and exit 74 (`EX_IOERR`), so a full disk, a closed pipe with `SIGPIPE`
/// ignored, or a directory given as standard input is never taken for success.
enum IOFailure {
  /// `EX_IOERR` from sysexits.h.
  static let exitStatus: Int32 = 74

  /// Writes `scene-router: error: <message>` straight to descriptor 2 and exits 74.
  ///
  /// `_exit`, not `exit`: the buffers that failed are not flushed a second time, and the
  /// standard-output check registered with `atexit` does not run again.
  static func exit(_ message: String) -> Never {
    var text = Array("scene-router: error: \(message)\n".utf8)
    text.withUnsafeMutableBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { break }
        offset += written
      }
    }
    _exit(exitStatus)
  }

  /// The system's description of `code`, such as "No space left on device".
  static func describe(_ code: Int32) -> String {
    switch code {
    case EBADF: "it is not open"
    case EISDIR: "it is a directory"
    default: String(cString: strerror(code))
    }
  }

  /// Ends the command when `read` on `descriptor` failed with `code`.
  static func readFailed(_ name: String, code: Int32) -> Never {
    OutputStream.standardOutput.flush()
    exit("cannot read \(name): \(describe(code))")
  }

  /// Whether the command started with no standard input at all (`<&-`).
  nonisolated(unsafe) private(set) static var standardInputClosed = false

  /// Occupies closed standard descriptors with /dev/null, remembering that standard input was
  /// closed. Otherwise the next file opened would become descriptor 0 (or 1), and standard input
  /// would read the scenes file, or output would go into it.
  static func guardStandardDescriptors() {
    // Read-only, so that a write to a closed output still fails (EBADF), as it would have.
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      if descriptor == 0 { standardInputClosed = true }
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Ends the command when standard input was closed before it started.
  static func requireStandardInput() {
    if standardInputClosed { readFailed("standard input", code: EBADF) }
  }

  /// Checks, at exit, that what the C library buffered for standard output (help and version
  /// text, and argument errors, which swift-argument-parser prints) reached it.
  static func checkStandardOutputAtExit() {
    atexit {
      let file = standardOutputFile
      if fflush(file) != 0 || ferror(file) != 0 {
        IOFailure.exit("cannot write to standard output: \(IOFailure.describe(errno))")
      }
    }
  }
}
