/// One target content identifier, prepared once for every predicate evaluated against it.
///
/// Folding and normalising a string costs about a microsecond, so a context computes each view
/// (case-folded, diacritic-folded, NFC, NFKC, split into units) lazily, at most once, and every
/// operator of every predicate evaluated with the same context shares it. The router makes one
/// context per event. ASCII identifiers never need a view: every operator works on their bytes.
public struct EvaluationContext: Sendable {
  /// The identifier, or nil.
  public let targetContentIdentifier: String?
  /// The views computed so far. A separate stored property, so that an evaluation can update it
  /// while it reads the identifier's bytes in place, without copying the identifier.
  var views: IdentifierViews

  /// Creates a context for `targetContentIdentifier`.
  public init(targetContentIdentifier: String?) {
    var identifier = targetContentIdentifier
    // Operators read the identifier's UTF-8 in place; make sure it is contiguous once, here.
    identifier?.makeContiguousUTF8()
    self.targetContentIdentifier = identifier
    self.views = IdentifierViews()
  }

  /// How many folded/normalised views were computed (tests check they are shared, not redone).
  var preparedViewCount: Int { views.preparedViewCount }
}

/// The identifier as one evaluation sees it: its UTF-8 bytes, read in place.
///
/// Only valid inside the closure that produced it. Every operator reads these bytes rather than
/// asking the string again, and ASCII identifiers need nothing else.
struct Subject {
  /// The UTF-8 bytes (empty when the identifier is nil).
  let bytes: UnsafeBufferPointer<UInt8>
  let isNil: Bool

  static var none: Subject {
    Subject(bytes: UnsafeBufferPointer(start: nil, count: 0), isNil: true)
  }
}

/// Evaluates `body` with the subject for `identifier`, its bytes read in place (copied only when
/// the string's storage is not contiguous UTF-8). No reference count changes on the way: the
/// caller's reference keeps the string alive, and a typical comparison costs less than the two
/// atomic operations a copy would.
@inline(__always)
func withSubject(
  _ identifier: String?, _ body: (Subject) throws(PredicateEvaluationError) -> Bool
) throws(PredicateEvaluationError) -> Bool {
  guard identifier != nil else { return try body(.none) }
  // Optional chaining reads the string in place; unwrapping it into a local would copy it.
  let answer = identifier?.utf8.withContiguousStorageIfAvailable { bytes in
    Result { () throws(PredicateEvaluationError) -> Bool in
      try body(Subject(bytes: bytes, isNil: false))
    }
  }
  if let answer { return try answer.get() }
  var copy = identifier!
  let result = copy.withUTF8 { bytes in
    Result { () throws(PredicateEvaluationError) -> Bool in
      try body(Subject(bytes: bytes, isNil: false))
    }
  }
  return try result.get()
}

/// The folded and normalised views of one identifier, each computed at most once.
///
/// A view is UTF-8 bytes: every operator that reads one (search, `==`, ordering, MATCHES) works
/// on bytes, and building a `String` would validate them again. A view the identifier already is
/// (most NFC views) holds nothing and reads the identifier's own bytes.
struct IdentifierViews: Sendable {
  /// One prepared form of the identifier, and its units once asked for.
  private struct View: Sendable {
    let form: TextForm
    /// The prepared bytes, or nil when they are the identifier's own.
    let prepared: [UInt8]?
    var units: UnitText?
  }

  /// The identifier as a string and the views computed so far: made when the first view is, so
  /// that an evaluation on the byte path (every ASCII identifier) creates and destroys nothing.
  /// Copy-on-write: a context's views are only changed through a unique reference.
  private final class Store: @unchecked Sendable {
    /// The identifier, made from the subject's bytes when a view first needs it.
    var identifier: String?
    /// The forms asked for so far: an evaluation needs one or two, so the first is kept inline
    /// (an array for it would be one more allocation per identifier) and the rest in a list.
    var first: View?
    var rest: [View] = []

    init() {}

    func copy() -> Store {
      let copy = Store()
      copy.identifier = identifier
      copy.first = first
      copy.rest = rest
      return copy
    }

    /// The position of the view for `form`, if there is one.
    func position(of form: TextForm) -> Int? {
      guard let first else { return nil }
      if first.form == form { return 0 }
      return rest.firstIndex { $0.form == form }.map { $0 + 1 }
    }

    /// Adds a view and returns its position.
    func append(_ view: View) -> Int {
      if first == nil {
        first = view
        return 0
      }
      rest.append(view)
      return rest.count
    }

    subscript(position: Int) -> View {
      get { position == 0 ? first! : rest[position - 1] }
      set {
        if position == 0 { first = newValue } else { rest[position - 1] = newValue }
      }
    }
  }

  private var store: Store?
  /// Whether the subject is ASCII, once known.
  private var knownASCII: Bool?
  /// What Unicode's quick check found, once it ran.
  private var nfc: NFCCheck = .notChecked

  /// What the NFC quick check found about the subject.
  private enum NFCCheck {
    case notChecked
    /// It is NFC.
    case isNFC
    /// NFC first changes it at this byte offset.
    case changes(at: Int)
  }
  private(set) var preparedViewCount = 0

  /// The store, made or copied so that it can be changed.
  private mutating func uniqueStore() -> Store {
    if store == nil {
      store = Store()
    } else if !isKnownUniquelyReferenced(&store) {
      store = store!.copy()
    }
    return store!
  }

  /// Whether the subject is ASCII (nil counts as ASCII: no Unicode work is ever needed).
  @inline(__always)
  mutating func isASCII(_ subject: Subject) -> Bool {
    if let knownASCII { return knownASCII }
    let isASCII = ASCIIBytes.isASCII(subject.bytes)
    knownASCII = isASCII
    return isASCII
  }

  /// The subject as a string (nil when it is nil).
  mutating func string(_ subject: Subject) -> String? {
    if subject.isNil { return nil }
    if let identifier = store?.identifier { return identifier }
    let made = String(decoding: subject.bytes, as: UTF8.self)
    uniqueStore().identifier = made
    return made
  }

  /// The position of the view for `form`, computing it when it is new.
  private mutating func view(_ form: TextForm, _ subject: Subject) -> Int {
    if let index = store?.position(of: form) { return index }
    let prepared: [UInt8]?
    if form.isIdentity {
      prepared = nil
    } else if form.folding == .none && form.normalization == .canonical {
      // Almost every identifier is already NFC: the quick check says so in tens of nanoseconds,
      // and the rest are normalised only where it flags them.
      if !isNFC(subject), case .changes(let offset) = nfc {
        prepared = CanonicalComposition.changes(subject.bytes, from: offset)
      } else {
        prepared = nil
      }
    } else {
      prepared = Array(form.apply(string(subject)!).utf8)
    }
    if prepared != nil { preparedViewCount += 1 }
    return uniqueStore().append(View(form: form, prepared: prepared))
  }

  /// Calls `body` with the UTF-8 bytes of the subject prepared for `form`; nil when the subject
  /// is nil.
  @inline(__always)
  mutating func withText<Result, Failure: Error>(
    _ form: TextForm, _ subject: Subject,
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    if subject.isNil { return nil }
    if form.isIdentity { return try body(subject.bytes) }
    let index = view(form, subject)
    guard let prepared = store![index].prepared else { return try body(subject.bytes) }
    return try prepared.withUnsafeBufferPointer { bytes throws(Failure) in try body(bytes) }
  }

  /// The subject prepared for `form` and split into units.
  mutating func units(_ form: TextForm, _ subject: Subject) -> UnitText? {
    guard let identifier = string(subject) else { return nil }
    let index = view(form, subject)
    if let units = store![index].units { return units }
    let units = UnitText(
      store![index].prepared.map { String(decoding: $0, as: UTF8.self) } ?? identifier)
    uniqueStore()[index].units = units
    return units
  }

  /// Whether the subject is NFC by Unicode's quick check, computed once. A "no" may be a
  /// "maybe"; then the identifier is normalised, which is right either way.
  mutating func isNFC(_ subject: Subject) -> Bool {
    if case .notChecked = nfc {
      nfc = CanonicalComposition.firstChange(subject.bytes).map { .changes(at: $0) } ?? .isNFC
    }
    if case .isNFC = nfc { return true }
    return false
  }
}

/// A string literal prepared at compile time for the operator that uses it.
///
/// A class, so that a matcher holding one hands the evaluator a single reference, not five.
final class PreparedText: Sendable {
  let form: TextForm
  /// The literal as written.
  let original: String
  /// Folded and normalised for `form`, as UTF-8.
  let bytes: [UInt8]
  let isASCII: Bool
  /// Whether ASCII bytes are compared case-insensitively (the literal is already folded).
  let foldsCase: Bool
  let units: UnitText

  init(_ literal: String, form: TextForm) {
    self.form = form
    self.original = literal
    let text = form.apply(literal)
    self.bytes = Array(text.utf8)
    self.isASCII = bytes.allSatisfy { $0 < 0x80 }
    self.foldsCase = form.folding.foldsCase
    self.isLiteral = form.isIdentity
    self.units = UnitText(text)
  }

  var isEmpty: Bool { bytes.isEmpty }
  /// Whether `form` leaves text untouched (no folding, no normalisation): stored, because `==`
  /// asks on every evaluation and a computed property here is a call.
  let isLiteral: Bool
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

  /// The distinct strings' bytes.
  var elements: [[UInt8]] { ranges.map { Array(storage[$0]) } }

  init(_ strings: [String]) {
    var storage: [UInt8] = []
    var ranges: [Range<Int>] = []
    var capacity = 4
    while capacity < strings.count * 2 { capacity *= 2 }
    var table = [Int32](repeating: -1, count: capacity)
    // Duplicates are found by the table itself (a `Set<[UInt8]>` hashed every byte again).
    for string in strings {
      let bytes = Array(string.utf8)
      var slot = bytes.withUnsafeBufferPointer(Self.hash) & (capacity - 1)
      var isDuplicate = false
      while table[slot] >= 0 {
        if storage[ranges[Int(table[slot])]].elementsEqual(bytes) {
          isDuplicate = true
          break
        }
        slot = (slot + 1) & (capacity - 1)
      }
      guard !isDuplicate else { continue }
      table[slot] = Int32(ranges.count)
      ranges.append(storage.count..<storage.count + bytes.count)
      storage.append(contentsOf: bytes)
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
