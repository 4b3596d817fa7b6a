/// A JSON value, read strictly (RFC 8259) with positions for every error.
///
/// Events and scenes files arrive as JSON from push backends, `simctl` files and other tools; a
/// bad one must be reported as "line 3, column 17: expected ',' or '}'", and a field of the wrong
/// type as `aps.target-content-id: expected a string, found a number`. Objects keep their key
/// order (for deterministic output) and duplicate keys are an error.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; integers up to 2^53 are exact, and a number beyond `Double`'s range is an error.
  case number(Double)
  /// A string, unescaped.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object, its members in file order.
  case object(JSONObject)

  /// The JSON type name for messages: "a string", "an object", …
  package var typeDescription: String {
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
/// faster than hashing; a hash index is built only past `indexThreshold` members.
public struct JSONObject: Sendable, Hashable {
  /// A member. A struct, not a tuple: the runtime destroys an array of tuples element by
  /// element through their type metadata, which cost more than parsing the object.
  struct Member: Sendable {
    var key: String
    var value: JSONValue
  }

  /// The members, in order.
  private(set) var storage: [Member]
  private var index: [String: Int]?

  /// The members, in order.
  public var members: [(key: String, value: JSONValue)] {
    storage.map { (key: $0.key, value: $0.value) }
  }

  static let indexThreshold = 12

  /// Creates an object from members; later duplicates replace earlier ones.
  public init(_ members: [(String, JSONValue)] = []) {
    storage = []
    guard !members.isEmpty else { return }
    storage.reserveCapacity(members.count)
    for (key, value) in members { self[key] = value }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return storage.firstIndex { $0.key == key }
  }

  /// The value for `key`.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { storage[$0].value } }
    set {
      if let position = position(of: key) {
        if let newValue {
          storage[position].value = newValue
        } else {
          storage.remove(at: position)
          rebuildIndex()
        }
      } else if let newValue {
        appendNew(key, newValue)
      }
    }
  }

  private mutating func rebuildIndex() {
    index =
      storage.count > Self.indexThreshold
      ? Dictionary(
        storage.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
      : nil
  }

  /// The keys, in order.
  package var keys: [String] { storage.map(\.key) }

  /// Whether the object has a member named `key`.
  package func contains(_ key: String) -> Bool { position(of: key) != nil }

  /// Makes room for `count` members: the parser's objects start with room for a few, where
  /// growing from empty reallocated at the first and second member of every object.
  mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }

  /// Appends a member whose key is not in the object yet (the parser has checked): one append,
  /// without looking the key up again or copying the old value out.
  ///
  /// Both are consumed: the parser's key and value move into the members, where borrowing them
  /// cost a retain here and a release in the parser for every member.
  mutating func appendNew(_ key: consuming String, _ value: consuming JSONValue) {
    if index != nil { index![copy key] = storage.count }
    storage.append(Member(key: key, value: value))
    if index == nil && storage.count > Self.indexThreshold { rebuildIndex() }
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.storage.count == rhs.storage.count
      && zip(lhs.storage, rhs.storage).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for member in storage {
      hasher.combine(member.key)
      hasher.combine(member.value)
    }
  }
}
