/// Which predicates are accepted as activation conditions.
///
/// Both profiles accept only `SELF`, literals, aggregates of literals, comparisons, `NOT`, `AND`,
/// `OR` and the constant predicates. They differ where UIKit's own validator is stricter than what
/// a Linux service needs.
public enum ValidationProfile: String, Sendable, Hashable, Codable, CaseIterable {
  /// Exactly what UIKit accepts when activation conditions are set: no `MATCHES`, no `$variables`.
  /// The default everywhere, so that nothing passes a check that would crash an iOS app at
  /// launch.
  case uikit
  /// Everything `uikit` accepts, plus `MATCHES` through PCRE2: opted into by services that route
  /// off Apple platforms, never for predicates an iOS app will ship.
  case extended
}

extension ValidationProfile {
  /// The profiles' names as a message that expects one lists them: `"uikit" or "extended"`.
  package static var expectedNames: String {
    allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
  }

  /// Whether everything this profile accepts, `other` accepts too.
  package func isNarrower(thanOrEqualTo other: ValidationProfile) -> Bool {
    self == other || (self == .uikit && other == .extended)
  }
}
