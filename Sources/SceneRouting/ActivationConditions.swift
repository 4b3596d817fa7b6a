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
  /// (``handlesExternalEvents(preferring:allowing:)``); setting either predicate forgets them.
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
      canActivate, field: .canActivate, profile: profile)
    self.prefersToActivateForTargetContentIdentifierPredicate = try Self.compile(
      prefers, field: .prefersToActivate, profile: profile)
  }

  /// `source` compiled for `field` under `profile`; nil is the field's default
  /// (``ActivationConditionsError/Field/defaultFormat``).
  static func compile(
    _ source: String?, field: ActivationConditionsError.Field, profile: ValidationProfile
  ) throws(ActivationConditionsError) -> CompiledPredicate {
    do {
      return try CompiledPredicate(format: source ?? field.defaultFormat, profile: profile)
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

    /// The predicate a missing one stands for, as UIKit defaults it: `TRUEPREDICATE` for
    /// *can activate*, `FALSEPREDICATE` for *prefers to activate*.
    var defaultFormat: String {
      switch self {
      case .canActivate: CompiledPredicate.alwaysTrue.predicateFormat
      case .prefersToActivate: CompiledPredicate.alwaysFalse.predicateFormat
      }
    }
  }

  /// Which predicate was invalid.
  public var field: Field
  /// The predicate's own error: its source and every diagnostic.
  public var underlyingError: InvalidPredicateError

  /// The invalid predicate's text, which the diagnostics' ranges point into.
  package var source: String { underlyingError.source }
  /// Every diagnostic of the predicate, errors and warnings, in source order.
  package var diagnostics: [Diagnostic] { underlyingError.diagnostics }

  /// An error for `field` with the predicate's diagnostics.
  package init(field: Field, error: InvalidPredicateError) {
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

  /// Decodes and re-validates both predicates, as a scenes file reads them
  /// (``read(_:profile:ceiling:)``): a tampered predicate or profile is a `DecodingError` that
  /// says why (a predicate's with its diagnostics).
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    guard case .object(let object) = value else {
      throw DecodingError.typeMismatch(
        ActivationConditions.self,
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected an object, found \(value.typeDescription)"))
    }
    let read = Self.read(
      FieldReader(object: object, path: ""), profile: .uikit, ceiling: .extended)
    if let problem = read.problems.first {
      let (path, message) =
        switch problem {
        case .field(let error): (error.path, error.message)
        case .predicate(let path, let error): (path, error.description)
        }
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [AnyCodingKey(path)], debugDescription: message))
    }
    self = read.conditions ?? ActivationConditions()
  }
}

/// A key of a path read from JSON, for a `DecodingError`'s coding path.
private struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension ActivationConditions {
  /// What is wrong with conditions read from JSON: a field (a profile, a type), or a predicate
  /// at its path.
  enum ReadProblem {
    case field(FieldError)
    case predicate(path: String, ActivationConditionsError)
  }

  /// Reads conditions from their JSON object (`canActivate`, `prefersToActivate`, `profile`,
  /// `canActivateProfile`, `prefersToActivateProfile`): the one reader `Codable` and the
  /// scenes file use, so both apply one profile rule.
  ///
  /// The rule: the conditions' `profile` (default `profile`, the enclosing one) is no wider
  /// than `ceiling` (a scenes file's profile; `extended` for `Codable`), and a predicate's own
  /// profile (default the conditions') no wider than the conditions'. A missing predicate is its
  /// field's default. Both predicates are compiled, so an object with two bad ones reports both.
  ///
  /// - Returns: the conditions (nil when a problem stopped them), each predicate's warnings,
  ///   and every problem.
  static func read(
    _ conditions: FieldReader, profile: ValidationProfile, ceiling: ValidationProfile
  ) -> (
    conditions: ActivationConditions?,
    warnings: [(ActivationConditionsError.Field, Diagnostic)], problems: [ReadProblem]
  ) {
    var problems: [ReadProblem] = []
    func named(_ key: String, within limit: ValidationProfile, of owner: String?)
      -> ValidationProfile?
    {
      do throws(FieldError) {
        guard let name = try conditions.optionalString(key) else { return nil }
        guard let named = ValidationProfile(rawValue: name) else {
          throw FieldError(
            path: conditions.child(key),
            kind: .unknownValue,
            message: "expected \(ValidationProfile.expectedNames), found \"\(name)\"")
        }
        guard named.isNarrower(thanOrEqualTo: limit) else {
          throw FieldError(
            path: conditions.child(key),
            kind: .invalidValue,
            message: owner.map {
              "'\(named.rawValue)' is wider than the conditions' profile '\($0)'"
            }
              ?? "expected \"uikit\" (the file's profile), found \"\(name)\"; "
              + "the file's \"profile\": \"extended\" opts its scenes in to MATCHES")
        }
        return named
      } catch {
        problems.append(.field(error))
        return nil
      }
    }
    let own = named(profileKey, within: ceiling, of: nil) ?? profile
    var warnings: [(ActivationConditionsError.Field, Diagnostic)] = []
    var compiled: [ActivationConditionsError.Field: CompiledPredicate] = [:]
    for field in [ActivationConditionsError.Field.canActivate, .prefersToActivate] {
      let fieldProfile = named(field.profileKey, within: own, of: own.rawValue) ?? own
      do throws(FieldError) {
        let source = try conditions.optionalString(field.rawValue)
        do throws(ActivationConditionsError) {
          let predicate = try compile(source, field: field, profile: fieldProfile)
          compiled[field] = predicate
          warnings += predicate.warnings.map { (field, $0) }
        } catch {
          problems.append(.predicate(path: conditions.child(field.rawValue), error))
        }
      } catch {
        problems.append(.field(error))
      }
    }
    guard let can = compiled[.canActivate], let prefers = compiled[.prefersToActivate] else {
      return (nil, warnings, problems)
    }
    return (
      ActivationConditions(
        canActivateForTargetContentIdentifierPredicate: can,
        prefersToActivateForTargetContentIdentifierPredicate: prefers),
      warnings, problems
    )
  }
}

extension ActivationConditions {
  /// The member of the conditions' JSON object that names their profile.
  package static let profileKey = "profile"

  /// Every member of the conditions' JSON object: each predicate (by its field's name), the
  /// profile, and each predicate's own profile.
  package static let jsonKeys: Set<String> = [
    ActivationConditionsError.Field.canActivate.rawValue,
    ActivationConditionsError.Field.prefersToActivate.rawValue, profileKey,
    ActivationConditionsError.Field.canActivate.profileKey,
    ActivationConditionsError.Field.prefersToActivate.profileKey,
  ]

  /// The conditions' JSON shape, the one `Codable` and the scenes file write: `canActivate`,
  /// `prefersToActivate`, `profile`, and a narrower predicate's own profile.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = []
    for field in [ActivationConditionsError.Field.canActivate, .prefersToActivate] {
      members.append((field.rawValue, .string(predicate(field).predicateFormat)))
    }
    members.append((Self.profileKey, .string(profile.rawValue)))
    for field in [ActivationConditionsError.Field.canActivate, .prefersToActivate]
    where predicate(field).profile != profile {
      members.append((field.profileKey, .string(predicate(field).profile.rawValue)))
    }
    return .object(JSONObject(members))
  }

  /// The predicate of `field`.
  package func predicate(_ field: ActivationConditionsError.Field) -> CompiledPredicate {
    switch field {
    case .canActivate: canActivateForTargetContentIdentifierPredicate
    case .prefersToActivate: prefersToActivateForTargetContentIdentifierPredicate
    }
  }
}

extension ActivationConditionsError.Field {
  /// The member of the conditions' JSON object that gives this predicate its own profile
  /// (`canActivateProfile`).
  package var profileKey: String { rawValue + "Profile" }
}
