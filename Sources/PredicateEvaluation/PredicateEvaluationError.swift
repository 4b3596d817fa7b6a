/// Evaluating a compiled predicate failed.
///
/// Everything that can be checked before evaluation is a compile-time diagnostic, so this happens
/// only when a resource limit stops a regular expression, or when `SELF` is itself a pattern
/// (`'abc' MATCHES SELF`) and the identifier is not a valid one. The router treats a predicate that
/// throws as not matching and records the error in its decision.
public struct PredicateEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A regular expression exceeded its match, depth or heap limit.
    case resourceLimit
    /// The identifier, used as a LIKE or MATCHES pattern, is not a valid pattern.
    case invalidPattern
  }

  /// What went wrong.
  public var kind: Kind
  /// A message in the diagnostics style: lowercase, no final period.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
