/// A failure to compile or run a regular expression, with PCRE2's own message.
///
/// Compile errors keep PCRE2's offset into the pattern (in UTF-8 bytes) so a caller can map it
/// back to where the pattern came from; match errors say which limit stopped the match.
package struct PCRE2Error: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, at the granularity callers act on: a struct of named values rather than
  /// an enum, so that a new kind is not a breaking change for clients (STYLE 6).
  package struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package var description: String { rawValue }

    /// The pattern is not a valid PCRE2 regular expression.
    package static let compile = Kind(rawValue: "compile")
    /// A match exceeded the match, depth, heap or JIT stack limit: the pattern backtracks too much.
    package static let resourceLimit = Kind(rawValue: "resourceLimit")
    /// Any other failure PCRE2 reports (out of memory, internal error).
    package static let other = Kind(rawValue: "other")
  }

  /// What went wrong.
  package var kind: Kind
  /// PCRE2's error code (negative for match errors, positive for compile errors).
  package var code: Int32
  /// PCRE2's message, lowercased at the first letter to read like our other diagnostics.
  package var message: String
  /// For compile errors, the UTF-8 byte offset in the pattern where PCRE2 stopped.
  package var offset: Int?

  /// Creates an error value; the library creates these from PCRE2's result codes.
  package init(kind: Kind, code: Int32, message: String, offset: Int? = nil) {
    self.kind = kind
    self.code = code
    self.message = message
    self.offset = offset
  }

  package var description: String {
    if let offset { return "\(message) at offset \(offset)" }
    return message
  }
}
