import Foundation

/// A growable byte buffer that appends by copying into reserved space: the byte writer of the
/// decisions' JSON (`route --jsonl` writes a line into one).
///
/// A decision's JSON line is some forty small pieces (fixed member names, identifiers, booleans).
/// `Array.append(contentsOf:)` costs about a hundred instructions a call however short the piece,
/// which made appending a third of `route --jsonl`'s time; here a piece is a capacity check and
/// a `memcpy`. Non-copyable, so the storage has one owner and is freed exactly once.
///
/// It lives beside its hot writer, the decisions' (``JSONSink``), because a body inlines only
/// within its module here: SE-0386 allows `@inlinable package`, but Swift 6.3 does not inline
/// such a body into another module of the package (checked on 2026-11-26: a two-module package
/// whose `@inlinable @inline(__always) package` append is called in a loop from the other keeps
/// the call, with or without `@_alwaysEmitIntoClient`; only `public` is inlined), and a call per
/// piece cost as much as the piece. Kept in the module that writes most pieces, the buffer needs
/// no public declaration; the few pieces the command line adds per line (an event's name) are
/// calls. JSON's text rules (escaping, numbers) stay in SceneJSON.
package struct ByteBuffer: ~Copyable {
  var base: UnsafeMutablePointer<UInt8>
  var capacity: Int
  var written = 0

  /// The number of bytes written.
  package var count: Int { written }

  /// An empty buffer with room for `capacity` bytes before it grows.
  package init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    self.base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written so far, valid until the next mutation.
  package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Forgets the bytes written, keeping the storage.
  package mutating func removeAll() { written = 0 }

  /// Appends one byte.
  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    if written == capacity { grow(toHold: 1) }
    base[written] = byte
    written += 1
  }

  /// Appends `bytes`.
  ///
  /// Most pieces are a few bytes to a few dozen (a member's name, an identifier), and a call to
  /// `memcpy` costs more than the copy: up to 32 bytes are copied here, as two loads and two
  /// stores that overlap in the middle, each within the piece.
  @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let count = bytes.count
    if capacity - written < count { grow(toHold: count) }
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(base + written)
    switch count {
    case 16...32: Self.copy(SIMD16<UInt8>.self, count, from, to)
    case 8..<16: Self.copy(UInt64.self, count, from, to)
    case 4..<8: Self.copy(UInt32.self, count, from, to)
    default: to.copyMemory(from: from, byteCount: count)
    }
    written += count
  }

  /// Copies `count` bytes, at least one `Chunk` and at most two, as the first and the last
  /// `Chunk` of them.
  @inline(__always)
  static func copy<Chunk: BitwiseCopyable>(
    _: Chunk.Type, _ count: Int, _ from: UnsafeRawPointer, _ to: UnsafeMutableRawPointer
  ) {
    let size = MemoryLayout<Chunk>.size
    let first = from.loadUnaligned(as: Chunk.self)
    let last = from.loadUnaligned(fromByteOffset: count - size, as: Chunk.self)
    to.storeBytes(of: first, as: Chunk.self)
    to.storeBytes(of: last, toByteOffset: count - size, as: Chunk.self)
  }

  /// Appends the UTF-8 of a literal.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Lets `body` write up to `limit` bytes straight into the buffer's free space, and keeps as
  /// many as it says it wrote: for writers that copy and check in one pass.
  @inline(__always)
  package mutating func write(
    upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    if capacity - written < limit { grow(toHold: limit) }
    let wrote = body(base + written)
    precondition(wrote <= limit, "a ByteBuffer writer overran its space")
    written += wrote
  }

  /// Appends the decimal digits of a non-negative `value` (no `String` made: a decision line
  /// writes a count).
  package mutating func appendDecimal(_ value: Int) {
    precondition(value >= 0, "appendDecimal takes a count")
    // The digits are counted first and written in place, last digit first.
    var length = 1
    var bound = 10
    while length < 19 && value >= bound {
      length += 1
      bound &*= 10
    }
    if capacity - written < length { grow(toHold: length) }
    var rest = UInt(value)
    var at = base + written + length
    repeat {
      at -= 1
      at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest > 0
    written += length
  }

  /// Appends the UTF-8 of `text`.
  package mutating func appendUTF8(_ text: String) {
    text.withUTF8InPlace { append($0) }
  }

  mutating func grow(toHold extra: Int) {
    var newCapacity = capacity * 2
    while newCapacity - count < extra { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}

extension Array where Element == UInt8 {
  /// Appends what `write` writes, through a ``ByteBuffer``: the `[UInt8]` API of the writers.
  package mutating func appendWritten(_ write: (inout ByteBuffer) -> Void) {
    var buffer = ByteBuffer()
    write(&buffer)
    append(contentsOf: buffer.bytes)
  }
}
