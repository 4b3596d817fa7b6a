/// Identifier bytes as a hash key, hashed in one call over the buffer: `[UInt8]`'s own hashing
/// feeds the hasher one byte at a time, which cost more than the rest of a small route.
struct ExactKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
