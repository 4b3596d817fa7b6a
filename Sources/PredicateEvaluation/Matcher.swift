import PredicateSyntax

/// A predicate compiled for evaluation: literals prepared, patterns compiled, constants folded.
///
/// The cases with a literal operand are the fast paths: when the identifier is ASCII they reduce
/// to byte operations (memcmp, memchr, an in-place hash lookup, a byte glob) with no Unicode
/// machinery and no allocation. Non-ASCII identifiers take the same cases through the context's
/// cached views; shapes with no fast path go through ``Semantics``.
indirect enum Matcher: Sendable {
  /// An operand of the generic path.
  enum Operand: Sendable {
    case identifier
    case value(Value)
    case aggregate([Operand])
  }

  case constant(Bool)
  case not(Matcher)
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
  case member(ByteStringSet, containsNil: Bool)
  /// `SELF LIKE literal`.
  case like(GlobPattern, TextForm)
  /// `literal LIKE SELF`: the literal is the subject.
  case reverseLike(PreparedText, ComparisonOptions)
  /// `SELF MATCHES literal`.
  case regex(RegexProgram)
  /// `literal MATCHES SELF`: the literal is the subject.
  case reverseRegex(String, ComparisonOptions, RegexCache)
  /// Anything else.
  case generic(ComparisonOperator, Operand, Operand, ComparisonOptions, RegexCache)

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

  func evaluate(_ context: inout EvaluationContext) throws(PredicateEvaluationError) -> Bool {
    switch self {
    case .constant(let value):
      return value
    case .not(let operand):
      return try !operand.evaluate(&context)
    case .and(let operands):
      for operand in operands where try !operand.evaluate(&context) { return false }
      return true
    case .or(let operands):
      for operand in operands where try operand.evaluate(&context) { return true }
      return false
    case .isNil(let wantsNil):
      return (context.targetContentIdentifier == nil) == wantsNil
    case .equal(let literal, let negated):
      guard let identifier = context.targetContentIdentifier else { return negated }
      return equal(identifier, literal, &context) != negated
    case .order(let op, let literal):
      guard let identifier = context.targetContentIdentifier else { return false }
      let comparison = compare(identifier, literal, &context)
      switch op {
      case .lessThan: return comparison < 0
      case .lessThanOrEqualTo: return comparison <= 0
      case .greaterThan: return comparison > 0
      default: return comparison >= 0
      }
    case .between(let low, let high):
      guard let identifier = context.targetContentIdentifier else { return false }
      return compare(identifier, low, &context) >= 0 && compare(identifier, high, &context) <= 0
    case .search(let kind, let needle):
      guard let identifier = context.targetContentIdentifier, !needle.isEmpty else { return false }
      if context.isASCII {
        // A prepared ASCII identifier is ASCII: it cannot contain a non-ASCII needle.
        guard needle.isASCII else { return false }
        let foldCase = needle.form.folding.foldsCase
        return context.withUTF8(identifier) { haystack in
          needle.bytes.withUnsafeBufferPointer { needleBytes in
            switch kind {
            case .prefix: ASCIIBytes.hasPrefix(haystack, needleBytes, foldCase: foldCase)
            case .suffix: ASCIIBytes.hasSuffix(haystack, needleBytes, foldCase: foldCase)
            case .contains: ASCIIBytes.contains(haystack, needleBytes, foldCase: foldCase)
            }
          }
        }
      }
      let haystack = context.units(needle.form)!
      switch kind {
      case .prefix: return haystack.hasPrefix(needle.units)
      case .suffix: return haystack.hasSuffix(needle.units)
      case .contains: return haystack.contains(needle.units)
      }
    case .reverseSearch(let kind, let haystack):
      guard let needle = context.units(haystack.form), !needle.isEmpty else { return false }
      switch kind {
      case .prefix: return haystack.units.hasPrefix(needle)
      case .suffix: return haystack.units.hasSuffix(needle)
      case .contains: return haystack.units.contains(needle)
      }
    case .member(let set, let containsNil):
      guard let identifier = context.targetContentIdentifier else { return containsNil }
      return context.withUTF8(identifier) { set.contains($0) }
    case .like(let glob, let form):
      guard let identifier = context.targetContentIdentifier else { return false }
      if context.isASCII {
        // A non-ASCII literal unit can never match an ASCII identifier's units.
        guard glob.asciiProgram != nil else {
          return !glob.hasNonASCIILiteral && glob.matches(context.units(form)!)
        }
        return context.withUTF8(identifier) {
          glob.matchesASCII($0, foldCase: form.folding.foldsCase)
        }
      }
      return glob.matches(context.units(form)!)
    case .reverseLike(let subject, let options):
      guard let pattern = context.targetContentIdentifier else { return false }
      return try Semantics.like(subject: subject.original, pattern: pattern, options: options)
    case .regex(let program):
      guard context.targetContentIdentifier != nil else { return false }
      return try program.matches(context.text(program.subjectForm)!)
    case .reverseRegex(let subject, let options, let cache):
      guard let pattern = context.targetContentIdentifier else { return false }
      return try Semantics.matches(
        subject: subject, pattern: pattern, options: options, cache: cache)
    case .generic(let op, let lhs, let rhs, let options, let cache):
      let identifier = context.targetContentIdentifier
      return try Semantics.evaluate(
        op, Self.resolve(lhs, identifier), Self.resolve(rhs, identifier), options: options,
        regexCache: cache)
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
    _ identifier: String, _ literal: PreparedText, _ context: inout EvaluationContext
  )
    -> Bool
  {
    if literal.isLiteral || (literal.isASCII && context.isASCII) {
      let foldCase = literal.form.folding.foldsCase
      return context.withUTF8(identifier) { bytes in
        literal.bytes.withUnsafeBufferPointer {
          ASCIIBytes.equals(bytes, $0, foldCase: foldCase)
        }
      }
    }
    if context.isASCII { return false }  // a folded ASCII identifier is ASCII; the literal is not
    return context.text(literal.form)!.utf8.elementsEqual(literal.bytes)
  }

  private func compare(
    _ identifier: String, _ literal: PreparedText, _ context: inout EvaluationContext
  ) -> Int {
    // An ASCII identifier is already NFC, and folding keeps it ASCII: comparing its (lowercased)
    // bytes with the NFC literal's bytes is comparing scalar values, which is String's order.
    if literal.form.normalization == .none || context.isASCII {
      let foldCase = literal.form.folding.foldsCase
      return context.withUTF8(identifier) { bytes in
        literal.bytes.withUnsafeBufferPointer {
          ASCIIBytes.compare(bytes, $0, foldCase: foldCase)
        }
      }
    }
    let prepared = context.text(literal.form)!
    return prepared == literal.text ? 0 : (prepared < literal.text ? -1 : 1)
  }
}
