/// Where code that writes UTF-8 puts it: an array, memory of the caller's (a stack buffer) that
/// notes when it is too small, or a count of the bytes that would be written.
///
/// One protocol, so that folding and normalising are written once and write wherever the caller
/// needs: a one-off evaluation prepares an identifier on the stack, a kept view into an array.
protocol ByteSink {
  mutating func append(_ byte: UInt8)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
  /// Appends ASCII `bytes`, each lowercased as `ASCIIBytes.lower` does when `lowercased`: the
  /// runs of ASCII between the scalars a fold changes, usually most of an identifier.
  mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: Bool)
  /// Whether a write did not fit (then what was written is not usable).
  var overflowed: Bool { get }
}

extension Array: ByteSink where Element == UInt8 {
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
  var overflowed: Bool { false }

  mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: Bool) {
    guard lowercased else { return append(contentsOf: bytes) }
    for byte in bytes { append(ASCIIBytes.lower(byte)) }
  }
}

/// Writes into a buffer of the caller's, and notes when the buffer is too small.
struct BufferSink: ByteSink {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0
  private(set) var overflowed = false

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  /// What was written.
  var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    guard count < buffer.count else {
      overflowed = true
      return
    }
    buffer[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else { return }
    guard bytes.count <= buffer.count - count else {
      overflowed = true
      return
    }
    // A scalar's few bytes: a loop, not a call to memmove.
    for index in 0..<bytes.count { buffer[count + index] = bytes[index] }
    count += bytes.count
  }

  /// Eight bytes at a time, lowercased as words.
  @inline(__always)
  mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: Bool) {
    guard !bytes.isEmpty else { return }
    guard bytes.count <= buffer.count - count else {
      overflowed = true
      return
    }
    let source = UnsafeRawPointer(bytes.baseAddress!)
    let target = UnsafeMutableRawPointer(buffer.baseAddress! + count)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      target.storeBytes(
        of: lowercased ? ASCIIBytes.lower(word) : word, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      buffer[count + offset] = lowercased ? ASCIIBytes.lower(byte) : byte
      offset += 1
    }
    count += bytes.count
  }
}

/// Counts the bytes a write would take.
struct CountingSink: ByteSink {
  private(set) var count = 0
  var overflowed: Bool { false }
  mutating func append(_ byte: UInt8) { count += 1 }
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
  mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, lowercased: Bool) {
    count += bytes.count
  }
}
