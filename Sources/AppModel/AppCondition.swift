import PredicateEvaluation
import PredicateSyntax
import SceneRouting
import SourceReading

/// What is known of one activation condition of a scene read from source: a predicate whose
/// run-time values are `$variables`, or nothing at all.
///
/// Asked about an identifier, it answers *always*, *never* or *depends* (``StaticAnswer``), so
/// the routing of an app whose conditions hold run-time values says what it depends on rather
/// than routing a made-up value.
package enum AppCondition: Sendable, Hashable {
  /// A predicate; each value the source does not fix is a `$variable` of `variables`.
  case known(FormatPredicate, variables: [ConditionVariable])
  /// A condition the source does not fix at all (a predicate from a run-time value, a set
  /// built at run time, a root view not followed): named for messages, with why.
  case unknown(name: String, reason: String)
  /// One of `alternatives`, which one known only at run time (a delegate's condition, and
  /// those code elsewhere may set on the scene it runs in): named for messages, with why.
  indirect case oneOf([AppCondition], name: String, reason: String)

  /// The condition of a SwiftUI set: `TRUEPREDICATE` with `"*"`, else `SELF CONTAINS[cd]` of
  /// each non-empty string OR-ed (``ExternalEventHandling/predicate(matching:)``), an element
  /// built by interpolation as a variable bound to its template.
  package static func matching(_ set: [Template]) -> AppCondition {
    // The lint's own way with a set of templates (ConditionChecker), so both print alike.
    var marks = RunTimeMarks()
    let strings = set.map { $0.text ?? marks.text($0) }
    let (predicate, variables) = marks.typed(ExternalEventHandling.predicate(matching: strings))
    return .known(predicate, variables: variables)
  }

  /// What the condition answers for `identifier`, whatever the run-time values hold.
  package func answer(for identifier: TextTemplate) -> StaticAnswer {
    switch self {
    case .known(let predicate, let variables):
      var bindings: [String: TextTemplate] = [:]
      for variable in variables { bindings[variable.name] = variable.template }
      return predicate.answer(for: identifier, variables: bindings)
    case .unknown(let name, _):
      return .depends(on: [name])
    case .oneOf(let alternatives, let name, _):
      // What every alternative answers alike holds whichever the scene holds.
      let answers = alternatives.map { $0.answer(for: identifier) }
      if answers.allSatisfy({ $0 == .always }) { return .always }
      if answers.allSatisfy({ $0 == .never }) { return .never }
      var names = [name]
      for dependency in answers.flatMap(\.dependencies) where !names.contains(dependency) {
        names.append(dependency)
      }
      return .depends(on: names)
    }
  }

  /// Whether it takes every identifier: `TRUEPREDICATE`, a `"*"` set, UIKit's default.
  package var isCatchAll: Bool {
    switch self {
    case .known(let predicate, _): predicate == .truePredicate
    case .unknown: false
    case .oneOf(let alternatives, _, _): alternatives.allSatisfy(\.isCatchAll)
    }
  }

  /// The string literals the condition compares identifiers with (`"orders/"` of
  /// `SELF BEGINSWITH "orders/"`, a set's strings), in order.
  package var literals: [String] {
    if case .oneOf(let alternatives, _, _) = self {
      var found: [String] = []
      for literal in alternatives.flatMap(\.literals) where !found.contains(literal) {
        found.append(literal)
      }
      return found
    }
    guard case .known(let predicate, _) = self else { return [] }
    var found: [String] = []
    func collect(_ operand: FormatExpression) {
      switch operand.kind {
      case .constant(.string(let text)): if !found.contains(text) { found.append(text) }
      case .aggregate(let elements): elements.forEach(collect)
      default: break
      }
    }
    func walk(_ predicate: FormatPredicate) {
      switch predicate.kind {
      case .constant: break
      case .comparison(let comparison):
        collect(comparison.lhs)
        collect(comparison.rhs)
      case .not(let operand): walk(operand)
      case .and(let operands), .or(let operands): operands.forEach(walk)
      }
    }
    walk(predicate)
    return found
  }

  /// The predicate, when it holds no run-time value.
  package var predicate: FormatPredicate? {
    guard case .known(let predicate, let variables) = self, variables.isEmpty else { return nil }
    return predicate
  }

  /// The printed predicate, its run-time values as `$variables`; nil when nothing is known.
  package var format: String? {
    guard case .known(let predicate, _) = self else { return nil }
    return predicate.predicateFormat
  }

  /// Each name an answer of it may depend on, with what it stands for in a message: a
  /// variable with nothing known (`$orderPrefix: 'Paths.orderPrefix' is a run-time value`), a
  /// template's hole (`'note.id'`), the condition itself when nothing of it is known.
  package var dependencies: [(name: String, description: String)] {
    switch self {
    case .known(_, let variables):
      variables.flatMap { variable in
        variable.template.map { $0.holes.map { ($0, "'\($0)'") } }
          ?? [(variable.name, "$\(variable.name) (\(variable.reason))")]
      }
    case .unknown(let name, let reason): [(name, "\(name) (\(reason))")]
    case .oneOf(let alternatives, let name, let reason):
      [(name, "\(name) (\(reason))")] + alternatives.flatMap(\.dependencies)
    }
  }
}
