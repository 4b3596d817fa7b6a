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
  /// Whether these views serve one evaluation and are dropped after it (see ``oneOff()``).
  private var isOneOff = false
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

  /// Views for one evaluation, dropped after it: a folded view the tables can make is made on
  /// the stack for each operator that reads it, and not kept. An evaluation usually reads one
  /// view of a short identifier once, and keeping it (a class and an array, allocated and freed
  /// each time) costs more than the fold itself; a second read folds again, which is still less.
  static func oneOff() -> IdentifierViews {
    var views = IdentifierViews()
    views.isOneOff = true
    return views
  }

  /// Stack bytes for a fold made in place: more than most identifiers fold to. A longer fold is
  /// kept in the store instead.
  private static let inPlaceCapacity = 256

  /// Calls `body` with the subject folded for `form` by the tables on the stack; nil (and
  /// `body` not called) when the tables defer to Foundation or the fold does not fit.
  @inline(never)  // Keeps the stack buffer and the fold out of the byte path's frames.
  private static func withFoldInPlace<Result, Failure: Error>(
    _ form: TextForm, _ subject: Subject,
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: inPlaceCapacity) {
      buffer throws(Failure) -> Result? in
      guard case .folded(let count) = FoldingTables.fold(subject.bytes, form, into: buffer)
      else { return nil }
      let folded = UnsafeBufferPointer(rebasing: buffer[..<count])
      // Canonical: NFC of the folded text. Compatibility: the tables decomposed each folded
      // scalar (NFKD), and NFC of that is NFKC: on the stack too, unless it does not fit.
      guard form.normalization != .none, let first = CanonicalComposition.firstChange(folded)
      else { return try body(folded) }
      return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: inPlaceCapacity) {
        composedBuffer throws(Failure) -> Result in
        var composed = BufferSink(composedBuffer)
        CanonicalComposition.changes(folded, from: first, into: &composed)
        guard composed.overflowed else { return try body(composed.written) }
        return try CanonicalComposition.changes(folded, from: first).withUnsafeBufferPointer {
          bytes throws(Failure) in try body(bytes)
        }
      }
    }
  }

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
      prepared =
        Self.foldedByTables(subject.bytes, form) ?? Array(form.apply(string(subject)!).utf8)
    }
    if prepared != nil { preparedViewCount += 1 }
    return uniqueStore().append(View(form: form, prepared: prepared))
  }

  /// `bytes` prepared for a folding `form` by ``FoldingTables`` and our NFC, or nil when a
  /// scalar's folding depends on its neighbours (then Foundation folds the whole identifier).
  private static func foldedByTables(_ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm)
    -> [UInt8]?
  {
    guard form.folding != .none, let folded = FoldingTables.fold(bytes, form) else { return nil }
    if form.normalization == .none { return folded }
    // Canonical: NFC of the folded text. Compatibility: the tables decomposed each folded scalar
    // (NFKD), and NFC of that is NFKC.
    return folded.withUnsafeBufferPointer { CanonicalComposition.changes($0) } ?? folded
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
    if isOneOff && form.folding != .none && store?.position(of: form) == nil,
      let answer = try Self.withFoldInPlace(form, subject, body)
    {
      return answer
    }
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
