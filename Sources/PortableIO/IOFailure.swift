/// The one way the command line ends when it cannot write its output or read its input: a
/// message on standard error and exit 74 (`EX_IOERR`), so a full disk, a closed pipe with
/// `SIGPIPE` ignored, or a folder given as standard input is never taken for success.
package enum IOFailure {
  /// `EX_IOERR` from sysexits.h.
  package static let exitStatus: Int32 = 74

  /// Writes `scene-router: error: <message>` straight to descriptor 2 and exits 74.
  ///
  /// Exits at once: the buffers that failed are not flushed a second time, and the
  /// standard-output check registered at exit does not run again.
  package static func exit(_ message: String) -> Never {
    System.writeAll(2, "scene-router: error: \(message)\n")
    System.exitImmediately(exitStatus)
  }

  /// Ends the command when reading `name` failed with `error`.
  package static func readFailed(_ name: String, error: SystemError) -> Never {
    OutputStream.standardOutput.flush()
    exit("cannot read \(name): \(error)")
  }

  /// Whether the command started with no standard input at all (`<&-`).
  nonisolated(unsafe) private static var standardInputClosed = false

  /// Occupies closed standard descriptors with /dev/null, remembering that standard input was
  /// closed (see ``System/occupyClosedStandardDescriptors()``).
  package static func guardStandardDescriptors() {
    standardInputClosed = System.occupyClosedStandardDescriptors().contains(0)
  }

  /// Ends the command when standard input was closed before it started.
  package static func requireStandardInput() {
    if standardInputClosed { readFailed("standard input", error: .notOpen) }
  }

  /// Checks, at exit, that what the C library buffered for standard output (help and version
  /// text, and argument errors, which swift-argument-parser prints) reached it.
  package static func checkStandardOutputAtExit() {
    System.atExit {
      if let error = System.flushStandardOutput() {
        IOFailure.exit("cannot write to standard output: \(error)")
      }
    }
  }

  /// A whole input: the file at `path`, or standard input for `-`. A file that cannot be opened
  /// is thrown; one that fails while it is read (a folder, an I/O error) ends the command.
  package static func input(_ path: String) throws(FileError) -> [UInt8] {
    if path == "-" { requireStandardInput() }
    do {
      return path == "-"
        ? try Files.contents(ofDescriptor: 0, name: "standard input")
        : try Files.contents(of: path)
    } catch  where error.kind == .readFailed {
      readFailed(error.path, error: error.underlying ?? .inputOutput)
    }
  }
}
