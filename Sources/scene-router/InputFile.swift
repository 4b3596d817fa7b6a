#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a whole file (or standard input for "-"). A file that cannot be opened is an
/// ``InputError``; one that fails while it is read (a directory, an I/O error) ends the command
/// through ``IOFailure`` with exit 74.
func readInput(_ path: String) throws -> [UInt8] {
  if path == "-" { IOFailure.requireStandardInput() }
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
    if count < 0 { IOFailure.readFailed(path == "-" ? "standard input" : path, code: errno) }
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

/// The lines of a line-per-item input (`check --file`, `table --identifiers`), numbered from 1,
/// each without its final `\r`, blank lines (spaces and tabs only) left out.
func nonBlankLines(_ bytes: [UInt8]) -> [(number: Int, bytes: ArraySlice<UInt8>)] {
  var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
  for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .enumerated()
  {
    var line = line
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
    lines.append((index + 1, line))
  }
  return lines
}
