import SceneJSON

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
  /// Names the first member of the innermost object, given as its fragment `,"name":` (see
  /// ``JSONMember``): the value written next is its value.
  mutating func firstKey(_ fragment: StaticString)
  /// Names a further member of the innermost object, given as its fragment `,"name":`.
  mutating func key(_ fragment: StaticString)
  /// Separates two elements of the innermost array.
  mutating func separator()
  /// A string, or `null` for nil.
  mutating func string(_ value: String?)
  /// A string whose quoted bytes were made in advance (``DecisionNames``), when they are
  /// known: a byte writer copies them, any other sink takes the string.
  mutating func string(_ value: String?, quoted: UnsafeBufferPointer<UInt8>?)
  /// `true` or `false`.
  mutating func bool(_ value: Bool)
  /// A non-negative whole number.
  mutating func count(_ value: Int)
  /// A value already built.
  mutating func value(_ value: JSONValue)
  /// Pieces fixed in the source, recorded once (``JSONRun``).
  mutating func run(_ run: JSONRun)
}

/// Pieces of JSON fixed in the source (members, their names and fixed values, brackets),
/// recorded once from the sink calls that write them: a byte writer copies them in one append,
/// a tree builder replays the calls.
///
/// A decision line is some sixty pieces, and a third of them never change (`{"outcome":"new",
/// "scene":null,"configuration":`): written one call each, they made the shared writer cost
/// more than the hand-written one it replaced, which copied such stretches as one literal.
/// Recording keeps each name and value spelled in one place (the members' fragments, the
/// enumerations' raw values) while the bytes are still copied as one literal.
package struct JSONRun: @unchecked Sendable {
  // Plain memory, as in `QuotedRawValues`: a run is made once, as a constant that lives as long
  // as the process, so neither is ever freed, and neither a copy of a run (or of a struct of
  // runs) nor an append takes a reference count.
  let bytes: UnsafeBufferPointer<UInt8>
  private let calls: UnsafeBufferPointer<Recorder.Call>

  /// Records what `write` writes.
  package init(_ write: (inout Recorder) -> Void) {
    var recorder = Recorder()
    write(&recorder)
    let calls = UnsafeMutableBufferPointer<Recorder.Call>.allocate(capacity: recorder.calls.count)
    _ = calls.initialize(from: recorder.calls)
    self.calls = UnsafeBufferPointer(calls)
    var buffer = ByteBuffer()
    for call in recorder.calls { call.replay(into: &buffer) }
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count)
    _ = bytes.initialize(from: buffer.bytes)
    self.bytes = UnsafeBufferPointer(bytes)
  }

  /// Runs numbered from 0, each recorded from its number: a piece that varies with a small
  /// number (a candidate's two answers), one piece for each. Made once and never freed, as every
  /// run.
  package struct Table: @unchecked Sendable {
    private let runs: UnsafeBufferPointer<JSONRun>

    /// `count` runs, the one numbered `n` recorded from `write(n, …)`.
    package init(count: Int, _ write: (Int, inout Recorder) -> Void) {
      let runs = UnsafeMutableBufferPointer<JSONRun>.allocate(capacity: count)
      for number in 0..<count {
        (runs.baseAddress! + number).initialize(to: JSONRun { write(number, &$0) })
      }
      self.runs = UnsafeBufferPointer(runs)
    }

    package subscript(_ number: Int) -> JSONRun { runs[number] }
  }

  /// A run for each case of an enumeration and for nil, each recorded from its value: a member
  /// whose value is an enumeration, written with what surrounds it as one piece.
  ///
  /// A case is found by its representation, as in ``QuotedRawValues``: a case of a payload-free
  /// enumeration of at most 256 cases is one byte, its declaration position, which the
  /// initializer checks against `allCases` for every case.
  package struct Cases<Value: CaseIterable>: @unchecked Sendable {
    private let runs: UnsafeBufferPointer<JSONRun>

    /// The runs `write` records for nil and for each case.
    package init(_ write: (inout Recorder, Value?) -> Void) {
      precondition(MemoryLayout<Value>.size == 1, "\(Value.self) is not a one-byte enumeration")
      let values: [Value?] = [nil] + Value.allCases.map { $0 }
      let runs = UnsafeMutableBufferPointer<JSONRun>.allocate(capacity: values.count)
      for (number, value) in values.enumerated() {
        precondition(
          value.map { Int(unsafeBitCast($0, to: UInt8.self)) + 1 == number } ?? true,
          "\(Value.self).allCases is not in declaration order")
        (runs.baseAddress! + number).initialize(to: JSONRun { write(&$0, value) })
      }
      self.runs = UnsafeBufferPointer(runs)
    }

    package subscript(_ value: Value?) -> JSONRun {
      runs[value.map { Int(unsafeBitCast($0, to: UInt8.self)) + 1 } ?? 0]
    }
  }

  /// Makes the recorded calls on `sink`.
  package func replay<Sink: JSONSink & ~Copyable>(into sink: inout Sink) {
    for call in calls { call.replay(into: &sink) }
  }

  /// The sink a run is recorded from.
  package struct Recorder: JSONSink {
    fileprivate enum Call {
      case beginObject, endObject, beginArray, endArray, separator
      case firstKey(StaticString)
      case key(StaticString)
      case string(String?)
      case bool(Bool)
      case count(Int)
      case value(JSONValue)

      func replay<Sink: JSONSink & ~Copyable>(into sink: inout Sink) {
        switch self {
        case .beginObject: sink.beginObject()
        case .endObject: sink.endObject()
        case .beginArray: sink.beginArray()
        case .endArray: sink.endArray()
        case .separator: sink.separator()
        case .firstKey(let fragment): sink.firstKey(fragment)
        case .key(let fragment): sink.key(fragment)
        case .string(let value): sink.string(value)
        case .bool(let value): sink.bool(value)
        case .count(let value): sink.count(value)
        case .value(let value): sink.value(value)
        }
      }
    }

    fileprivate var calls: [Call] = []

    package mutating func beginObject() { calls.append(.beginObject) }
    package mutating func endObject() { calls.append(.endObject) }
    package mutating func beginArray() { calls.append(.beginArray) }
    package mutating func endArray() { calls.append(.endArray) }
    package mutating func firstKey(_ fragment: StaticString) { calls.append(.firstKey(fragment)) }
    package mutating func key(_ fragment: StaticString) { calls.append(.key(fragment)) }
    package mutating func separator() { calls.append(.separator) }
    package mutating func string(_ value: String?) { calls.append(.string(value)) }
    package mutating func bool(_ value: Bool) { calls.append(.bool(value)) }
    package mutating func count(_ value: Int) { calls.append(.count(value)) }
    package mutating func value(_ value: JSONValue) { calls.append(.value(value)) }
    package mutating func run(_ run: JSONRun) { calls += run.calls }
  }
}

/// Each case of an enumeration with string raw values, as its quoted JSON string: made once from
/// `rawValue`, so a byte writer appends a case's bytes without making or escaping a `String` (a
/// decision line writes half a dozen such values).
///
/// A case is found by its position among `allCases`, read from its representation: a case of a
/// payload-free enumeration of at most 256 cases is one byte, its declaration position, and
/// `allCases` lists the cases in declaration order. The initializer checks both for every case.
package struct QuotedRawValues<Value: RawRepresentable<String> & CaseIterable>:
  @unchecked Sendable
{
  // Plain memory, not arrays: a lookup then takes no reference count. Each table is made once
  // (a static constant of its type) and lives as long as the process, so it is never freed;
  // it is never written after `init`, so sharing it across threads is safe.
  let bytes: UnsafePointer<UInt8>
  /// Where each case's bytes start, in declaration order, and where the last one ends.
  let offsets: UnsafePointer<Int>

  package init() {
    precondition(MemoryLayout<Value>.size == 1, "\(Value.self) is not a one-byte enumeration")
    var all: [UInt8] = []
    var starts: [Int] = []
    for (position, value) in Value.allCases.enumerated() {
      precondition(
        unsafeBitCast(value, to: UInt8.self) == position,
        "\(Value.self).allCases is not in declaration order")
      starts.append(all.count)
      all += JSONValue.string(value.rawValue).jsonBytes
    }
    starts.append(all.count)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(all.count, 1))
    bytes.initialize(from: all, count: all.count)
    let offsets = UnsafeMutablePointer<Int>.allocate(capacity: starts.count)
    offsets.initialize(from: starts, count: starts.count)
    self.bytes = UnsafePointer(bytes)
    self.offsets = UnsafePointer(offsets)
  }

  /// The quoted raw value of `value`.
  package subscript(_ value: Value) -> UnsafeBufferPointer<UInt8> {
    let position = Int(unsafeBitCast(value, to: UInt8.self))
    return UnsafeBufferPointer(
      start: bytes + offsets[position], count: offsets[position + 1] - offsets[position])
  }
}

/// How a writer names a member: by its fragment `,"name":`, a literal the byte writer copies in
/// one piece (a decision line writes twenty), with the name read back from it where a `String`
/// is wanted. The name must need no escaping.
package enum JSONMember {
  /// The name inside `fragment` (`,"reason":` gives `reason`).
  package static func name(_ fragment: StaticString) -> String {
    let bytes = UnsafeBufferPointer(start: fragment.utf8Start, count: fragment.utf8CodeUnitCount)
    let count = bytes.count
    precondition(
      count >= 4 && bytes[0] == UInt8(ascii: ",") && bytes[1] == UInt8(ascii: "\"")
        && bytes[count - 2] == UInt8(ascii: "\"") && bytes[count - 1] == UInt8(ascii: ":"),
      "a member fragment is written ,\"name\":")
    return String(decoding: bytes.dropFirst(2).dropLast(2), as: UTF8.self)
  }
}

extension JSONSink where Self: ~Copyable {
  /// `null`.
  @inline(__always)
  package mutating func null() { string(nil) }

  package mutating func string(_ value: String?, quoted: UnsafeBufferPointer<UInt8>?) {
    string(value)
  }
}

/// Compact JSON bytes. The writer says which member is first, so no comma is decided by reading
/// back the byte just written (a dependency that stalled every name).
extension ByteBuffer: JSONSink {
  @inline(__always)
  package mutating func beginObject() { append(UInt8(ascii: "{")) }
  @inline(__always)
  package mutating func endObject() { append(UInt8(ascii: "}")) }
  @inline(__always)
  package mutating func beginArray() { append(UInt8(ascii: "[")) }
  @inline(__always)
  package mutating func endArray() { append(UInt8(ascii: "]")) }

  @inline(__always)
  package mutating func firstKey(_ fragment: StaticString) {
    append(
      UnsafeBufferPointer(start: fragment.utf8Start + 1, count: fragment.utf8CodeUnitCount - 1))
  }

  @inline(__always)
  package mutating func key(_ fragment: StaticString) { append(fragment) }

  @inline(__always)
  package mutating func separator() { append(UInt8(ascii: ",")) }

  @inline(__always)
  package mutating func string(_ value: String?) {
    guard let value else { return append("null") }
    write(upTo: JSONValue.quotedCapacity(value.utf8.count)) { JSONValue.writeQuoted(value, to: $0) }
  }

  @inline(__always)
  package mutating func string(_ value: String?, quoted: UnsafeBufferPointer<UInt8>?) {
    if let quoted { append(quoted) } else { string(value) }
  }

  @inline(__always)
  package mutating func bool(_ value: Bool) { append(value ? "true" as StaticString : "false") }

  @inline(__always)
  package mutating func count(_ value: Int) {
    // A suitability or a small count is one digit: one byte, not the digit counter.
    if value >= 0 && value < 10 {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
    } else {
      appendDecimal(value)
    }
  }

  package mutating func value(_ value: JSONValue) {
    value.jsonBytes.withUnsafeBufferPointer { append($0) }
  }

  @inline(__always)
  package mutating func run(_ run: JSONRun) { append(run.bytes) }
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
  package mutating func firstKey(_ fragment: StaticString) {
    pendingKey = JSONMember.name(fragment)
  }
  package mutating func key(_ fragment: StaticString) { pendingKey = JSONMember.name(fragment) }
  package mutating func separator() {}
  package mutating func string(_ value: String?) { add(value.map(JSONValue.string) ?? .null) }
  package mutating func bool(_ value: Bool) { add(.bool(value)) }
  package mutating func count(_ value: Int) { add(.number(Double(value))) }
  package mutating func value(_ value: JSONValue) { add(value) }
  package mutating func run(_ run: JSONRun) { run.replay(into: &self) }

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
