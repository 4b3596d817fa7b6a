/// Any `Codable` value reads and writes a JSON tree, so that types whose JSON shape is defined
/// by a hand-written reader (with field paths in every error) can still be `Codable`: decoding
/// takes the tree and hands it to that reader, encoding writes the tree the byte writer writes.
extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      // Foundation's decoder does not keep key order; sorted keys at least make it stable.
      var members: [(String, JSONValue)] = []
      for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
      }
      self = .object(JSONObject(members))
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .number(let value):
      var single = encoder.singleValueContainer()
      // Whole numbers as integers, so encoders do not print `1.0`.
      if let whole = Self.wholeNumber(value) {
        try single.encode(whole)
      } else {
        try single.encode(value)
      }
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: AnyKey.self)
      for member in object.storage {
        try container.encode(member.value, forKey: AnyKey(member.key))
      }
    }
  }
}

/// A type whose JSON shape is defined by a hand-written reader and writer (``init(json:)`` with
/// field paths in every error, ``jsonValue``), and which is `Codable` in exactly that shape: one
/// definition of the shape, whatever coder a program uses.
public protocol JSONCodable: Codable {
  /// What the reader throws.
  associatedtype JSONReadError: Error
  /// Reads the value from its JSON shape.
  init(json: JSONValue) throws(JSONReadError)
  /// The value in its JSON shape.
  var jsonValue: JSONValue { get }
}

extension JSONCodable {
  /// Decodes the JSON tree, then reads it with ``init(json:)``; a reader error becomes
  /// `DecodingError.dataCorrupted` with the reader's description.
  public init(from decoder: any Decoder) throws {
    let json = try JSONValue(from: decoder)
    do {
      try self.init(json: json)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  /// Encodes ``jsonValue``.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

/// A coding key for any member name.
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
