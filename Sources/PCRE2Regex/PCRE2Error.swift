/// A failure to compile or run a regular expression, with PCRE2's own message.
///
/// Compile errors keep PCRE2's offset into the pattern (in UTF-8 bytes) so a caller can map it
/// back to where the pattern came from; match errors say which limit stopped the match.
public struct PCRE2Error: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, at the granularity callers act on: a struct of named values rather than
  /// an enum, so that a new kind is not a breaking change for clients (STYLE 6).
  public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The pattern is not a valid PCRE2 regular expression.
    public static let compile = Kind(rawValue: "compile")
    /// A match exceeded the match, depth, heap or JIT stack limit: the pattern backtracks too much.
    public static let resourceLimit = Kind(rawValue: "resourceLimit")
    /// Any other failure PCRE2 reports (out of memory, internal error).
    public static let other = Kind(rawValue: "other")
  }

  /// What went wrong.
  public var kind: Kind
  /// PCRE2's error code (negative for match errors, positive for compile errors).
  public var code: Int32
  /// PCRE2's message, lowercased at the first letter to read like our other diagnostics.
  public var message: String
  /// For compile errors, the UTF-8 byte offset in the pattern where PCRE2 stopped.
  public var offset: Int?

  /// Creates an error value; the library creates these from PCRE2's result codes.
  public init(kind: Kind, code: Int32, message: String, offset: Int? = nil) {
    self.kind = kind
    self.code = code
    self.message = message
    self.offset = offset
  }

  public var description: String {
    if let offset { return "\(message) at offset \(offset)" }
    return message
  }
}
