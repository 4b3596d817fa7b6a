import PredicateEvaluation

/// The string sets a SwiftUI view gives `handlesExternalEvents(preferring:allowing:)`: which
/// events the open scene *prefers* to handle and which it *can* handle.
///
/// SwiftUI compares each string with the event's target content identifier (or, for a URL or a
/// user activity without one, the URL's absolute string) by case- and diacritic-insensitive
/// containment; the string `"*"` matches anything; an empty set, or an empty string, matches
/// nothing. So each set is exactly a predicate (``predicate(matching:)``), and an open SwiftUI
/// scene routes as the ``ActivationConditions`` those predicates make: that is how the router
/// treats it, and why a SwiftUI scene and its equivalent UIKit scene always route alike.
///
/// ```swift
/// let editor = ActivationConditions.handlesExternalEvents(
///   preferring: ["notes/doc-42"], allowing: ["*"])
/// editor.prefersToActivateForTargetContentIdentifierPredicate.predicateFormat
/// // SELF CONTAINS[cd] "notes/doc-42"
/// ```
///
/// A view without the modifier handles no event in an open scene: both sets empty.
public struct ExternalEventHandling: Sendable, Hashable {
  /// The strings for which the scene prefers to handle an event, in declaration order.
  public var preferring: [String]
  /// The strings for which the scene can handle an event, in declaration order.
  public var allowing: [String]

  /// Sets in declaration order (as a scenes file lists them); repeated strings count once.
  public init(preferring: [String] = [], allowing: [String] = []) {
    self.preferring = Self.distinct(preferring)
    self.allowing = Self.distinct(allowing)
  }

  /// Sets as SwiftUI takes them; sorted, so the predicates print the same on every run.
  package init(preferring: Set<String>, allowing: Set<String>) {
    self.init(preferring: preferring.sorted(), allowing: allowing.sorted())
  }

  /// The predicate equivalent to one set of SwiftUI's strings: `TRUEPREDICATE` when it holds
  /// `"*"`, `FALSEPREDICATE` when it holds no non-empty string, otherwise
  /// `SELF CONTAINS[cd] "s"` for each string, OR-ed in order.
  ///
  /// The one home of the translation: scenes files, the library API and `scene-router lint` all
  /// come through here.
  public static func predicate(matching conditions: some Sequence<String>) -> FormatPredicate {
    var strings: [String] = []
    for string in distinct(Array(conditions)) {
      if string == "*" { return .value(true) }
      if !string.isEmpty { strings.append(string) }
    }
    // Made from the format language, as an app would write it: a literal format with one string
    // argument always parses (the tests translate arbitrary strings), so none is dropped.
    let comparisons = strings.compactMap { string in
      try? FormatPredicate(format: "SELF CONTAINS[cd] %@", string)
    }
    return comparisons.count == 1
      ? comparisons[0] : comparisons.isEmpty ? .value(false) : .or(comparisons)
  }

  /// ``predicate(matching:)`` compiled. The translation only ever makes `TRUEPREDICATE`,
  /// `FALSEPREDICATE` and `SELF CONTAINS[cd]` of string literals, which every profile accepts
  /// (the tests compile it for arbitrary strings), so there is no error to report.
  static func compiledPredicate(matching conditions: some Sequence<String>) -> CompiledPredicate {
    let predicate = predicate(matching: conditions)
    if predicate == .value(true) { return .alwaysTrue }
    if predicate == .value(false) { return .alwaysFalse }
    return (try? CompiledPredicate(predicate, profile: .uikit)) ?? .alwaysFalse
  }

  /// `strings` without repeats, first occurrence kept.
  private static func distinct(_ strings: [String]) -> [String] {
    var seen = Set<String>()
    return strings.filter { seen.insert($0).inserted }
  }
}

extension ActivationConditions {
  /// The conditions a SwiftUI view declares with `handlesExternalEvents(preferring:allowing:)`.
  public static func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>)
    -> ActivationConditions
  {
    ActivationConditions(ExternalEventHandling(preferring: preferring, allowing: allowing))
  }

  /// The conditions equivalent to SwiftUI's sets: *prefers* from `preferring`, *can* from
  /// `allowing` (``ExternalEventHandling/predicate(matching:)``). They remember the sets
  /// (``externalEventHandling``), so a scenes file written from them shows the sets again.
  package init(_ handling: ExternalEventHandling) {
    self.init(
      canActivateForTargetContentIdentifierPredicate: ExternalEventHandling.compiledPredicate(
        matching: handling.allowing),
      prefersToActivateForTargetContentIdentifierPredicate:
        ExternalEventHandling.compiledPredicate(matching: handling.preferring))
    self.externalEventHandling = handling
  }
}

/// A `WindowGroup` of a SwiftUI app, in declaration order: what SwiftUI opens a *new* window from
/// when no open scene takes an event.
///
/// SwiftUI's rules, from the documentation of `Scene.handlesExternalEvents(matching:)`, evaluated
/// in order (the router follows the last three; the first is for single-scene platforms):
/// 1. On a platform with a single scene per app, the one open scene.
/// 2. An open scene that prefers to, or can, handle the event (the view modifier:
///    ``ExternalEventHandling``).
/// 3. The first window group whose `handlesExternalEvents(matching:)` strings match the event: a
///    new scene of it.
/// 4. The first window group without that modifier: a new scene of it.
///
/// ```swift
/// let groups = [
///   WindowGroup(configuration: "Browser"),
///   WindowGroup(configuration: "Photo").handlesExternalEvents(matching: ["photoIdentifier="]),
/// ]
/// ```
public struct WindowGroup: Sendable, Hashable {
  /// The scene configuration a new window of this group gets.
  public var configuration: String
  /// The role of its scenes (`windowApplication` unless the group says otherwise).
  public var role: SceneSessionRole
  /// The strings of `handlesExternalEvents(matching:)`, or nil when the group has no such
  /// modifier (then it is the group rule 4 falls back to).
  public private(set) var matching: [String]?
  /// `matching` compiled (``ExternalEventHandling/predicate(matching:)``).
  private(set) var matchingPredicate: CompiledPredicate?

  /// A window group without `handlesExternalEvents(matching:)`.
  public init(configuration: String, role: SceneSessionRole = .windowApplication) {
    self.configuration = configuration
    self.role = role
    self.matching = nil
    self.matchingPredicate = nil
  }

  /// A window group with `handlesExternalEvents(matching:)` when `matching` is not nil, in
  /// declaration order (as a scenes file lists them).
  public init(
    configuration: String, role: SceneSessionRole = .windowApplication, matching: [String]?
  ) {
    self.init(configuration: configuration, role: role)
    if let matching { self = handlesExternalEvents(matching: matching) }
  }

  /// The group with `handlesExternalEvents(matching:)`: new windows of it are opened for events
  /// these strings match.
  public func handlesExternalEvents(matching conditions: Set<String>) -> WindowGroup {
    handlesExternalEvents(matching: conditions.sorted())
  }

  private func handlesExternalEvents(matching conditions: [String]) -> WindowGroup {
    var group = self
    group.matching = ExternalEventHandling(allowing: conditions).allowing
    group.matchingPredicate = ExternalEventHandling.compiledPredicate(matching: conditions)
    return group
  }

  /// The predicate `matching` stands for, as text (`nil` without the modifier).
  package var matchingPredicateFormat: String? { matchingPredicate?.predicateFormat }
}

/// Which window group a new scene comes from, and by which of SwiftUI's rules.
public struct WindowGroupChoice: Sendable, Hashable {
  /// SwiftUI's rule that chose the group.
  public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first group whose `handlesExternalEvents(matching:)` strings match the event.
    case matching
    /// No group's strings match: the first group without the modifier.
    case firstWithoutModifier
    /// A file the app opens as a document: a `DocumentGroup`, which opens each document in a
    /// window of its own. A decision (SwiftUI does not document how it routes a file to a
    /// scene), made by the app model; the router itself never picks it.
    case document
  }

  /// The group's position in the app's declaration order.
  public var index: Int
  /// Its configuration.
  public var configuration: String
  /// The rule.
  public var rule: Rule

  /// Creates a choice.
  package init(index: Int, configuration: String, rule: Rule) {
    self.index = index
    self.configuration = configuration
    self.rule = rule
  }

  /// Whether the group takes the event for what it is (its `matching:` strings match, or it
  /// opens the document), not as the fallback when nothing matches.
  package var takesEvent: Bool { rule != .firstWithoutModifier }
}
