/// Evaluating a compiled predicate failed.
///
/// Everything that can be checked before evaluation is a compile-time diagnostic, so this happens
/// only when a resource limit stops a regular expression, or when `SELF` is itself a pattern
/// (`'abc' MATCHES SELF`) and the identifier is not a valid one. The router treats a predicate that
/// throws as not matching and records the error in its decision.
public struct PredicateEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong: a struct of named values rather than an enum, so that a new kind of
  /// failure is not a breaking change for clients that switch over it (STYLE 6).
  public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A regular expression exceeded its match, depth or heap limit.
    public static let resourceLimit = Kind(rawValue: "resourceLimit")
    /// The identifier, used as a LIKE or MATCHES pattern, is not a valid pattern.
    public static let invalidPattern = Kind(rawValue: "invalidPattern")
    /// `MATCHES` cannot give ICU's answer for this identifier, so it gives none: a run of marks
    /// and format characters longer than a word boundary steps over, or a character ICU would
    /// case-fold into the pattern's literal text (`ß` against a `[c]` pattern's `ss`).
    public static let unlikeICU = Kind(rawValue: "unlikeICU")
  }

  /// What went wrong.
  public var kind: Kind
  /// A message in the diagnostics style: lowercase, no final period.
  public var message: String

  /// Creates an error.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
