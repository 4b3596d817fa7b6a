import PCRE2Regex
import PredicateSyntax

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A MATCHES pattern translated from ICU syntax, compiled and JIT-compiled once.
///
/// Flags (DESIGN §4): whole-string (anchored at both ends), UTF + UCP, DOTALL and MULTILINE, every
/// Unicode line terminator a newline; `[c]` adds ICU's case-insensitive matching (the subject is
/// matched as it is, as ICU matches it). With `[d]` the subject is folded and NFKC-normalised, and
/// so are the pattern's literal characters.
final class RegexProgram: Sendable {
  let regex: CompiledRegex
  /// The translation that treats a CRLF as ICU does, for identifiers holding a CR; nil when it
  /// is the same as ``regex`` (no `.`, `$` or `\Z` in the pattern).
  private let crlfRegex: CompiledRegex?
  /// The pattern as written (ICU syntax), for messages.
  let source: String
  /// How the subject is prepared before matching.
  let subjectForm: TextForm
  /// Whether the subject is matched as it is (no `[c]`/`[d]` folding).
  let matchesRawSubject: Bool
  /// Whether an ASCII subject is matched as it is even though other subjects are folded: `[d]`
  /// (diacritic and width folding and NFKC leave ASCII alone), and `[cd]` when every scope of the
  /// pattern is case-insensitive (then lowercasing the subject cannot change a caseless match).
  /// Decided once per pattern here, so that an ASCII identifier costs one caseless JIT match.
  let matchesRawASCIISubject: Bool
  /// ASCII bytes every matching subject starts with, as it is matched (raw or prepared); empty
  /// when unknown. One compare turns most misses away before PCRE2 sets up a match.
  let literalHead: [UInt8]
  /// Whether ``literalHead`` is lowercased and compared case-insensitively (the regex is).
  let headIsCaseless: Bool
  /// Whether a subject with a byte over 0x7F must be checked before matching (see
  /// ``checkAnswerable(_:)``).
  private let checksNonASCII: Bool
  private let usesWordBoundary: Bool
  private let usesGraphemeCluster: Bool
  private let caseFoldingHazards: Set<Unicode.Scalar>

  init(
    regex: CompiledRegex, crlfRegex: CompiledRegex?, subjectForm: TextForm, pattern: String,
    translation: ICURegexDialect.Translation
  ) {
    self.regex = regex
    self.crlfRegex = crlfRegex
    self.source = pattern
    self.subjectForm = subjectForm
    self.matchesRawSubject = subjectForm.isIdentity
    switch subjectForm.folding {
    case .none, .caseInsensitive, .diacriticInsensitive:
      self.matchesRawASCIISubject = true
    case .caseAndDiacriticInsensitive:
      self.matchesRawASCIISubject =
        regex.options.contains(.caseInsensitive) && !translation.hasCaseSensitiveScope
    }
    // The pattern's ASCII head survives its preparation for `[d]` (RegexLiteralHead leaves out
    // a character a mark follows), and every subject PCRE2 is given is prepared the same way.
    self.headIsCaseless = regex.options.contains(.caseInsensitive)
    let head = RegexLiteralHead.of(pattern) ?? []
    self.literalHead = headIsCaseless ? head.map(ASCIIBytes.lower) : head
    self.usesWordBoundary = translation.usesWordBoundary
    self.usesGraphemeCluster = translation.usesGraphemeCluster
    self.caseFoldingHazards = translation.caseFoldingHazards
    self.checksNonASCII =
      usesWordBoundary || usesGraphemeCluster || !caseFoldingHazards.isEmpty
  }

  /// A problem with a pattern, offset into the pattern text.
  typealias Problem = ICURegexDialect.Problem

  /// How the subject is prepared: as it is for no options and for `[c]` (ICU matches the raw
  /// text case-insensitively); folded and NFKC-normalised, like LIKE, when `[d]` is in play.
  static func subjectForm(_ options: ComparisonOptions) -> TextForm {
    switch Folding(options) {
    case .none, .caseInsensitive: TextForm(folding: .none, normalization: .none)
    case .diacriticInsensitive, .caseAndDiacriticInsensitive: .pattern(options)
    }
  }

  /// Translates and compiles `pattern` (which must not be empty).
  static func make(
    pattern: String, options: ComparisonOptions, limits: RegexLimits = .default
  ) -> Result<RegexProgram, Problem> {
    let form = subjectForm(options)
    let caseInsensitive = Folding(options).foldsCase
    let translation: ICURegexDialect.Translation
    switch ICURegexDialect.translate(pattern, form: form, caseInsensitive: caseInsensitive) {
    case .success(let value): translation = value
    case .failure(let problem): return .failure(problem)
    }
    var flags: CompiledRegex.Options = [
      .wholeString, .unicodeProperties, .dotMatchesLineSeparators, .multiline, .anyNewline,
    ]
    if caseInsensitive { flags.insert(.caseInsensitive) }
    do {
      let exact = try CompiledRegex(pattern: translation.pattern, options: flags, limits: limits)
      // The same pattern with PCRE2's own `.`, `$` and `\Z`: identical answers without a CR,
      // and `.*` stays one JIT loop instead of an atomic group per character.
      if case .success(let plain) = ICURegexDialect.translate(
        pattern, form: form, caseInsensitive: caseInsensitive, crlfAware: false),
        plain.pattern != translation.pattern,
        let fast = try? CompiledRegex(pattern: plain.pattern, options: flags, limits: limits)
      {
        return .success(
          RegexProgram(
            regex: fast, crlfRegex: exact, subjectForm: form, pattern: pattern,
            translation: translation))
      }
      return .success(
        RegexProgram(
          regex: exact, crlfRegex: nil, subjectForm: form, pattern: pattern,
          translation: translation))
    } catch {
      // PCRE2's "regular expression is too large", "lookbehind is too complicated", "regular
      // expression is too complicated", "lookbehind assertion is too long": the pattern is fine,
      // the ICU sets written out in it (closed over case, word boundaries) outgrew PCRE2's limits.
      if [120, 135, 186, 187].contains(error.code) {
        return .failure(
          Problem(
            message: .regexNotLikeICU(
              "this pattern",
              because: "written out with ICU's character sets (closed over case for [c] and "
                + "(?i), word boundaries stepping over marks) it is larger than PCRE2 compiles"),
            offset: 0, length: pattern.utf8.count))
      }
      let offset = translation.originalOffset(of: error.offset ?? 0)
      return .failure(
        Problem(
          message: .invalidRegex(error.message),
          offset: offset, length: 0))
    }
  }

  /// Whether `subject` may start with `head` (ASCII, lowercased) under PCRE2's caseless
  /// matching: an ASCII byte matches only its own two cases, and a non-ASCII scalar (the Kelvin
  /// sign matches `k`, the long s `s`) is left to the regex, with every byte after it.
  @inline(__always)
  private static func mayStartCaselessly(
    _ subject: UnsafeBufferPointer<UInt8>, with head: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for index in 0..<head.count {
      let byte = subject[index]
      if byte >= 0x80 { return true }
      if ASCIIBytes.lower(byte) != head[index] { return false }
    }
    return true
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
        if headIsCaseless { return Self.mayStartCaselessly(subject, with: head) }
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
    if checksNonASCII { try checkAnswerable(subject) }
    do {
      if let crlfRegex, let base = subject.baseAddress, memchr(base, 0x0D, subject.count) != nil {
        return try crlfRegex.matches(validUTF8: subject)
      }
      return try regex.matches(validUTF8: subject)
    } catch {
      throw PredicateEvaluationError(
        error.kind == .resourceLimit ? .resourceLimit : .invalidPattern,
        "regular expression '\(source)' stopped: \(error.message)")
    }
  }
}

extension RegexProgram {
  /// Throws when ICU's answer for `subject` is one PCRE2 cannot give: a run of marks and format
  /// characters longer than a word boundary can step over, a character ICU would fold into the
  /// pattern's case-insensitive literal text, or a virama ICU's newer grapheme rules join
  /// clusters across. All are non-ASCII, so ASCII subjects pass at once.
  @inline(never)
  fileprivate func checkAnswerable(_ subject: UnsafeBufferPointer<UInt8>)
    throws(PredicateEvaluationError)
  {
    guard !ASCIIBytes.isASCII(subject) else { return }
    var run = 0
    for scalar in String(decoding: subject, as: UTF8.self).unicodeScalars {
      if caseFoldingHazards.contains(scalar) {
        throw PredicateEvaluationError(
          .unlikeICU,
          "the identifier's '\(scalar)' case-folds into the pattern's literal text "
            + "under ICU; PCRE2 cannot match it that way")
      }
      if usesGraphemeCluster && ICURegexDialect.clusterLinkers.contains(scalar) {
        throw PredicateEvaluationError(
          .unlikeICU,
          "the identifier's virama U+\(String(scalar.value, radix: 16, uppercase: true)) "
            + "joins grapheme clusters under ICU's Unicode 16 rules (GB9c); PCRE2 10.42's '\\X' "
            + "splits them")
      }
      guard usesWordBoundary else { continue }
      if scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format {
        run += 1
        if run > ICURegexDialect.maximumTransparentRun {
          throw PredicateEvaluationError(
            .unlikeICU,
            "the identifier has more than \(ICURegexDialect.maximumTransparentRun) marks or "
              + "format characters in a row, more than a word boundary looks back over")
        }
      } else {
        run = 0
      }
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

  private let entries = Locked<[Key: Result<RegexProgram, RegexProgram.Problem>]>([:])
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
