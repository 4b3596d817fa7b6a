import Foundation
import PCRE2Regex

#if canImport(Glibc)
  import Glibc
#endif

/// Hand-optimised byte-level baselines: what a careful engineer would write for one fixed
/// operator, with no predicate machinery. The compiled matcher is measured against these.
enum Baseline {
  @inline(__always)
  static func equals(_ identifier: String, _ literal: [UInt8]) -> Bool {
    var identifier = identifier
    return identifier.withUTF8 { bytes in
      bytes.count == literal.count
        && literal.withUnsafeBufferPointer {
          memcmp(bytes.baseAddress!, $0.baseAddress!, bytes.count) == 0
        }
    }
  }

  @inline(__always)
  static func hasPrefix(_ identifier: String, _ literal: [UInt8]) -> Bool {
    var identifier = identifier
    return identifier.withUTF8 { bytes in
      bytes.count >= literal.count
        && literal.withUnsafeBufferPointer {
          memcmp(bytes.baseAddress!, $0.baseAddress!, $0.count) == 0
        }
    }
  }

  @inline(__always)
  static func hasSuffix(_ identifier: String, _ literal: [UInt8]) -> Bool {
    var identifier = identifier
    return identifier.withUTF8 { bytes in
      bytes.count >= literal.count
        && literal.withUnsafeBufferPointer {
          memcmp(bytes.baseAddress! + bytes.count - $0.count, $0.baseAddress!, $0.count) == 0
        }
    }
  }

  /// C's `strstr` on the identifier's NUL-terminated storage.
  @inline(__always)
  static func strstrContains(_ identifier: String, _ needle: String) -> Bool {
    identifier.withCString { haystack in needle.withCString { strstr(haystack, $0) != nil } }
  }
}

/// A hashed set of byte strings: FNV-1a, open addressing, lookup hashes in place.
struct ByteSet {
  private var table: [[UInt8]?]
  private let mask: Int

  init(_ strings: [String]) {
    var capacity = 8
    while capacity < strings.count * 2 { capacity *= 2 }
    table = Array(repeating: nil, count: capacity)
    mask = capacity - 1
    for string in strings {
      let bytes = Array(string.utf8)
      var slot = Self.hash(bytes.withUnsafeBufferPointer { $0 }) & mask
      while table[slot] != nil { slot = (slot + 1) & mask }
      table[slot] = bytes
    }
  }

  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  @inline(__always)
  func contains(_ identifier: String) -> Bool {
    var identifier = identifier
    return identifier.withUTF8 { bytes in
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
}
