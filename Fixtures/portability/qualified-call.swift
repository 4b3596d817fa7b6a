#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct Reader {
  func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    // "Glibc.read" in a string or a comment is not a call: Glibc.read
    Glibc.read(descriptor, buffer, count)  // ❌
  }
}
