/// Decoding and encoding single scalars of valid UTF-8.
enum UTF8Scalars {
  /// The scalar whose first byte is at `offset` of valid UTF-8, and its length in bytes.
  @inline(__always)
  static func decode(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
    let lead = UInt32(text[offset])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(text[offset + 1] & 0x3F) << 6
          | UInt32(text[offset + 2] & 0x3F), 3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(text[offset + 1] & 0x3F) << 12
        | UInt32(text[offset + 2] & 0x3F) << 6 | UInt32(text[offset + 3] & 0x3F), 4
    )
  }

  /// Appends `value` as UTF-8 to `output`.
  @inline(__always)
  static func append<Output: ByteSink>(_ value: UInt32, to output: inout Output) {
    switch value {
    case 0..<0x80:
      output.append(UInt8(value))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | value >> 6))
      output.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | value >> 12))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    default:
      output.append(UInt8(0xF0 | value >> 18))
      output.append(UInt8(0x80 | value >> 12 & 0x3F))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    }
  }

}
