import PredicateEvaluation
import SceneJSON

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
  public var canActivateForTargetContentIdentifierPredicate: CompiledPredicate {
    didSet { externalEventHandling = nil }
  }
  /// Whether the scene prefers to be activated for an identifier. Default `FALSEPREDICATE`.
  public var prefersToActivateForTargetContentIdentifierPredicate: CompiledPredicate {
    didSet { externalEventHandling = nil }
  }
  /// The SwiftUI sets these conditions were made from, when they were
  /// (``init(_:)``); setting either predicate forgets them.
  public internal(set) var externalEventHandling: ExternalEventHandling?

  /// Conditions are equal when their predicates are: where they were declared takes no part.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.canActivateForTargetContentIdentifierPredicate
      == rhs.canActivateForTargetContentIdentifierPredicate
      && lhs.prefersToActivateForTargetContentIdentifierPredicate
        == rhs.prefersToActivateForTargetContentIdentifierPredicate
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(canActivateForTargetContentIdentifierPredicate)
    hasher.combine(prefersToActivateForTargetContentIdentifierPredicate)
  }

  /// The narrowest profile that accepts both predicates: `extended` when either was validated
  /// under `extended`, otherwise `uikit`.
  public var profile: ValidationProfile {
    let can = canActivateForTargetContentIdentifierPredicate.profile
    let prefers = prefersToActivateForTargetContentIdentifierPredicate.profile
    return can.isNarrower(thanOrEqualTo: prefers) ? prefers : can
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
    profile: ValidationProfile = .uikit
  ) throws(ActivationConditionsError) {
    self.canActivateForTargetContentIdentifierPredicate = try Self.compile(
      canActivate, default: "TRUEPREDICATE", field: .canActivate, profile: profile)
    self.prefersToActivateForTargetContentIdentifierPredicate = try Self.compile(
      prefers, default: "FALSEPREDICATE", field: .prefersToActivate, profile: profile)
  }

  static func compile(
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
  /// The predicate's own error: its source and every diagnostic.
  public var underlyingError: InvalidPredicateError

  /// The invalid predicate's text, which the diagnostics' ranges point into.
  public var source: String { underlyingError.source }
  /// Every diagnostic of the predicate, errors and warnings, in source order.
  public var diagnostics: [Diagnostic] { underlyingError.diagnostics }

  /// The predicate's error.
  @available(*, deprecated, renamed: "underlyingError")
  public var error: InvalidPredicateError { underlyingError }

  /// An error for `field` with the predicate's diagnostics.
  public init(field: Field, error: InvalidPredicateError) {
    self.field = field
    self.underlyingError = error
  }

  /// The field, then the diagnostics rendered at their positions, each message once:
  /// `canActivate: 1:6: error[…]: …` and the source line with its marker.
  public var description: String {
    "\(field.rawValue): " + DiagnosticRenderer().render(diagnostics, in: source)
  }
}

extension ActivationConditions: Codable {
  private enum CodingKeys: String, CodingKey {
    case canActivate, prefersToActivate, profile, canActivateProfile, prefersToActivateProfile
  }

  /// Encodes ``jsonValue``: the canonical format strings and ``profile``, and a predicate
  /// validated under a narrower profile than the other records its own, so decoding gives back
  /// equal conditions.
  public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }

  /// Decodes and re-validates both predicates: a tampered predicate is a `DecodingError` that
  /// carries its diagnostics.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let profile =
      try container.decodeIfPresent(ValidationProfile.self, forKey: .profile) ?? .uikit
    let canProfile =
      try container.decodeIfPresent(ValidationProfile.self, forKey: .canActivateProfile) ?? profile
    let prefersProfile =
      try container.decodeIfPresent(ValidationProfile.self, forKey: .prefersToActivateProfile)
      ?? profile
    for (key, own) in [
      (CodingKeys.canActivateProfile, canProfile), (.prefersToActivateProfile, prefersProfile),
    ]
    where !own.isNarrower(thanOrEqualTo: profile) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription:
          "'\(own.rawValue)' is wider than the conditions' profile '\(profile.rawValue)'")
    }
    let canActivate = try container.decodeIfPresent(String.self, forKey: .canActivate)
    let prefers = try container.decodeIfPresent(String.self, forKey: .prefersToActivate)
    do {
      self.init(
        canActivateForTargetContentIdentifierPredicate: try Self.compile(
          canActivate, default: "TRUEPREDICATE", field: .canActivate, profile: canProfile),
        prefersToActivateForTargetContentIdentifierPredicate: try Self.compile(
          prefers, default: "FALSEPREDICATE", field: .prefersToActivate, profile: prefersProfile))
    } catch {
      let key: CodingKeys = error.field == .canActivate ? .canActivate : .prefersToActivate
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: error.description)
    }
  }
}

extension ActivationConditions {
  /// The conditions' JSON shape, the one `Codable` and the scenes file write: `canActivate`,
  /// `prefersToActivate`, `profile`, and a narrower predicate's own profile.
  var jsonValue: JSONValue {
    let can = canActivateForTargetContentIdentifierPredicate
    let prefers = prefersToActivateForTargetContentIdentifierPredicate
    var members: [(String, JSONValue)] = [
      ("canActivate", .string(can.predicateFormat)),
      ("prefersToActivate", .string(prefers.predicateFormat)),
      ("profile", .string(profile.rawValue)),
    ]
    if can.profile != profile {
      members.append(("canActivateProfile", .string(can.profile.rawValue)))
    }
    if prefers.profile != profile {
      members.append(("prefersToActivateProfile", .string(prefers.profile.rawValue)))
    }
    return .object(JSONObject(members))
  }
}
