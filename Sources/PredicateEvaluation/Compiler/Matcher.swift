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
  indirect case like(GlobPattern, TextForm)
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

  /// Evaluates with `SELF` bound to `subject`, filling `views` as operators need them.
  func evaluate(_ subject: Subject, _ views: inout IdentifierViews)
    throws(PredicateEvaluationError) -> Bool
  {
    switch self {
    case .constant(let value):
      return value
    case .not(let operand):
      return try !operand.evaluate(subject, &views)
    case .and(let operands):
      for operand in operands where try !operand.evaluate(subject, &views) { return false }
      return true
    case .or(let operands):
      for operand in operands where try operand.evaluate(subject, &views) { return true }
      return false
    case .isNil(let wantsNil):
      return subject.isNil == wantsNil
    case .equal(let literal, let negated):
      guard !subject.isNil else { return negated }
      return equal(subject, literal, &views) != negated
    case .order(let op, let literal):
      guard !subject.isNil else { return false }
      let comparison = compare(subject, literal, &views)
      switch op {
      case .lessThan: return comparison < 0
      case .lessThanOrEqualTo: return comparison <= 0
      case .greaterThan: return comparison > 0
      default: return comparison >= 0
      }
    case .between(let low, let high):
      guard !subject.isNil else { return false }
      return compare(subject, low, &views) >= 0 && compare(subject, high, &views) <= 0
    case .search(let kind, let needle):
      guard !subject.isNil, !needle.isEmpty else { return false }
      if kind != .contains, needle.isASCII,
        let answer = needle.bytes.withUnsafeBufferPointer({ literal in
          kind == .prefix
            ? ASCIIHead.hasPrefix(subject.bytes, literal, foldCase: needle.foldsCase)
            : ASCIIHead.hasSuffix(subject.bytes, literal, foldCase: needle.foldsCase)
        })
      {
        return answer
      }
      if views.isASCII(subject) {
        // A prepared ASCII identifier is ASCII: it cannot contain a non-ASCII needle.
        guard needle.isASCII else { return false }
        return needle.bytes.withUnsafeBufferPointer { needleBytes in
          switch kind {
          case .prefix: ASCIIBytes.hasPrefix(subject.bytes, needleBytes, foldCase: needle.foldsCase)
          case .suffix: ASCIIBytes.hasSuffix(subject.bytes, needleBytes, foldCase: needle.foldsCase)
          case .contains:
            ASCIIBytes.contains(subject.bytes, needleBytes, foldCase: needle.foldsCase)
          }
        }
      }
      if needle.form == .canonicalSearch && views.isNFC(subject) {
        return Self.search(kind, subject.bytes, needle)
      }
      // Prepared (folded, normalised) text is searched by its bytes too: no split into units.
      return views.withText(needle.form, subject) { Self.search(kind, $0, needle) }!
    case .reverseSearch(let kind, let haystack):
      guard let needle = views.units(haystack.form, subject), !needle.isEmpty else { return false }
      switch kind {
      case .prefix: return haystack.units.hasPrefix(needle)
      case .suffix: return haystack.units.hasSuffix(needle)
      case .contains: return haystack.units.contains(needle)
      }
    case .member(let set, let containsNil):
      guard !subject.isNil else { return containsNil }
      return set.contains(subject.bytes)
    case .like(let glob, let form):
      guard !subject.isNil else { return false }
      if let answer = glob.matchesHead(subject.bytes, foldCase: form.folding.foldsCase) {
        return answer
      }
      if views.isASCII(subject) {
        // A non-ASCII literal unit can never match an ASCII identifier's units.
        guard glob.asciiProgram != nil else {
          return !glob.hasNonASCIILiteral
            && views.withText(form, subject) { glob.matches(utf8: $0) }!
        }
        let foldCase = form.folding.foldsCase
        return glob.matchesShape(subject.bytes, foldCase: foldCase)
          ?? glob.matchesASCII(subject.bytes, foldCase: foldCase)
      }
      return views.withText(form, subject) { glob.matches(utf8: $0) }!
    case .reverseLike(let subjectText, let options):
      guard let pattern = views.string(subject) else { return false }
      return try Semantics.like(subject: subjectText.original, pattern: pattern, options: options)
    case .regex(let program):
      guard !subject.isNil else { return false }
      // The common case, straight to PCRE2: through `withText` it costs 60 instructions more.
      if program.matchesRawSubject
        || (program.matchesRawASCIISubject && views.isASCII(subject))
      {
        return try program.matches(validUTF8: subject.bytes)
      }
      return try views.withText(program.subjectForm, subject) {
        bytes throws(PredicateEvaluationError) in try program.matches(validUTF8: bytes)
      }!
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
    if literal.isLiteral {
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.equals(subject.bytes, $0, foldCase: false)
      }
    }
    if literal.isASCII {
      if let answer = literal.bytes.withUnsafeBufferPointer({
        ASCIIHead.equals(subject.bytes, $0, foldCase: literal.foldsCase)
      }) {
        return answer
      }
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

  private func compare(
    _ subject: Subject, _ literal: PreparedText, _ views: inout IdentifierViews
  ) -> Int {
    if literal.form.normalization == .none {
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.compare(subject.bytes, $0, foldCase: literal.foldsCase)
      }
    }
    if literal.isASCII,
      let answer = literal.bytes.withUnsafeBufferPointer({
        ASCIIHead.compare(subject.bytes, $0, foldCase: literal.foldsCase)
      })
    {
      return answer
    }
    // An ASCII identifier is already NFC, and folding keeps it ASCII: comparing its (lowercased)
    // bytes with the NFC literal's bytes is comparing scalar values, which is String's order.
    if !literal.isASCII && views.isASCII(subject) {
      return literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.compare(subject.bytes, $0, foldCase: literal.foldsCase)
      }
    }
    // Both sides are NFC, where UTF-8 byte order is scalar order, which is String's order.
    return views.withText(literal.form, subject) { prepared in
      literal.bytes.withUnsafeBufferPointer {
        ASCIIBytes.compare(prepared, $0, foldCase: false)
      }
    }!
  }
}
