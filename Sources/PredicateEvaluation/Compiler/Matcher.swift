import PredicateSyntax

/// A predicate compiled for evaluation: literals prepared, patterns compiled, constants folded.
///
/// The cases with a literal operand are the fast paths: when the identifier is ASCII they reduce
/// to byte operations (memcmp, memchr, an in-place hash lookup, a byte glob) with no Unicode
/// machinery and no allocation. Non-ASCII identifiers take the same cases through the context's
/// cached views; shapes with no fast path go through ``Semantics``.
///
/// Only the recursive and the large cases are `indirect`: a payload in a box is loaded with a
/// copy when the evaluation calls out (PCRE2, say), a retain and a release per evaluation, where
/// a reference stored inline is borrowed.
enum Matcher: Sendable {
  /// An operand of the generic path.
  enum Operand: Sendable {
    case identifier
    case value(Value)
    case aggregate([Operand])
  }

  case constant(Bool)
  indirect case not(Matcher)
  case and([Matcher])
  case or([Matcher])
  /// `SELF == nil` (true) or `SELF != nil` (false).
  case isNil(Bool)
  /// `SELF == literal` (or `!=` when negated).
  case equal(PreparedText, negated: Bool)
  /// `SELF op literal` for an ordering operator.
  case order(ComparisonOperator, PreparedText)
  /// `SELF BETWEEN {low, high}`.
  case between(PreparedText, PreparedText)
  /// `SELF BEGINSWITH/ENDSWITH/CONTAINS literal`.
  case search(Semantics.SearchKind, PreparedText)
  /// `literal BEGINSWITH/ENDSWITH/CONTAINS SELF`: the literal is the haystack.
  case reverseSearch(Semantics.SearchKind, PreparedText)
  /// `SELF IN {…}` with string elements; the flag says whether nil is an element.
  indirect case member(ByteStringSet, containsNil: Bool)
  /// `SELF LIKE literal`.
  case like(GlobPattern, TextForm)
  /// `literal LIKE SELF`: the literal is the subject.
  indirect case reverseLike(PreparedText, ComparisonOptions)
  /// `SELF MATCHES literal`.
  case regex(RegexProgram)
  /// `literal MATCHES SELF`: the literal is the subject.
  indirect case reverseRegex(String, ComparisonOptions, RegexCache)
  /// Anything else.
  indirect case generic(ComparisonOperator, Operand, Operand, ComparisonOptions, RegexCache)

  /// The answer for every identifier whose evaluation does not throw, when there is one: an AND
  /// with a false operand is false, an OR with a true one is true.
  var alwaysValue: Bool? {
    switch self {
    case .constant(let value): return value
    case .not(let operand): return operand.alwaysValue.map { !$0 }
    case .and(let operands): return operands.contains { $0.alwaysValue == false } ? false : nil
    case .or(let operands): return operands.contains { $0.alwaysValue == true } ? true : nil
    default: return nil
    }
  }

  /// The answer `subject`'s own bytes already give, or nil when only its prepared views can say.
  ///
  /// Most evaluations end here: an operator with an ASCII literal decides most identifiers from
  /// their raw bytes (``ASCIIHead``), an ASCII identifier needs no preparing for any operator but
  /// a few, and `IN` never prepares one. Asked first, before any views exist, so that such an
  /// evaluation neither makes nor drops them, in a function small enough to keep its state in
  /// registers, which the full ``evaluatePrepared(_:_:)`` is not (the measurements are in
  /// Benchmarks/README.md).
  @inline(__always)
  func answerFromBytes(_ subject: Subject) throws(PredicateEvaluationError) -> Bool? {
    switch self {
    case .constant(let value):
      return value
    case .isNil(let wantsNil):
      return subject.isNil == wantsNil
    case .equal(let literal, let negated):
      guard !subject.isNil else { return negated }
      return Self.equalFromBytes(subject, literal).map { $0 != negated }
    case .order(let op, let literal):
      guard !subject.isNil else { return false }
      return Self.compareFromBytes(subject, literal).map { Self.holds(op, $0) }
    case .between(let low, let high):
      guard !subject.isNil else { return false }
      guard let fromLow = Self.compareFromBytes(subject, low) else { return nil }
      guard fromLow >= 0 else { return false }
      return Self.compareFromBytes(subject, high).map { $0 <= 0 }
    case .search(let kind, let needle):
      guard !subject.isNil, !needle.isEmpty else { return false }
      return Self.searchFromBytes(kind, subject, needle)
    case .member(let set, let containsNil):
      guard !subject.isNil else { return containsNil }
      return set.contains(subject.bytes)
    case .like(let glob, let form):
      guard !subject.isNil else { return false }
      return Self.likeFromBytes(glob, form, subject)
    case .regex(let program):
      guard !subject.isNil else { return false }
      return try Self.regexFromBytes(program, subject)
    case .not, .and, .or, .reverseSearch, .reverseLike, .reverseRegex, .generic:
      return nil
    }
  }

  /// Evaluates with `SELF` bound to `subject`: from its bytes when they say, else filling
  /// `views` as operators need them.
  @inline(__always)
  func evaluate(_ subject: Subject, _ views: inout IdentifierViews)
    throws(PredicateEvaluationError) -> Bool
  {
    if let answer = try answerFromBytes(subject) { return answer }
    return try evaluatePrepared(subject, &views)
  }

  /// Evaluates with `SELF` bound to `subject`, filling `views` as operators need them: what
  /// ``evaluate(_:_:)`` does when ``answerFromBytes(_:)`` cannot say. Each operator goes straight
  /// to the prepared text, without asking the bytes again, which have already been asked; the
  /// prepared text answers every identifier, ASCII or not, so this is right on its own, only
  /// slower where the bytes would have said.
  func evaluatePrepared(_ subject: Subject, _ views: inout IdentifierViews)
    throws(PredicateEvaluationError) -> Bool
  {
    switch self {
    case .constant, .isNil, .member:
      // Answered by the bytes whatever the identifier (see answerFromBytes): one home each.
      return try answerFromBytes(subject) ?? false
    case .not(let operand):
      return try !operand.evaluate(subject, &views)
    case .and(let operands):
      for operand in operands where try !operand.evaluate(subject, &views) { return false }
      return true
    case .or(let operands):
      for operand in operands where try operand.evaluate(subject, &views) { return true }
      return false
    case .equal(let literal, let negated):
      guard !subject.isNil else { return negated }
      return equal(subject, literal, &views) != negated
    case .order(let op, let literal):
      guard !subject.isNil else { return false }
      return Self.holds(op, compare(subject, literal, &views))
    case .between(let low, let high):
      guard !subject.isNil else { return false }
      return compare(subject, low, &views) >= 0 && compare(subject, high, &views) <= 0
    case .search(let kind, let needle):
      guard !subject.isNil, !needle.isEmpty else { return false }
      return Self.searchPrepared(kind, needle, subject, &views)
    case .reverseSearch(let kind, let haystack):
      guard let needle = views.units(haystack.form, subject), !needle.isEmpty else { return false }
      switch kind {
      case .prefix: return haystack.units.hasPrefix(needle)
      case .suffix: return haystack.units.hasSuffix(needle)
      case .contains: return haystack.units.contains(needle)
      }
    case .like(let glob, let form):
      guard !subject.isNil else { return false }
      return Self.likePrepared(glob, form, subject, &views)
    case .reverseLike(let subjectText, let options):
      guard let pattern = views.string(subject) else { return false }
      return try Semantics.like(subject: subjectText.original, pattern: pattern, options: options)
    case .regex(let program):
      guard !subject.isNil else { return false }
      return try Self.matchesPrepared(program, subject, &views)
    case .reverseRegex(let subjectText, let options, let cache):
      guard let pattern = views.string(subject) else { return false }
      return try Semantics.matches(
        subject: subjectText, pattern: pattern, options: options, cache: cache)
    case .generic(let op, let lhs, let rhs, let options, let cache):
      let identifier = views.string(subject)
      return try Semantics.evaluate(
        op, Self.resolve(lhs, identifier), Self.resolve(rhs, identifier), options: options,
        regexCache: cache)
    }
  }

  // The operators on prepared text take their operands as parameters: a closure that captures a
  // payload bound by `switch self` copies the whole matcher, one that captures a parameter
  // retains only that operand (and the regex program goes in unretained, see below).

  /// BEGINSWITH/ENDSWITH/CONTAINS, preparing the identifier when its bytes cannot say.
  private static func searchPrepared(
    _ kind: Semantics.SearchKind, _ needle: PreparedText, _ subject: Subject,
    _ views: inout IdentifierViews
  ) -> Bool {
    if needle.form == .canonicalSearch && views.isNFC(subject) {
      return search(kind, subject.bytes, needle)
    }
    // Prepared (folded, normalised) text is searched by its bytes too: no split into units.
    return views.withText(needle.form, subject) { search(kind, $0, needle) }!
  }

  /// LIKE, preparing the identifier when its bytes cannot say.
  private static func likePrepared(
    _ glob: GlobPattern, _ form: TextForm, _ subject: Subject, _ views: inout IdentifierViews
  ) -> Bool {
    views.withText(form, subject) { glob.matches(utf8: $0) }!
  }

  /// MATCHES, preparing the identifier when the program does not read its bytes as they are.
  private static func matchesPrepared(
    _ program: RegexProgram, _ subject: Subject, _ views: inout IdentifierViews
  ) throws(PredicateEvaluationError) -> Bool {
    // Even a parameter is retained when the closure captures it, and the program's regexes
    // with it: three retains and releases, a tenth of a prepared match. The caller's matcher
    // keeps the program alive.
    let unretained = Unmanaged.passUnretained(program)
    return try views.withText(program.subjectForm, subject) {
      bytes throws(PredicateEvaluationError) in
      try unretained._withUnsafeGuaranteedRef { program in
        Result { () throws(PredicateEvaluationError) -> Bool in
          try program.matches(validUTF8: bytes)
        }
      }.get()
    }!
  }

  /// Whether `comparison` (the identifier against the literal: -1, 0 or 1) satisfies `op`.
  @inline(__always)
  private static func holds(_ op: ComparisonOperator, _ comparison: Int) -> Bool {
    switch op {
    case .lessThan: comparison < 0
    case .lessThanOrEqualTo: comparison <= 0
    case .greaterThan: comparison > 0
    default: comparison >= 0
    }
  }

  /// BEGINSWITH/ENDSWITH/CONTAINS decided from the identifier's raw bytes, or nil: an ASCII
  /// needle's head or tail decides most identifiers, and an ASCII identifier needs no preparing.
  @inline(__always)
  private static func searchFromBytes(
    _ kind: Semantics.SearchKind, _ subject: Subject, _ needle: PreparedText
  ) -> Bool? {
    if kind != .contains, needle.isASCII,
      let answer = needle.bytes.withUnsafeBufferPointer({ literal in
        kind == .prefix
          ? ASCIIHead.hasPrefix(subject.bytes, literal, foldCase: needle.foldsCase)
          : ASCIIHead.hasSuffix(subject.bytes, literal, foldCase: needle.foldsCase)
      })
    {
      return answer
    }
    return searchASCII(kind, subject, needle)
  }

  /// BEGINSWITH/ENDSWITH/CONTAINS on an ASCII identifier's bytes, or nil when it is not ASCII.
  /// Out of line, as every step past the common answers is, so that the common answers keep a
  /// small frame.
  @inline(never)
  private static func searchASCII(
    _ kind: Semantics.SearchKind, _ subject: Subject, _ needle: PreparedText
  ) -> Bool? {
    guard ASCIIBytes.isASCII(subject.bytes) else { return nil }
    // A prepared ASCII identifier is ASCII: it cannot contain a non-ASCII needle.
    guard needle.isASCII else { return false }
    return needle.bytes.withUnsafeBufferPointer { needleBytes in
      switch kind {
      case .prefix: ASCIIBytes.hasPrefix(subject.bytes, needleBytes, foldCase: needle.foldsCase)
      case .suffix: ASCIIBytes.hasSuffix(subject.bytes, needleBytes, foldCase: needle.foldsCase)
      case .contains: ASCIIBytes.contains(subject.bytes, needleBytes, foldCase: needle.foldsCase)
      }
    }
  }

  /// LIKE decided from the identifier's raw bytes, or nil: by the glob's literal head, or on an
  /// ASCII identifier by the glob's byte program.
  @inline(__always)
  private static func likeFromBytes(_ glob: GlobPattern, _ form: TextForm, _ subject: Subject)
    -> Bool?
  {
    let foldCase = form.folding.foldsCase
    if let answer = glob.matchesHead(subject.bytes, foldCase: foldCase) { return answer }
    return likeASCII(glob, foldCase, subject)
  }

  /// LIKE on an ASCII identifier's bytes, or nil when it is not ASCII or the glob has no byte
  /// program (out of line, as ``searchASCII(_:_:_:)`` is).
  @inline(never)
  private static func likeASCII(_ glob: GlobPattern, _ foldCase: Bool, _ subject: Subject)
    -> Bool?
  {
    guard ASCIIBytes.isASCII(subject.bytes) else { return nil }
    // A non-ASCII literal unit can never match an ASCII identifier's units.
    if glob.hasNonASCIILiteral { return false }
    guard glob.asciiProgram != nil else { return nil }
    return glob.matchesShape(subject.bytes, foldCase: foldCase)
      ?? glob.matchesASCII(subject.bytes, foldCase: foldCase)
  }

  /// MATCHES on the identifier's raw bytes when the program reads them as they are (always, or
  /// when they are ASCII), or nil: straight to PCRE2, where preparing would cost more than the
  /// match.
  @inline(__always)
  private static func regexFromBytes(_ program: RegexProgram, _ subject: Subject)
    throws(PredicateEvaluationError) -> Bool?
  {
    guard
      program.matchesRawSubject
        || (program.matchesRawASCIISubject && ASCIIBytes.isASCII(subject.bytes))
    else { return nil }
    return try program.matches(validUTF8: subject.bytes)
  }

  /// `==` decided from the identifier's raw bytes, or nil when only its prepared form can say.
  @inline(__always)
  private static func equalFromBytes(_ subject: Subject, _ literal: PreparedText) -> Bool? {
    if literal.isLiteral {
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.equals(subject.bytes, $0, foldCase: false)
      }
    }
    guard literal.isASCII else { return nil }
    return literal.bytes.withUnsafeBufferPointer {
      ASCIIHead.equals(subject.bytes, $0, foldCase: literal.foldsCase)
    }
  }

  /// BEGINSWITH/ENDSWITH/CONTAINS on the bytes of text prepared as the needle is, unit-aware.
  @inline(__always)
  private static func search(
    _ kind: Semantics.SearchKind, _ text: UnsafeBufferPointer<UInt8>, _ needle: PreparedText
  ) -> Bool {
    needle.bytes.withUnsafeBufferPointer { needleBytes in
      switch kind {
      case .prefix: UnitBytes.hasPrefix(text, needleBytes)
      case .suffix: UnitBytes.hasSuffix(text, needleBytes)
      case .contains: UnitBytes.contains(text, needleBytes)
      }
    }
  }

  private static func resolve(_ operand: Operand, _ identifier: String?) -> Value {
    switch operand {
    case .identifier: identifier.map(Value.string) ?? .null
    case .value(let value): value
    case .aggregate(let elements): .array(elements.map { resolve($0, identifier) })
    }
  }

  private func equal(
    _ subject: Subject, _ literal: PreparedText, _ views: inout IdentifierViews
  ) -> Bool {
    if literal.isASCII {
      // Not decided: the identifier is not ASCII.
      if ASCIIEquality.cannotEqual(subject.bytes, asciiLength: literal.bytes.count) {
        return false
      }
    } else if views.isASCII(subject) {
      // A folded ASCII identifier is ASCII; the literal is not.
      return false
    }
    return views.withText(literal.form, subject) { prepared in
      literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.equals(prepared, $0, foldCase: false)
      }
    }!
  }

  /// The identifier against an ordering literal (-1, 0 or 1) from its raw bytes, or nil when
  /// only its prepared form can say.
  @inline(__always)
  private static func compareFromBytes(_ subject: Subject, _ literal: PreparedText) -> Int? {
    if literal.form.normalization == .none {
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.compare(subject.bytes, $0, foldCase: literal.foldsCase)
      }
    }
    if literal.isASCII {
      // Undecided only at a non-ASCII byte: the identifier is not ASCII.
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIHead.compare(subject.bytes, $0, foldCase: literal.foldsCase)
      }
    }
    return compareASCII(subject, literal)
  }

  /// An ASCII identifier against a non-ASCII ordering literal, or nil when it is not ASCII (out
  /// of line, as ``searchASCII(_:_:_:)`` is).
  @inline(never)
  private static func compareASCII(_ subject: Subject, _ literal: PreparedText) -> Int? {
    // An ASCII identifier is already NFC, and folding keeps it ASCII: comparing its (lowercased)
    // bytes with the NFC literal's bytes is comparing scalar values, which is String's order.
    guard ASCIIBytes.isASCII(subject.bytes) else { return nil }
    return literal.bytes.withUnsafeBufferPointer {
      ASCIIBytes.compare(subject.bytes, $0, foldCase: literal.foldsCase)
    }
  }

  private func compare(
    _ subject: Subject, _ literal: PreparedText, _ views: inout IdentifierViews
  ) -> Int {
    // Both sides are NFC, where UTF-8 byte order is scalar order, which is String's order.
    return views.withText(literal.form, subject) { prepared in
      literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.compare(prepared, $0, foldCase: false)
      }
    }!
  }
}
