/// A string literal's value, with where each of its bytes came from in the source file.
///
/// A predicate's diagnostics are byte ranges in its text; a lint finding needs the file's
/// line:column, and a fix-it needs the file's bytes. Escapes (`\n`, `\u{…}`, Objective-C's
/// `\x41`), raw strings' `\#`, a multi-line literal's stripped indentation and adjacent
/// Objective-C literals all make the two differ; `origins` undoes them.
package struct LiteralText: Sendable, Hashable {
  /// The decoded value's UTF-8 bytes.
  package var bytes: [UInt8]
  /// For each UTF-8 byte of `value`, the file byte offset it came from; one more entry, for the
  /// end, points just past the literal's last content byte.
  package var origins: [Int]
  /// For each UTF-8 byte of `value`, whether it is the source byte itself (no escape or line
  /// join in between): a fix may replace only such bytes.
  package var verbatim: [Bool]
  /// Whether the source bytes were not UTF-8 (then `bytes` holds a repaired copy, and `value`
  /// is nil).
  package var notUTF8 = false

  package init() {
    bytes = []
    origins = []
    verbatim = []
  }

  /// The file offset of the value's byte `offset` (clamped to the end).
  package func fileOffset(_ offset: Int) -> Int {
    origins.isEmpty ? 0 : origins[min(max(0, offset), origins.count - 1)]
  }

  /// Whether the value's bytes `range` are written verbatim and contiguously in the file, so an
  /// edit of them is an edit of the file's bytes at the same place.
  package func isVerbatim(_ lower: Int, _ upper: Int) -> Bool {
    guard lower >= 0, upper <= verbatim.count, lower <= upper else { return false }
    if lower == upper { return true }
    for index in lower..<upper {
      guard verbatim[index] else { return false }
      if index > lower && origins[index] != origins[index - 1] + 1 { return false }
    }
    return true
  }

  /// Appends source bytes taken as they are.
  package mutating func appendVerbatim(_ source: some Collection<UInt8>, at start: Int) {
    // Whole runs: three appends a byte cost about forty instructions a byte.
    let count = source.count
    bytes.append(contentsOf: source)
    origins.append(contentsOf: start..<(start + count))
    verbatim.append(contentsOf: repeatElement(true, count: count))
  }

  /// A value the file does not spell out where it is used (another file's constant, a
  /// `String(format:)` the lint computes), placed at `offset`: every byte maps there, and none is
  /// verbatim, so a finding in it points at the use and no fix edits it.
  package init(computed value: String, at offset: Int) {
    self.init()
    for byte in value.utf8 {
      bytes.append(byte)
      origins.append(offset)
      verbatim.append(false)
    }
    finish(at: offset)
  }

  /// The same value with every byte from `offset` and none verbatim: a text read from another
  /// file, reported at its use there and never fixed.
  package func relocated(to offset: Int) -> LiteralText {
    var text = self
    text.origins = origins.map { _ in offset }
    text.verbatim = verbatim.map { _ in false }
    return text
  }

  /// Appends the value of an escape written at `start`.
  package mutating func appendEscaped(_ scalar: Unicode.Scalar, at start: Int) {
    for byte in String(scalar).utf8 {
      bytes.append(byte)
      origins.append(start)
      verbatim.append(false)
    }
  }

  /// The decoded value, or nil when its bytes are not UTF-8 (a source file that is not).
  package var value: String? { notUTF8 ? nil : String(validating: bytes, as: UTF8.self) }

  /// Closes the map: the end position.
  package mutating func finish(at end: Int) {
    origins.append(end)
  }

  /// The texts one after another (adjacent literals, or the parts of a `+`), each byte keeping
  /// where it came from; nil for none.
  package init?(joining texts: [LiteralText]) {
    guard let last = texts.last, let end = last.origins.last else { return nil }
    self.init()
    for text in texts {
      bytes += text.bytes
      origins += text.origins.dropLast()
      verbatim += text.verbatim
      notUTF8 = notUTF8 || text.notUTF8
    }
    finish(at: end)
  }
}

/// Decodes the escapes of string literal source text into a ``LiteralText``.
package enum LiteralDecoder {
  /// Decodes Swift string segment text `bytes` (starting at file offset `start`): `\0 \\ \t \n
  /// \r \" \'` and `\u{…}`, each introduced by a backslash and `pounds` `#` (raw strings).
  package static func appendSwift(
    _ bytes: [UInt8], at start: Int, pounds: Int, into text: inout LiteralText
  ) -> Bool {
    var index = 0
    var run = 0
    func flush(to end: Int) {
      if run < end { text.appendVerbatim(bytes[run..<end], at: start + run) }
    }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\"), index + pounds + 1 < bytes.count + 1,
        (0..<pounds).allSatisfy({
          index + 1 + $0 < bytes.count && bytes[index + 1 + $0] == UInt8(ascii: "#")
        })
      else {
        index += 1
        continue
      }
      let escapeStart = index
      let code = index + 1 + pounds
      guard code < bytes.count else { return false }
      flush(to: escapeStart)
      var scalar: Unicode.Scalar
      var next = code + 1
      switch bytes[code] {
      case UInt8(ascii: "0"): scalar = "\0"
      case UInt8(ascii: "\\"): scalar = "\\"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "\""): scalar = "\""
      case UInt8(ascii: "'"): scalar = "'"
      case UInt8(ascii: "u"):
        guard code + 1 < bytes.count, bytes[code + 1] == UInt8(ascii: "{"),
          let close = bytes[(code + 2)...].firstIndex(of: UInt8(ascii: "}")),
          let value = UInt32(String(decoding: bytes[(code + 2)..<close], as: UTF8.self), radix: 16),
          let decoded = Unicode.Scalar(value)
        else { return false }
        scalar = decoded
        next = close + 1
      default: return false
      }
      text.appendEscaped(scalar, at: start + escapeStart)
      index = next
      run = next
    }
    flush(to: bytes.count)
    return true
  }

  /// Decodes Objective-C / C string literal content `bytes` (between the quotes, starting at file
  /// offset `start`): simple escapes, octal `\ooo`, hex `\xHH`, `\uHHHH`, `\UHHHHHHHH`; a
  /// backslash before a newline joins lines.
  package static func appendC(
    _ bytes: ArraySlice<UInt8>, at start: Int, into text: inout LiteralText
  )
    -> Bool
  {
    var index = bytes.startIndex
    var run = index
    // Room for the text as written and the end `finish(at:)` adds: growing the origins for that
    // one more entry copied them (most literals are one verbatim run).
    text.origins.reserveCapacity(text.origins.count + bytes.count + 1)
    func flush(to end: Int) {
      if run < end { text.appendVerbatim(bytes[run..<end], at: start + (run - bytes.startIndex)) }
    }
    func hexValue(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      let escapeStart = index
      let code = index + 1
      guard code < bytes.endIndex else { return false }
      flush(to: escapeStart)
      var next = code + 1
      var scalar: Unicode.Scalar?
      switch bytes[code] {
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "a"): scalar = "\u{07}"
      case UInt8(ascii: "b"): scalar = "\u{08}"
      case UInt8(ascii: "f"): scalar = "\u{0C}"
      case UInt8(ascii: "v"): scalar = "\u{0B}"
      case UInt8(ascii: "e"): scalar = "\u{1B}"
      case UInt8(ascii: "\n"): scalar = nil  // a line join
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value: UInt32 = 0
        var end = code
        while end < bytes.endIndex, end < code + 3,
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[end])
        {
          value = value * 8 + UInt32(bytes[end] - UInt8(ascii: "0"))
          end += 1
        }
        scalar = Unicode.Scalar(value)
        next = end
      case UInt8(ascii: "x"):
        var value: UInt32 = 0
        var end = code + 1
        while end < bytes.endIndex, let digit = hexValue(bytes[end]), value < 0x10_0000 {
          value = value * 16 + digit
          end += 1
        }
        guard end > code + 1 else { return false }
        scalar = Unicode.Scalar(value)
        next = end
      case UInt8(ascii: "u"), UInt8(ascii: "U"):
        let count = bytes[code] == UInt8(ascii: "u") ? 4 : 8
        guard code + count < bytes.endIndex else { return false }
        var value: UInt32 = 0
        for offset in 1...count {
          guard let digit = hexValue(bytes[code + offset]) else { return false }
          value = value * 16 + digit
        }
        guard let decoded = Unicode.Scalar(value) else { return false }
        scalar = decoded
        next = code + count + 1
      default:
        // `\\`, `\"`, `\'`, `\?` and any other character stand for themselves.
        scalar = Unicode.Scalar(bytes[code])
      }
      if let scalar {
        guard scalar.value != 0 || bytes[code] == UInt8(ascii: "0") else { return false }
        text.appendEscaped(scalar, at: start + (escapeStart - bytes.startIndex))
      }
      index = next
      run = next
    }
    flush(to: bytes.endIndex)
    return true
  }
}
