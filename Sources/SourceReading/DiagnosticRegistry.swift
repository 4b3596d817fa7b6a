import PredicateEvaluation
import SceneRouting

/// Every diagnostic id `lint` can report, once each, with its declared severity and its help
/// text: the predicate language's syntax and validation ids, then lint's own (``LintRule``: the
/// source, app and routing findings), then the router's warning that lint reports as the
/// router declares it (`routing.order-dependent`).
///
/// The one list the rest reads: a configuration's `rules` entries are checked against it, and
/// SARIF describes each finding's rule from it. Each stage still declares its ids beside its
/// messages (`SyntaxMessage.Kind`, `ValidationMessage.Kind`, ``LintRule``, `RoutingWarning`);
/// nothing here restates one.
package enum DiagnosticRegistry {
  /// One id.
  package struct Entry: Sendable {
    package var id: String
    package var severity: DiagnosticSeverity
    /// What it means and what to do, for people (SARIF's `help`).
    package var help: String
  }

  /// Every entry: syntax ids, validation ids, then lint's own, each in declaration order.
  package static let entries: [Entry] =
    DiagnosticID.syntaxIDs.map {
      Entry(id: $0.id.rawValue, severity: $0.severity, help: syntaxHelp)
    }
    + DiagnosticID.validationIDs.map {
      Entry(id: $0.id.rawValue, severity: $0.severity, help: validationHelp)
    }
    + LintRule.allCases.map { Entry(id: $0.rawValue, severity: $0.severity, help: $0.help) }
    + [
      Entry(
        id: RoutingWarning.orderDependent.rawValue, severity: .warning,
        help: RoutingWarning.orderDependentHelp)
    ]

  /// The entries by id.
  private static let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })

  /// The entry of `id`, or nil for an id no stage declares.
  package static func entry(_ id: String) -> Entry? { byID[id] }

  private static let syntaxHelp =
    "The predicate format does not parse: NSPredicate(format:) raises, and an app that assigns "
    + "it to activation conditions crashes at launch."
  private static let validationHelp =
    "The predicate parses, but activation conditions reject it or it does not do what it seems "
    + "to (UIKit raises on assignment for errors)."
}
