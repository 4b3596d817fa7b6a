import Foundation
import PredicateSyntax

/// Byte-level operations for the ASCII fast path: no Unicode machinery, no allocation.
package enum ASCIIBytes {
  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// Whether `haystack[start..<start+needle.count]` equals `needle`, lowercasing the haystack
  /// when `foldCase` (the needle is already folded).
  @inline(__always)
  static func equal(
    _ haystack: UnsafeBufferPointer<UInt8>, at start: Int, _ needle: UnsafeBufferPointer<UInt8>,
    foldCase: Bool
  ) -> Bool {
    if !foldCase {
      return memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0
    }
    // Eight bytes at a time, each lowercased as `lower` does (a byte-at-a-time loop cost half
    // again the C floor's caseless compare), then the rest one by one.
    let text = UnsafeRawPointer(haystack.baseAddress! + start)
    let folded = UnsafeRawPointer(needle.baseAddress!)
    var offset = 0
    while offset + 8 <= needle.count {
      let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      guard lower(word) == folded.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
        return false
      }
      offset += 8
    }
    while offset < needle.count {
      guard lower(haystack[start + offset]) == needle[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// Each of the eight bytes of `word` lowercased as ``lower(_:)`` does: `A`–`Z` get 0x20, every
  /// other byte (those past ASCII included) is left as it is.
  @inline(__always)
  static func lower(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low = word & (ones &* 0x7F)
    // The high bit of a byte, exactly: at least `A` and at most `Z`, and ASCII.
    let atLeastA = low &+ ones &* (0x80 - 0x41)
    let pastZ = low &+ ones &* (0x80 - 0x5B)
    let upper = atLeastA & ~pastZ & ~word & (ones &* 0x80)
    return word | (upper >> 2)
  }

  static func hasPrefix(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool {
    needle.count > 0 && needle.count <= haystack.count
      && equal(haystack, at: 0, needle, foldCase: foldCase)
  }

  static func hasSuffix(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool {
    needle.count > 0 && needle.count <= haystack.count
      && equal(haystack, at: haystack.count - needle.count, needle, foldCase: foldCase)
  }

  static func contains(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool {
    guard needle.count > 0, needle.count <= haystack.count else { return false }
    if !foldCase {
      // Candidates filtered eight at a time, memcmp for the rest: C-speed on short needles.
      return anyCandidate(haystack, needle) { equal(haystack, at: $0, needle, foldCase: false) }
    }
    let first = needle[0]
    var work = 0
    let budget = LinearSearch.budget(haystack.count, needle.count)
    for start in 0...(haystack.count - needle.count) where lower(haystack[start]) == first {
      work += needle.count
      if work > budget {
        return LinearSearch.anyOccurrence(haystack, needle, foldCase: true) { _ in true }
      }
      if equal(haystack, at: start, needle, foldCase: true) { return true }
    }
    return false
  }

  /// Whether `accept` holds at some offset of `haystack` where `needle` could start, tried left
  /// to right.
  ///
  /// Candidates are the offsets where both the needle's first and last bytes match, found eight
  /// offsets at a time by comparing two unaligned words with broadcast bytes (the "generic SIMD"
  /// substring filter): on short identifiers that leaves almost no false candidates, where a
  /// memchr for the first byte alone stops at every common letter.
  ///
  /// `accept` compares the needle at a candidate: past ``LinearSearch/budget(_:_:)`` of that
  /// work (hostile input), the remaining search is Knuth–Morris–Pratt's, so the time stays linear.
  @inline(__always)
  static func anyCandidate(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>,
    _ accept: (Int) -> Bool
  ) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return false }
    var work = 0
    var exhausted = false
    let budget = LinearSearch.budget(haystack.count, needle.count)
    let found = filteredCandidates(haystack, needle) { start in
      work += needle.count
      if work > budget {
        exhausted = true
        return true
      }
      return accept(start)
    }
    guard exhausted else { return found }
    return LinearSearch.anyOccurrence(haystack, needle, foldCase: false, accept: accept)
  }

  /// The candidate scan behind ``anyCandidate(_:_:_:)``, without the budget.
  @inline(__always)
  private static func filteredCandidates(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>,
    _ accept: (Int) -> Bool
  ) -> Bool {
    let raw = UnsafeRawPointer(haystack.baseAddress!)
    let lastStart = haystack.count - needle.count
    let firstByte = needle[0]
    let lastByte = needle[needle.count - 1]
    let first = UInt64(firstByte) &* 0x0101_0101_0101_0101
    let last = UInt64(lastByte) &* 0x0101_0101_0101_0101
    // Candidate offsets `start..<start+8` whose bits survive `keep`.
    @inline(__always)
    func step(_ start: Int, keep: UInt64) -> Bool {
      let heads = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
      let tails = raw.loadUnaligned(fromByteOffset: start + needle.count - 1, as: UInt64.self)
      var candidates = zeroBytes(heads ^ first) & zeroBytes(tails ^ last) & keep
      while candidates != 0 {
        // Little-endian: the lowest set bit is the leftmost offset.
        if accept(start + candidates.trailingZeroBitCount / 8) { return true }
        candidates &= candidates &- 1
      }
      return false
    }
    guard lastStart >= 7 else {
      // Fewer than eight offsets: too short for a word at each end.
      for start in 0...lastStart
      where haystack[start] == firstByte && haystack[start + needle.count - 1] == lastByte
        && accept(start)
      {
        return true
      }
      return false
    }
    var start = 0
    while start + 7 <= lastStart {
      if step(start, keep: ~0) { return true }
      start += 8
    }
    if start <= lastStart {
      // The last eight offsets again, overlapping: keep only those not tried yet.
      let overlap = start - (lastStart - 7)
      if step(lastStart - 7, keep: ~0 << UInt64(overlap * 8)) { return true }
    }
    return false
  }

  /// The high bit of each byte of `word` that is zero, and no other bit (exact: no borrow runs
  /// from one byte into the next).
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word | low)
  }

  /// Byte equality, optionally case-insensitive (needle already folded).
  static func equals(
    _ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool {
    lhs.count == rhs.count && (lhs.count == 0 || equal(lhs, at: 0, rhs, foldCase: foldCase))
  }

  /// Lexicographic byte comparison (ASCII order is code-point order): -1, 0 or 1.
  static func compare(
    _ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Int {
    let shared = min(lhs.count, rhs.count)
    for index in 0..<shared {
      let left = foldCase ? lower(lhs[index]) : lhs[index]
      let right = foldCase ? lower(rhs[index]) : rhs[index]
      if left != right { return left < right ? -1 : 1 }
    }
    return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
  }
}

extension ASCIIBytes {
  /// Whether every byte is below 0x80, eight bytes at a time: identifiers are short, and this runs
  /// once per evaluation context, so it must cost a few instructions, not one branch per byte.
  @inline(__always)
  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    let high: UInt64 = 0x8080_8080_8080_8080
    guard count >= 8 else {
      var seen: UInt8 = 0
      for offset in 0..<count { seen |= base[offset] }
      return seen < 0x80
    }
    // The last word first, overlapping what the loop reads: no byte-by-byte tail. Offsets stay
    // below `count`, so the arithmetic is unchecked.
    var seen = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    var offset = 0
    while offset < count &- 8 {
      seen |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    return seen & high == 0
  }
}

extension ASCIIBytes {
  /// The offset of the first byte at or after `start` that is not ASCII, or `bytes.count`:
  /// eight bytes at a time.
  @inline(__always)
  static func endOfASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let high: UInt64 = 0x8080_8080_8080_8080
    var offset = start
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset &+ 8 <= bytes.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let nonASCII = word & high
        if nonASCII != 0 { return offset &+ nonASCII.trailingZeroBitCount &>> 3 }
        offset &+= 8
      }
    }
    while offset < bytes.count && bytes[offset] < 0x80 { offset &+= 1 }
    return offset
  }
}

extension String {
  /// Whether every byte is ASCII.
  var isASCIIText: Bool {
    utf8.withContiguousStorageIfAvailable(ASCIIBytes.isASCII) ?? utf8.allSatisfy { $0 < 0x80 }
  }
}
