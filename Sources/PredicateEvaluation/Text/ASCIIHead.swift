/// What an identifier's raw bytes already decide about its prepared (folded, normalised) form
/// when the literal it is compared with is ASCII: most identifiers are answered here, without
/// asking whether the whole identifier is ASCII and without preparing it.
///
/// Two facts of every ``TextForm`` make this sound:
/// - Preparation never drops, expands or composes *into* an ASCII character, and folding only
///   lowercases it. An ASCII byte followed by another ASCII byte (or by the end) therefore
///   prepares to itself, lowercased when the form folds case, whatever comes before it.
/// - An ASCII byte followed by a non-ASCII scalar prepares to a unit that starts with that byte
///   (lowercased), or, when a mark composes with it, to a composite, which is never ASCII. Either
///   way, if the byte differs from the literal's byte there, so does the prepared text.
///
/// So a difference from the literal at an ASCII byte is a difference of the prepared text, and
/// a match is a match once the byte after it is ASCII too. Everything else (a non-ASCII byte
/// first, or a match followed by a mark that folding may drop) is nil: the caller prepares.
/// The differential tests compare every operator that asks here with the reference evaluator.
enum ASCIIHead {
  @inline(__always)
  private static func fold(_ byte: UInt8, _ foldCase: Bool) -> UInt8 {
    foldCase ? ASCIIBytes.lower(byte) : byte
  }

  /// The length of the longest head of `text` equal to the same head of `literal` (ASCII, already
  /// folded), lowercasing `text` when `foldCase`. The bytes it covers are ASCII.
  @inline(__always)
  private static func sharedHead(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, _ foldCase: Bool
  ) -> Int {
    let shared = min(text.count, literal.count)
    var index = 0
    while index < shared && fold(text[index], foldCase) == literal[index] { index += 1 }
    return index
  }

  /// Whether `text` prepares to exactly `literal`, or nil when only preparing it can say.
  @inline(__always)
  static func equals(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool? {
    // The common answers first, at the cost of the floor: a first byte that differs, a byte
    // compare, or a word-at-a-time scan that finds an ASCII identifier of another length.
    if let first = text.first, let head = literal.first, first < 0x80, fold(first, foldCase) != head
    {
      return false
    }
    if text.count == literal.count {
      if ASCIIBytes.equal(text, at: 0, literal, foldCase: foldCase) { return true }
      if ASCIIBytes.isASCII(text) { return false }
    } else if ASCIIBytes.isASCII(text) {
      return false
    }
    let head = sharedHead(text, literal, foldCase)
    if head < min(text.count, literal.count) { return text[head] < 0x80 ? false : nil }
    if text.count == literal.count { return true }
    // Shorter: all of it matched, so it is ASCII. Longer: an ASCII byte more is never dropped.
    if text.count < literal.count { return false }
    return text[literal.count] < 0x80 ? false : nil
  }

  /// `text` prepared, compared with `literal` by bytes (-1, 0 or 1), or nil when only preparing
  /// it can say. Unlike equality, the byte that differs must be followed by ASCII: a mark after
  /// it may compose it into a non-ASCII scalar, which orders after every ASCII byte.
  @inline(__always)
  static func compare(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Int? {
    let head = sharedHead(text, literal, foldCase)
    if head < min(text.count, literal.count) {
      let byte = text[head]
      guard byte < 0x80, head + 1 == text.count || text[head + 1] < 0x80 else { return nil }
      return fold(byte, foldCase) < literal[head] ? -1 : 1
    }
    if text.count == literal.count { return 0 }
    if text.count < literal.count { return -1 }
    return text[literal.count] < 0x80 ? 1 : nil
  }

  /// Whether `text` prepared starts with the whole units of `literal`, or nil when only
  /// preparing it can say (a match followed by a non-ASCII scalar, which may be a mark).
  @inline(__always)
  static func hasPrefix(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool? {
    let length = literal.count
    if length <= text.count && ASCIIBytes.equal(text, at: 0, literal, foldCase: foldCase) {
      return length == text.count || text[length] < 0x80 ? true : nil
    }
    // An ASCII window differs at an ASCII byte.
    if ASCIIBytes.isASCII(UnsafeBufferPointer(rebasing: text[..<min(length, text.count)])) {
      return false
    }
    let head = sharedHead(text, literal, foldCase)
    // All of a shorter text matched: it is ASCII, and too short.
    if head == text.count { return false }
    return text[head] < 0x80 ? false : nil
  }

  /// Whether `text` prepared ends with the whole units of `literal`, or nil when only preparing
  /// it can say. Read from the end: the bytes after a difference are ASCII, so they prepare to
  /// themselves whatever comes before them.
  @inline(__always)
  static func hasSuffix(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool? {
    let length = literal.count
    if length <= text.count
      && ASCIIBytes.equal(text, at: text.count - length, literal, foldCase: foldCase)
    {
      // The match starts a unit when the byte before it is ASCII too.
      return length == text.count || text[text.count - length - 1] < 0x80 ? true : nil
    }
    if ASCIIBytes.isASCII(UnsafeBufferPointer(rebasing: text[max(0, text.count - length)...])) {
      return false
    }
    var fromEnd = 1
    let shared = min(text.count, length)
    while fromEnd <= shared
      && fold(text[text.count - fromEnd], foldCase) == literal[length - fromEnd]
    {
      fromEnd += 1
    }
    if fromEnd > text.count { return false }
    return text[text.count - fromEnd] < 0x80 ? false : nil
  }
}
