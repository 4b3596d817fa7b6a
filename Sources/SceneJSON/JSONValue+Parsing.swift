import Foundation

/// A JSON syntax error: what, and where (byte offset, 1-based line and column).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong (lowercase, no final period).
  public var message: String
  /// The byte offset in the input.
  public var offset: Int
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars: the unit every column the tools print is in
  /// (a predicate diagnostic's, a lint finding's in SARIF's `unicodeCodePoints`).
  public var column: Int

  public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
  /// The deepest nesting accepted: hostile input must not exhaust the stack.
  package static let maximumDepth = 256

  /// Parses a complete JSON text from UTF-8 bytes.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(bytes))
  }

  /// Parses a complete JSON text from UTF-8 bytes.
  ///
  /// The concrete overloads matter: called from another module, the generic one runs
  /// unspecialised, and copying the bytes then looks up type metadata on every call.
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer(parse)
  }

  /// Parses a complete JSON text from UTF-8 bytes (a line of a larger buffer, say), in place.
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer(parse)
  }

  /// Parses a complete JSON text from UTF-8 bytes, in place, returning member names that are
  /// among `keys` as the strings given (see ``JSONKeys``).
  package static func parse(_ bytes: ArraySlice<UInt8>, keys: JSONKeys) throws(JSONSyntaxError)
    -> JSONValue
  {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      var reader = JSONReader(bytes: buffer, keys: keys)
      return try reader.parseDocument()
    }
  }

  /// Parses a complete JSON text from UTF-8 bytes in memory the caller owns.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError)
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

/// What one member path of a JSON text holds, as ``JSONValue/pick(_:in:_:)`` reads it.
package enum JSONPick: Sendable, Hashable {
  /// The text has no member at the path.
  case absent
  /// `null`.
  case null
  /// A string, decoded.
  case string(String)
  /// An object (its members are read only where another path goes into it).
  case object
  /// A number, a Boolean or an array.
  case other
}

/// Member paths into a JSON text's top-level object, such as `["aps", "target-content-id"]`,
/// made once and read from every line (``JSONValue/pick(_:in:_:)``).
package struct JSONPaths: Sendable {
  /// The paths flat, so a read walks them through pointers with no reference counting: path
  /// `p`'s names are `names[pathStarts[p] ..< pathStarts[p + 1]]`, and name `n`'s UTF-8 is
  /// `utf8[nameStarts[n] ..< nameStarts[n + 1]]`.
  fileprivate final class Table: Sendable {
    let count: Int
    let utf8: [UInt8]
    let nameStarts: [Int]
    let pathStarts: [Int]

    init(_ paths: [[String]]) {
      count = paths.count
      let names = paths.flatMap { $0 }
      utf8 = names.flatMap(\.utf8)
      nameStarts = names.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
      pathStarts = paths.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    }
  }
  fileprivate let table: Table

  /// The paths; at most 64, each of at least one name.
  package init(_ paths: [[String]]) {
    precondition(paths.count <= 64 && paths.allSatisfy { !$0.isEmpty })
    table = Table(paths)
  }
}

/// ``JSONPaths/Table`` seen through pointers, for the length of one read.
private struct PathView {
  let utf8: UnsafePointer<UInt8>
  let nameStarts: UnsafePointer<Int>
  let pathStarts: UnsafePointer<Int>

  /// Whether path `path` has a name at `level` whose UTF-8 is `name`, and whether it is its last.
  @inline(__always)
  func names(_ path: Int, at level: Int, _ name: UnsafeBufferPointer<UInt8>) -> (
    matches: Bool, last: Bool
  ) {
    let index = pathStarts[path] + level
    guard index < pathStarts[path + 1] else { return (false, false) }
    let start = nameStarts[index]
    guard nameStarts[index + 1] - start == name.count,
      memcmp(utf8 + start, name.baseAddress!, name.count) == 0
    else { return (false, false) }
    return (true, index + 1 == pathStarts[path + 1])
  }
}

extension JSONValue {
  /// What each of `paths` holds in a JSON text, read without building the text: every byte is
  /// checked as ``parse(_:)`` checks it, and only the strings at the paths are made. `body`
  /// reads the picks, one for each path, in the paths' order, and says whether it could use
  /// them; they live only as long as it runs (on the stack: an array of them cost an allocation
  /// for every line of `route --jsonl`, and a generic result its type's metadata).
  ///
  /// False — "parse it instead" — when `body` returns false, or the text is not an object, has an
  /// error, or has what this reader leaves to the parse: a member name with an escape or past
  /// ASCII, more than 32 members in one object (duplicate names are found by comparing each with
  /// the others). Then ``parse(_:)`` gives the same text's value or its error, so a caller that
  /// falls back to it sees every text the same.
  package static func pick(
    _ paths: JSONPaths, in bytes: ArraySlice<UInt8>,
    _ body: (UnsafeBufferPointer<JSONPick>) -> Bool
  ) -> Bool {
    let table = paths.table
    let every: UInt64 = table.count == 64 ? .max : (1 << UInt64(table.count)) - 1
    return withUnsafeTemporaryAllocation(of: JSONPick.self, capacity: table.count) { picks in
      picks.initialize(repeating: .absent)
      defer { picks.deinitialize() }
      let read = bytes.withUnsafeBufferPointer { buffer in
        table.utf8.withUnsafeBufferPointer { utf8 in
          table.nameStarts.withUnsafeBufferPointer { nameStarts in
            table.pathStarts.withUnsafeBufferPointer { pathStarts in
              let view = PathView(
                utf8: utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                nameStarts: nameStarts.baseAddress!, pathStarts: pathStarts.baseAddress!)
              var reader = JSONReader(bytes: buffer)
              if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                reader.position = 3
              }
              reader.skipWhitespace()
              guard reader.position < buffer.count, buffer[reader.position] == UInt8(ascii: "{"),
                (try? reader.pickObject(view, level: 0, active: every, into: picks)) == true
              else { return false }
              reader.skipWhitespace()
              return reader.position == buffer.count
            }
          }
        }
      }
      return read && body(UnsafeBufferPointer(picks))
    }
  }
}

/// Member names a parse returns as the very strings given, when the text has them unescaped.
///
/// A name of more than 15 UTF-8 bytes is a new allocation for every object that has it, freed
/// with the object. A decoder that reads fixed names, such as an event's `target-content-id`,
/// passes them, and then each occurrence is the string given: nothing to allocate or free, and
/// lookups by the same name compare equal storage. Shorter names are stored inline anyway and
/// are left out.
package struct JSONKeys: Sendable {
  /// The names, and their UTF-8 one after another, each at `starts[i]..<starts[i + 1]`: in one
  /// object, so that a parse holding the table costs one reference count, not three.
  private final class Table: Sendable {
    let keys: [String]
    let utf8: [UInt8]
    let starts: [Int]

    init(_ keys: [String]) {
      self.keys = keys
      utf8 = keys.flatMap(\.utf8)
      starts = keys.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
    }
  }

  private let table: Table
  /// The shortest length kept: shorter names are never looked for.
  private static let shortest = 16

  /// The names to return as given.
  package init(_ keys: some Sequence<String>) {
    table = Table(keys.filter { $0.utf8.count >= Self.shortest })
  }

  /// The name whose UTF-8 is `bytes`, if it is one of them.
  @inline(__always)
  func key(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count >= Self.shortest else { return nil }
    let starts = table.starts
    return table.utf8.withUnsafeBufferPointer { all in
      for index in table.keys.indices where starts[index + 1] - starts[index] == bytes.count {
        if memcmp(all.baseAddress! + starts[index], bytes.baseAddress!, bytes.count) == 0 {
          return table.keys[index]
        }
      }
      return nil
    }
  }
}

private struct JSONReader {
  /// The text, valid for the reader's lifetime (the parse entry points scope it).
  let bytes: UnsafeBufferPointer<UInt8>
  /// Member names to return as given, if any.
  var keys: JSONKeys? = nil
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
    // Scalars start at every byte but a continuation byte (10xxxxxx).
    let end = min(offset, bytes.count)
    let column =
      lineStart < end ? bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } : 1
    return JSONSyntaxError(message: message, offset: offset, line: line, column: column)
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
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
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
    object.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a string key, found \(describeCurrent)")
      }
      let keyOffset = position
      let key = try parseString(keys: keys)
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
      // Named, not echoed: a hostile number can be megabytes long.
      let shown = text.count <= 32 ? text : "\(text.prefix(24))… (\(text.count) characters)"
      throw error("number \(shown) is out of range", at: start)
    }
    return .number(value)
  }

  /// Where the run of string text from `start` stops — at a quote, a backslash, a control
  /// character or the end — and `0x80` if a byte past ASCII came before the stop (else 0).
  ///
  /// Eight bytes at a time while none can end the run (the lowest flagged byte of each test
  /// below is exact), then a byte at a time.
  @inline(__always)
  func plainRun(from start: Int) -> (stop: Int, seen: UInt8) {
    var scan = start
    var seen: UInt8 = 0
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      while scan + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let stops =
          ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash
            | (word &- ones &* 0x20) & ~word) & high
        if stops == 0 {
          if word & high != 0 { seen = 0x80 }
          scan += 8
          continue
        }
        let before = stops.trailingZeroBitCount / 8
        if word & high & ((1 &<< UInt64(before * 8)) &- 1) != 0 { seen = 0x80 }
        return (scan + before, seen)
      }
    }
    while scan < bytes.count {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      seen |= byte & 0x80
      scan += 1
    }
    return (scan, seen)
  }

  /// Reads a string; one among `keys` (unescaped) is returned as given there.
  mutating func parseString(keys: JSONKeys? = nil) throws(JSONSyntaxError) -> String {
    position += 1
    // Fast path: most strings have no escape; validate the run once and return it.
    let (scan, seen) = plainRun(from: position)
    if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
      let run = UnsafeBufferPointer(rebasing: bytes[position..<scan])
      if let keys, let known = keys.key(for: run) {
        position = scan + 1
        return known
      }
      // ASCII needs no validation; the generic validating initializer costs a microsecond.
      if let text = seen < 0x80
        ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
      {
        position = scan + 1
        return text
      }
    }
    // Escapes: the text is built as UTF-8 bytes (appending scalars to a String one at a time
    // costs hundreds of instructions each), with raw runs validated as they are copied.
    var utf8: [UInt8] = []
    utf8.reserveCapacity(scan - position + 16)
    var runStart = position
    func flushRun(_ reader: JSONReader, upTo end: Int) throws(JSONSyntaxError) {
      guard end > runStart else { return }
      let run = UnsafeBufferPointer(rebasing: reader.bytes[runStart..<end])
      if !isASCII(run) && String(validating: run, as: UTF8.self) == nil {
        throw reader.error("string is not valid UTF-8", at: runStart)
      }
      utf8.append(contentsOf: run)
    }
    // The scalar's encoded bytes appended at once: `UTF8.encode(_:into:)` with a closure that
    // appended a byte at a time cost about 400 instructions a scalar.
    func append(_ scalar: Unicode.Scalar) {
      utf8.append(contentsOf: UTF8.encode(scalar)!)
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

  /// The end of the string that starts at `position` (its opening quote), when it is plain
  /// ASCII: no escape, no control character; its bytes are `position + 1 ..< end`.
  func plainName() -> Int? {
    let (stop, seen) = plainRun(from: position + 1)
    return stop < bytes.count && bytes[stop] == UInt8(ascii: "\"") && seen == 0 ? stop : nil
  }

  /// Reads the object at `position` for ``JSONValue/pick(_:in:_:)``: the members that `active`
  /// paths name at `level` are picked or gone into, every other value is checked and skipped.
  /// False when the object is one the pick leaves to the parse.
  mutating func pickObject(
    _ paths: PathView, level: Int, active: UInt64, into picks: UnsafeMutableBufferPointer<JSONPick>
  ) throws(JSONSyntaxError) -> Bool {
    try enter()
    defer { depth -= 1 }
    position += 1
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return true
    }
    // Where each name so far starts and ends, for the duplicate check the parse makes.
    return try withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) {
      names throws(JSONSyntaxError) in
      var count = 0
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
          let end = plainName()
        else { return false }
        let name = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end])
        // A plain ASCII name is the name the parse decodes, byte for byte, and two are the same
        // name only when their bytes are (two spellings of "é" are one String, so one name).
        guard count < 64 else { return false }
        var other = 0
        while other < count {
          if names[other + 1] - names[other] == name.count,
            memcmp(bytes.baseAddress! + names[other], name.baseAddress!, name.count) == 0
          {
            return false
          }
          other += 2
        }
        names[count] = position + 1
        names[count + 1] = end
        count += 2
        position = end + 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
        position += 1
        skipWhitespace()
        // The paths that name this member: those that end here are picked, the rest go deeper.
        var ending: UInt64 = 0
        var deeper: UInt64 = 0
        var remaining = active
        while remaining != 0 {
          let index = remaining.trailingZeroBitCount
          remaining &= remaining - 1
          let (matches, last) = paths.names(index, at: level, name)
          if matches {
            if last { ending |= 1 << UInt64(index) } else { deeper |= 1 << UInt64(index) }
          }
        }
        guard position < bytes.count else { return false }
        let pick: JSONPick
        switch bytes[position] {
        case UInt8(ascii: "{"):
          pick = .object
          guard try pickObject(paths, level: level + 1, active: deeper, into: picks) else {
            return false
          }
        case UInt8(ascii: "\""):
          if ending != 0 {
            pick = .string(try parseString())
          } else {
            pick = .other
            try skipString()
          }
        case UInt8(ascii: "["):
          pick = .other
          guard try pickArray(paths) else { return false }
        case UInt8(ascii: "n"):
          pick = .null
          _ = try parseValue()
        default:
          pick = .other
          _ = try parseValue()
        }
        while ending != 0 {
          picks[ending.trailingZeroBitCount] = pick
          ending &= ending - 1
        }
        switch separator(closing: UInt8(ascii: "}")) {
        case true?: continue
        case false?: return true
        case nil: return false
        }
      }
    }
  }

  /// Checks and skips the array at `position`, its objects as ``pickObject(_:level:active:into:)``
  /// skips them.
  mutating func pickArray(_ paths: PathView) throws(JSONSyntaxError) -> Bool {
    try enter()
    defer { depth -= 1 }
    position += 1
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return true
    }
    while true {
      skipWhitespace()
      guard position < bytes.count else { return false }
      switch bytes[position] {
      case UInt8(ascii: "{"):
        guard
          try pickObject(
            paths, level: 0, active: 0, into: UnsafeMutableBufferPointer(start: nil, count: 0))
        else { return false }
      case UInt8(ascii: "["):
        guard try pickArray(paths) else { return false }
      case UInt8(ascii: "\""):
        try skipString()
      default:
        _ = try parseValue()
      }
      switch separator(closing: UInt8(ascii: "]")) {
      case true?: continue
      case false?: return true
      case nil: return false
      }
    }
  }

  /// What follows a member or an element for ``JSONValue/pick(_:in:_:)``: `,` (true: another
  /// comes), `closing` (false: the object or array ends), or anything else (nil).
  mutating func separator(closing: UInt8) -> Bool? {
    skipWhitespace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: ","):
      position += 1
      return true
    case closing:
      position += 1
      return false
    default: return nil
    }
  }

  /// Checks and skips the string at `position`: a plain ASCII one without making it.
  mutating func skipString() throws(JSONSyntaxError) {
    if let end = plainName() {
      position = end + 1
    } else {
      _ = try parseString()
    }
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

/// Whether every byte is ASCII, eight bytes at a time (most JSON strings are ASCII, and then no
/// UTF-8 validation is needed).
@inline(__always)
private func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  var index = 0
  while index + 8 <= bytes.count {
    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
    if word & 0x8080_8080_8080_8080 != 0 { return false }
    index += 8
  }
  while index < bytes.count {
    if base[index] >= 0x80 { return false }
    index += 1
  }
  return true
}
