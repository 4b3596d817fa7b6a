/// Where a writer puts JSON as it walks a value: bytes for a stream, or a ``JSONValue`` tree.
///
/// A shape written through a sink is defined once and serves both outputs: `route --jsonl`
/// writes a decision's bytes straight to its buffer (no tree made for each line), and the API's
/// `jsonValue` builds the same members in the same order, without writing bytes and parsing them
/// back. Members are named by literals, so the byte writer copies each name as it is.
package protocol JSONSink: ~Copyable {
  /// Starts an object, as the value of the pending member or element.
  mutating func beginObject()
  /// Ends the innermost object.
  mutating func endObject()
  /// Starts an array, as the value of the pending member or element.
  mutating func beginArray()
  /// Ends the innermost array.
  mutating func endArray()
  /// Names the next member of the innermost object: the value written next is its value.
  mutating func key(_ name: StaticString)
  /// Starts the next element of the innermost array.
  mutating func element()
  /// A string, or `null` for nil.
  mutating func string(_ value: String?)
  /// `true` or `false`.
  mutating func bool(_ value: Bool)
  /// A non-negative whole number.
  mutating func count(_ value: Int)
  /// A value already built.
  mutating func value(_ value: JSONValue)
}

extension JSONSink where Self: ~Copyable {
  /// `null`.
  package mutating func null() { string(nil) }
}

/// Compact JSON bytes. A member or element needs a comma exactly when the byte before it does not
/// open its container (a complete value never ends in `{` or `[`), so the buffer keeps no state.
extension ByteBuffer: JSONSink {
  package mutating func beginObject() { append(UInt8(ascii: "{")) }
  package mutating func endObject() { append(UInt8(ascii: "}")) }
  package mutating func beginArray() { append(UInt8(ascii: "[")) }
  package mutating func endArray() { append(UInt8(ascii: "]")) }

  @inline(__always)
  package mutating func key(_ name: StaticString) {
    separate(after: UInt8(ascii: "{"))
    append(UInt8(ascii: "\""))
    append(name)
    append(#"":"#)
  }

  @inline(__always)
  package mutating func element() { separate(after: UInt8(ascii: "[")) }

  @inline(__always)
  package mutating func string(_ value: String?) {
    if let value {
      JSONValue.writeString(value, into: &self)
    } else {
      append("null")
    }
  }

  @inline(__always)
  package mutating func bool(_ value: Bool) { append(value ? "true" as StaticString : "false") }

  package mutating func count(_ value: Int) { appendDecimal(value) }

  package mutating func value(_ value: JSONValue) { value.write(into: &self) }

  /// A comma, unless the last byte written is `opening`.
  @inline(__always)
  private mutating func separate(after opening: UInt8) {
    if written > 0 && base[written - 1] != opening { append(UInt8(ascii: ",")) }
  }
}

/// Builds the ``JSONValue`` a writer describes.
package struct JSONTreeBuilder: JSONSink {
  /// The containers being filled, innermost last, each with the key it will be stored under.
  private var open: [(key: String?, container: Container)] = []
  /// The key of the member whose value comes next.
  private var pendingKey: String?
  /// The value written, once its outermost container has ended.
  package private(set) var result: JSONValue?

  private enum Container {
    case object([(String, JSONValue)])
    case array([JSONValue])
  }

  package init() {}

  package mutating func beginObject() { begin(.object([])) }
  package mutating func beginArray() { begin(.array([])) }
  package mutating func endObject() { end() }
  package mutating func endArray() { end() }
  package mutating func key(_ name: StaticString) { pendingKey = name.description }
  package mutating func element() {}
  package mutating func string(_ value: String?) { add(value.map(JSONValue.string) ?? .null) }
  package mutating func bool(_ value: Bool) { add(.bool(value)) }
  package mutating func count(_ value: Int) { add(.number(Double(value))) }
  package mutating func value(_ value: JSONValue) { add(value) }

  private mutating func begin(_ container: Container) {
    open.append((pendingKey, container))
    pendingKey = nil
  }

  private mutating func end() {
    guard let (key, container) = open.popLast() else {
      preconditionFailure("a JSON writer ended a container it did not begin")
    }
    pendingKey = key
    switch container {
    case .object(let members): add(.object(JSONObject(members)))
    case .array(let elements): add(.array(elements))
    }
  }

  private mutating func add(_ value: JSONValue) {
    defer { pendingKey = nil }
    guard let last = open.indices.last else {
      result = value
      return
    }
    switch open[last].container {
    case .object(var members):
      guard let key = pendingKey else {
        preconditionFailure("a JSON writer wrote an object member without a key")
      }
      open[last].container = .array([])  // drop the reference so the append does not copy
      members.append((key, value))
      open[last].container = .object(members)
    case .array(var elements):
      open[last].container = .object([])
      elements.append(value)
      open[last].container = .array(elements)
    }
  }
}
