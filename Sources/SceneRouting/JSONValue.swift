import PredicateEvaluation

/// A JSON value, read strictly (RFC 8259) with positions for every error.
///
/// Events and scenes files arrive as JSON from push backends, `simctl` files and other tools; a
/// bad one must be reported as "line 3, column 17: expected ',' or '}'", and a field of the wrong
/// type as `aps.target-content-id: expected a string, found a number`. Objects keep their key
/// order (for deterministic output) and duplicate keys are an error.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// The JSON type name for messages: "a string", "an object", …
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The object, if this is one.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }
}

/// A JSON object with its keys in document order.
///
/// Small objects (the common case: events, decisions) look keys up by a linear scan, which is
/// faster than hashing; a hash index is built only past ``indexThreshold`` members.
public struct JSONObject: Sendable, Hashable {
  /// The members, in order.
  public private(set) var members: [(key: String, value: JSONValue)]
  private var index: [String: Int]?

  static let indexThreshold = 12

  /// Creates an object from members; later duplicates replace earlier ones.
  public init(_ members: [(String, JSONValue)] = []) {
    self.members = []
    self.members.reserveCapacity(members.count)
    for (key, value) in members { self[key] = value }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return members.firstIndex { $0.key == key }
  }

  /// The value for `key`.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let position = position(of: key) {
        if let newValue {
          members[position].value = newValue
        } else {
          members.remove(at: position)
          rebuildIndex()
        }
      } else if let newValue {
        appendNew(key, newValue)
      }
    }
  }

  private mutating func rebuildIndex() {
    index =
      members.count > Self.indexThreshold
      ? Dictionary(
        members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
      : nil
  }

  /// The keys, in order.
  public var keys: [String] { members.map(\.key) }

  /// Whether the object has a member named `key`.
  func contains(_ key: String) -> Bool { position(of: key) != nil }

  /// Appends a member whose key is not in the object yet (the parser has checked): one append,
  /// without looking the key up again or copying the old value out.
  mutating func appendNew(_ key: String, _ value: JSONValue) {
    members.append((key, value))
    if index != nil {
      index![key] = members.count - 1
    } else if members.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for member in members {
      hasher.combine(member.key)
      hasher.combine(member.value)
    }
  }
}

/// A JSON syntax error: what, and where (byte offset, 1-based line and column).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong (lowercase, no final period).
  public var message: String
  /// The byte offset in the input.
  public var offset: Int
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in bytes.
  public var column: Int

  public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
  /// The deepest nesting accepted: hostile input must not exhaust the stack.
  public static let maximumDepth = 256

  /// Parses a complete JSON text from UTF-8 bytes.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(bytes))
  }

  /// Parses a complete JSON text from UTF-8 bytes.
  ///
  /// The concrete overloads matter: called from another module, the generic one runs
  /// unspecialised, and copying the bytes then looks up type metadata on every call.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer(parse)
  }

  /// Parses a complete JSON text from UTF-8 bytes (a line of a larger buffer, say), in place.
  public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer(parse)
  }

  /// Parses a complete JSON text from UTF-8 bytes in memory the caller owns.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError)
    -> JSONValue
  {
    var reader = JSONReader(bytes: bytes)
    return try reader.parseDocument()
  }

  /// Parses a complete JSON text.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

private struct JSONReader {
  /// The text, valid for the reader's lifetime (the parse entry points scope it).
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var depth = 0

  func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let offset = offset ?? position
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return JSONSyntaxError(
      message: message, offset: offset, line: line, column: offset - lineStart + 1)
  }

  var describeCurrent: String {
    guard position < bytes.count else { return "end of input" }
    let byte = bytes[position]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    // A UTF-8 byte order mark is tolerated at the start, as many editors write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else {
      throw error("unexpected \(describeCurrent) after the JSON value")
    }
    return value
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard position < bytes.count else { throw error("expected a JSON value, found end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("expected a JSON value, found \(describeCurrent)")
    }
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let utf8 = Array(word.utf8)
    guard bytes[position...].starts(with: utf8) else {
      throw error("expected a JSON value, found \(describeCurrent)")
    }
    position += utf8.count
    return value
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONValue.maximumDepth {
      throw error("nesting is deeper than \(JSONValue.maximumDepth) levels")
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var object = JSONObject()
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a string key, found \(describeCurrent)")
      }
      let keyOffset = position
      let key = try parseString()
      if object.contains(key) { throw error("duplicate key \"\(key)\"", at: keyOffset) }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw error("expected ':' after the key, found \(describeCurrent)")
      }
      position += 1
      skipWhitespace()
      object.appendNew(key, try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw error("expected ',' or '}', found end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(object)
      }
      throw error("expected ',' or '}', found \(describeCurrent)")
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw error("expected ',' or ']', found end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      throw error("expected ',' or ']', found \(describeCurrent)")
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    func digits(_ reader: inout JSONReader) -> Int {
      let begin = reader.position
      while reader.position < reader.bytes.count,
        reader.bytes[reader.position] >= UInt8(ascii: "0"),
        reader.bytes[reader.position] <= UInt8(ascii: "9")
      {
        reader.position += 1
      }
      return reader.position - begin
    }
    let integerStart = position
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw error("expected digits in number", at: position) }
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
      throw error("leading zeros are not allowed in JSON numbers", at: integerStart)
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw error("expected digits after '.'") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits(&self) > 0 else { throw error("expected exponent digits") }
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text) is out of range", at: start)
    }
    return .number(value)
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    position += 1
    // Fast path: most strings have no escape; validate the run once and return it.
    var scan = position
    var seen: UInt8 = 0
    while scan < bytes.count {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "\"") {
        let run = UnsafeBufferPointer(rebasing: bytes[position..<scan])
        // ASCII needs no validation; the generic validating initializer costs a microsecond.
        let text =
          seen < 0x80
          ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
        guard let text else { break }
        position = scan + 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      seen |= byte
      scan += 1
    }
    // Escapes: the text is built as UTF-8 bytes (appending scalars to a String one at a time
    // costs hundreds of instructions each), with raw runs validated as they are copied.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(scan - position + 16)
    var runStart = position
    func flushRun(_ reader: JSONReader, upTo end: Int) throws(JSONSyntaxError) {
      guard end > runStart else { return }
      let run = UnsafeBufferPointer(rebasing: reader.bytes[runStart..<end])
      if !ASCIIBytes.isASCII(run) && String(validating: run, as: UTF8.self) == nil {
        throw reader.error("string is not valid UTF-8", at: runStart)
      }
      utf8.append(contentsOf: run)
    }
    func append(_ scalar: Unicode.Scalar) {
      UTF8.encode(scalar) { utf8.append($0) }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try flushRun(self, upTo: position)
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 {
        throw error("control character 0x\(String(byte, radix: 16)) must be escaped in a string")
      }
      if byte != UInt8(ascii: "\\") {
        position += 1
        continue
      }
      try flushRun(self, upTo: position)
      let escapeStart = position
      position += 1
      guard position < bytes.count else { throw error("unterminated string") }
      let escaped = bytes[position]
      position += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4(escapeStart)
        if (0xD800...0xDBFF).contains(code) {
          guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          else { throw error("unpaired surrogate in \\u escape", at: escapeStart) }
          position += 2
          let low = try hex4(escapeStart)
          guard (0xDC00...0xDFFF).contains(low) else {
            throw error("unpaired surrogate in \\u escape", at: escapeStart)
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
          throw error("unpaired surrogate in \\u escape", at: escapeStart)
        }
        append(Unicode.Scalar(code)!)
      default:
        throw error("invalid escape in string", at: escapeStart)
      }
      runStart = position
    }
    throw error("unterminated string")
  }

  mutating func hex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else {
      throw error("\\u needs four hex digits", at: escapeStart)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("\\u needs four hex digits", at: escapeStart)
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }
}

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

  /// Appends compact JSON to `output`.
  public func write(into output: inout [UInt8]) {
    output.appendWritten { write(into: &$0) }
  }

  /// Appends compact JSON to `output`.
  package func write(into output: inout ByteBuffer) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" as StaticString : "false")
    case .number(let value):
      if value == value.rounded(), abs(value) < 1e15 {
        output.appendUTF8(String(Int(value)))
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
      for (index, member) in object.members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as a JSON string literal: runs that need no escape are copied whole.
  public static func writeString(_ value: String, into output: inout [UInt8]) {
    output.appendWritten { writeString(value, into: &$0) }
  }

  /// Appends `value` as a JSON string literal: runs that need no escape are copied whole.
  package static func writeString(_ value: String, into output: inout ByteBuffer) {
    output.append(UInt8(ascii: "\""))
    value.withUTF8InPlace { writeEscaped($0, into: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `,"name":"value"` for a member name fixed in the source, which must need no escape.
  package static func writeMember(
    _ name: StaticString, _ value: String, into output: inout ByteBuffer
  ) {
    output.append(#",""#)
    output.append(name)
    output.append(#"":"#)
    writeString(value, into: &output)
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
