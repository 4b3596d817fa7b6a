/// Turns predicate source into tokens, reporting every lexical problem and recovering from it.
///
/// Whitespace is ASCII space, tab, CR and LF only; any other Unicode space is an error (a
/// no-break space pasted from a web page is a classic cause of "valid-looking" predicates that
/// fail on device). Recovery keeps later errors meaningful: a typographic or back-quoted string is
/// reported and then read as a string, a single `&` or `|` is reported and read as `&&` or `||`,
/// and any other stray character is reported and skipped.
package struct Lexer: Sendable {
  /// The source bytes.
  let bytes: [UInt8]
  private var index = 0
  /// Diagnostics found so far (at most ``PredicateParser/maximumDiagnostics``).
  package private(set) var diagnostics: [Diagnostic] = [] {
    didSet {
      if diagnostics.count > PredicateParser.maximumDiagnostics {
        let dropped = diagnostics.removeLast()
        if overflow == nil { overflow = dropped.range }
      }
    }
  }
  /// Where the first diagnostic past the limit was dropped, if any was.
  package private(set) var overflow: SourceRange?

  /// Creates a lexer over `source`.
  package init(source: String) {
    self.bytes = Array(source.utf8)
  }

  /// Lexes the whole source; the last token is always ``TokenKind/endOfInput``. `overflow` is
  /// where the first diagnostic past ``PredicateParser/maximumDiagnostics`` was dropped, if any.
  package static func tokenize(_ source: String) -> (
    tokens: [Token], diagnostics: [Diagnostic], overflow: SourceRange?
  ) {
    var lexer = Lexer(source: source)
    var tokens: [Token] = []
    // A typical condition is a dozen tokens: one allocation instead of four as the array grows.
    tokens.reserveCapacity(16)
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfInput { break }
    }
    return (tokens, lexer.diagnostics, lexer.overflow)
  }

  /// The next token.
  package mutating func next() -> Token {
    skipWhitespace()
    guard index < bytes.count else {
      return Token(.endOfInput, .point(bytes.count), text: "")
    }
    let start = index
    return lexToken() ?? token(.invalid, from: start)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      default:
        return
      }
    }
  }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private func text(_ start: Int, _ end: Int) -> String {
    bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
  }

  private mutating func token(_ kind: TokenKind, from start: Int, value: ConstantValue? = nil)
    -> Token
  {
    Token(kind, SourceRange(start, index), text: text(start, index), value: value)
  }

  /// Lexes one token at `index`, or reports a stray character and returns nil (the caller makes
  /// it an ``TokenKind/invalid`` token).
  private mutating func lexToken() -> Token? {
    let start = index
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      return lexString(opening: 1, closing: [byte])
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return lexNumber()
    case UInt8(ascii: "("):
      index += 1
      return token(.leftParen, from: start)
    case UInt8(ascii: ")"):
      index += 1
      return token(.rightParen, from: start)
    case UInt8(ascii: "{"):
      index += 1
      return token(.leftBrace, from: start)
    case UInt8(ascii: "}"):
      index += 1
      return token(.rightBrace, from: start)
    case UInt8(ascii: "["):
      index += 1
      return token(.leftBracket, from: start)
    case UInt8(ascii: "]"):
      index += 1
      return token(.rightBracket, from: start)
    case UInt8(ascii: ","):
      index += 1
      return token(.comma, from: start)
    case UInt8(ascii: "."):
      index += 1
      return token(.dot, from: start)
    case UInt8(ascii: "+"):
      index += 1
      return token(.plus, from: start)
    case UInt8(ascii: "-"):
      index += 1
      return token(.minus, from: start)
    case UInt8(ascii: "/"):
      index += 1
      return token(.slash, from: start)
    case UInt8(ascii: "*"):
      index += peek(1) == UInt8(ascii: "*") ? 2 : 1
      return token(index - start == 2 ? .starStar : .star, from: start)
    case UInt8(ascii: "="):
      switch peek(1) {
      case UInt8(ascii: "="):
        index += 2
        return token(.equal, from: start)
      case UInt8(ascii: "<"):
        index += 2
        return token(.lessEqual, from: start)
      case UInt8(ascii: ">"):
        index += 2
        return token(.greaterEqual, from: start)
      default:
        index += 1
        return token(.equal, from: start)
      }
    case UInt8(ascii: "!"):
      if peek(1) == UInt8(ascii: "=") {
        index += 2
        return token(.notEqual, from: start)
      }
      index += 1
      return token(.not, from: start)
    case UInt8(ascii: "<"):
      switch peek(1) {
      case UInt8(ascii: "="):
        index += 2
        return token(.lessEqual, from: start)
      case UInt8(ascii: ">"):
        index += 2
        return token(.notEqual, from: start)
      default:
        index += 1
        return token(.less, from: start)
      }
    case UInt8(ascii: ">"):
      if peek(1) == UInt8(ascii: "=") {
        index += 2
        return token(.greaterEqual, from: start)
      }
      index += 1
      return token(.greater, from: start)
    case UInt8(ascii: "&"), UInt8(ascii: "|"):
      let kind: TokenKind = byte == UInt8(ascii: "&") ? .and : .or
      if peek(1) == byte {
        index += 2
        return token(kind, from: start)
      }
      index += 1
      let doubled = byte == UInt8(ascii: "&") ? "&&" : "||"
      let word = byte == UInt8(ascii: "&") ? "AND" : "OR"
      diagnostics.append(
        Diagnostic(
          .singleConnective(Character(Unicode.Scalar(byte))),
          at: SourceRange(start, index),
          notes: [DiagnosticNote("write '\(doubled)' or '\(word)'")],
          fixIts: [FixIt(range: SourceRange(start, index), replacement: doubled)]))
      return Token(kind, SourceRange(start, index), text: doubled)
    case UInt8(ascii: ":") where peek(1) == UInt8(ascii: "="):
      index += 2
      return token(.assign, from: start)
    case UInt8(ascii: "$"), UInt8(ascii: "#"), UInt8(ascii: "@"):
      index += 1
      guard index < bytes.count, isWordStart(at: index) else {
        diagnostics.append(
          Diagnostic(
            .expectedNameAfterSigil(Character(Unicode.Scalar(byte))),
            at: SourceRange(start, index)))
        return nil
      }
      scanWord()
      let kind: TokenKind =
        switch byte {
        case UInt8(ascii: "$"): .variable
        case UInt8(ascii: "#"): .escapedKeyword
        default: .collectionOperator
        }
      return token(kind, from: start)
    case UInt8(ascii: "%"):
      return lexFormatSpecifier()
    case UInt8(ascii: "`"):
      diagnostics.append(
        Diagnostic(
          .backquote,
          at: SourceRange(start, start + 1),
          notes: [DiagnosticNote("use ' or \" to delimit a string")]))
      return lexString(opening: 1, closing: [byte], reportTermination: false)
    default:
      break
    }
    if isWordStart(at: index) {
      return lexWord()
    }
    let (scalar, width) = decodeScalar(bytes, at: index)
    index += width
    if let partner = Self.typographicPartner(scalar) {
      diagnostics.append(
        Diagnostic(
          .typographicQuote(Character(scalar)),
          at: SourceRange(start, index),
          notes: [DiagnosticNote("use ' or \" to delimit a string")],
          fixIts: [FixIt(range: SourceRange(start, index), replacement: "'")]))
      index = start
      return lexString(
        opening: width, closing: Array(String(partner).utf8), reportTermination: false)
    }
    var notes: [DiagnosticNote] = []
    if scalar.properties.isWhitespace {
      notes.append(DiagnosticNote("only ASCII spaces, tabs and line breaks separate tokens"))
    }
    diagnostics.append(
      Diagnostic(.unexpectedCharacter(scalar), at: SourceRange(start, index), notes: notes))
    return nil
  }

  /// The closing partner of a typographic opening quote.
  static func typographicPartner(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x2018, 0x2019: "\u{2019}"
    case 0x201C, 0x201D: "\u{201D}"
    default: nil
    }
  }

  /// ASCII letters and `_` start a word.
  private static func isASCIIWordStart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte | 0x20) &- UInt8(ascii: "a") < 26
  }

  private func isWordStart(at position: Int) -> Bool {
    let byte = bytes[position]
    if byte < 0x80 { return Self.isASCIIWordStart(byte) }
    return decodeScalar(bytes, at: position).0.properties.isAlphabetic
  }

  private func isWordContinuation(at position: Int) -> Bool {
    isDigit(bytes[position]) || isWordStart(at: position)
  }

  private mutating func scanWord() {
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        // ASCII words continue without decoding a scalar.
        guard Self.isASCIIWordStart(byte) || isDigit(byte) else { return }
        index += 1
      } else {
        guard isWordContinuation(at: index) else { return }
        index += decodeScalar(bytes, at: index).1
      }
    }
  }

  private mutating func lexWord() -> Token {
    let start = index
    scanWord()
    var word = text(start, index)
    // UTI-CONFORMS-TO and UTI-EQUALS are the only hyphenated keywords.
    if word.utf8.count == 3, word.uppercased() == "UTI" {
      for suffix in ["-CONFORMS-TO", "-EQUALS"] {
        let end = index + suffix.utf8.count
        if end <= bytes.count, text(index, end).uppercased() == suffix,
          end == bytes.count || !isWordContinuation(at: end)
        {
          index = end
          word = text(start, index)
          break
        }
      }
    }
    // The token's text is the word already made (`token(_:from:)` would make it again).
    let kind: TokenKind = Keyword(word: word).map { .keyword($0) } ?? .identifier
    return Token(kind, SourceRange(start, index), text: word)
  }

  private mutating func lexString(opening: Int, closing: [UInt8], reportTermination: Bool = true)
    -> Token
  {
    let start = index
    let literal = StringLiteral.decode(bytes, from: start, opening: opening, closing: closing)
    index = literal.range.upperBound
    diagnostics.append(contentsOf: literal.diagnostics)
    if !literal.isTerminated {
      let quote = String(decoding: bytes[start..<start + opening], as: UTF8.self)
      diagnostics.append(
        Diagnostic(
          .unterminatedString,
          at: SourceRange(start, start + opening),
          notes: [DiagnosticNote("the string opened with \(quote) has no closing \(quote)")]))
    }
    return token(.string, from: start, value: .string(literal.value))
  }

  private mutating func lexNumber() -> Token {
    let start = index
    var value: ConstantValue?
    var problem: SyntaxMessage?
    if bytes[index] == UInt8(ascii: "0"), let marker = peek(1),
      let radix = [
        UInt8(ascii: "x"): 16, UInt8(ascii: "X"): 16, UInt8(ascii: "o"): 8,
        UInt8(ascii: "O"): 8, UInt8(ascii: "b"): 2, UInt8(ascii: "B"): 2,
      ][marker]
    {
      index += 2
      let digitsStart = index
      while index < bytes.count, let digit = hexValue(bytes[index]), digit < radix { index += 1 }
      if index == digitsStart {
        problem = .expectedDigits(after: text(start, index))
      } else if let parsed = Int(text(digitsStart, index), radix: radix) {
        value = .integer(parsed)
      } else {
        problem = .numberOutOfRange(text(start, index))
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      var isDecimal = false
      if peek() == UInt8(ascii: "."), let after = peek(1), isDigit(after) {
        isDecimal = true
        index += 1
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if let marker = peek(), marker | 0x20 == UInt8(ascii: "e") {
        var cursor = index + 1
        if cursor < bytes.count,
          bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")
        {
          cursor += 1
        }
        if cursor < bytes.count, isDigit(bytes[cursor]) {
          isDecimal = true
          index = cursor
          while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
          index = cursor
          problem = .expectedExponentDigits(in: text(start, index))
        }
      }
      if problem == nil {
        let literal = text(start, index)
        if !isDecimal, let integer = Int(literal) {
          value = .integer(integer)
        } else if let double = Double(literal), double.isFinite {
          value = .double(double)
        } else {
          problem = .numberOutOfRange(literal)
        }
      }
    }
    // A number running straight into letters (`12abc`, `0b102`) is one bad token, not two.
    if index < bytes.count, isWordContinuation(at: index) {
      scanWord()
      problem = .malformedNumber(text(start, index))
    }
    if let problem {
      diagnostics.append(Diagnostic(problem, at: SourceRange(start, index)))
      value = .integer(0)
    }
    return token(.number, from: start, value: value)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// `%@`, `%K`, and printf conversions with optional length modifiers (`%ld`, `%lld`, `%hhu`).
  private mutating func lexFormatSpecifier() -> Token? {
    let start = index
    index += 1
    let lengthModifiers: Set<UInt8> = Set("hlqLztj".utf8)
    let conversions: Set<UInt8> = Set("@KdiuoxXfFeEgGaAcCsSp".utf8)
    while index < bytes.count, lengthModifiers.contains(bytes[index]), index - start < 3 {
      index += 1
    }
    if index < bytes.count, conversions.contains(bytes[index]) {
      index += 1
      return token(.formatSpecifier, from: start)
    }
    if index < bytes.count, bytes[index] >= 0x21, bytes[index] < 0x7F { index += 1 }
    diagnostics.append(
      Diagnostic(
        .invalidFormatSpecifier(text(start, index)),
        at: SourceRange(start, index),
        notes: [DiagnosticNote("format specifiers are %@, %K and printf conversions such as %d")]))
    return nil
  }
}
