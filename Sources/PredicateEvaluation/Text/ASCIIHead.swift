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

  /// The eight bytes of `text` at `offset`, lowercased when `foldCase`, as a little-endian word:
  /// its lowest byte is the first.
  @inline(__always)
  private static func word(
    _ text: UnsafeRawPointer, _ offset: Int, _ foldCase: Bool
  ) -> UInt64 {
    let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    return foldCase ? ASCIIBytes.lower(word) : word
  }

  /// Whether the text's byte at one end (the last when `atEnd`, else the first) is ASCII and
  /// differs from the literal's byte at the same end: most identifiers are answered by that
  /// alone, for less than a word compare costs. The first byte prepares to a unit that starts
  /// with it, or to a composite that is not ASCII; the last prepares to itself, since nothing
  /// after it can compose with it or be dropped. Either way, prepared, the text differs there.
  @inline(__always)
  private static func differs(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, atEnd: Bool,
    _ foldCase: Bool
  ) -> Bool {
    guard !text.isEmpty, !literal.isEmpty else { return false }
    let byte = text[atEnd ? text.count &- 1 : 0]
    return byte < 0x80 && fold(byte, foldCase) != literal[atEnd ? literal.count &- 1 : 0]
  }

  /// The length of the longest head of `text` equal to the same head of `literal` (ASCII, already
  /// folded), lowercasing `text` when `foldCase`. The bytes it covers are ASCII.
  ///
  /// Eight bytes at a time, the first difference found by counting zero bits: every answer here
  /// is decided by the first byte that differs, so one pass finds it. A `memcmp` and then a scan
  /// for non-ASCII bytes read most identifiers twice: `BEGINSWITH` took 117 instructions an
  /// evaluation that way, 85 this way, `ENDSWITH` 147 and 81.
  @inline(__always)
  private static func sharedHead(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, _ foldCase: Bool
  ) -> Int {
    let shared = min(text.count, literal.count)
    guard shared >= 8 else {
      var index = 0
      while index < shared && fold(text[index], foldCase) == literal[index] { index &+= 1 }
      return index
    }
    let left = UnsafeRawPointer(text.baseAddress!)
    let right = UnsafeRawPointer(literal.baseAddress!)
    // Whole words, then the last eight bytes (overlapping what was read, which matched).
    var offset = 0
    while true {
      let difference = word(left, offset, foldCase) ^ word(right, offset, false)
      if difference != 0 { return offset &+ difference.trailingZeroBitCount &>> 3 }
      if offset == shared &- 8 { return shared }
      offset = min(offset &+ 8, shared &- 8)
    }
  }

  /// The length of the longest tail of `text` equal to the same tail of `literal`, as
  /// ``sharedHead(_:_:_:)`` reads heads.
  @inline(__always)
  private static func sharedTail(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, _ foldCase: Bool
  ) -> Int {
    let shared = min(text.count, literal.count)
    guard shared >= 8 else {
      var length = 0
      while length < shared
        && fold(text[text.count &- 1 &- length], foldCase) == literal[literal.count &- 1 &- length]
      {
        length &+= 1
      }
      return length
    }
    let left = UnsafeRawPointer(text.baseAddress!)
    let right = UnsafeRawPointer(literal.baseAddress!)
    // `length` bytes from the end matched; the word read ends where they start.
    var length = 0
    while true {
      let difference =
        word(left, text.count &- length &- 8, foldCase)
        ^ word(right, literal.count &- length &- 8, false)
      if difference != 0 { return length &+ difference.leadingZeroBitCount &>> 3 }
      if length == shared &- 8 { return shared }
      length = min(length &+ 8, shared &- 8)
    }
  }

  /// Whether `text` prepares to exactly `literal`, or nil when only preparing it can say.
  @inline(__always)
  static func equals(
    _ text: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, foldCase: Bool
  ) -> Bool? {
    if differs(text, literal, atEnd: false, foldCase)
      || differs(text, literal, atEnd: true, foldCase)
    {
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
    if differs(text, literal, atEnd: false, foldCase) { return false }
    let length = literal.count
    let head = sharedHead(text, literal, foldCase)
    if head == length { return length == text.count || text[length] < 0x80 ? true : nil }
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
    if differs(text, literal, atEnd: true, foldCase) { return false }
    let length = literal.count
    let tail = sharedTail(text, literal, foldCase)
    if tail == length {
      // The match starts a unit when the byte before it is ASCII too.
      return length == text.count || text[text.count - length - 1] < 0x80 ? true : nil
    }
    // All of a shorter text matched: it is ASCII, and too short.
    if tail == text.count { return false }
    return text[text.count - tail - 1] < 0x80 ? false : nil
  }
}
