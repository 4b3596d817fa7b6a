/// The generated tables, arranged for lookup: a two-stage table gives each scalar's combining
/// class, where its decomposition is, and whether it can be the second of a composition pair.
final class CanonicalData: Sendable {
  static let shared = CanonicalData()

  /// Per scalar: bits 0–7 the combining class, 8–10 the decomposition's length, bit 11 whether
  /// it is the second of some pair (NFC_QC=Maybe), 12–30 where its decomposition starts in
  /// `decomposed`, bit 31 whether NFC never keeps it (NFC_QC=No).
  private let blocks: [UInt16]
  private let info: [UInt32]
  private let decomposed: [UInt32]
  /// Composition pairs, `first << 21 | second`, by open addressing; 0 marks an empty slot.
  private let pairKeys: [UInt64]
  private let pairValues: [UInt32]
  private let pairShift: UInt64

  private static let blockShift = 7
  private static let secondFlag: UInt32 = 1 << 11
  private static let excludedFlag: UInt32 = 1 << 31

  // Hangul syllables (Unicode §3.12): composed and decomposed by arithmetic, not by table.
  private static let syllableBase: UInt32 = 0xAC00
  private static let leadingBase: UInt32 = 0x1100
  private static let vowelBase: UInt32 = 0x1161
  private static let trailingBase: UInt32 = 0x11A7
  private static let vowelCount: UInt32 = 21
  private static let trailingCount: UInt32 = 28
  private static let syllableCount: UInt32 = 11_172

  private init() {
    var perScalar: [UInt32: UInt32] = [:]
    for entry in CanonicalTables.combiningClasses {
      perScalar[entry >> 8, default: 0] |= entry & 0xFF
    }
    var decomposed: [UInt32] = []
    var index = 0
    let source = CanonicalTables.decompositions
    while index < source.count {
      let scalar = source[index]
      let length = Int(source[index + 1])
      perScalar[scalar, default: 0] |= UInt32(length) << 8 | UInt32(decomposed.count) << 12
      decomposed.append(contentsOf: source[index + 2..<index + 2 + length])
      index += 2 + length
    }
    let compositions = CanonicalTables.compositions
    var composites = Set<UInt32>()
    var slotBits = 1
    while 1 << slotBits < compositions.count {  // Twice as many slots as pairs, or more.
      slotBits += 1
    }
    let pairShift = UInt64(64 - slotBits)
    var pairKeys = [UInt64](repeating: 0, count: 1 << slotBits)
    var pairValues = [UInt32](repeating: 0, count: 1 << slotBits)
    for start in stride(from: 0, to: compositions.count, by: 3) {
      let (first, second) = (compositions[start], compositions[start + 1])
      let key = UInt64(first) << 21 | UInt64(second)
      var slot = Self.slot(key, pairShift)
      while pairKeys[slot] != 0 { slot = (slot + 1) & (pairKeys.count - 1) }
      pairKeys[slot] = key
      pairValues[slot] = compositions[start + 2]
      composites.insert(compositions[start + 2])
      perScalar[second, default: 0] |= Self.secondFlag
    }
    // Hangul vowels and trailing consonants compose with the syllable before them.
    for second in Self.vowelBase..<Self.vowelBase + Self.vowelCount {
      perScalar[second, default: 0] |= Self.secondFlag
    }
    for second in Self.trailingBase + 1..<Self.trailingBase + Self.trailingCount {
      perScalar[second, default: 0] |= Self.secondFlag
    }
    // A scalar that decomposes and is no primary composite never survives NFC: singletons,
    // exclusions, decompositions that begin with a non-starter.
    for (scalar, entry) in perScalar where entry >> 8 & 7 != 0 && !composites.contains(scalar) {
      perScalar[scalar] = entry | Self.excludedFlag
    }
    // Blocks of 128 scalars; block 0 is all zero and shared by every scalar with nothing to say.
    let blockSize = 1 << Self.blockShift
    var blocks = [UInt16](repeating: 0, count: 0x110000 >> Self.blockShift)
    var info = [UInt32](repeating: 0, count: blockSize)
    for blockIndex in Set(perScalar.keys.map { Int($0) >> Self.blockShift }).sorted() {
      blocks[blockIndex] = UInt16(info.count / blockSize)
      let base = blockIndex << Self.blockShift
      info.append(
        contentsOf: (0..<blockSize).map { perScalar[UInt32(base + $0), default: 0] })
    }
    self.blocks = blocks
    self.info = info
    self.decomposed = decomposed
    self.pairKeys = pairKeys
    self.pairValues = pairValues
    self.pairShift = pairShift
  }

  @inline(__always)
  private static func slot(_ key: UInt64, _ shift: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Where NFC first changes `bytes[from...]` by Unicode's quick check, or nil when it changes
  /// nothing: the start of the unit holding the first scalar that NFC never keeps (NFC_QC=No),
  /// that may compose with what precedes it (NFC_QC=Maybe), or that is out of canonical order.
  /// `from` must be a boundary (see ``nextBoundary(_:after:)``).
  func firstChange(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    var boundary = from
    var lastClass: UInt32 = 0
    var offset = from
    while offset < bytes.count {
      let lead = bytes[offset]
      if lead < 0x80 {
        // A run of ASCII at once: each byte is a starter that NFC keeps.
        offset = ASCIIBytes.endOfASCII(bytes, from: offset &+ 1)
        boundary = offset &- 1
        lastClass = 0
        continue
      }
      // Below U+0300 every scalar is a starter that NFC keeps and that composes with nothing
      // before it (two-byte leads below 0xCC encode U+0080–U+02FF).
      if lead < 0xCC {
        boundary = offset
        offset += lead < 0x80 ? 1 : 2
        lastClass = 0
        continue
      }
      let (scalar, width) = UTF8Scalars.decode(bytes, at: offset)
      let entry = info(scalar)
      let combiningClass = entry & 0xFF
      if entry & (Self.secondFlag | Self.excludedFlag) != 0
        || (combiningClass != 0 && combiningClass < lastClass)
      {
        return boundary
      }
      if combiningClass == 0 { boundary = offset }
      offset += width
      lastClass = combiningClass
    }
    return nil
  }

  /// The offset of the first boundary after the scalar at `offset`: a starter that NFC keeps and
  /// that composes with nothing before it, so that NFC of the text before it and NFC of the text
  /// from it on are independent. The end of `bytes` counts as one.
  func nextBoundary(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int {
    var offset = offset + UTF8Scalars.decode(bytes, at: offset).1
    while offset < bytes.count {
      let lead = bytes[offset]
      if lead < 0xCC { return offset }
      let (scalar, width) = UTF8Scalars.decode(bytes, at: offset)
      let entry = info(scalar)
      if entry & (0xFF | Self.secondFlag | Self.excludedFlag) == 0 { return offset }
      offset += width
    }
    return bytes.count
  }

  @inline(__always)
  private func info(_ scalar: UInt32) -> UInt32 {
    let block = Int(blocks[Int(scalar) >> Self.blockShift])
    return info[block << Self.blockShift | Int(scalar) & ((1 << Self.blockShift) - 1)]
  }

  /// The canonical combining class of `scalar`.
  @inline(__always)
  func combiningClass(_ scalar: UInt32) -> UInt32 { info(scalar) & 0xFF }

  /// Appends the full canonical decomposition of `scalar` to `scalars[0..<count]`, keeping each
  /// run of non-starters in canonical order (a stable insertion by combining class).
  @inline(__always)
  func decompose(
    _ scalar: UInt32, into scalars: UnsafeMutableBufferPointer<UInt32>, _ count: inout Int
  ) {
    let syllable = scalar &- Self.syllableBase
    if syllable < Self.syllableCount {
      let perLeading = Self.vowelCount * Self.trailingCount
      scalars[count] = Self.leadingBase + syllable / perLeading
      scalars[count + 1] = Self.vowelBase + syllable % perLeading / Self.trailingCount
      count += 2
      if syllable % Self.trailingCount != 0 {
        scalars[count] = Self.trailingBase + syllable % Self.trailingCount
        count += 1
      }
      return
    }
    let entry = info(scalar)
    let length = Int(entry >> 8 & 7)
    if length == 0 {
      append(scalar, combiningClass: entry & 0xFF, scalars, &count)
      return
    }
    let start = Int(entry >> 12 & 0x7FFFF)
    for index in start..<start + length {
      let part = decomposed[index]
      append(part, combiningClass: combiningClass(part), scalars, &count)
    }
  }

  @inline(__always)
  private func append(
    _ scalar: UInt32, combiningClass: UInt32, _ scalars: UnsafeMutableBufferPointer<UInt32>,
    _ count: inout Int
  ) {
    var slot = count
    if combiningClass != 0 {
      while slot > 0, self.combiningClass(scalars[slot - 1]) > combiningClass {
        scalars[slot] = scalars[slot - 1]
        slot -= 1
      }
    }
    scalars[slot] = scalar
    count += 1
  }

  /// Composes decomposed, canonically ordered `scalars[0..<count]` in place (UAX #15's
  /// canonical composition algorithm) and returns the new count.
  func compose(_ scalars: UnsafeMutableBufferPointer<UInt32>, count: Int) -> Int {
    var starter = -1
    var lastClass: UInt32 = 0
    var written = 0
    for index in 0..<count {
      let scalar = scalars[index]
      let entry = info(scalar)
      let combiningClass = entry & 0xFF
      // Not blocked: right after the starter, or every scalar since has a lower class.
      if starter >= 0, written - 1 == starter || (lastClass != 0 && lastClass < combiningClass),
        let composite = composite(scalars[starter], scalar, entry)
      {
        scalars[starter] = composite
        continue
      }
      if combiningClass == 0 { starter = written }
      scalars[written] = scalar
      written += 1
      lastClass = combiningClass
    }
    return written
  }

  /// The primary composite of `first` and `second`, if there is one.
  @inline(__always)
  private func composite(_ first: UInt32, _ second: UInt32, _ secondInfo: UInt32) -> UInt32? {
    let leading = first &- Self.leadingBase
    let vowel = second &- Self.vowelBase
    if leading < 19 && vowel < Self.vowelCount {
      return Self.syllableBase + (leading * Self.vowelCount + vowel) * Self.trailingCount
    }
    let syllable = first &- Self.syllableBase
    let trailing = second &- Self.trailingBase
    if syllable < Self.syllableCount && syllable % Self.trailingCount == 0 && trailing > 0
      && trailing < Self.trailingCount
    {
      return first + trailing
    }
    guard secondInfo & Self.secondFlag != 0 else { return nil }
    let key = UInt64(first) << 21 | UInt64(second)
    var slot = Self.slot(key, pairShift)
    while true {
      let found = pairKeys[slot]
      if found == key { return pairValues[slot] }
      if found == 0 { return nil }
      slot = (slot + 1) & (pairKeys.count - 1)
    }
  }
}
