import SceneActivation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
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
