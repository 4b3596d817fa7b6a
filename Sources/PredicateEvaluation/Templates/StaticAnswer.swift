/// What a predicate answers for every value of the run-time parts it is asked about: *always*,
/// *never*, or *depends* on the named holes and variables.
///
/// A predicate asked about a template identifier (`order/⟨orderID⟩`), or holding a value known
/// only at run time (`SELF BEGINSWITH $orderPrefix`), has no single Boolean answer. This is the
/// answer that holds whatever those values are: a finding built on it holds for the app as it
/// ships, and one built on *depends* says what it depends on instead of guessing.
///
/// AND, OR and NOT combine answers as Kleene's three-valued logic does.
package enum StaticAnswer: Sendable, Hashable {
  /// True for every value of the holes and variables.
  case always
  /// False for every value.
  case never
  /// True for some values and false for others, as far as the tool can tell: the holes and
  /// variables it depends on, in order of first appearance.
  case depends(on: [String])

  /// The answer for a known Boolean.
  package init(_ value: Bool) { self = value ? .always : .never }

  /// The Boolean, when the answer does not depend on anything.
  package var value: Bool? {
    switch self {
    case .always: true
    case .never: false
    case .depends: nil
    }
  }

  /// The names the answer depends on; empty for *always* and *never*.
  package var dependencies: [String] {
    if case .depends(let names) = self { return names }
    return []
  }

  /// `NOT`.
  package var negated: StaticAnswer {
    switch self {
    case .always: .never
    case .never: .always
    case .depends: self
    }
  }

  /// `AND` of `answers`: never when one is never, always when all are always; empty is always.
  package static func all(_ answers: some Sequence<StaticAnswer>) -> StaticAnswer {
    combine(answers, absorbing: .never, identity: .always)
  }

  /// `OR` of `answers`: always when one is always, never when all are never; empty is never.
  package static func any(_ answers: some Sequence<StaticAnswer>) -> StaticAnswer {
    combine(answers, absorbing: .always, identity: .never)
  }

  private static func combine(
    _ answers: some Sequence<StaticAnswer>, absorbing: StaticAnswer, identity: StaticAnswer
  ) -> StaticAnswer {
    var names: [String] = []
    var depends = false
    for answer in answers {
      if answer == absorbing { return absorbing }
      if case .depends(let on) = answer {
        depends = true
        for name in on where !names.contains(name) { names.append(name) }
      }
    }
    return depends ? .depends(on: names) : identity
  }
}
