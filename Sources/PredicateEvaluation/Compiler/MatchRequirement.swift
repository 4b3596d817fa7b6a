import PredicateSyntax

/// A necessary condition for a compiled predicate to match a (non-nil) identifier, for indexing
/// many predicates: when the identifier meets none of it, the predicate is false without being
/// evaluated.
///
/// It is read off the compiled matcher, which owns which text form each operator compares: `==`
/// and `IN {…}` compare scalars literally, so they give exact keys on the identifier's raw bytes;
/// `BEGINSWITH` and `LIKE` without options compare the NFC form, so their literal heads are
/// prefixes of the NFC bytes (NFC can turn non-ASCII bytes into an ASCII prefix: the Kelvin sign
/// is `K`), and with `[n]` the raw bytes; `MATCHES` without folding sees the raw identifier, so a
/// regex's literal head is a raw prefix. Anything else (options that fold, `NOT`,
/// `TRUEPREDICATE`, `SELF` as a pattern) must always be evaluated.
package enum MatchRequirement: Sendable, Hashable {
  /// The predicate never matches a non-nil identifier.
  case never
  /// Unknown: evaluate it.
  case always
  /// It can match only an identifier whose raw bytes equal one of `exact` or start with one of
  /// `rawPrefixes`, or whose NFC bytes start with one of `canonicalPrefixes` (see
  /// ``MatchRequirement/Probe``). No prefix is empty.
  case keys(exact: Set<[UInt8]>, rawPrefixes: Set<[UInt8]>, canonicalPrefixes: Set<[UInt8]>)

  /// An identifier's bytes in the two forms a requirement is stated on.
  package struct Probe: Sendable {
    /// The identifier's UTF-8 bytes.
    package let raw: [UInt8]
    /// Its NFC form's UTF-8 bytes (the same as `raw` for ASCII and most other identifiers).
    package let canonical: [UInt8]

    /// The bytes of `identifier`.
    ///
    /// - Complexity: O(n); NFC is computed only from the first scalar Unicode's quick check flags.
    package init(_ identifier: String) {
      // In place when the string is contiguous (native strings are): `Array(utf8)` stepped
      // through the string's indices, 800 instructions for a typical identifier.
      let raw =
        identifier.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(identifier.utf8)
      self.raw = raw
      self.canonical =
        raw.withUnsafeBufferPointer {
          ASCIIBytes.isASCII($0) ? nil : CanonicalComposition.changes($0)
        } ?? raw
    }
  }

  init(_ matcher: Matcher) {
    switch matcher {
    case .constant(let value):
      self = value ? .always : .never
    case .isNil(let wantsNil):
      // Indexing is for non-nil identifiers: `SELF == nil` never matches one.
      self = wantsNil ? .never : .always
    case .and(let operands):
      // Every operand must match, so any operand's condition is necessary: take a keyed one.
      let requirements = operands.map(MatchRequirement.init)
      if requirements.contains(.never) {
        self = .never
      } else {
        self = requirements.first { if case .keys = $0 { true } else { false } } ?? .always
      }
    case .or(let operands):
      var exact = Set<[UInt8]>()
      var raw = Set<[UInt8]>()
      var canonical = Set<[UInt8]>()
      for operand in operands {
        switch MatchRequirement(operand) {
        case .always:
          self = .always
          return
        case .never:
          continue
        case .keys(let moreExact, let moreRaw, let moreCanonical):
          exact.formUnion(moreExact)
          raw.formUnion(moreRaw)
          canonical.formUnion(moreCanonical)
        }
      }
      self =
        exact.isEmpty && raw.isEmpty && canonical.isEmpty
        ? .never : .keys(exact: exact, rawPrefixes: raw, canonicalPrefixes: canonical)
    case .equal(let literal, negated: false) where literal.isLiteral:
      self = .keys(exact: [literal.bytes], rawPrefixes: [], canonicalPrefixes: [])
    case .member(let set, _):
      let elements = set.elements
      self =
        elements.isEmpty
        ? .never : .keys(exact: Set(elements), rawPrefixes: [], canonicalPrefixes: [])
    case .search(.prefix, let needle):
      self = Self.prefix(asciiHead(needle.bytes, stoppingAt: []), form: needle.form)
    case .like(let glob, let form):
      self = Self.prefix(glob.literalASCIIHead, form: form)
    case .regex(let program)
    where program.matchesRawSubject && !program.headIsCaseless && !program.literalHead.isEmpty:
      self = .keys(exact: [], rawPrefixes: [program.literalHead], canonicalPrefixes: [])
    default:
      self = .always
    }
  }

  /// A literal head of the form `form` compares, as a requirement: nothing when the form folds
  /// (the identifier's folded bytes are not indexed) or the head is empty.
  private static func prefix(_ head: [UInt8], form: TextForm) -> MatchRequirement {
    guard form.folding == .none, !head.isEmpty else { return .always }
    switch form.normalization {
    case .none: return .keys(exact: [], rawPrefixes: [head], canonicalPrefixes: [])
    case .canonical: return .keys(exact: [], rawPrefixes: [], canonicalPrefixes: [head])
    case .compatibility: return .always
    }
  }
}

/// The leading ASCII bytes of `bytes`, before any byte in `stops` or any non-ASCII byte.
private func asciiHead(_ bytes: [UInt8], stoppingAt stops: Set<UInt8>) -> [UInt8] {
  Array(bytes.prefix { $0 < 0x80 && !stops.contains($0) })
}

extension GlobPattern {
  /// The ASCII literal characters the pattern starts with, before its first wildcard.
  var literalASCIIHead: [UInt8] {
    var head: [UInt8] = []
    for element in elements {
      guard case .literal(let scalar) = element, scalar.isASCII else { break }
      head.append(UInt8(scalar.value))
    }
    return head
  }
}

extension CompiledPredicate {
  /// A necessary condition for this predicate to match a non-nil identifier; see
  /// ``MatchRequirement``.
  package var requirement: MatchRequirement { MatchRequirement(matcher) }
}
