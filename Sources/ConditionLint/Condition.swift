/// Which condition a finding is: one of UIKit's two predicates, or one of SwiftUI's string sets.
package enum ConditionKind: String, Sendable, Hashable, CaseIterable {
  case canActivate
  case prefersToActivate
  case swiftUIMatching = "swiftui.matching"
  case swiftUIPreferring = "swiftui.preferring"
  case swiftUIAllowing = "swiftui.allowing"

  /// The UIKit property a predicate is assigned to, by its name in source.
  static func property(_ name: String) -> ConditionKind? {
    switch name {
    case "canActivateForTargetContentIdentifierPredicate",
      "setCanActivateForTargetContentIdentifierPredicate":
      .canActivate
    case "prefersToActivateForTargetContentIdentifierPredicate",
      "setPrefersToActivateForTargetContentIdentifierPredicate":
      .prefersToActivate
    default: nil
    }
  }
}

/// How a predicate is built in source, as far as the source says.
indirect enum PredicateSource: Sendable, Hashable {
  /// `NSPredicate(format:…)` / `predicateWithFormat:` with a literal format.
  case format(LiteralText, arguments: [FormatArgument])
  /// `NSPredicate(value:)` / `predicateWithValue:`.
  case value(Bool)
  /// `NSCompoundPredicate` of the subpredicates.
  case compound(CompoundKind, [PredicateSource])
  /// A SwiftUI string set, literal strings in order.
  case strings([LiteralText])
  /// A format built by string interpolation: it breaks on an apostrophe.
  case interpolated
  /// Something the source does not spell out (a runtime value), and why.
  case notCheckable(String)
}

/// An `NSCompoundPredicate` type.
enum CompoundKind: Sendable, Hashable {
  case and, or, not
}

/// A format argument: a literal string (inlined), or a value known only at run time.
enum FormatArgument: Sendable, Hashable {
  case string(String)
  /// An array literal of string literals (for `IN %@`).
  case strings([String])
  case runtime
}

/// An activation condition found in a source file.
struct FoundCondition: Sendable, Hashable {
  /// Where the predicate expression (or the SwiftUI modifier call) starts, as a file byte offset.
  var offset: Int
  /// Which condition.
  var kind: ConditionKind
  /// How it is built.
  var source: PredicateSource
}
