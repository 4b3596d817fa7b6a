internal import CPCRE2

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A PCRE2 pattern compiled (and JIT-compiled where the platform allows) once, matched many times.
///
/// The compiled code is immutable and shared by every thread that matches with it; the match data
/// PCRE2 needs for each match lives in thread-local storage, so no two threads ever share it and
/// no match allocates. This type owns its C handles and frees them in `deinit`.
///
/// ```swift
/// let regex = try CompiledRegex(pattern: "doc-[0-9]+", options: .wholeString)
/// try regex.matches("doc-42")   // true
/// ```
package final class CompiledRegex: Sendable {
  /// How a pattern is compiled.
  package struct Options: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Letters match without regard to case (`PCRE2_CASELESS`, Unicode simple folding with UCP).
    package static let caseInsensitive = Options(rawValue: 1 << 0)
    /// `.` also matches line terminators (`PCRE2_DOTALL`).
    package static let dotMatchesLineSeparators = Options(rawValue: 1 << 1)
    /// `^` and `$` also match at line boundaries (`PCRE2_MULTILINE`).
    package static let multiline = Options(rawValue: 1 << 2)
    /// The match must start at the start of the subject (`PCRE2_ANCHORED`).
    package static let anchoredAtStart = Options(rawValue: 1 << 3)
    /// The match must end at the end of the subject (`PCRE2_ENDANCHORED`).
    package static let anchoredAtEnd = Options(rawValue: 1 << 4)
    /// `\d`, `\w`, `\b` and POSIX classes use Unicode properties (`PCRE2_UCP`).
    package static let unicodeProperties = Options(rawValue: 1 << 5)
    /// Every Unicode line terminator is a newline for `^`, `$`, `\Z` and `.` — CR, LF, CRLF,
    /// VT, FF, NEL, LS and PS — as in ICU, instead of LF only (`PCRE2_NEWLINE_ANY`).
    package static let anyNewline = Options(rawValue: 1 << 6)

    /// Both ends anchored: the pattern must match the whole subject.
    package static let wholeString: Options = [.anchoredAtStart, .anchoredAtEnd]
  }

  /// The pattern text, as given.
  package let pattern: String
  /// The options the pattern was compiled with.
  package let options: Options
  /// The limits every match runs under.
  package let limits: RegexLimits
  /// Whether PCRE2's JIT compiled the pattern (matches then take the JIT fast path).
  package let isJITCompiled: Bool

  // Immutable after init; PCRE2 documents compiled code and an unmodified match context as safe
  // to use from several threads at once.
  private nonisolated(unsafe) let code: OpaquePointer
  private nonisolated(unsafe) let matchContext: OpaquePointer

  /// Compiles `pattern` (UTF mode: the pattern and subjects are Unicode text) and JIT-compiles it.
  ///
  /// - Throws: ``PCRE2Error`` of kind ``PCRE2Error/Kind/compile`` with PCRE2's message and the
  ///   byte offset in `pattern` where compilation failed.
  package init(
    pattern: String, options: Options = [], limits: RegexLimits = .default
  ) throws(PCRE2Error) {
    self.pattern = pattern
    self.options = options
    self.limits = limits

    var flags: UInt32 = UInt32(PCRE2_UTF) | UInt32(PCRE2_NEVER_BACKSLASH_C)
    // Swift strings are always valid UTF-8, so PCRE2's own validity scan is redundant work.
    flags |= UInt32(PCRE2_NO_UTF_CHECK)
    if options.contains(.caseInsensitive) { flags |= UInt32(PCRE2_CASELESS) }
    if options.contains(.dotMatchesLineSeparators) { flags |= UInt32(PCRE2_DOTALL) }
    if options.contains(.multiline) { flags |= UInt32(PCRE2_MULTILINE) }
    if options.contains(.anchoredAtStart) { flags |= UInt32(PCRE2_ANCHORED) }
    if options.contains(.anchoredAtEnd) { flags |= UInt32(PCRE2_ENDANCHORED) }
    if options.contains(.unicodeProperties) { flags |= UInt32(PCRE2_UCP) }

    guard let compileContext = pcre2_compile_context_create_8(nil) else {
      throw PCRE2Error(kind: .other, code: 0, message: "out of memory creating a compile context")
    }
    defer { pcre2_compile_context_free_8(compileContext) }
    if options.contains(.anyNewline) {
      pcre2_set_newline_8(compileContext, UInt32(PCRE2_NEWLINE_ANY))
    }

    var errorCode: Int32 = 0
    var errorOffset: Int = 0
    let compiled: OpaquePointer? =
      pattern.utf8.withContiguousStorageIfAvailable { buffer in
        pcre2_compile_8(
          buffer.baseAddress ?? Self.emptyPattern, buffer.count, flags, &errorCode, &errorOffset,
          compileContext)
      }
      ?? {
        var copy = pattern
        return copy.withUTF8 { buffer in
          pcre2_compile_8(
            buffer.baseAddress ?? Self.emptyPattern, buffer.count, flags, &errorCode, &errorOffset,
            compileContext)
        }
      }()
    guard let compiled else {
      throw PCRE2Error(
        kind: .compile, code: errorCode, message: Self.message(for: errorCode),
        offset: errorOffset)
    }
    guard let context = pcre2_match_context_create_8(nil) else {
      pcre2_code_free_8(compiled)
      throw PCRE2Error(kind: .other, code: 0, message: "out of memory creating a match context")
    }
    pcre2_set_match_limit_8(context, limits.matchLimit)
    pcre2_set_depth_limit_8(context, limits.depthLimit)
    pcre2_set_heap_limit_8(context, limits.heapLimitKiB)
    self.code = compiled
    self.matchContext = context
    self.isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
  }

  deinit {
    pcre2_match_context_free_8(matchContext)
    pcre2_code_free_8(code)
  }

  /// Whether the pattern matches `subject` under the compiled options.
  ///
  /// Runs in time bounded by ``limits``; allocates nothing after a thread's first match.
  /// - Throws: ``PCRE2Error`` of kind ``PCRE2Error/Kind/resourceLimit`` when a limit stops the
  ///   match.
  package func matches(_ subject: String) throws(PCRE2Error) -> Bool {
    // `withUTF8` is free for native strings; it copies only bridged or non-contiguous ones.
    var subject = subject
    let result = subject.withUTF8 { buffer in
      Result { () throws(PCRE2Error) -> Bool in try matches(validUTF8: buffer) }
    }
    return try result.get()
  }

  /// Whether the pattern matches the UTF-8 bytes in `subject`, which must be valid UTF-8.
  ///
  /// PCRE2 does not re-check validity (that check alone costs three to five times the match), so
  /// pass only bytes that came from a Swift `String` or were validated.
  package func matches(validUTF8 subject: UnsafeBufferPointer<UInt8>) throws(PCRE2Error) -> Bool {
    let matchData = Self.threadMatchData()
    let base = subject.baseAddress ?? Self.emptyPattern
    let result: Int32
    if isJITCompiled {
      result = pcre2_jit_match_8(code, base, subject.count, 0, 0, matchData, matchContext)
    } else {
      result = pcre2_match_8(
        code, base, subject.count, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData, matchContext)
    }
    if result >= 0 { return true }
    switch result {
    case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL:
      return false
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT,
      PCRE2_ERROR_JIT_STACKLIMIT:
      throw PCRE2Error(kind: .resourceLimit, code: result, message: Self.message(for: result))
    default:
      throw PCRE2Error(kind: .other, code: result, message: Self.message(for: result))
    }
  }

  /// PCRE2's text for an error code, first letter lowercased.
  static func message(for code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer {
      pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
    }
    guard length > 0 else { return "pcre2 error \(code)" }
    var text = String(decoding: buffer[..<Int(length)], as: UTF8.self)
    if let first = text.first, first.isUppercase,
      text.dropFirst().first.map({ !$0.isUppercase }) ?? true
    {
      text = first.lowercased() + text.dropFirst()
    }
    return text
  }

  // A one-byte buffer for empty patterns and subjects: PCRE2 10.42 rejects a NULL pointer.
  private nonisolated(unsafe) static let emptyPattern: UnsafePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
  }()

  /// Match data for the calling thread: one ovector pair is all a yes/no match needs. Created on a
  /// thread's first match and freed when the thread exits.
  @inline(__always)
  private static func threadMatchData() -> OpaquePointer {
    if let existing = sa_pcre2_thread_match_data_slot().pointee { return existing }
    return makeThreadMatchData()
  }

  @inline(never)
  private static func makeThreadMatchData() -> OpaquePointer {
    let created = pcre2_match_data_create_8(1, nil)!
    sa_pcre2_thread_match_data_slot().pointee = created
    // The key's value is never read: it exists so the destructor frees the data at thread exit.
    pthread_setspecific(matchDataKey, UnsafeRawPointer(created))
    return created
  }

  private static let matchDataKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { data in
      sa_pcre2_thread_match_data_slot().pointee = nil
      pcre2_match_data_free_8(OpaquePointer(data))
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()
}
