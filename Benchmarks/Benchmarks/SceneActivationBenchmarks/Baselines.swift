#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A hashed set of byte strings, the floor of `IN`: FNV-1a, open addressing, lookup hashes the
/// identifier's bytes in place.
struct ByteSet: Sendable {
  private let table: [[UInt8]?]
  private let mask: Int

  init(_ strings: [String]) {
    var capacity = 8
    while capacity < strings.count * 2 { capacity *= 2 }
    var table = [[UInt8]?](repeating: nil, count: capacity)
    mask = capacity - 1
    for string in strings {
      let bytes = Array(string.utf8)
      var slot = Self.hash(bytes.withUnsafeBufferPointer { $0 }) & mask
      while table[slot] != nil { slot = (slot + 1) & mask }
      table[slot] = bytes
    }
    self.table = table
  }

  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  @inline(__always)
  func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var slot = Self.hash(bytes) & mask
    while let entry = table[slot] {
      if entry.count == bytes.count
        && entry.withUnsafeBufferPointer({
          memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        })
      {
        return true
      }
      slot = (slot + 1) & mask
    }
    return false
  }
}
