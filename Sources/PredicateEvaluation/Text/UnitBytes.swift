/// Search over the UTF-8 bytes of NFC text that respects units (a starter and the non-starters
/// after it), with the answers ``UnitText`` gives, and without decoding the text into scalars.
///
/// Two NFC strings compare unit by unit exactly when their bytes do, so a needle is found where
/// its bytes occur, provided the match neither starts nor ends inside a unit: the scalar at each
/// end must be a starter. UTF-8 is self-synchronising, so a byte match of a valid needle always
/// starts on a scalar. This is the non-ASCII fast path: the identifier passes Unicode's NFC quick
/// check (tens of nanoseconds) and is never normalised, split or copied.
enum UnitBytes {
  /// Whether a unit starts at byte `offset` of `text` (the end counts as a start).
  @inline(__always)
  static func isUnitStart(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset > 0, offset < text.count else { return true }
    let lead = text[offset]
    if lead < 0x80 { return true }
    // Nothing below U+0300, the first combining mark, is a non-starter (two-byte leads below
    // 0xCC encode U+0000–U+02FF).
    if lead < 0xCC { return true }
    return decodeScalar(text, at: offset).properties.canonicalCombiningClass == .notReordered
  }

  /// The scalar whose first byte is at `offset` of valid UTF-8.
  @inline(__always)
  static func decodeScalar(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar {
    Unicode.Scalar(UTF8Scalars.decode(text, at: offset).0) ?? "\u{FFFD}"
  }

  /// Whether the whole units of `needle` occur in `text` at byte `offset`.
  @inline(__always)
  static func matches(
    _ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> Bool {
    offset >= 0 && offset + needle.count <= text.count
      && ASCIIBytes.equal(text, at: offset, needle, foldCase: false)
      && isUnitStart(text, at: offset) && isUnitStart(text, at: offset + needle.count)
  }

  /// `UnitText.hasPrefix` on bytes: an empty needle is never found.
  @inline(never)  // Keeps Unicode property types (resilient) out of the callers' frames.
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    !needle.isEmpty && matches(text, needle, at: 0)
  }

  /// `UnitText.hasSuffix` on bytes.
  @inline(never)  // Keeps Unicode property types (resilient) out of the callers' frames.
  static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    !needle.isEmpty && matches(text, needle, at: text.count - needle.count)
  }

  /// `UnitText.contains` on bytes: every byte occurrence, until one is whole units.
  @inline(never)  // Keeps Unicode property types (resilient) out of the callers' frames.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    ASCIIBytes.anyCandidate(text, needle) { matches(text, needle, at: $0) }
  }
}

/// Proof, from the raw bytes, that a non-ASCII identifier cannot equal an ASCII literal once both
/// are prepared (folded, normalised): `==[cd] 'ecole'` then answers without paying Foundation's
/// folding (microseconds) for every identifier that is not a near miss.
///
/// Two facts, both checked scalar by scalar against Foundation by the tests:
/// - Some scripts never prepare to ASCII (CJK, Hangul, kana, Hebrew, basic Greek and Cyrillic,
///   Thai, Arabic letters, most emoji): an identifier holding one of them never equals ASCII.
/// - Every scalar prepares to at least one scalar, except marks, format characters and the other
///   grapheme extenders, which diacritic folding may drop. Normalisation shortens text only by
///   composing, and a composite is never ASCII: so an identifier that prepares to `n` ASCII
///   scalars holds at most `n` scalars that cannot vanish.
enum ASCIIEquality {
  /// Whether `text`, valid UTF-8, certainly does not prepare to any ASCII string of `length`
  /// bytes. False means "may": the caller then prepares it and compares.
  @inline(never)  // Keeps Unicode property types (resilient) out of the callers' frames.
  static func cannotEqual(_ text: UnsafeBufferPointer<UInt8>, asciiLength length: Int) -> Bool {
    var lasting = 0
    var offset = 0
    while offset < text.count {
      let lead = text[offset]
      // Nothing below U+0300 vanishes (two-byte leads below 0xCC encode U+0080–U+02FF).
      if lead < 0xCC {
        offset += lead < 0x80 ? 1 : 2
        lasting += 1
      } else {
        let (value, width) = UTF8Scalars.decode(text, at: offset)
        offset += width
        if staysNonASCII(value) { return true }
        if !mayVanish(value) { lasting += 1 }
      }
      if lasting > length { return true }
    }
    return false
  }

  /// Whether `value` is in a block whose every scalar prepares to text with a non-ASCII scalar,
  /// under every folding and normalisation (no canonical or compatibility decomposition reaches
  /// ASCII, and case folding stays in the script).
  @inline(__always)
  static func staysNonASCII(_ value: UInt32) -> Bool {
    switch value {
    case 0x0391...0x03A9, 0x03B1...0x03C9,  // Greek letters
      0x0400...0x045F,  // Cyrillic
      0x05D0...0x05EA,  // Hebrew letters
      0x0621...0x064A,  // Arabic letters
      0x0E01...0x0E30,  // Thai consonants and vowels
      0x3041...0x3096, 0x30A1...0x30FA,  // Hiragana and Katakana (not the sound marks)
      0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
      0xAC00...0xD7A3,  // Hangul syllables
      0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:  // emoji
      return true
    default:
      return false
    }
  }

  /// Whether folding may drop `value` altogether: marks, format characters (joiners, tags) and
  /// the other grapheme extenders (halfwidth sound marks, emoji skin tones).
  static func mayVanish(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return true }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
    default: return properties.isGraphemeExtend || properties.isEmojiModifier
    }
  }
}
