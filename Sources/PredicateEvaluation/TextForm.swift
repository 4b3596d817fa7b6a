import Foundation
import PredicateSyntax

/// The folding an option set asks for (DESIGN §4).
enum Folding: Int, Sendable, Hashable, CaseIterable {
  case none, caseInsensitive, diacriticInsensitive, caseAndDiacriticInsensitive

  /// `[n]` turns folding off entirely; `[l]` changes nothing (comparisons are not localized).
  init(_ options: ComparisonOptions) {
    if options.contains(.normalized) {
      self = .none
      return
    }
    switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
    case (true, true): self = .caseAndDiacriticInsensitive
    case (true, false): self = .caseInsensitive
    case (false, true): self = .diacriticInsensitive
    case (false, false): self = .none
    }
  }

  @inline(__always)
  var foldsCase: Bool { self == .caseInsensitive || self == .caseAndDiacriticInsensitive }

  /// Foundation's folding: full case folding (`ß` → `ss`) plus width for `c`; diacritics plus
  /// width for `d`.
  func apply(_ text: String) -> String {
    switch self {
    case .none: text
    case .caseInsensitive:
      text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    case .diacriticInsensitive:
      text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    case .caseAndDiacriticInsensitive:
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
  }
}

/// How a string is prepared before an operator looks at it: which folding, then which
/// normalisation. Each operator family has one (DESIGN §4):
/// - `==` with `[c]`/`[d]`, ordering, BEGINSWITH/ENDSWITH/CONTAINS and LIKE without options:
///   folded, then NFC, so canonically equivalent forms compare equal;
/// - LIKE and MATCHES with `[c]`/`[d]`: folded, then NFKC;
/// - anything with `[n]`: untouched.
struct TextForm: Sendable, Hashable {
  enum Normalization: Int, Sendable, Hashable { case none, canonical, compatibility }

  var folding: Folding
  var normalization: Normalization

  /// The form the search operators (BEGINSWITH, ENDSWITH, CONTAINS, IN string), `==` with options
  /// and the ordering operators use.
  static func search(_ options: ComparisonOptions) -> TextForm {
    options.contains(.normalized)
      ? TextForm(folding: .none, normalization: .none)
      : TextForm(folding: Folding(options), normalization: .canonical)
  }

  /// The form LIKE and MATCHES use.
  static func pattern(_ options: ComparisonOptions) -> TextForm {
    if options.contains(.normalized) { return TextForm(folding: .none, normalization: .none) }
    let folding = Folding(options)
    return TextForm(folding: folding, normalization: folding == .none ? .canonical : .compatibility)
  }

  /// The form of search operators without options: NFC, no folding.
  static let canonicalSearch = TextForm(folding: .none, normalization: .canonical)

  /// Whether the form leaves text as it is (no folding, no normalisation).
  var isIdentity: Bool { folding == .none && normalization == .none }

  func apply(_ text: String) -> String {
    // ASCII text is its own NFC and NFKC, and Foundation's folding only lowercases it (width and
    // diacritic folding leave ASCII alone): no need to pay a microsecond for Foundation.
    if text.isASCIIText { return folding.foldsCase ? text.lowercased() : text }
    let folded = folding.apply(text)
    switch normalization {
    case .none: return folded
    case .canonical: return CanonicalComposition.nfc(folded)
    case .compatibility: return folded.precomposedStringWithCompatibilityMapping
    }
  }
}

/// A prepared string split into *units*: a starter scalar and the non-starters (canonical
/// combining class ≠ 0) that follow it.
///
/// Non-literal search never splits a unit, so `e` does not match the `e` of a decomposed `é`, while
/// an emoji and its skin-tone modifier stay separate units (as NSString's composed character
/// sequences do for canonical equivalence). Scalars are stored normalised, so comparing scalar
/// runs compares canonically equivalent text as equal.
struct UnitText: Sendable {
  let scalars: [Unicode.Scalar]
  /// `boundary[i]` is true when a unit starts at `i`; `boundary[count]` is true.
  let boundary: [Bool]
  let isASCII: Bool

  init(_ text: String) {
    var scalars: [Unicode.Scalar] = []
    var boundary: [Bool] = []
    scalars.reserveCapacity(text.utf8.count)
    boundary.reserveCapacity(text.utf8.count + 1)
    var ascii = true
    for scalar in text.unicodeScalars {
      scalars.append(scalar)
      if scalar.value >= 0x80 { ascii = false }
      // Nothing below U+0300 (the first combining mark) is a non-starter: skip the table lookup.
      boundary.append(
        scalar.value < 0x300 || scalar.properties.canonicalCombiningClass == .notReordered)
    }
    boundary.append(true)
    boundary[0] = true
    self.scalars = scalars
    self.boundary = boundary
    self.isASCII = ascii
  }

  var isEmpty: Bool { scalars.isEmpty }
  var count: Int { scalars.count }

  private func matches(_ needle: UnitText, at start: Int) -> Bool {
    guard start >= 0, start + needle.count <= count, boundary[start],
      boundary[start + needle.count]
    else { return false }
    for offset in 0..<needle.count where scalars[start + offset] != needle.scalars[offset] {
      return false
    }
    return true
  }

  func hasPrefix(_ needle: UnitText) -> Bool {
    !needle.isEmpty && matches(needle, at: 0)
  }

  func hasSuffix(_ needle: UnitText) -> Bool {
    !needle.isEmpty && matches(needle, at: count - needle.count)
  }

  func contains(_ needle: UnitText) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return false }
    for start in 0...(count - needle.count) where matches(needle, at: start) {
      return true
    }
    return false
  }

  /// The unit ranges, for LIKE.
  var units: [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    for index in 1...max(1, count) where index <= count && boundary[index] {
      result.append(start..<index)
      start = index
    }
    return count == 0 ? [] : result
  }
}

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
    for offset in 0..<needle.count where lower(haystack[start + offset]) != needle[offset] {
      return false
    }
    return true
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
      // memchr for the first byte, memcmp for the rest: C-speed on short needles, no allocation.
      return anyCandidate(haystack, needle) { equal(haystack, at: $0, needle, foldCase: false) }
    }
    let first = needle[0]
    for start in 0...(haystack.count - needle.count)
    where lower(haystack[start]) == first && equal(haystack, at: start, needle, foldCase: true) {
      return true
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
  @inline(__always)
  static func anyCandidate(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>,
    _ accept: (Int) -> Bool
  ) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return false }
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
    var offset = 0
    var seen: UInt64 = 0
    while offset + 8 <= count {
      seen |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    if offset < count {
      if count >= 8 {
        // The last word again, overlapping what was read: no byte-by-byte tail.
        seen |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else {
        while offset < count {
          seen |= UInt64(base[offset])
          offset += 1
        }
      }
    }
    return seen & high == 0
  }
}

extension String {
  /// Whether every byte is ASCII.
  var isASCIIText: Bool {
    utf8.withContiguousStorageIfAvailable(ASCIIBytes.isASCII) ?? utf8.allSatisfy { $0 < 0x80 }
  }
}
