import PredicateEvaluation

extension RoutingTable {
  /// The most witnesses ``witnesses(of:)`` makes: a table is for people to read.
  package static let maximumWitnesses = 1_000

  /// Identifiers made from the app's own predicates, so a table needs no input: for each scene
  /// (most recent first) and window group, strings its conditions are about — the literal of
  /// `==` and each member of `IN {…}`; the literal plus a suffix for `BEGINSWITH`; a prefix plus
  /// the literal for `ENDSWITH`; the literal itself for `CONTAINS` (SwiftUI's sets included);
  /// a LIKE pattern with each wildcard filled; a string `SELF IN` searches. Under `AND`, the
  /// pieces of its operands are also joined (a `BEGINSWITH` piece followed by an `ENDSWITH` one),
  /// so `SELF BEGINSWITH 'a/' AND SELF ENDSWITH '.pdf'` yields `a/example.pdf`. `MATCHES` and
  /// orderings give none. Repeats are dropped; at most 1,000.
  public static func witnesses(of router: ActivationRouter) -> [String] {
    var found: [String] = []
    var seen = Set<String>()
    func add(_ candidates: [String]) {
      for candidate in candidates
      where found.count < maximumWitnesses && seen.insert(candidate).inserted {
        found.append(candidate)
      }
    }
    for session in router.sessions {
      let conditions = session.activationConditions
      add(conditions.prefersToActivateForTargetContentIdentifierPredicate.witnesses)
      add(conditions.canActivateForTargetContentIdentifierPredicate.witnesses)
    }
    for group in router.windowGroups {
      if let predicate = group.matchingPredicate { add(predicate.witnesses) }
    }
    return found
  }
}
