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
