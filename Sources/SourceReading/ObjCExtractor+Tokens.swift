import Foundation
import PortableIO

/// The Objective-C scanner's tokens: comments, string literals, the preprocessor (`#if 0`,
/// string `#define`s) and the file's and methods' string constants.
extension ObjCExtractor {
  /// Whether `byte` ends a line, as clang's lexer reads one: LF, or CR (alone or before LF).
  @inline(__always)
  package static func isLineBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Splits Objective-C source into tokens, skipping comments and preprocessor lines.
  package static func tokenize(_ bytes: [UInt8]) -> [Token] {
    var directives: [Range<Int>] = []
    return tokenize(bytes, directives: &directives)
  }

  /// Splits Objective-C source into tokens, skipping comments and preprocessor lines, and
  /// appends each preprocessor line's bytes (from its `#`) to `directives`: those of a `#if 0`
  /// block are skipped with it, the `#else`, `#elif` or `#endif` that ends it kept.
  ///
  /// With `keeping`, the offsets a reader looks at (in order), a top-level body (a method's or a
  /// function's `{…}`, after a `)` or a word) that holds none of them keeps only its braces: it
  /// is lexed to find its end and its directives, and makes no tokens. A reader that looks at
  /// file-level tokens and at the bodies that hold its offsets reads the same tokens either way
  /// (the app's producers: most of a file that sets an identifier is other methods).
  package static func tokenize(
    _ bytes: [UInt8], directives: inout [Range<Int>], keeping: [Int]? = nil
  ) -> [Token] {
    var tokens: [Token] = []
    // About a token for every three or four bytes of code: growing the array a dozen times
    // copied every token made so far (each a retain of its text) each time.
    tokens.reserveCapacity(min(bytes.count / 4, 1 << 16))
    var index = 0
    var atLineStart = true
    // A top-level body lexed without tokens: where it opened (after its `{`), how many
    // directives were known then, and the first kept offset after its `{`. Reaching that
    // offset inside the body lexes the body again from its `{`, making its tokens.
    var skipping: (after: Int, directives: Int, next: Int)?
    // Whether the last token lexed was `@` (in a skipped body, where no token is made).
    var afterAt = false
    var nesting = 0
    var kept = 0
    // Where each top-level body ends by its raw braces (those in strings and comments
    // counted too): a body that holds a kept offset by that count is lexed for its tokens at
    // once rather than lexed twice. A wrong guess costs time, never tokens.
    let rough = keeping == nil ? [] : roughBodies(bytes)
    var roughIndex = 0
    while index < bytes.count {
      if let body = skipping, index >= body.next {
        index = body.after
        directives.removeLast(directives.count - body.directives)
        atLineStart = false
        nesting = 1
        skipping = nil
        afterAt = false
        continue
      }
      let byte = bytes[index]
      if isLineBreak(byte) {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      defer { atLineStart = false }
      if byte == UInt8(ascii: "/"), let end = endOfComment(bytes, at: index) {
        index = end
        continue
      }
      // Preprocessor lines (with their backslash line joins); a comment opened on one is
      // skipped to its end, even on a later line. `#if 0` skips its block up to the matching
      // `#else`, `#elif` or `#endif`.
      if byte == UInt8(ascii: "#") && atLineStart {
        let directiveStart = index
        index = endOfDirective(bytes, from: index)
        directives.append(directiveStart..<index)
        let directive = String(decoding: bytes[directiveStart..<index], as: UTF8.self)
        if isFalseCondition(directive) {
          let (end, last) = endOfFalseBlock(bytes, from: index)
          if let last { directives.append(last) }
          index = end
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
        while end < bytes.count && bytes[end] != quote && !isLineBreak(bytes[end]) {
          if bytes[end] == UInt8(ascii: "\\") { end += 1 }
          end += 1
        }
        let closed = end < bytes.count && bytes[end] == quote
        if skipping != nil {
          // Lexed for its end alone.
        } else if quote == UInt8(ascii: "\"") {
          var text = LiteralText()
          let content = bytes[(quoteAt + 1)..<min(end, bytes.count)]
          let decoded =
            closed && LiteralDecoder.appendC(content, at: quoteAt + 1, into: &text)
          if decoded { text.finish(at: end) }
          tokens.append(Token(kind: .string(decoded ? text : nil), offset: index))
        } else {
          tokens.append(Token(kind: .other, offset: index))
        }
        afterAt = false
        index = min(bytes.count, end + 1)
        continue
      }
      if byte.isIdentifierByte {
        var end = index + 1
        let isNumber = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        while end < bytes.count {
          if bytes[end].isIdentifierByte {
            end += 1
          } else if isNumber, bytes[end] == UInt8(ascii: "'"), end + 1 < bytes.count,
            bytes[end + 1].isIdentifierByte
          {
            // A C++14 digit separator (`1'000`), not a character literal.
            end += 2
          } else {
            break
          }
        }
        // `@end` or `@implementation` in a body left open (spaces, line breaks, comments or
        // directives may stand between the two tokens): a class boundary the whole file's
        // tokens show (``implementations(_:)``), so the body is tokenized.
        if skipping != nil, afterAt,
          bytes[index..<end].elementsEqual("end".utf8)
            || bytes[index..<end].elementsEqual("implementation".utf8)
        {
          // Reaching `next` lexes the body again from its `{` (which resets `afterAt`).
          skipping?.next = index
          continue
        }
        afterAt = false
        if skipping == nil {
          let text = String(decoding: bytes[index..<end], as: UTF8.self)
          tokens.append(Token(kind: isNumber ? .number(text) : .identifier(text), offset: index))
        }
        index = end
        continue
      }
      if byte == UInt8(ascii: "{") {
        // Only a declaration's body is passed over (after its signature's `)` or last word:
        // `- (void)load {`, `void f(void) {`, `@implementation A {`): a block after `=`, `^`,
        // `(` or `,` is a value, whose tokens a file-level reading reads.
        if nesting == 0, let keeping,
          tokens.last.map({ $0.isPunctuation(UInt8(ascii: ")")) || $0.identifier != nil })
            == true
        {
          // The first kept offset after the `{`: the body is lexed without tokens unless it
          // holds that offset.
          while kept < keeping.count, keeping[kept] <= index { kept += 1 }
          let next = kept < keeping.count ? keeping[kept] : Int.max
          while roughIndex < rough.count, rough[roughIndex].lowerBound < index { roughIndex += 1 }
          let holds =
            roughIndex < rough.count && rough[roughIndex].lowerBound == index
            && next < rough[roughIndex].upperBound
          if !holds {
            tokens.append(Token(kind: .punctuation(byte), offset: index))
            afterAt = false
            skipping = (index + 1, directives.count, next)
            nesting = 1
            index += 1
            continue
          }
        }
        nesting += 1
      } else if byte == UInt8(ascii: "}") {
        nesting = max(0, nesting - 1)
        if nesting == 0, skipping != nil { skipping = nil }
      }
      if skipping == nil { tokens.append(Token(kind: .punctuation(byte), offset: index)) }
      afterAt = byte == UInt8(ascii: "@")
      index += 1
    }
    // Each token's body: the top-level `{` it lies within.
    var depth = 0
    var body = -1
    for position in tokens.indices {
      if tokens[position].isPunctuation(UInt8(ascii: "{")) {
        if depth == 0 { body = position }
        depth += 1
      } else if tokens[position].isPunctuation(UInt8(ascii: "}")) {
        depth = max(0, depth - 1)
      }
      tokens[position].scope =
        depth > 0 || tokens[position].isPunctuation(UInt8(ascii: "}")) ? body : -1
    }
    return tokens
  }

  /// The top-level `{…}` of `bytes` by their raw braces alone, as ranges from each `{` to its
  /// `}` (or the end): one tight pass, a guess at the bodies the lexer will find.
  private static func roughBodies(_ bytes: [UInt8]) -> [Range<Int>] {
    bytes.withUnsafeBufferPointer { buffer in
      var bodies: [Range<Int>] = []
      var depth = 0
      var open = 0
      for index in buffer.indices {
        let byte = buffer[index]
        if byte == UInt8(ascii: "{") {
          if depth == 0 { open = index }
          depth += 1
        } else if byte == UInt8(ascii: "}"), depth > 0 {
          depth -= 1
          if depth == 0 { bodies.append(open..<index) }
        }
      }
      if depth > 0 { bodies.append(open..<buffer.count) }
      return bodies
    }
  }

  /// `#define NAME @"…"` (or `"…"`) lines: the string constants the preprocessor gives the file,
  /// by name, with where the name is written. A define may join adjacent literals and the
  /// names of the file's other string defines (`#define kThread kRoot @"/thread/"`), as the
  /// preprocessor and the compiler's literal concatenation do.
  package static func stringDefines(_ bytes: [UInt8]) -> [String: (LiteralText, Int)] {
    // Each define's pieces, its name's offset, and how many times it is defined.
    var written: [String: (pieces: [DefinePiece], offset: Int, count: Int)] = [:]
    // From `#` to `#` (`memchr`), each one that starts its line (after spaces and tabs): a line
    // at a time cost several instructions a byte of every file.
    var next = 0
    while let hash = bytes.withUnsafeBufferPointer({
      System.firstIndex(of: UInt8(ascii: "#"), in: $0, from: next)
    }) {
      next = hash + 1
      var lineStart = hash
      while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == 9 {
        lineStart -= 1
      }
      guard lineStart == 0 || isLineBreak(bytes[lineStart - 1]) else { continue }
      var lineEnd = hash + 1
      while lineEnd < bytes.count, !isLineBreak(bytes[lineEnd]) { lineEnd += 1 }
      next = lineEnd
      var index = hash + 1
      func skipSpaces() {
        while index < lineEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == 9 {
          index += 1
        }
      }
      skipSpaces()
      let word = "define".utf8
      guard lineEnd - index > word.count, bytes[index..<(index + word.count)].elementsEqual(word)
      else { continue }
      index += word.count
      skipSpaces()
      let nameStart = index
      index = identifierEnd(bytes, from: index, before: lineEnd)
      guard index > nameStart, index < lineEnd, bytes[index] == UInt8(ascii: " ") else { continue }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
      guard let pieces = definePieces(bytes, from: index, to: lineEnd) else { continue }
      let count = (written[name]?.count ?? 0) + 1
      written[name] = (pieces, nameStart, count)
    }
    // Each define's value, its names resolved through the others: pass after pass in the
    // order written, each resolving the defines whose names are all resolved, until a pass
    // resolves none (at most ``maximumDefinePasses``). A cycle, a name that is not a string
    // define of the file, or a define written twice (under `#if` branches) has no value; so
    // has one past the bounds on joined text (``JoinBudget``).
    var defines: [String: (LiteralText, Int)] = [:]
    var budget = JoinBudget()
    var pending = written.filter { $0.value.count == 1 }.sorted {
      $0.value.offset < $1.value.offset
    }
    for _ in 0..<maximumDefinePasses where !pending.isEmpty {
      var unresolved: [(key: String, value: (pieces: [DefinePiece], offset: Int, count: Int))] = []
      for (name, entry) in pending {
        var texts: [LiteralText] = []
        for piece in entry.pieces {
          switch piece {
          case .literal(let text): texts.append(text)
          case .name(let other): if let (text, _) = defines[other] { texts.append(text) }
          }
        }
        if texts.count < entry.pieces.count {
          unresolved.append((name, entry))
        } else if budget.allows(texts), let text = LiteralText(joining: texts) {
          defines[name] = (text, entry.offset)
        }
      }
      if unresolved.count == pending.count { break }
      pending = unresolved
    }
    return defines
  }

  /// How many passes resolve the string defines that name others: a chain written in any
  /// order resolves in at most this many steps of naming.
  static let maximumDefinePasses = 32

  /// The bounds on text joined from names: each define naming the one before it twice doubles
  /// the text (`#define k2 k1 k1`), so a few lines would otherwise make gigabytes. A value of
  /// more than ``maximumLength`` bytes, or past ``maximumTotal`` for the file, stays unknown.
  struct JoinBudget {
    /// The longest value joined from names: an identifier or a URL is far shorter.
    static let maximumLength = 4_096
    /// The most bytes a file's joined values hold together.
    static let maximumTotal = 1 << 20
    private var left = maximumTotal

    /// Whether `texts`, joined, fit; they are counted when they do. One text is no join.
    mutating func allows(_ texts: [LiteralText]) -> Bool {
      guard texts.count > 1 else { return true }
      let length = texts.reduce(0) { $0 + $1.bytes.count }
      guard length <= Self.maximumLength, length <= left else { return false }
      left -= length
      return true
    }
  }

  /// A piece of a string define's body: a literal, or the name of another define.
  private enum DefinePiece {
    case literal(LiteralText)
    case name(String)
  }

  /// The end of the identifier that starts at `index` (ASCII letters, digits and `_`).
  private static func identifierEnd(_ bytes: [UInt8], from index: Int, before end: Int) -> Int {
    var index = index
    while index < end,
      bytes[index] == UInt8(ascii: "_")
        || (bytes[index] | 0x20 >= UInt8(ascii: "a") && bytes[index] | 0x20 <= UInt8(ascii: "z"))
        || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
    {
      index += 1
    }
    return index
  }

  /// The body of a define from `start` to the line's `end` as string pieces: literals (`@"…"`,
  /// `"…"`) and names, at least one literal or name; nil when anything else is written (an
  /// expression, a function-like macro) or a literal does not decode. A `//` comment ends it.
  private static func definePieces(_ bytes: [UInt8], from start: Int, to end: Int)
    -> [DefinePiece]?
  {
    var pieces: [DefinePiece] = []
    var index = start
    while true {
      while index < end,
        bytes[index] == UInt8(ascii: " ") || bytes[index] == 9 || bytes[index] == 13
      {
        index += 1
      }
      if index == end || bytes[index...].starts(with: "//".utf8) { break }
      let wordEnd = identifierEnd(bytes, from: index, before: end)
      if wordEnd > index {
        // A name; not a number (`1`) and not a function-like macro's call (`NAME(`).
        guard !(bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")),
          wordEnd == end || bytes[wordEnd] != UInt8(ascii: "(")
        else { return nil }
        pieces.append(.name(String(decoding: bytes[index..<wordEnd], as: UTF8.self)))
        index = wordEnd
        continue
      }
      if bytes[index] == UInt8(ascii: "@") { index += 1 }
      guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
      var close = index + 1
      while close < end, bytes[close] != UInt8(ascii: "\"") {
        close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard close < end else { return nil }
      var text = LiteralText()
      guard LiteralDecoder.appendC(bytes[(index + 1)..<close], at: index + 1, into: &text) else {
        return nil
      }
      text.finish(at: close)
      pieces.append(.literal(text))
      index = close + 1
    }
    return pieces.isEmpty ? nil : pieces
  }

  /// The file's string constants, by name: `static NSString *const kName = @"…";` and
  /// `NSString *const kName = @"…";` at file level (a pointer that is not `const` may change,
  /// and stays a run-time value) and string `#define`s, each with the offset of its name. A
  /// constant's value may join adjacent literals and string defines (`= kRoot @"/thread/";`).
  /// A name defined twice (under `#if` branches) is left out: which applies is a build setting.
  package static func fileConstants(_ tokens: [Token], defines: [String: (LiteralText, Int)])
    -> [String: (LiteralText, Int)]
  {
    var constants = defines
    var budget = JoinBudget()
    for index in tokens.indices where tokens[index].scope == -1 {
      guard let name = tokens[index].identifier, index > 0,
        tokens[index - 1].identifier == "const", index + 3 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: "="))
      else { continue }
      var texts: [LiteralText] = []
      var end = index + 2
      while end < tokens.count {
        if case .string(let literal?) = tokens[end].kind {
          texts.append(literal)
        } else if let piece = tokens[end].identifier, let (literal, _) = defines[piece] {
          texts.append(literal)
        } else {
          break
        }
        end += 1
      }
      guard end < tokens.count, tokens[end].isPunctuation(UInt8(ascii: ";")),
        budget.allows(texts), let literal = LiteralText(joining: texts)
      else { continue }
      constants[name] = constants[name] == nil ? (literal, tokens[index].offset) : nil
    }
    return constants
  }

  /// The string constants of a whole file (``fileConstants(_:defines:)``), for the module
  /// index.
  package static func fileConstants(in bytes: [UInt8]) -> [String: (LiteralText, Int)] {
    // File-level tokens alone: no body is tokenized.
    var directives: [Range<Int>] = []
    return fileConstants(
      tokenize(bytes, directives: &directives, keeping: []), defines: stringDefines(bytes))
  }

  /// Replaces each use of a file constant inside a body by the constant's string, remembering
  /// its origin. A name the file does not define is asked of `external` (another file of the
  /// module: a header's `extern` constant defined in a `.m`), when it is named as constants
  /// are (`kName`, or a capitalised `ABCName`). A local of the same name, or an assignment to
  /// the name, is left alone.
  package static func inlineConstants(
    _ tokens: inout [Token], defines: [String: (LiteralText, Int)],
    external: (String, Int) -> (LiteralText, ValueOrigin)? = { _, _ in nil }
  ) {
    let constants = fileConstants(tokens, defines: defines)
    // Each body's assignments by name, where they start and where their value ends: whether a
    // use is of a local assigned before it (``localDefinition(_:named:before:)``), asked in one
    // lookup instead of a walk back to the start of the body for every use.
    var assigned: [Int: [String: [(start: Int, end: Int)]]] = [:]
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let name = tokens[index].identifier, isAssignment(tokens, to: index) else { continue }
      assigned[tokens[index].scope, default: [:]][name, default: []].append(
        (index, expressionEnd(tokens, from: index + 2)))
    }
    for index in tokens.indices where tokens[index].scope != -1 {
      // The name's spelling first: a lookup hashes it, and most files define no constant.
      guard let name = tokens[index].identifier,
        isConstantName(name) || (!constants.isEmpty && constants[name] != nil),
        isRead(tokens, at: index),
        !(assigned[tokens[index].scope]?[name]?.contains { $0.start < index && $0.end <= index }
          ?? false)
      else { continue }
      let found: (LiteralText, ValueOrigin)
      if let (literal, offset) = constants[name] {
        found = (literal, ValueOrigin(resolution: .sameFileConstant, name: name, offset: offset))
      } else if let value = external(name, tokens[index].offset) {
        found = value
      } else {
        continue
      }
      tokens[index].kind = .string(found.0)
      tokens[index].origin = found.1
    }
  }

  /// Whether `name` is named as Objective-C string constants are: `kName`, or capitalised
  /// (`ABCNameKey`) and not a class being messaged or declared.
  private static func isConstantName(_ name: String) -> Bool {
    // Where the first two are ASCII (most names), told from the bytes.
    var bytes = name.utf8.makeIterator()
    let first = bytes.next() ?? 0
    let second = bytes.next() ?? 0
    if first < 0x80, second < 0x80 {
      func isUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
      }
      return (first == UInt8(ascii: "k") && isUppercase(second)) || isUppercase(first)
    }
    var scalars = name.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return false }
    if first == "k", let second = scalars.next(), isUppercase(second) { return true }
    return isUppercase(first)
  }

  /// Whether `scalar` is an uppercase or titlecase letter (Unicode's Lu and Lt, the letters of
  /// Foundation's `CharacterSet.uppercaseLetters`), told without building a character set for
  /// every name: ASCII by range.
  private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
    let category = scalar.properties.generalCategory
    return category == .uppercaseLetter || category == .titlecaseLetter
  }

  /// Whether the name at `index` reads a value: not an assignment to it, a member (`x.name`,
  /// `x->name`), a declaration (`Type name`) or a selector part or label (`name:`).
  package static func isRead(_ tokens: [Token], at index: Int) -> Bool {
    if isAssignment(tokens, to: index) { return false }
    if index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: ":")) {
      return false
    }
    guard index > 0 else { return true }
    let before = tokens[index - 1]
    return
      !(before.isPunctuation(UInt8(ascii: ".")) || before.isPunctuation(UInt8(ascii: ">"))
      || (before.identifier.map { $0 != "return" } ?? false))
  }

  /// Replaces each use of a method's local string, `NSString *name = @"…";`, with the literal
  /// (its origin noted), when the method assigns the name exactly once and never takes its
  /// address: a name assigned again, or passed as `&name`, stays a run-time value.
  package static func inlineLocalStrings(_ tokens: inout [Token]) {
    // Per body: each name's assignments, and the literal of the first.
    struct Local {
      var assignments = 0
      var literal: LiteralText?
      var declaration = 0
      var valueEnd = 0
    }
    var locals: [Int: [String: Local]] = [:]
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let name = tokens[index].identifier, index + 1 < tokens.count else { continue }
      let scope = tokens[index].scope
      if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: "&")) {
        locals[scope, default: [:]][name, default: Local()].assignments += 2
        continue
      }
      guard isAssignment(tokens, to: index) else { continue }
      var local = locals[scope, default: [:]][name, default: Local()]
      local.assignments += 1
      if local.assignments == 1 {
        let end = expressionEnd(tokens, from: index + 2)
        local.literal = stringLiteral(tokens, (index + 2)..<end)
        local.declaration = index
        local.valueEnd = end
      }
      locals[scope, default: [:]][name] = local
    }
    // Only the locals assigned one literal, once, are inlined; most bodies have none, and then
    // their identifiers are not looked up (a string hashed for each).
    locals = locals.compactMapValues { names in
      let inlined = names.filter { $0.value.assignments == 1 && $0.value.literal != nil }
      return inlined.isEmpty ? nil : inlined
    }
    guard !locals.isEmpty else { return }
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let scoped = locals[tokens[index].scope], let name = tokens[index].identifier,
        let local = scoped[name], let literal = local.literal, index > local.valueEnd,
        isRead(tokens, at: index)
      else { continue }
      tokens[index].kind = .string(literal)
      tokens[index].origin = ValueOrigin(
        resolution: .local, name: name, offset: tokens[local.declaration].offset)
    }
  }

  /// The end of the directive starting at `start`: its line, with backslash joins, and any
  /// block comment opened on it, to that comment's end.
  package static func endOfDirective(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && !isLineBreak(bytes[index]) {
      if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count {
        // A backslash joins the next line, whichever line break ends this one.
        let crlf =
          bytes[index + 1] == UInt8(ascii: "\r") && index + 2 < bytes.count
          && bytes[index + 2] == UInt8(ascii: "\n")
        index += crlf ? 3 : 2
        continue
      }
      if let end = endOfComment(bytes, at: index) {
        index = end
        continue
      }
      index += 1
    }
    return index
  }

  /// Where the comment that opens at `index` ends, nil when none opens there: a `//` comment
  /// runs to its line's end (the newline is not part of it), a `/*` one past its `*/`.
  package static func endOfComment(_ bytes: [UInt8], at index: Int) -> Int? {
    guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { return nil }
    if bytes[index + 1] == UInt8(ascii: "/") {
      return bytes[index...].firstIndex(where: isLineBreak) ?? bytes.count
    }
    return bytes[index + 1] == UInt8(ascii: "*") ? endOfBlockComment(bytes, from: index) : nil
  }

  /// The position after the block comment that opens at `start` (its `/*`), or the end of the
  /// bytes when it is never closed.
  package static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 2
    while index + 1 < bytes.count
      && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
    {
      index += 1
    }
    return min(bytes.count, index + 2)
  }

  /// Whether a directive is `#if 0` (or `#if false`): a block the compiler never sees.
  package static func isFalseCondition(_ directive: String) -> Bool {
    let words = directive.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard words.count >= 2, words[0] == "if" else { return false }
    return words[1] == "0" || words[1] == "false" || words[1] == "(0)"
  }

  /// The position after the `#if 0` block whose directive ends at `start`: after its matching
  /// `#else` or `#elif` line (the code that follows is read), or after its `#endif`; and that
  /// line, nil when the file ends first.
  package static func endOfFalseBlock(_ bytes: [UInt8], from start: Int) -> (Int, Range<Int>?) {
    var index = start
    var nesting = 0
    var atLineStart = true
    while index < bytes.count {
      let byte = bytes[index]
      if isLineBreak(byte) {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "#") && atLineStart {
        let lineStart = index
        index = endOfDirective(bytes, from: index)
        let words = String(decoding: bytes[(lineStart + 1)..<index], as: UTF8.self)
          .split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.first {
        case "if", "ifdef", "ifndef": nesting += 1
        case "endif":
          if nesting == 0 { return (index, lineStart..<index) }
          nesting -= 1
        case "else", "elif":
          if nesting == 0 { return (index, lineStart..<index) }
        default: break
        }
        continue
      }
      atLineStart = false
      index += 1
    }
    return (index, nil)
  }
}
