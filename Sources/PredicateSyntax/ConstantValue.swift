/// A literal value in a predicate: a string, a number, a Boolean or nil.
///
/// Booleans keep their type (NSPredicate turns `TRUE` into the number 1 and prints `1`); keeping it
/// makes the canonical form round-trip exactly and lets diagnostics say "a Boolean".
package enum ConstantValue: Sendable, Hashable {
  /// A string literal (`'…'` or `"…"`), escapes already decoded.
  case string(String)
  /// An integer literal in any base (`42`, `0x2A`, `0o52`, `0b101010`).
  case integer(Int)
  /// A decimal or exponent literal (`4.2`, `1e3`), or an integer too large for `Int`.
  case double(Double)
  /// `TRUE`/`YES` or `FALSE`/`NO`.
  case boolean(Bool)
  /// `NULL` or `NIL`.
  case null

  /// A short name of the value's type for messages: "a string", "a number", …
  package var typeDescription: String {
    switch self {
    case .string: "a string"
    case .integer, .double: "a number"
    case .boolean: "a Boolean"
    case .null: "nil"
    }
  }
}
