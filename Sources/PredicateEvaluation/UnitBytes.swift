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
    let lead = UInt32(text[offset])
    let value: UInt32
    if lead < 0xE0 {
      value = (lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F)
    } else if lead < 0xF0 {
      value =
        (lead & 0x0F) << 12 | UInt32(text[offset + 1] & 0x3F) << 6
        | UInt32(text[offset + 2] & 0x3F)
    } else {
      value =
        (lead & 0x07) << 18 | UInt32(text[offset + 1] & 0x3F) << 12
        | UInt32(text[offset + 2] & 0x3F) << 6 | UInt32(text[offset + 3] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
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

  /// Whether `text` is NFC by Unicode's quick check (a "no" may be a "maybe").
  @inline(never)  // Keeps Unicode property types (resilient) out of the callers' frames.
  static func isQuickNFC(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    // The bytes come from a Swift string, so they are valid UTF-8.
    var span = UTF8Span(unchecked: text.span)
    return span.checkForNFC(quickCheck: true)
  }
}
