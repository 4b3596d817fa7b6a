/// A value passed for a format specifier, as `NSPredicate(format:_:)` takes `%@` arguments.
///
/// Swift values convert through ``PredicateArgumentConvertible``, so a call reads like Apple's:
///
/// ```swift
/// let threadID = "42"
/// let predicate = try FormatPredicate(format: "SELF == %@", "chat/thread/\(threadID)")
/// let either = try FormatPredicate(format: "SELF IN %@", ["inbox", "sent"])
/// ```
public enum PredicateArgument: Sendable, Hashable {
  /// A string: `%@` substitutes a string literal; `%K` accepts only `SELF`.
  case string(String)
  /// An integer, for `%@`, `%d`, `%i`, `%u`, `%ld`, …
  case integer(Int)
  /// A floating-point number, for `%@`, `%f`, `%g`, `%e`, …
  case double(Double)
  /// A Boolean, for `%@`.
  case boolean(Bool)
  /// nil, for `%@`.
  case null
  /// An array, for `%@` (becomes an aggregate literal).
  case array([PredicateArgument])
}

/// A Swift value that can be passed as a format argument.
public protocol PredicateArgumentConvertible: Sendable {
  /// The value as a format argument.
  var predicateArgument: PredicateArgument { get }
}

extension PredicateArgument: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { self }
}
extension String: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .string(self) }
}
extension Substring: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .string(String(self)) }
}
extension Int: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .integer(self) }
}
extension Double: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .double(self) }
}
extension Bool: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .boolean(self) }
}
extension Optional: PredicateArgumentConvertible where Wrapped: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { self?.predicateArgument ?? .null }
}
extension Array: PredicateArgumentConvertible where Element: PredicateArgumentConvertible {
  public var predicateArgument: PredicateArgument { .array(map(\.predicateArgument)) }
}

extension PredicateArgument {
  /// The expression a `%@` argument becomes.
  var expressionKind: FormatExpression.Kind {
    switch self {
    case .string(let value): .constant(.string(value))
    case .integer(let value): .constant(.integer(value))
    case .double(let value): .constant(.double(value))
    case .boolean(let value): .constant(.boolean(value))
    case .null: .constant(.null)
    case .array(let values): .aggregate(values.map { FormatExpression($0.expressionKind) })
    }
  }

  var typeDescription: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .double: "a floating-point number"
    case .boolean: "a Boolean"
    case .null: "nil"
    case .array: "an array"
    }
  }
}
