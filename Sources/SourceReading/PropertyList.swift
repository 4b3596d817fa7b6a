/// A property list value read from an XML or binary `.plist`, each node with the line it starts
/// on (XML) so that a finding about a value can point at the value's own line.
///
/// The reader is written for hostile files: nesting, object counts and expansion are bounded,
/// a binary list's references are checked against its object table, and a reference cycle is an
/// error, never a loop. It reads what an app's `Info.plist` holds; it does not write.
package struct PropertyList: Sendable, Hashable {
  /// A value.
  package indirect enum Value: Sendable, Hashable {
    case string(String)
    /// An integer or real, as its text (`<integer>`/`<real>`, or the binary value printed).
    case number(String)
    case bool(Bool)
    /// A date, as its text.
    case date(String)
    /// Data, by its size in bytes.
    case data(Int)
    case array([PropertyList])
    /// Keys and values in file order (a key given twice keeps both; lookups take the first).
    case dictionary([(key: String, value: PropertyList)])

    package static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.string(let a), .string(let b)): a == b
      case (.number(let a), .number(let b)): a == b
      case (.bool(let a), .bool(let b)): a == b
      case (.date(let a), .date(let b)): a == b
      case (.data(let a), .data(let b)): a == b
      case (.array(let a), .array(let b)): a == b
      case (.dictionary(let a), .dictionary(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      default: false
      }
    }

    package func hash(into hasher: inout Hasher) {
      switch self {
      case .string(let text): hasher.combine(text)
      case .number(let text): hasher.combine(text)
      case .bool(let value): hasher.combine(value)
      case .date(let text): hasher.combine(text)
      case .data(let count): hasher.combine(count)
      case .array(let items): hasher.combine(items)
      case .dictionary(let entries):
        for entry in entries {
          hasher.combine(entry.key)
          hasher.combine(entry.value)
        }
      }
    }
  }

  package var value: Value
  /// The 1-based line of the value's opening tag in an XML list; nil in a binary list, which
  /// has no lines.
  package var line: Int?

  package init(_ value: Value, line: Int? = nil) {
    self.value = value
    self.line = line
  }

  /// The value of `key` in a dictionary (the first, when the key is repeated).
  package subscript(key: String) -> PropertyList? {
    guard case .dictionary(let entries) = value else { return nil }
    return entries.first { $0.key == key }?.value
  }

  package var string: String? { if case .string(let text) = value { text } else { nil } }
  package var array: [PropertyList]? { if case .array(let items) = value { items } else { nil } }
  package var bool: Bool? { if case .bool(let flag) = value { flag } else { nil } }

  /// The deepest nesting read; deeper is an error (a real Info.plist nests a few levels).
  package static let maximumDepth = 64
  /// The most nodes one file may expand to (a binary list can reference one array many times).
  package static let maximumNodes = 200_000

  /// Reads `bytes` as a binary (`bplist00`) or XML property list.
  package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
    if bytes.starts(with: Array("bplist00".utf8)) {
      var reader = BinaryPropertyListReader(bytes: bytes)
      return try reader.read()
    }
    if bytes.starts(with: Array("bplist".utf8)) {
      throw PropertyListError(
        line: nil,
        message:
          "binary property list version '\(String(decoding: bytes[6..<min(8, bytes.count)], as: UTF8.self))' is not read (only bplist00)"
      )
    }
    var reader = XMLPropertyListReader(bytes: bytes)
    return try reader.read()
  }
}

/// A property list could not be read: why, and the line for an XML list.
package struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
  package var line: Int?
  package var message: String

  package var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// The XML form: `<plist><dict><key>…</key><string>…</string>…</dict></plist>`.
private struct XMLPropertyListReader {
  package let bytes: [UInt8]
  package var index = 0
  package var line = 1
  package var nodes = 0

  package init(bytes: [UInt8]) {
    var start = 0
    // A byte order mark is allowed before the declaration.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    self.bytes = bytes
    self.index = start
  }

  private func fail(_ message: String, line: Int? = nil) -> PropertyListError {
    PropertyListError(line: line ?? self.line, message: message)
  }

  private mutating func advance() {
    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
    index += 1
  }

  private func at(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    return index + utf8.count <= bytes.count
      && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
  }

  /// Skips white space, comments, the XML declaration, processing instructions and the DOCTYPE.
  private mutating func skipMisc() throws(PropertyListError) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if at("<!--") {
        let start = line
        while index < bytes.count, !at("-->") { advance() }
        guard index < bytes.count else { throw fail("unterminated comment", line: start) }
        index += 3
      } else if at("<?") {
        while index < bytes.count, !at("?>") { advance() }
        guard index < bytes.count else { throw fail("unterminated processing instruction") }
        index += 2
      } else if at("<!") {
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { advance() }
        guard index < bytes.count else { throw fail("unterminated declaration") }
        index += 1
      } else {
        return
      }
    }
  }

  /// A tag at `index`: its name, whether it closes (`</x>`) and whether it is empty (`<x/>`).
  private mutating func tag() throws(PropertyListError) -> (
    name: String, closing: Bool, empty: Bool, line: Int
  ) {
    try skipMisc()
    let start = line
    guard index < bytes.count else { throw fail("unexpected end of file") }
    guard bytes[index] == UInt8(ascii: "<") else {
      throw fail("expected a tag, found text")
    }
    advance()
    var closing = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      closing = true
      advance()
    }
    var name: [UInt8] = []
    while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/"),
      bytes[index] != 0x20, bytes[index] != 0x0A, bytes[index] != 0x09, bytes[index] != 0x0D
    {
      name.append(bytes[index])
      advance()
      guard name.count <= 64 else { throw fail("a tag name longer than 64 bytes") }
    }
    // Attributes (`<plist version="1.0">`) are skipped.
    var empty = false
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
      empty = bytes[index] == UInt8(ascii: "/")
      advance()
    }
    guard index < bytes.count else { throw fail("unterminated tag", line: start) }
    advance()
    return (String(decoding: name, as: UTF8.self), closing, empty, start)
  }

  /// The decoded text up to `</name>`.
  private mutating func text(closing name: String) throws(PropertyListError) -> String {
    let start = line
    var raw: [UInt8] = []
    while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
      raw.append(bytes[index])
      advance()
    }
    // CDATA sections are taken verbatim.
    while at("<![CDATA[") {
      index += 9
      while index < bytes.count, !at("]]>") {
        raw.append(bytes[index])
        advance()
      }
      guard index < bytes.count else { throw fail("unterminated CDATA section", line: start) }
      index += 3
      while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
        raw.append(bytes[index])
        advance()
      }
    }
    let end = try tag()
    guard end.closing, end.name == name else {
      throw fail(
        "expected </\(name)> for the <\(name)> of line \(start), found <\(end.closing ? "/" : "")\(end.name)>",
        line: end.line)
    }
    guard let decoded = Self.decodeEntities(raw) else {
      throw fail("<\(name)> holds an unknown entity or text that is not UTF-8", line: start)
    }
    return decoded
  }

  /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and numeric references; nil for anything else.
  package static func decodeEntities(_ raw: [UInt8]) -> String? {
    guard raw.contains(UInt8(ascii: "&")) else { return String(validating: raw, as: UTF8.self) }
    guard let text = String(validating: raw, as: UTF8.self) else { return nil }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 12
      else { return nil }
      let name = rest[rest.index(after: amp)..<semi]
      switch name {
      case "lt": result += "<"
      case "gt": result += ">"
      case "amp": result += "&"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value =
          digits.hasPrefix("x") || digits.hasPrefix("X")
          ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        result.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semi)...]
    }
    return result + rest
  }

  package mutating func read() throws(PropertyListError) -> PropertyList {
    let open = try tag()
    guard !open.closing else {
      throw fail("expected <plist>, found </\(open.name)>", line: open.line)
    }
    let root: PropertyList
    if open.name == "plist" {
      guard !open.empty else { throw fail("<plist/> holds no value", line: open.line) }
      root = try value(try tag(), depth: 0)
      let close = try tag()
      guard close.closing, close.name == "plist" else {
        throw fail("expected </plist>, found <\(close.name)>", line: close.line)
      }
    } else {
      // Some tools write the root value without the <plist> element.
      root = try value(open, depth: 0)
    }
    try skipMisc()
    guard index == bytes.count else { throw fail("text after the property list") }
    return root
  }

  private mutating func value(
    _ open: (name: String, closing: Bool, empty: Bool, line: Int), depth: Int
  ) throws(PropertyListError) -> PropertyList {
    guard depth < PropertyList.maximumDepth else {
      throw fail("nested more than \(PropertyList.maximumDepth) deep", line: open.line)
    }
    nodes += 1
    guard nodes <= PropertyList.maximumNodes else {
      throw fail("more than \(PropertyList.maximumNodes) values", line: open.line)
    }
    guard !open.closing else { throw fail("unexpected </\(open.name)>", line: open.line) }
    let line = open.line
    func leaf(_ value: PropertyList.Value) -> PropertyList { PropertyList(value, line: line) }
    switch open.name {
    case "true", "false":
      if !open.empty {
        let end = try tag()
        guard end.closing, end.name == open.name else {
          throw fail("expected </\(open.name)>", line: end.line)
        }
      }
      return leaf(.bool(open.name == "true"))
    case "string", "integer", "real", "date", "data":
      let content = open.empty ? "" : try text(closing: open.name)
      switch open.name {
      case "string": return leaf(.string(content))
      case "data": return leaf(.data(content.filter { !$0.isWhitespace }.count * 3 / 4))
      case "date": return leaf(.date(content.trimmingSpaces))
      default: return leaf(.number(content.trimmingSpaces))
      }
    case "array":
      var items: [PropertyList] = []
      if !open.empty {
        while true {
          let next = try tag()
          if next.closing {
            guard next.name == "array" else {
              throw fail(
                "expected </array> for the <array> of line \(line), found </\(next.name)>",
                line: next.line)
            }
            break
          }
          items.append(try value(next, depth: depth + 1))
        }
      }
      return leaf(.array(items))
    case "dict":
      var entries: [(key: String, value: PropertyList)] = []
      if !open.empty {
        while true {
          let next = try tag()
          if next.closing {
            guard next.name == "dict" else {
              throw fail(
                "expected </dict> for the <dict> of line \(line), found </\(next.name)>",
                line: next.line)
            }
            break
          }
          guard next.name == "key" else {
            throw fail("expected <key> in <dict>, found <\(next.name)>", line: next.line)
          }
          let key = next.empty ? "" : try text(closing: "key")
          let item = try tag()
          guard !item.closing else {
            throw fail("the key '\(key)' has no value", line: item.line)
          }
          entries.append((key, try value(item, depth: depth + 1)))
        }
      }
      return leaf(.dictionary(entries))
    default:
      throw fail("unknown element <\(open.name)>", line: line)
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

/// The binary form: a header, objects, an offset table and a 32-byte trailer.
private struct BinaryPropertyListReader {
  package let bytes: [UInt8]
  package var offsetSize = 0
  package var referenceSize = 0
  package var objectCount = 0
  package var offsetTable = 0
  package var nodes = 0
  /// The objects being read, to find a reference cycle.
  var open = Set<Int>()

  package init(bytes: [UInt8]) { self.bytes = bytes }

  private func fail(_ message: String) -> PropertyListError {
    PropertyListError(line: nil, message: "binary property list: " + message)
  }

  /// A big-endian unsigned integer of `size` bytes at `offset`, as a count or an offset.
  private func integer(at offset: Int, size: Int) throws(PropertyListError) -> Int {
    let value = try raw(at: offset, size: size)
    guard value <= UInt64(Int.max) else { throw fail("an integer at \(offset) is too large") }
    return Int(value)
  }

  /// The `size` bytes at `offset`, big-endian.
  private func raw(at offset: Int, size: Int) throws(PropertyListError) -> UInt64 {
    guard size >= 1, size <= 8, offset >= 0, offset + size <= bytes.count else {
      throw fail("an integer of \(size) bytes at \(offset) lies outside the file")
    }
    var value: UInt64 = 0
    for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
    return value
  }

  package mutating func read() throws(PropertyListError) -> PropertyList {
    guard bytes.count >= 8 + 32 else { throw fail("shorter than its header and trailer") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    objectCount = try integer(at: trailer + 8, size: 8)
    let top = try integer(at: trailer + 16, size: 8)
    offsetTable = try integer(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw fail("offset size \(offsetSize) or reference size \(referenceSize) is not 1…8")
    }
    // Every object takes at least a byte: a count larger than the file is a lie.
    guard objectCount > 0, objectCount <= bytes.count, top < objectCount else {
      throw fail("object count \(objectCount) (top object \(top)) does not fit the file")
    }
    guard offsetTable >= 8, offsetTable <= trailer,
      objectCount <= (trailer - offsetTable) / offsetSize
    else {
      throw fail("the offset table at \(offsetTable) does not fit the file")
    }
    return try object(top, depth: 0)
  }

  private mutating func object(_ reference: Int, depth: Int) throws(PropertyListError)
    -> PropertyList
  {
    guard reference >= 0, reference < objectCount else {
      throw fail("reference \(reference) is past the \(objectCount) objects")
    }
    guard depth < PropertyList.maximumDepth else {
      throw fail("nested more than \(PropertyList.maximumDepth) deep")
    }
    nodes += 1
    guard nodes <= PropertyList.maximumNodes else {
      throw fail("expands to more than \(PropertyList.maximumNodes) values")
    }
    guard open.insert(reference).inserted else {
      throw fail("object \(reference) contains itself (a reference cycle)")
    }
    defer { open.remove(reference) }
    let offset = try integer(at: offsetTable + reference * offsetSize, size: offsetSize)
    guard offset >= 8, offset < offsetTable else {
      throw fail("object \(reference) lies outside the object area")
    }
    let marker = bytes[offset]
    let high = marker >> 4
    let low = Int(marker & 0x0F)
    /// The count in the low nibble, or the integer object after the marker when it is 0xF;
    /// and where the content starts.
    func count() throws(PropertyListError) -> (count: Int, start: Int) {
      guard low == 0xF else { return (low, offset + 1) }
      guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else {
        throw fail("object \(reference) has a bad count")
      }
      let size = 1 << Int(bytes[offset + 1] & 0x0F)
      return (try integer(at: offset + 2, size: size), offset + 2 + size)
    }
    switch high {
    case 0x0:
      switch marker {
      case 0x08: return PropertyList(.bool(false))
      case 0x09: return PropertyList(.bool(true))
      default: return PropertyList(.string(""))
      }
    case 0x1:
      let size = 1 << low
      guard size <= 8 else { throw fail("object \(reference): a \(size)-byte integer") }
      let value = try raw(at: offset + 1, size: size)
      // 8-byte integers are signed.
      return PropertyList(.number(size == 8 ? String(Int64(bitPattern: value)) : String(value)))
    case 0x2:
      let size = 1 << low
      guard size == 4 || size == 8 else { throw fail("object \(reference): a \(size)-byte real") }
      let bits = try raw(at: offset + 1, size: size)
      let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
      return PropertyList(.number(String(value)))
    case 0x3:
      let bits = try raw(at: offset + 1, size: 8)
      return PropertyList(.date(String(Double(bitPattern: bits))))
    case 0x4:
      let (length, start) = try count()
      guard start + length <= offsetTable else {
        throw fail("object \(reference): data past its area")
      }
      return PropertyList(.data(length))
    case 0x5, 0x6, 0x7:
      let (length, start) = try count()
      let byteCount = high == 0x6 ? length * 2 : length
      guard length <= bytes.count, start + byteCount <= offsetTable else {
        throw fail("object \(reference): a string of \(length) past its area")
      }
      let raw = bytes[start..<(start + byteCount)]
      if high == 0x6 {
        var units: [UInt16] = []
        units.reserveCapacity(length)
        var position = raw.startIndex
        while position < raw.endIndex {
          units.append(UInt16(raw[position]) << 8 | UInt16(raw[position + 1]))
          position += 2
        }
        return PropertyList(.string(String(decoding: units, as: UTF16.self)))
      }
      return PropertyList(.string(String(decoding: raw, as: UTF8.self)))
    case 0x8:
      return PropertyList(.number(String(try raw(at: offset + 1, size: low + 1))))
    case 0xA, 0xC:
      let (length, start) = try count()
      guard length <= objectCount, start + length * referenceSize <= offsetTable else {
        throw fail("object \(reference): an array of \(length) past its area")
      }
      var items: [PropertyList] = []
      for position in 0..<length {
        let child = try integer(at: start + position * referenceSize, size: referenceSize)
        items.append(try object(child, depth: depth + 1))
      }
      return PropertyList(.array(items))
    case 0xD:
      let (length, start) = try count()
      guard length <= objectCount, start + 2 * length * referenceSize <= offsetTable else {
        throw fail("object \(reference): a dictionary of \(length) past its area")
      }
      var entries: [(key: String, value: PropertyList)] = []
      for position in 0..<length {
        let keyReference = try integer(at: start + position * referenceSize, size: referenceSize)
        let valueReference = try integer(
          at: start + (length + position) * referenceSize, size: referenceSize)
        let key = try object(keyReference, depth: depth + 1)
        guard let name = key.string else {
          throw fail("object \(reference): a dictionary key that is not a string")
        }
        entries.append((name, try object(valueReference, depth: depth + 1)))
      }
      return PropertyList(.dictionary(entries))
    default:
      throw fail("object \(reference) has an unknown type 0x\(String(marker, radix: 16))")
    }
  }
}
