/// A set of strings compared by their exact UTF-8 bytes (so by Unicode scalars, literally: `IN`
/// ignores options and canonical equivalence, as Apple's `containsObject:` does).
///
/// Open addressing over FNV-1a hashes; a lookup hashes the identifier's bytes in place and
/// allocates nothing.
struct ByteStringSet: Sendable {
  private let storage: [UInt8]
  private let ranges: [Range<Int>]
  private let table: [Int32]
  private let mask: Int
  /// Bit `n` set when an element is `n` bytes long (bit 63: 63 bytes or more): most identifiers
  /// are answered by their length alone, without hashing them.
  private let lengths: UInt64

  /// The distinct strings' bytes.
  var elements: [[UInt8]] { ranges.map { Array(storage[$0]) } }

  init(_ strings: [String]) {
    var storage: [UInt8] = []
    var ranges: [Range<Int>] = []
    var capacity = 4
    while capacity < strings.count * 2 { capacity *= 2 }
    var table = [Int32](repeating: -1, count: capacity)
    // Duplicates are found by the table itself (a `Set<[UInt8]>` hashed every byte again).
    for string in strings {
      let bytes = Array(string.utf8)
      var slot = bytes.withUnsafeBufferPointer(Self.hash) & (capacity - 1)
      var isDuplicate = false
      while table[slot] >= 0 {
        if storage[ranges[Int(table[slot])]].elementsEqual(bytes) {
          isDuplicate = true
          break
        }
        slot = (slot + 1) & (capacity - 1)
      }
      guard !isDuplicate else { continue }
      table[slot] = Int32(ranges.count)
      ranges.append(storage.count..<storage.count + bytes.count)
      storage.append(contentsOf: bytes)
    }
    self.storage = storage
    self.ranges = ranges
    self.table = table
    self.mask = capacity - 1
    self.lengths = ranges.reduce(0) { $0 | Self.lengthBit($1.count) }
  }

  @inline(__always)
  private static func lengthBit(_ count: Int) -> UInt64 { 1 &<< UInt64(min(count, 63)) }

  var count: Int { ranges.count }

  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lengths & Self.lengthBit(bytes.count) != 0 else { return false }
    var slot = Self.hash(bytes) & mask
    return storage.withUnsafeBufferPointer { storage in
      while true {
        let entry = table[slot]
        if entry < 0 { return false }
        let range = ranges[Int(entry)]
        if range.count == bytes.count
          && (bytes.count == 0
            || memcmp(storage.baseAddress! + range.lowerBound, bytes.baseAddress!, bytes.count)
              == 0)
        {
          return true
        }
        slot = (slot + 1) & mask
      }
    }
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
