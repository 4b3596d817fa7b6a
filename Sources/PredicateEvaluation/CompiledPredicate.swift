import PredicateSyntax

/// A predicate validated under a profile and compiled to a fast, thread-safe matcher.
///
/// Compile once — when activation conditions are set — and evaluate many times. Compiled
/// predicates are immutable and `Sendable`: evaluate one from any number of threads at once.
///
/// ```swift
/// let condition = try CompiledPredicate(format: "SELF BEGINSWITH 'com.example.chat/thread/'")
/// try condition.evaluate(with: "com.example.chat/thread/42")   // true
/// ```
///
/// Every error that can be found without an identifier is found here, as diagnostics with source
/// ranges: invalid syntax, forbidden constructs, type errors, invalid LIKE and MATCHES patterns.
/// Evaluation can fail only when a resource limit stops a regular expression.
public struct CompiledPredicate: Sendable, Hashable, CustomStringConvertible {
  /// Everything in one immutable object, so that a copy (a router reads one per session and
  /// event) is one reference count, not one per field.
  fileprivate final class Storage: Sendable {
    let predicate: FormatPredicate
    let profile: ValidationProfile
    let source: String
    let warnings: [Diagnostic]
    let matcher: Matcher

    init(
      predicate: FormatPredicate, profile: ValidationProfile, source: String,
      warnings: [Diagnostic], matcher: Matcher
    ) {
      self.predicate = predicate
      self.profile = profile
      self.source = source
      self.warnings = warnings
      self.matcher = matcher
    }
  }

  private let storage: Storage

  /// The validated predicate.
  public var predicate: FormatPredicate { storage.predicate }
  /// The profile it was validated under.
  public var profile: ValidationProfile { storage.profile }
  /// The source text the diagnostics point into (the canonical form for predicates built in code).
  public var source: String { storage.source }
  /// Warnings found while parsing, validating and compiling.
  public var warnings: [Diagnostic] { storage.warnings }
  var matcher: Matcher { storage.matcher }

  /// The canonical format string.
  public var predicateFormat: String { predicate.predicateFormat }

  public var description: String { predicateFormat }

  /// The answer for every identifier, when the predicate does not depend on the identifier.
  public var constantValue: Bool? {
    if case .constant(let value) = matcher { return value }
    return nil
  }

  /// Parses, validates and compiles `format`.
  ///
  /// - Throws: ``InvalidPredicateError`` holding every diagnostic (warnings included) when there is
  ///   any error.
  public init(format: String, profile: ValidationProfile = .uikit) throws(InvalidPredicateError) {
    let result = Self.compile(format, profile: profile)
    guard let compiled = result.compiled else {
      throw InvalidPredicateError(source: format, diagnostics: result.diagnostics)
    }
    self = compiled
  }

  /// Parses a format with arguments, as `NSPredicate(format:_:)` takes them, then validates and
  /// compiles it: one call where Apple's API takes one.
  ///
  /// ```swift
  /// let thread = try CompiledPredicate(format: "SELF == %@", "com.example.chat/thread/42")
  /// let either = try CompiledPredicate(format: "SELF IN %@", ["inbox", "sent"])
  /// ```
  ///
  /// `%@` takes any argument (a string becomes a string literal, an array an aggregate), `%K`
  /// a key path (only `SELF` passes validation), `%d`/`%i`/`%ld` integers, `%f`/`%g` numbers,
  /// and `%%` is a percent sign. Diagnostics point into `format`.
  ///
  /// - Throws: ``InvalidPredicateError`` with every diagnostic, when there is any error (a missing
  ///   or mistyped argument included).
  public init(
    format: String, _ arguments: any PredicateArgumentConvertible...,
    profile: ValidationProfile = .uikit
  ) throws(InvalidPredicateError) {
    try self.init(
      format: format, argumentArray: arguments.map(\.predicateArgument), profile: profile)
  }

  /// Parses a format with an array of arguments, as `NSPredicate(format:argumentArray:)`, then
  /// validates and compiles it.
  ///
  /// - Throws: ``InvalidPredicateError`` with every diagnostic, when there is any error.
  public init(
    format: String, argumentArray: [PredicateArgument], profile: ValidationProfile = .uikit
  ) throws(InvalidPredicateError) {
    let result = Self.compile(format, arguments: argumentArray, profile: profile)
    guard let compiled = result.compiled else {
      throw InvalidPredicateError(source: format, diagnostics: result.diagnostics)
    }
    self = compiled
  }

  /// Validates and compiles a predicate built in code (or parsed elsewhere).
  ///
  /// Diagnostics point into the predicate's canonical form, which is what a person would see.
  public init(_ predicate: FormatPredicate, profile: ValidationProfile = .uikit)
    throws(InvalidPredicateError)
  {
    let source = predicate.predicateFormat
    // Reparsing the canonical form gives an equal predicate with ranges into `source`.
    let parsed = PredicateParser.parse(source)
    let located = parsed.predicate.flatMap { $0 == predicate ? $0 : nil } ?? predicate
    let result = Self.compile(located, source: source, profile: profile, earlier: [])
    guard let compiled = result.compiled else {
      throw InvalidPredicateError(source: source, diagnostics: result.diagnostics)
    }
    self = compiled
  }

  /// Parses, validates and compiles without throwing: the compiled predicate when there are no
  /// errors, and every diagnostic either way. This is what a linter wants.
  ///
  /// With `arguments`, format specifiers are replaced as `NSPredicate(format:argumentArray:)`
  /// does; diagnostics still point into `format`.
  public static func compile(
    _ format: String, arguments: [PredicateArgument]? = nil,
    profile: ValidationProfile = .uikit
  ) -> PredicateCompilation {
    let parsed = PredicateParser.parse(format, arguments: arguments)
    guard let predicate = parsed.predicate else {
      return PredicateCompilation(source: format, compiled: nil, diagnostics: parsed.diagnostics)
    }
    return compile(predicate, source: format, profile: profile, earlier: parsed.diagnostics)
  }

  /// Parses bytes, validates and compiles without throwing: a file's line or an argument as it
  /// was read. Bytes that are not UTF-8 are `syntax.invalid-utf8` errors at their position, never
  /// silently replaced.
  public static func compile(
    utf8 bytes: some Collection<UInt8>, arguments: [PredicateArgument]? = nil,
    profile: ValidationProfile = .uikit
  ) -> PredicateCompilation {
    let parsed = PredicateParser.parse(utf8: bytes, arguments: arguments)
    guard let predicate = parsed.predicate else {
      return PredicateCompilation(
        source: parsed.source, compiled: nil, diagnostics: parsed.diagnostics)
    }
    return compile(predicate, source: parsed.source, profile: profile, earlier: parsed.diagnostics)
  }

  private static func compile(
    _ predicate: FormatPredicate, source: String, profile: ValidationProfile,
    earlier: [Diagnostic]
  ) -> PredicateCompilation {
    var validator = PredicateValidator(profile: profile)
    validator.validate(predicate)
    var diagnostics = earlier + validator.diagnostics
    guard !diagnostics.containsErrors else {
      return PredicateCompilation(
        source: source, compiled: nil, diagnostics: sorted(diagnostics))
    }
    var compiler = PredicateCompiler(source: source)
    let matcher = compiler.compile(predicate)
    diagnostics += compiler.diagnostics
    // A lone constant says what it means, and a lone comparison already got its own warning.
    switch (matcher.alwaysValue, predicate.kind) {
    case (_?, .constant), (_?, .comparison):
      break
    case (let value?, _):
      diagnostics.append(
        Diagnostic(
          ValidationMessage.constantPredicate(value),
          at: predicate.range ?? .point(0),
          notes: [
            DiagnosticNote(
              "write \(value ? "TRUEPREDICATE" : "FALSEPREDICATE") if that is intended")
          ]))
    default:
      break
    }
    diagnostics = sorted(diagnostics)
    guard !diagnostics.containsErrors else {
      return PredicateCompilation(source: source, compiled: nil, diagnostics: diagnostics)
    }
    let compiled = CompiledPredicate(
      predicate: predicate, profile: profile, source: source, warnings: diagnostics,
      matcher: matcher)
    return PredicateCompilation(source: source, compiled: compiled, diagnostics: diagnostics)
  }

  private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.sorted {
      ($0.range.lowerBound, $0.severity) < ($1.range.lowerBound, $1.severity)
    }
  }

  private init(
    predicate: FormatPredicate, profile: ValidationProfile, source: String,
    warnings: [Diagnostic], matcher: Matcher
  ) {
    storage = Storage(
      predicate: predicate, profile: profile, source: source, warnings: warnings,
      matcher: matcher)
  }

  /// Evaluates the predicate with `SELF` bound to `targetContentIdentifier`.
  ///
  /// - Complexity: O(n) in the identifier for every operator but LIKE with several `*` (O(n·m) at
  ///   worst) and MATCHES (bounded by the regex limits).
  /// - Throws: ``PredicateEvaluationError`` when a regular expression hits a resource limit.
  public func evaluate(with targetContentIdentifier: String?) throws(PredicateEvaluationError)
    -> Bool
  {
    let matcher = storage.matcher
    return try withSubject(targetContentIdentifier) { subject throws(PredicateEvaluationError) in
      if let answer = try matcher.answerFromBytes(subject) { return answer }
      // The views are made only when the bytes cannot answer: most evaluations never need them.
      var views = IdentifierViews.oneOff()
      return try matcher.evaluatePrepared(subject, &views)
    }
  }

  /// Evaluates against a shared context, reusing the identifier views other predicates computed.
  public func evaluate(in context: inout EvaluationContext) throws(PredicateEvaluationError)
    -> Bool
  {
    let matcher = storage.matcher
    return try withSubject(context.targetContentIdentifier) {
      subject throws(PredicateEvaluationError) in
      try matcher.evaluate(subject, &context.views)
    }
  }

  /// This predicate without a reference of its own, for a caller that keeps the predicate (so
  /// its storage) alive for as long as it keeps this: evaluating a predicate read out of an
  /// array retains and releases its storage, two atomic operations that cost more than many a
  /// comparison, and a router evaluates a dozen predicates per event.
  package var unretained: Unretained { Unretained(storage: .passUnretained(storage)) }

  /// A compiled predicate, unretained (see ``CompiledPredicate/unretained``).
  package struct Unretained: @unchecked Sendable {
    fileprivate let storage: Unmanaged<Storage>

    /// ``CompiledPredicate/evaluate(in:)``, the storage borrowed without a reference count.
    package func evaluate(in context: inout EvaluationContext) throws(PredicateEvaluationError)
      -> Bool
    {
      let storage = self.storage
      return try withSubject(context.targetContentIdentifier) {
        subject throws(PredicateEvaluationError) in
        try storage._withUnsafeGuaranteedRef { storage in
          Result { () throws(PredicateEvaluationError) -> Bool in
            try storage.matcher.evaluate(subject, &context.views)
          }
        }.get()
      }
    }
  }

  public static func == (lhs: CompiledPredicate, rhs: CompiledPredicate) -> Bool {
    lhs.predicate == rhs.predicate && lhs.profile == rhs.profile
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(predicate)
    hasher.combine(profile)
  }

  /// The default *can activate* condition: `TRUEPREDICATE`.
  public static let alwaysTrue = try! CompiledPredicate(format: "TRUEPREDICATE")
  /// The default *prefers to activate* condition: `FALSEPREDICATE`.
  public static let alwaysFalse = try! CompiledPredicate(format: "FALSEPREDICATE")
}

/// The outcome of ``CompiledPredicate/compile(_:arguments:profile:)``.
public struct PredicateCompilation: Sendable {
  /// The source text.
  public var source: String
  /// The compiled predicate, or nil when there were errors.
  public var compiled: CompiledPredicate?
  /// Every diagnostic, errors and warnings, in source order.
  public var diagnostics: [Diagnostic]
}

extension CompiledPredicate {
  /// The PCRE2 pattern a `SELF MATCHES` predicate runs on identifiers without a CR, and whether
  /// it is compiled caseless; nil for any other predicate.
  ///
  /// For the benchmarks only: their floor compiles exactly this pattern with raw PCRE2 calls, so
  /// that the distance between the two is what the predicate machinery costs, not a different
  /// regular expression.
  @_spi(Benchmarks) public var regexPatternForBenchmarks: (pattern: String, caseless: Bool)? {
    guard case .regex(let program) = matcher else { return nil }
    return (program.regex.pattern, program.regex.options.contains(.caseInsensitive))
  }
}
