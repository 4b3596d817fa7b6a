/// Byte patterns searched for together: one `memchr` pass over a file serves every pattern that
/// holds the byte it looks for.
///
/// A file that holds none of a dozen patterns (most files of an app) costs a pass per pattern
/// with ``System/firstOffset(of:in:from:)``; here patterns that share a byte share a pass. The
/// bytes are chosen once, when the set is made, by their cost in source text
/// (``System/sourceByteFrequency``): a pass costs about as much as sixty stops per 10,000
/// bytes, so `widgetURL`, `\.openURL` and `UIApplication.shared.open` share one pass for `U`,
/// and `NSApplicationDelegate` joins `Scene`'s pass for `S` rather than paying a pass for `N`.
package struct BytePatterns: Sendable {
  /// The patterns, in the order their bits are numbered.
  package let patterns: [[UInt8]]

  /// A pattern as a pass finds it: its bit, its bytes in ``storage``, where the pass's byte
  /// sits in it, and a second byte compared before the rest.
  private struct Member: Sendable {
    var bit: UInt64
    var start: Int
    var count: Int
    var at: Int
    var check: Int
    var checkByte: UInt8
  }
  /// One `memchr` pass: its byte, its members (a range of ``members``) and their bits.
  private struct Pass: Sendable {
    var byte: UInt8
    var members: Range<Int>
    var bits: UInt64
  }
  private let storage: [UInt8]
  private let members: [Member]
  private let passes: [Pass]

  /// What a `memchr` pass costs besides its stops, in stops per 10,000 bytes (measured: a pass
  /// over 55 MB of Swift that stops nowhere takes as long as one that stops about 60 times per
  /// 10,000 bytes takes beyond it).
  private static let passCost = 60

  /// A set of at most 64 patterns, each of two bytes or more.
  package init(_ patterns: [[UInt8]]) {
    precondition(patterns.count <= 64 && patterns.allSatisfy { $0.count >= 2 })
    self.patterns = patterns
    let frequency = System.sourceByteFrequency
    var starts: [Int] = []
    var storage: [UInt8] = []
    for pattern in patterns {
      starts.append(storage.count)
      storage += pattern
    }
    var uncovered = Set(patterns.indices)
    var members: [Member] = []
    var passes: [Pass] = []
    while !uncovered.isEmpty {
      // The byte whose pass costs least per pattern it newly serves.
      var best: (byte: UInt8, cost: Double)?
      for byte in Set(uncovered.flatMap { patterns[$0] }) {
        let served = uncovered.count { patterns[$0].contains(byte) }
        let cost = Double(Self.passCost + Int(frequency[Int(byte)])) / Double(served)
        if best == nil || cost < best!.cost || (cost == best!.cost && byte < best!.byte) {
          best = (byte, cost)
        }
      }
      let byte = best!.byte
      let first = members.count
      for index in uncovered.sorted() where patterns[index].contains(byte) {
        let pattern = patterns[index]
        let at = pattern.firstIndex(of: byte)!
        let check = pattern.indices.filter { $0 != at }.min {
          frequency[Int(pattern[$0])] < frequency[Int(pattern[$1])]
        }!
        members.append(
          Member(
            bit: 1 << index, start: starts[index], count: pattern.count, at: at, check: check,
            checkByte: pattern[check]))
        uncovered.remove(index)
      }
      let range = first..<members.count
      passes.append(
        Pass(byte: byte, members: range, bits: members[range].reduce(0) { $0 | $1.bit }))
    }
    self.storage = storage
    self.members = members
    self.passes = passes
  }

  /// The patterns `buffer` holds, as bits (pattern `i` is bit `i`), or, with `first`, as soon as
  /// one is found, that one's bit.
  package func found(in buffer: UnsafeBufferPointer<UInt8>, first: Bool = false) -> UInt64 {
    storage.withUnsafeBufferPointer { storage in
      members.withUnsafeBufferPointer { members in
        var found: UInt64 = 0
        for pass in passes {
          var position = 0
          while pass.bits & ~found != 0,
            let hit = System.firstIndex(of: pass.byte, in: buffer, from: position)
          {
            for index in pass.members where found & members[index].bit == 0 {
              guard Self.start(of: members[index], at: hit, in: buffer, storage) != nil
              else { continue }
              found |= members[index].bit
              if first { return found }
            }
            position = hit + 1
          }
        }
        return found
      }
    }
  }

  /// Every offset at which one of the patterns starts in `buffer`, in order, each once: the
  /// passes' hits that start a pattern, merged.
  package func offsets(in buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
    var found: [Int] = []
    storage.withUnsafeBufferPointer { storage in
      members.withUnsafeBufferPointer { members in
        for pass in passes {
          var position = 0
          while let hit = System.firstIndex(of: pass.byte, in: buffer, from: position) {
            for index in pass.members {
              if let start = Self.start(of: members[index], at: hit, in: buffer, storage) {
                found.append(start)
              }
            }
            position = hit + 1
          }
        }
      }
    }
    found.sort()
    var unique = 0
    for offset in found where unique == 0 || found[unique - 1] != offset {
      found[unique] = offset
      unique += 1
    }
    found.removeLast(found.count - unique)
    return found
  }

  /// Where `member`'s pattern starts when a pass's byte at `hit` is its byte, or nil when the
  /// pattern is not there: its check byte first, then the rest.
  @inline(__always)
  private static func start(
    of member: Member, at hit: Int, in buffer: UnsafeBufferPointer<UInt8>,
    _ storage: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    let start = hit - member.at
    guard start >= 0, start + member.count <= buffer.count,
      buffer[start + member.check] == member.checkByte
    else { return nil }
    var offset = 0
    while offset < member.count, buffer[start + offset] == storage[member.start + offset] {
      offset += 1
    }
    return offset == member.count ? start : nil
  }

  /// Whether `buffer` holds any of the patterns.
  package func containsAny(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    found(in: buffer, first: true) != 0
  }
}
