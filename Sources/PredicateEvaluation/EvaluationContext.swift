/// One target content identifier, prepared once for every predicate evaluated against it.
///
/// Folding and normalising a string costs about a microsecond, so a context computes each view
/// (case-folded, diacritic-folded, NFC, NFKC, split into units) lazily, at most once, and every
/// operator of every predicate evaluated with the same context shares it. The router makes one
/// context per event. ASCII identifiers never need a view: every operator works on their bytes.
public struct EvaluationContext: Sendable {
  /// The identifier, or nil.
  public let targetContentIdentifier: String?
  private var asciiState: UInt8 = 2
  private var texts: [String?]?
  private var unitTexts: [UnitText?]?
  /// How many folded/normalised views were computed (tests check they are shared, not redone).
  private(set) var preparedViewCount = 0

  /// Creates a context for `targetContentIdentifier`.
  public init(targetContentIdentifier: String?) {
    var identifier = targetContentIdentifier
    // Operators read the identifier's UTF-8 in place; make sure it is contiguous once, here.
    identifier?.makeContiguousUTF8()
    self.targetContentIdentifier = identifier
  }

  /// Whether the identifier is ASCII (nil counts as ASCII: no Unicode work is ever needed).
  var isASCII: Bool {
    mutating get {
      if asciiState == 2 { asciiState = targetContentIdentifier?.isASCIIText ?? true ? 1 : 0 }
      return asciiState == 1
    }
  }

  /// Calls `body` with the identifier's UTF-8 bytes.
  @inline(__always)
  func withUTF8<R>(_ identifier: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    identifier.utf8.withContiguousStorageIfAvailable(body)
      ?? Array(identifier.utf8)
      .withUnsafeBufferPointer(body)
  }

  /// The identifier prepared for `form`.
  mutating func text(_ form: TextForm) -> String? {
    guard let identifier = targetContentIdentifier else { return nil }
    if form.folding == .none && form.normalization == .none { return identifier }
    if texts == nil { texts = Array(repeating: nil, count: TextForm.slotCount) }
    if let cached = texts![form.slot] { return cached }
    let prepared = form.apply(identifier)
    preparedViewCount += 1
    texts![form.slot] = prepared
    return prepared
  }

  /// The identifier prepared for `form` and split into units.
  mutating func units(_ form: TextForm) -> UnitText? {
    if unitTexts == nil { unitTexts = Array(repeating: nil, count: TextForm.slotCount) }
    if let cached = unitTexts![form.slot] { return cached }
    guard let prepared = text(form) else { return nil }
    let units = UnitText(prepared)
    unitTexts![form.slot] = units
    return units
  }
}

/// A string literal prepared at compile time for the operator that uses it.
struct PreparedText: Sendable {
  let form: TextForm
  /// The literal as written.
  let original: String
  /// Folded and normalised for `form`.
  let text: String
  let bytes: [UInt8]
  let isASCII: Bool
  let units: UnitText

  init(_ literal: String, form: TextForm) {
    self.form = form
    self.original = literal
    self.text = form.apply(literal)
    self.bytes = Array(text.utf8)
    self.isASCII = bytes.allSatisfy { $0 < 0x80 }
    self.units = UnitText(text)
  }

  var isEmpty: Bool { bytes.isEmpty }
  /// Whether `form` leaves text untouched (no folding, no normalisation).
  var isLiteral: Bool { form.folding == .none && form.normalization == .none }
}

/// A set of strings compared by their exact UTF-8 bytes (so by Unicode scalars, literally: `IN`
/// ignores options and canonical equivalence, as Apple's `containsObject:` does).
///
/// Open addressing over FNV-1a hashes; a lookup hashes the identifier's bytes in place and
/// allocates nothing.
struct ByteStringSet: Sendable {
  private let storage: [UInt8]
  private let ranges: [Range<Int>]
  private let table: [Int32]
  private let mask: Int

  init(_ strings: [String]) {
    var storage: [UInt8] = []
    var ranges: [Range<Int>] = []
    var seen = Set<[UInt8]>()
    for string in strings {
      let bytes = Array(string.utf8)
      guard seen.insert(bytes).inserted else { continue }
      ranges.append(storage.count..<storage.count + bytes.count)
      storage.append(contentsOf: bytes)
    }
    var capacity = 4
    while capacity < ranges.count * 2 { capacity *= 2 }
    var table = [Int32](repeating: -1, count: capacity)
    for (index, range) in ranges.enumerated() {
      let hash = storage.withUnsafeBufferPointer {
        Self.hash(UnsafeBufferPointer(rebasing: $0[range]))
      }
      var slot = hash & (capacity - 1)
      while table[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      table[slot] = Int32(index)
    }
    self.storage = storage
    self.ranges = ranges
    self.table = table
    self.mask = capacity - 1
  }

  var count: Int { ranges.count }

  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var slot = Self.hash(bytes) & mask
    return storage.withUnsafeBufferPointer { storage in
      while true {
        let entry = table[slot]
        if entry < 0 { return false }
        let range = ranges[Int(entry)]
        if range.count == bytes.count
          && (bytes.count == 0
            || memcmp(storage.baseAddress! + range.lowerBound, bytes.baseAddress!, bytes.count)
              == 0)
        {
          return true
        }
        slot = (slot + 1) & mask
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
