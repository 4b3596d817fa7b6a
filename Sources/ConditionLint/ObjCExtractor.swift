/// Finds activation conditions in Objective-C without a compiler: a scanner that knows comments,
/// string literals (`@"…"`, adjacent ones concatenated), escapes and brackets, over which message
/// sends (`[NSPredicate predicateWithFormat:…]`, `predicateWithValue:`, `NSCompoundPredicate`'s
/// `and/or/notPredicateWith…:`), setters (`setCanActivateFor…:`), dot-syntax assignments and
/// local `NSPredicate *name = …;` declarations are read.
enum ObjCExtractor {
  /// A token: an identifier, a string literal (its decoded text, or nil when it cannot be
  /// decoded), or one punctuation byte.
  struct Token {
    enum Kind {
      case identifier(String)
      case string(LiteralText?)
      case punctuation(UInt8)
      case other
    }
    var kind: Kind
    var offset: Int

    var identifier: String? {
      if case .identifier(let name) = kind { return name }
      return nil
    }
    func isPunctuation(_ byte: UInt8) -> Bool {
      if case .punctuation(let value) = kind { return value == byte }
      return false
    }
  }

  static func conditions(in bytes: [UInt8]) -> [FoundCondition] {
    let tokens = tokenize(bytes)
    var found: [FoundCondition] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      guard let name = tokens[index].identifier, let kind = ConditionKind.property(name) else {
        continue
      }
      if name.hasPrefix("set") {
        // [receiver setCanActivate…: expr]
        guard index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: ":")) else {
          continue
        }
        let end = expressionEnd(tokens, from: index + 2)
        found.append(condition(tokens, index + 2, end, kind: kind))
      } else if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: ".")),
        index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
      {
        // receiver.canActivate… = expr;
        let end = expressionEnd(tokens, from: index + 2)
        found.append(condition(tokens, index + 2, end, kind: kind))
      }
    }
    return found
  }

  private static func condition(_ tokens: [Token], _ start: Int, _ end: Int, kind: ConditionKind)
    -> FoundCondition
  {
    let offset = start < tokens.count ? tokens[start].offset : (tokens.last?.offset ?? 0)
    return FoundCondition(
      offset: offset, kind: kind, source: source(tokens, start, end, depth: 0))
  }

  /// The index just past the expression starting at `start`: the first `;`, unmatched closing
  /// bracket, or (with `comma`) `,` at bracket depth zero.
  static func expressionEnd(_ tokens: [Token], from start: Int, comma: Bool = false) -> Int {
    var depth = 0
    var index = start
    while index < tokens.count {
      if case .punctuation(let byte) = tokens[index].kind {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
          if depth == 0 { return index }
          depth -= 1
        case UInt8(ascii: ";"): if depth == 0 { return index }
        case UInt8(ascii: ","): if depth == 0 && comma { return index }
        default: break
        }
      }
      index += 1
    }
    return tokens.count
  }

  /// How the tokens `start..<end` build a predicate.
  static func source(_ tokens: [Token], _ start: Int, _ end: Int, depth: Int) -> PredicateSource {
    guard depth < 8, start < end, end <= tokens.count else {
      return .notCheckable("the predicate is a run-time value")
    }
    // Parentheses and casts around it.
    if tokens[start].isPunctuation(UInt8(ascii: "(")),
      tokens[end - 1].isPunctuation(UInt8(ascii: ")"))
    {
      return source(tokens, start + 1, end - 1, depth: depth + 1)
    }
    if end - start == 1, let name = tokens[start].identifier {
      if let (from, to) = localDefinition(tokens, named: name, before: start) {
        return source(tokens, from, to, depth: depth + 1)
      }
      return .notCheckable("'\(name)' is not a local predicate built here")
    }
    guard tokens[start].isPunctuation(UInt8(ascii: "[")),
      tokens[end - 1].isPunctuation(UInt8(ascii: "]")),
      start + 2 < end, let receiver = tokens[start + 1].identifier,
      let selector = tokens[start + 2].identifier,
      start + 3 < end, tokens[start + 3].isPunctuation(UInt8(ascii: ":"))
    else { return .notCheckable("the predicate is a run-time value") }
    let body = start + 4
    let close = end - 1
    switch (receiver, selector) {
    case ("NSPredicate", "predicateWithFormat"):
      var index = body
      var text = LiteralText()
      var lastEnd: Int?
      while index < close, case .string(let literal) = tokens[index].kind {
        guard let literal else { return .notCheckable("the format literal cannot be decoded") }
        text.bytes += literal.bytes
        text.origins += literal.origins.dropLast()
        text.verbatim += literal.verbatim
        lastEnd = literal.origins.last
        index += 1
      }
      guard let lastEnd else { return .notCheckable("the format is not a string literal") }
      text.finish(at: lastEnd)
      var arguments: [FormatArgument] = []
      while index < close, tokens[index].isPunctuation(UInt8(ascii: ",")) {
        let argumentEnd = expressionEnd(tokens, from: index + 1, comma: true)
        if argumentEnd == index + 2, case .string(let literal?) = tokens[index + 1].kind,
          let value = literal.value
        {
          arguments.append(.string(value))
        } else {
          arguments.append(.runtime)
        }
        index = argumentEnd
      }
      return .format(text, arguments: arguments)
    case ("NSPredicate", "predicateWithValue"):
      switch tokens[body].identifier {
      case "YES", "true": return .value(true)
      case "NO", "false": return .value(false)
      default: return .notCheckable("the value is a run-time Boolean")
      }
    case ("NSCompoundPredicate", "andPredicateWithSubpredicates"),
      ("NSCompoundPredicate", "orPredicateWithSubpredicates"):
      // @[ p, q, … ]
      guard body + 1 < close, tokens[body].isPunctuation(UInt8(ascii: "@")),
        tokens[body + 1].isPunctuation(UInt8(ascii: "["))
      else { return .notCheckable("the subpredicates are a run-time array") }
      let arrayEnd = expressionEnd(tokens, from: body + 2)
      var parts: [PredicateSource] = []
      var index = body + 2
      while index < arrayEnd {
        let partEnd = expressionEnd(tokens, from: index, comma: true)
        if partEnd > index {
          parts.append(source(tokens, index, min(partEnd, arrayEnd), depth: depth + 1))
        }
        index = partEnd + 1
      }
      return .compound(selector.hasPrefix("and") ? .and : .or, parts)
    case ("NSCompoundPredicate", "notPredicateWithSubpredicate"):
      return .compound(.not, [source(tokens, body, close, depth: depth + 1)])
    default:
      return .notCheckable("'[\(receiver) \(selector):…]' is not a predicate built from a literal")
    }
  }

  /// The expression of the last `name = expr;` (a declaration or an assignment) before `use`.
  private static func localDefinition(_ tokens: [Token], named name: String, before use: Int)
    -> (Int, Int)?
  {
    var index = use - 1
    while index >= 0 {
      if tokens[index].identifier == name, index + 1 < use,
        tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index > 0 && tokens[index - 1].isPunctuation(UInt8(ascii: ".")))
      {
        let end = expressionEnd(tokens, from: index + 2)
        if end <= use { return (index + 2, end) }
      }
      index -= 1
    }
    return nil
  }

  /// Splits Objective-C source into tokens, skipping comments and preprocessor lines.
  static func tokenize(_ bytes: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    var atLineStart = true
    func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        || byte >= 0x80
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        index += 1
        continue
      }
      defer { atLineStart = false }
      // Comments.
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count {
        if bytes[index + 1] == UInt8(ascii: "/") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
          continue
        }
        if bytes[index + 1] == UInt8(ascii: "*") {
          index += 2
          while index + 1 < bytes.count
            && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
          {
            index += 1
          }
          index = min(bytes.count, index + 2)
          continue
        }
      }
      // Preprocessor lines (with their backslash line joins).
      if byte == UInt8(ascii: "#") && atLineStart {
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
          if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count { index += 1 }
          index += 1
        }
        continue
      }
      // String literals, `@"…"` or `"…"`; character literals are skipped alike.
      let quoteAt =
        byte == UInt8(ascii: "@") && index + 1 < bytes.count
          && bytes[index + 1] == UInt8(ascii: "\"") ? index + 1 : index
      if bytes[quoteAt] == UInt8(ascii: "\"") || bytes[quoteAt] == UInt8(ascii: "'") {
        let quote = bytes[quoteAt]
        var end = quoteAt + 1
        while end < bytes.count && bytes[end] != quote && bytes[end] != UInt8(ascii: "\n") {
          if bytes[end] == UInt8(ascii: "\\") { end += 1 }
          end += 1
        }
        let closed = end < bytes.count && bytes[end] == quote
        if quote == UInt8(ascii: "\"") {
          var text = LiteralText()
          let content = bytes[(quoteAt + 1)..<min(end, bytes.count)]
          let decoded =
            closed && LiteralDecoder.appendC(content, at: quoteAt + 1, into: &text)
          if decoded { text.finish(at: end) }
          tokens.append(Token(kind: .string(decoded ? text : nil), offset: index))
        } else {
          tokens.append(Token(kind: .other, offset: index))
        }
        index = min(bytes.count, end + 1)
        continue
      }
      if isIdentifierByte(byte) {
        var end = index + 1
        while end < bytes.count && isIdentifierByte(bytes[end]) { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        let first = byte
        tokens.append(
          Token(
            kind: (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
              ? .other : .identifier(text), offset: index))
        index = end
        continue
      }
      tokens.append(Token(kind: .punctuation(byte), offset: index))
      index += 1
    }
    return tokens
  }
}
