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
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value):
      if let whole = Self.wholeNumber(value) {
        output.append(contentsOf: String(whole).utf8)
      } else {
        output.append(contentsOf: value.description.utf8)
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
    value.withUTF8InPlace { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quotedCapacity(bytes.count)) {
        let written = writeQuoted(bytes, to: $0.baseAddress!)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<written]))
      }
    }
  }

  /// The most bytes ``writeQuoted(_:to:)`` writes for `count` bytes of text: each escaped as
  /// `\u00XX`, and the quotes.
  package static func quotedCapacity(_ count: Int) -> Int { 6 * count + 2 }

  /// Writes `value` as a JSON string literal at `target`, which has room for
  /// `quotedCapacity(value.utf8.count)` bytes, and returns how many it wrote: one call for a
  /// writer in another module (the decisions' byte buffer in SceneRouting).
  package static func writeQuoted(_ value: String, to target: UnsafeMutablePointer<UInt8>) -> Int {
    var written = 0
    value.withUTF8InPlace { written = writeQuoted($0, to: target) }
    return written
  }

  /// Writes the UTF-8 text `bytes` as a JSON string literal at `target`, which has room for
  /// ``quotedCapacity(_:)`` bytes, and returns how many it wrote: the one home of JSON's string
  /// escaping, for every writer (arrays here, the decisions' byte buffer in SceneRouting).
  package static func writeQuoted(
    _ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    target[0] = UInt8(ascii: "\"")
    // The common case, nothing to escape: the bytes copied while checking, a word at a time.
    var at = 1 + copyClean(bytes, to: target + 1)
    var index = at - 1
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard needsEscape(byte) else {
        target[at] = byte
        at += 1
        continue
      }
      target[at] = UInt8(ascii: "\\")
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): target[at + 1] = byte
      case UInt8(ascii: "\n"): target[at + 1] = UInt8(ascii: "n")
      case UInt8(ascii: "\r"): target[at + 1] = UInt8(ascii: "r")
      case UInt8(ascii: "\t"): target[at + 1] = UInt8(ascii: "t")
      default:
        let hexDigits: StaticString = "0123456789abcdef"
        target[at + 1] = UInt8(ascii: "u")
        target[at + 2] = UInt8(ascii: "0")
        target[at + 3] = UInt8(ascii: "0")
        target[at + 4] = hexDigits.utf8Start[Int(byte >> 4)]
        target[at + 5] = hexDigits.utf8Start[Int(byte & 0xF)]
        at += 4
      }
      at += 2
    }
    target[at] = UInt8(ascii: "\"")
    return at + 1
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

extension String {
  /// Calls `body` with the string's UTF-8, read in place when the storage is contiguous (native
  /// strings are): `withUTF8` is mutating and costs a uniqueness check even then.
  @inline(__always)
  package func withUTF8InPlace(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if utf8.withContiguousStorageIfAvailable(body) == nil {
      var copy = self
      copy.withUTF8(body)
    }
  }
}
