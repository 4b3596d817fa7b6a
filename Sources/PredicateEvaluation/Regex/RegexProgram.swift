import PCRE2Regex
import PredicateSyntax
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A MATCHES pattern translated from ICU syntax, compiled and JIT-compiled once.
///
/// Flags (DESIGN §4): whole-string (anchored at both ends), UTF + UCP, DOTALL and MULTILINE;
/// `[c]` adds caseless matching. With `[c]`/`[d]` the subject is folded and NFKC-normalised, and
/// so are the pattern's literal characters.
final class RegexProgram: Sendable {
  let regex: CompiledRegex
  /// How the subject is prepared before matching.
  let subjectForm: TextForm
  /// Whether the subject is matched as it is (no `[c]`/`[d]` folding).
  let matchesRawSubject: Bool
  /// Bytes every matching raw subject starts with (empty when unknown, or when the subject is
  /// folded first): one `memcmp` that turns most misses away before PCRE2 sets up a match.
  let literalHead: [UInt8]

  init(regex: CompiledRegex, subjectForm: TextForm, pattern: String) {
    self.regex = regex
    self.subjectForm = subjectForm
    self.matchesRawSubject = subjectForm.isIdentity
    self.literalHead = subjectForm.isIdentity ? RegexLiteralHead.of(pattern) ?? [] : []
  }

  /// A problem with a pattern, offset into the pattern text.
  typealias Problem = ICURegexDialect.Problem

  static func subjectForm(_ options: ComparisonOptions) -> TextForm { .pattern(options) }

  /// Translates and compiles `pattern` (which must not be empty).
  static func make(
    pattern: String, options: ComparisonOptions, limits: RegexLimits = .default
  ) -> Result<RegexProgram, Problem> {
    let form = subjectForm(options)
    let translation: ICURegexDialect.Translation
    switch ICURegexDialect.translate(pattern, form: form) {
    case .success(let value): translation = value
    case .failure(let problem): return .failure(problem)
    }
    var flags: CompiledRegex.Options = [
      .wholeString, .unicodeProperties, .dotMatchesLineSeparators, .multiline,
    ]
    if form.folding.foldsCase { flags.insert(.caseInsensitive) }
    do {
      let regex = try CompiledRegex(pattern: translation.pattern, options: flags, limits: limits)
      return .success(RegexProgram(regex: regex, subjectForm: form, pattern: pattern))
    } catch {
      let offset = translation.originalOffset(of: error.offset ?? 0)
      return .failure(
        Problem(
          message: .invalidRegex(error.message),
          offset: offset, length: 0))
    }
  }

  /// Matches a subject already prepared with ``subjectForm``.
  func matches(_ subject: String) throws(PredicateEvaluationError) -> Bool {
    var subject = subject
    let result = subject.withUTF8 { bytes in
      Result { () throws(PredicateEvaluationError) -> Bool in try matches(validUTF8: bytes) }
    }
    return try result.get()
  }

  /// Matches the UTF-8 bytes of a string already prepared with ``subjectForm``.
  @inline(__always)
  func matches(validUTF8 subject: UnsafeBufferPointer<UInt8>) throws(PredicateEvaluationError)
    -> Bool
  {
    if !literalHead.isEmpty {
      let headMatches = literalHead.withUnsafeBufferPointer { head in
        guard subject.count >= head.count else { return false }
        // Most misses differ in the first eight bytes: one word compare, not a `memcmp` call.
        if head.count >= 8 {
          let first = UnsafeRawPointer(subject.baseAddress!).loadUnaligned(as: UInt64.self)
          guard first == UnsafeRawPointer(head.baseAddress!).loadUnaligned(as: UInt64.self)
          else { return false }
        }
        return memcmp(subject.baseAddress!, head.baseAddress!, head.count) == 0
      }
      guard headMatches else { return false }
    }
    do {
      return try regex.matches(validUTF8: subject)
    } catch {
      throw PredicateEvaluationError(
        error.kind == .resourceLimit ? .resourceLimit : .invalidPattern,
        "regular expression '\(regex.pattern)' stopped: \(error.message)")
    }
  }
}

/// Compiled programs for patterns only known at evaluation time (`'abc' MATCHES SELF`): each
/// distinct identifier is compiled once and reused, up to a bound, from any thread.
final class RegexCache: Sendable {
  /// Keyed by the pattern's exact bytes: `String` equality is canonical equivalence, and a
  /// precomposed and a decomposed pattern are different regular expressions.
  private struct Key: Hashable {
    var pattern: [UInt8]
    var options: UInt8
  }

  private let entries = Mutex<[Key: Result<RegexProgram, RegexProgram.Problem>]>([:])
  private let capacity: Int

  init(capacity: Int = 256) { self.capacity = capacity }

  func program(for pattern: String, options: ComparisonOptions)
    -> Result<RegexProgram, RegexProgram.Problem>
  {
    let key = Key(pattern: Array(pattern.utf8), options: options.rawValue)
    if let cached = entries.withLock({ $0[key] }) { return cached }
    let made = RegexProgram.make(pattern: pattern, options: options)
    entries.withLock {
      if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
      $0[key] = made
    }
    return made
  }
}
