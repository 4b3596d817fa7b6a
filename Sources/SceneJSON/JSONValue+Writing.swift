extension JSONValue {
  /// Compact JSON text (keys in order, strings escaped minimally), as the CLI writes it.
  public var jsonText: String { String(decoding: jsonBytes, as: UTF8.self) }

  /// Compact JSON as UTF-8 bytes.
  public var jsonBytes: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(into: &output)
    return output
  }

  /// The number as an integer when it is a whole number a `Double` holds exactly (below 2^53
  /// in magnitude): the one rule by which every writer prints `3`, not `3.0`.
  package static func wholeNumber(_ value: Double) -> Int64? {
    value == value.rounded() && abs(value) < 9_007_199_254_740_992 ? Int64(value) : nil
  }

  /// Appends compact JSON to `output`.
  package func write(into output: inout [UInt8]) {
    output.appendWritten { write(into: &$0) }
  }

  /// Appends compact JSON to `output`.
  @_spi(Internals) @usableFromInline package func write(into output: inout ByteBuffer) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" as StaticString : "false")
    case .number(let value):
      if let whole = Self.wholeNumber(value) {
        output.appendUTF8(String(whole))
      } else {
        output.appendUTF8(value.description)
      }
    case .string(let value): Self.writeString(value, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (index, member) in object.storage.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as a JSON string literal: runs that need no escape are copied whole.
  package static func writeString(_ value: String, into output: inout [UInt8]) {
    output.appendWritten { writeString(value, into: &$0) }
  }

  /// Appends `value` as a JSON string literal: runs that need no escape are copied whole.
  @_spi(Internals) @usableFromInline package static func writeString(
    _ value: String, into output: inout ByteBuffer
  ) {
    value.withUTF8InPlace { bytes in
      // The common case, nothing to escape: both quotes and the bytes in one reservation.
      var clean = 0
      output.write(upTo: bytes.count + 2) { target in
        target[0] = UInt8(ascii: "\"")
        clean = copyClean(bytes, to: target + 1)
        guard clean == bytes.count else { return clean + 1 }
        target[clean + 1] = UInt8(ascii: "\"")
        return clean + 2
      }
      guard clean < bytes.count else { return }
      writeEscaped(UnsafeBufferPointer(rebasing: bytes[clean...]), into: &output)
      output.append(UInt8(ascii: "\""))
    }
  }

  /// Appends `,"name":"value"`: one more member of an object being written.
  package static func writeMember(_ name: String, _ value: String, into output: inout ByteBuffer) {
    output.append(UInt8(ascii: ","))
    writeString(name, into: &output)
    output.append(UInt8(ascii: ":"))
    writeString(value, into: &output)
  }

  /// The bytes of a string, escaped for JSON, without the quotes.
  private static func writeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: inout ByteBuffer
  ) {
    // Most strings need no escape: copy them while checking, a word at a time.
    var runStart = 0
    output.write(upTo: bytes.count) {
      runStart = copyClean(bytes, to: $0)
      return runStart
    }
    if runStart == bytes.count { return }
    for index in runStart..<bytes.count {
      let byte = bytes[index]
      guard needsEscape(byte) else { continue }
      output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      switch byte {
      case UInt8(ascii: "\""): output.append(#"\""#)
      case UInt8(ascii: "\\"): output.append(#"\\"#)
      case UInt8(ascii: "\n"): output.append(#"\n"#)
      case UInt8(ascii: "\r"): output.append(#"\r"#)
      case UInt8(ascii: "\t"): output.append(#"\t"#)
      default:
        let hexDigits: StaticString = "0123456789abcdef"
        output.append(#"\u00"#)
        output.append(hexDigits.utf8Start[Int(byte >> 4)])
        output.append(hexDigits.utf8Start[Int(byte & 0xF)])
      }
      runStart = index + 1
    }
    output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  /// Copies the leading bytes of `bytes` that certainly need no escape to `destination` (which
  /// has room for all of them) and returns how many: all of them, or up to the first word that
  /// holds a control character, `"`, `\` or DEL.
  @inline(__always)
  static func copyClean(
    _ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let count = bytes.count
    if count < 8 {
      for index in 0..<count {
        if needsEscape(base[index]) { return index }
        destination[index] = base[index]
      }
      return count
    }
    let source = UnsafeRawPointer(base)
    let target = UnsafeMutableRawPointer(destination)
    var offset = 0
    while offset + 8 <= count {
      let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if needsEscape(word) { return offset }
      target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    guard offset < count else { return count }
    // The last, partial word: the eight bytes ending at the end, overlapping the previous word.
    let word = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    if needsEscape(word) { return offset }
    target.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
    return count
  }

  /// Whether any of the eight bytes of `word` needs an escape.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // The high bit of each zero byte, exactly: `ASCIIBytes.zeroBytes`, which a call across the
    // module boundary would not inline into the loop (measured: 7.5M instructions per 10k lines).
    func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & low) &+ low) | word | low) }
    // Some byte below 0x20 (exact as an any-test), or equal to one of the three.
    let control = (word &- ones &* 0x20) & ~word & high
    let special =
      zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
      | zeroBytes(word ^ (ones &* 0x7F))
    return control | special != 0
  }

  /// Whether JSON requires `byte` escaped in a string: a control character, `"`, `\` or DEL.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }
}
