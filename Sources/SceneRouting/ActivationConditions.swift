import PredicateEvaluation
import PredicateSyntax

/// When a scene may and prefers to be activated for a target content identifier, as
/// `UIScene.ActivationConditions`.
///
/// Both predicates are validated and compiled when the conditions are made, never per event.
/// A scene whose *prefers* predicate matches wins over one whose *can* predicate matches; a
/// *prefers* match does not need a *can* match.
///
/// ```swift
/// let conditions = try ActivationConditions(
///   canActivateForTargetContentIdentifierPredicate: "SELF BEGINSWITH 'com.example.chat/'",
///   prefersToActivateForTargetContentIdentifierPredicate: "SELF == 'com.example.chat/thread/42'")
/// ```
///
/// Encoded as the canonical format strings plus the profile; decoding parses and validates them
/// again, so a hand-edited or tampered file is rejected with its diagnostics.
public struct ActivationConditions: Sendable, Hashable {
  /// Whether the scene can be activated for an identifier. Default `TRUEPREDICATE`.
  public var canActivateForTargetContentIdentifierPredicate: CompiledPredicate
  /// Whether the scene prefers to be activated for an identifier. Default `FALSEPREDICATE`.
  public var prefersToActivateForTargetContentIdentifierPredicate: CompiledPredicate

  /// The profile both predicates were validated under.
  public var profile: ValidationProfile {
    canActivateForTargetContentIdentifierPredicate.profile
  }

  /// The defaults: can activate for anything, prefers nothing.
  public init() {
    canActivateForTargetContentIdentifierPredicate = .alwaysTrue
    prefersToActivateForTargetContentIdentifierPredicate = .alwaysFalse
  }

  /// Conditions from compiled predicates.
  public init(
    canActivateForTargetContentIdentifierPredicate: CompiledPredicate = .alwaysTrue,
    prefersToActivateForTargetContentIdentifierPredicate: CompiledPredicate = .alwaysFalse
  ) {
    self.canActivateForTargetContentIdentifierPredicate =
      canActivateForTargetContentIdentifierPredicate
    self.prefersToActivateForTargetContentIdentifierPredicate =
      prefersToActivateForTargetContentIdentifierPredicate
  }

  /// Conditions from format strings; nil keeps a default.
  ///
  /// - Throws: ``ActivationConditionsError`` naming the predicate, with its diagnostics.
  public init(
    canActivateForTargetContentIdentifierPredicate canActivate: String? = nil,
    prefersToActivateForTargetContentIdentifierPredicate prefers: String? = nil,
    profile: ValidationProfile = .extended
  ) throws(ActivationConditionsError) {
    self.canActivateForTargetContentIdentifierPredicate = try Self.compile(
      canActivate, default: "TRUEPREDICATE", field: .canActivate, profile: profile)
    self.prefersToActivateForTargetContentIdentifierPredicate = try Self.compile(
      prefers, default: "FALSEPREDICATE", field: .prefersToActivate, profile: profile)
  }

  private static func compile(
    _ source: String?, default fallback: String, field: ActivationConditionsError.Field,
    profile: ValidationProfile
  ) throws(ActivationConditionsError) -> CompiledPredicate {
    do {
      return try CompiledPredicate(format: source ?? fallback, profile: profile)
    } catch {
      throw ActivationConditionsError(field: field, error: error)
    }
  }
}

/// A predicate of activation conditions was invalid.
public struct ActivationConditionsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Which predicate.
  public enum Field: String, Sendable, Hashable, Codable {
    /// `canActivateForTargetContentIdentifierPredicate` (`canActivate` in files).
    case canActivate
    /// `prefersToActivateForTargetContentIdentifierPredicate` (`prefersToActivate` in files).
    case prefersToActivate
  }

  /// Which predicate was invalid.
  public var field: Field
  /// Its diagnostics.
  public var error: InvalidPredicateError

  public var description: String {
    "\(field.rawValue): \(error.errors.first?.message ?? "invalid predicate")\n"
      + DiagnosticRenderer().render(error.diagnostics, in: error.source)
  }
}

extension ActivationConditions: Codable {
  private enum CodingKeys: String, CodingKey {
    case canActivate, prefersToActivate, profile
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(
      canActivateForTargetContentIdentifierPredicate.predicateFormat, forKey: .canActivate)
    try container.encode(
      prefersToActivateForTargetContentIdentifierPredicate.predicateFormat,
      forKey: .prefersToActivate)
    try container.encode(profile, forKey: .profile)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let profile =
      try container.decodeIfPresent(ValidationProfile.self, forKey: .profile) ?? .extended
    let canActivate = try container.decodeIfPresent(String.self, forKey: .canActivate)
    let prefers = try container.decodeIfPresent(String.self, forKey: .prefersToActivate)
    do {
      try self.init(
        canActivateForTargetContentIdentifierPredicate: canActivate,
        prefersToActivateForTargetContentIdentifierPredicate: prefers, profile: profile)
    } catch {
      let key: CodingKeys = error.field == .canActivate ? .canActivate : .prefersToActivate
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: error.description)
    }
  }
}
