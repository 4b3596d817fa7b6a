/// Unicode canonical data, generated from this toolchain by `Scripts/generate-canonical-tables.swift`
/// (see `CanonicalTables.swift`).
enum CanonicalTables {}

/// Normalisation Form C (canonical decomposition, canonical ordering, canonical composition) over
/// UTF-8, table-driven.
///
/// Identifiers that fail Unicode's NFC quick check (about a third of the non-ASCII ones: accents
/// typed as combining marks) are normalised before the search operators, and Foundation's
/// `precomposedStringWithCanonicalMapping` costs about a microsecond however short the string is:
/// ten times the budget for a non-ASCII evaluation. This normalises only the stretches the quick
/// check flags, on the stack, in a few nanoseconds a scalar. The tables come from the toolchain,
/// and the tests compare every scalar, every composable pair and random runs with Unicode's NFC
/// (Foundation's NFD, then NFC). Foundation's NFC on Linux departs from Unicode in two known
/// places (U+AC00 U+11A8 and U+0CCA U+0CD5 stay apart; U+0F73 is not reordered after a mark);
/// this follows Unicode, as Swift's `==` and Apple's platforms do.
package enum CanonicalComposition {
  /// The NFC form of `text`.
  package static func nfc(_ text: String) -> String {
    var copy = text
    guard let changed = copy.withUTF8(changes) else { return text }
    return String(decoding: changed, as: UTF8.self)
  }

  /// Whether `bytes`, valid UTF-8, is NFC by Unicode's quick check: no scalar that NFC never
  /// keeps (NFC_QC=No) or that might compose with the one before it (NFC_QC=Maybe), and marks in
  /// canonical order. A "no" may be a "maybe"; a "yes" is certain.
  package static func isQuickNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    CanonicalData.shared.firstChange(bytes, from: 0) == nil
  }

  /// The NFC form of `bytes`, valid UTF-8, or nil when they pass the quick check (are NFC).
  package static func changes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    firstChange(bytes).map { changes(bytes, from: $0) }
  }

  /// Where NFC first changes `bytes`, valid UTF-8, by the quick check: the start of a unit, or
  /// nil when the bytes are NFC.
  package static func firstChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    CanonicalData.shared.firstChange(bytes, from: 0)
  }

  /// The NFC form of `bytes`, valid UTF-8, whose ``firstChange(_:)`` is `first`.
  ///
  /// Only the stretches the quick check flags are normalised: from the start of the unit before
  /// a flagged scalar to the next scalar that is a boundary (a starter NFC keeps, which composes
  /// with nothing before it). NFC never looks across such a boundary, so everything between
  /// stretches is copied as it is. An identifier with one decomposed accent pays for a few
  /// scalars, not for all of them, and nothing is validated again.
  package static func changes(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    changes(bytes, from: first, into: &output)
    return output
  }

  /// ``changes(_:from:)`` written into `output` (memory of the caller's, say).
  static func changes<Output: ByteSink>(
    _ bytes: UnsafeBufferPointer<UInt8>, from first: Int, into output: inout Output
  ) {
    let data = CanonicalData.shared
    var start = first
    var copied = 0
    while true {
      output.append(UnsafeBufferPointer(rebasing: bytes[copied..<start]))
      let end = data.nextBoundary(bytes, after: start)
      // A scalar takes at least one byte and decomposes into at most `longestDecomposition`.
      let capacity = (end - start) * CanonicalTables.longestDecomposition
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { scalars in
        var count = 0
        var offset = start
        while offset < end {
          let (value, length) = UTF8Scalars.decode(bytes, at: offset)
          offset += length
          data.decompose(value, into: scalars, &count)
        }
        count = data.compose(scalars, count: count)
        for index in 0..<count { UTF8Scalars.append(scalars[index], to: &output) }
      }
      copied = end
      guard let next = data.firstChange(bytes, from: end) else { break }
      start = next
    }
    output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
  }
}
