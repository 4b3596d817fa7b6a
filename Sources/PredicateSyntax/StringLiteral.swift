/// Decodes string literals and maps offsets in a decoded value back to the source.
///
/// Escapes: `\a \b \f \n \r \t \v \\ \' \" \ooo \xHH \uHHHH` (a surrogate pair of `\u` escapes
/// makes one scalar). Any other escaped character stands for itself, as Apple's lexer does, with a
/// warning, because `'\d+'` is almost always a regex that meant `'\\d+'`.
///
/// The regex compiler uses ``sourceOffset(forValueOffset:)`` to turn PCRE2's offset into the
/// pattern into a position in the predicate.
package struct StringLiteral: Sendable, Hashable {
  /// The decoded value.
  package var value: String
  /// Where the literal sits in the source, quotes included.
  package var range: SourceRange
  /// Whether the closing quote was found.
  package var isTerminated: Bool
  /// Escape problems, as diagnostics.
  package var diagnostics: [Diagnostic]
  /// Pairs (offset in value's UTF-8, offset in source) at the start of every piece.
  private var pieces: [(value: Int, source: Int)]

  package static func == (lhs: StringLiteral, rhs: StringLiteral) -> Bool {
    lhs.value == rhs.value && lhs.range == rhs.range
  }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(range)
  }

  /// The source offset of the byte at `offset` in the value's UTF-8 (the end maps to before the
  /// closing quote).
  package func sourceOffset(forValueOffset offset: Int) -> Int {
    var best = (value: 0, source: range.lowerBound + 1)
    for piece in pieces where piece.value <= offset { best = piece }
    return best.source + (offset - best.value)
  }

  /// Decodes the literal whose opening quote is at `start` in `bytes`.
  ///
  /// `closing` is the quote that ends it (the opening quote, or the matching typographic quote
  /// when recovering from one).
  static func decode(_ bytes: [UInt8], from start: Int, opening: Int, closing: [UInt8])
    -> StringLiteral
  {
    // Most literals have no escape: the value is then the source bytes between the quotes, one
    // piece, with no scalar-by-scalar decoding.
    let contentStart = start + opening
    var scan = contentStart
    while scan < bytes.count, bytes[scan] != UInt8(ascii: "\\") {
      if bytes[scan] == closing[0] && bytes[scan...].starts(with: closing) {
        return StringLiteral(
          value: String(decoding: bytes[contentStart..<scan], as: UTF8.self),
          range: SourceRange(start, scan + closing.count), isTerminated: true, diagnostics: [],
          pieces: [(0, contentStart)])
      }
      scan += 1
    }

    var scalars = String.UnicodeScalarView()
    var diagnostics: [Diagnostic] = []
    var pieces: [(value: Int, source: Int)] = []
    var valueLength = 0
    var index = start + opening
    var terminated = false
    var pendingHighSurrogate: (value: UInt32, start: Int)?

    func append(_ scalar: Unicode.Scalar, sourceStart: Int, isEscape: Bool) {
      if isEscape || pieces.isEmpty
        || pieces.last!.source + (valueLength - pieces.last!.value)
          != sourceStart
      {
        pieces.append((valueLength, sourceStart))
      }
      scalars.append(scalar)
      valueLength += UTF8.width(scalar)
      if isEscape { pieces.append((valueLength, index)) }
    }

    func flushSurrogate() {
      if let high = pendingHighSurrogate {
        diagnostics.append(
          Diagnostic(
            .unpairedSurrogate(code: high.value), at: SourceRange(high.start, high.start + 6)))
        pendingHighSurrogate = nil
      }
    }

    while index < bytes.count {
      if bytes[index...].starts(with: closing) {
        index += closing.count
        terminated = true
        break
      }
      let byte = bytes[index]
      if byte != UInt8(ascii: "\\") {
        flushSurrogate()
        let (scalar, width) = decodeScalar(bytes, at: index)
        let scalarStart = index
        index += width
        append(scalar, sourceStart: scalarStart, isEscape: false)
        continue
      }
      let escapeStart = index
      guard index + 1 < bytes.count else {
        index += 1
        break  // a lone backslash at the end: the literal is unterminated
      }
      let next = bytes[index + 1]
      index += 2
      var produced: Unicode.Scalar?
      switch next {
      case UInt8(ascii: "a"): produced = "\u{07}"
      case UInt8(ascii: "b"): produced = "\u{08}"
      case UInt8(ascii: "f"): produced = "\u{0C}"
      case UInt8(ascii: "n"): produced = "\n"
      case UInt8(ascii: "r"): produced = "\r"
      case UInt8(ascii: "t"): produced = "\t"
      case UInt8(ascii: "v"): produced = "\u{0B}"
      case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""):
        produced = Unicode.Scalar(next)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var digits = 1
        var code = UInt32(next - UInt8(ascii: "0"))
        while digits < 3, index < bytes.count,
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(
            bytes[index])
        {
          code = code * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        if digits < 3 {
          diagnostics.append(
            Diagnostic(
              .shortOctalEscape,
              at: SourceRange(escapeStart, index),
              notes: [DiagnosticNote("write '\\\\' for a literal backslash")]))
        } else {
          produced = Unicode.Scalar(code)
        }
      case UInt8(ascii: "x"), UInt8(ascii: "u"):
        let count = next == UInt8(ascii: "x") ? 2 : 4
        var code: UInt32 = 0
        var digits = 0
        while digits < count, index < bytes.count, let digit = hexValue(bytes[index]) {
          code = code * 16 + digit
          index += 1
          digits += 1
        }
        let letter: Character = next == UInt8(ascii: "x") ? "x" : "u"
        if digits < count {
          diagnostics.append(
            Diagnostic(
              .shortHexEscape(letter: letter, digits: count), at: SourceRange(escapeStart, index)))
        } else if (0xD800...0xDBFF).contains(code) {
          flushSurrogate()
          pendingHighSurrogate = (code, escapeStart)
          continue
        } else if (0xDC00...0xDFFF).contains(code) {
          if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            let combined = 0x10000 + ((high.value - 0xD800) << 10) + (code - 0xDC00)
            let scalar = Unicode.Scalar(combined)!
            // The pair is one escape spanning both `\u` sequences.
            if pieces.isEmpty || pieces.last!.value != valueLength {
              pieces.append((valueLength, high.start))
            } else {
              pieces[pieces.count - 1].source = high.start
            }
            scalars.append(scalar)
            valueLength += UTF8.width(scalar)
            pieces.append((valueLength, index))
            continue
          }
          diagnostics.append(
            Diagnostic(.unpairedSurrogate(code: code), at: SourceRange(escapeStart, index)))
        } else {
          produced = Unicode.Scalar(code)
        }
      default:
        // Any other escaped character stands for itself, as in Apple's lexer; the author almost
        // always meant a regex or LIKE escape, which needs a doubled backslash.
        let (scalar, width) = decodeScalar(bytes, at: index - 1)
        index += width - 1
        produced = scalar
        diagnostics.append(
          Diagnostic(
            .unknownEscape(Character(scalar)),
            at: SourceRange(escapeStart, index),
            notes: [
              DiagnosticNote(
                "to pass a backslash through to a regular expression or LIKE pattern, double it")
            ],
            fixIts: [FixIt(range: SourceRange(escapeStart, escapeStart + 1), replacement: "\\\\")]))
      }
      flushSurrogate()
      if let produced {
        append(produced, sourceStart: escapeStart, isEscape: true)
      }
    }
    flushSurrogate()
    if pieces.isEmpty { pieces.append((0, start + opening)) }
    return StringLiteral(
      value: String(scalars), range: SourceRange(start, index), isTerminated: terminated,
      diagnostics: diagnostics, pieces: pieces)
  }

  /// Re-decodes the literal at `range` in `source` (for mapping offsets after parsing).
  package static func decode(in source: String, at range: SourceRange) -> StringLiteral? {
    let bytes = Array(source.utf8)
    guard range.lowerBound < bytes.count, range.upperBound <= bytes.count else { return nil }
    let first = bytes[range.lowerBound]
    let closing: [UInt8]
    let opening: Int
    switch first {
    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
      closing = [first]
      opening = 1
    default:
      // A typographic quote (3 bytes in UTF-8): its partner closes it.
      let scalar = decodeScalar(bytes, at: range.lowerBound).0
      guard let partner = Lexer.typographicPartner(scalar) else { return nil }
      closing = Array(String(partner).utf8)
      opening = 3
    }
    return decode(
      Array(bytes[..<range.upperBound]), from: range.lowerBound, opening: opening,
      closing: closing)
  }
}

/// Decodes one UTF-8 scalar at `index` (the bytes come from a Swift string, so they are valid).
func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
  let lead = bytes[index]
  let width: Int
  if lead < 0x80 {
    return (Unicode.Scalar(lead), 1)
  } else if lead & 0xE0 == 0xC0 {
    width = 2
  } else if lead & 0xF0 == 0xE0 {
    width = 3
  } else {
    width = 4
  }
  var iterator = bytes[index..<min(bytes.count, index + width)].makeIterator()
  var decoder = UTF8()
  if case .scalarValue(let scalar) = decoder.decode(&iterator) {
    return (scalar, width)
  }
  return ("\u{FFFD}", 1)
}

func hexValue(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}

func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
