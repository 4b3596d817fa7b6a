import PredicateEvaluation

/// Sessions filed by the necessary conditions of their predicates (``MatchRequirement``), per
/// role number and predicate kind, so that a route evaluates only the sessions an identifier
/// could match: exact keys in a hash map, literal prefixes in byte tries over the identifier's raw
/// and NFC bytes, and the sessions that must always be evaluated.
struct SessionIndex: Sendable {
  /// Positions (in the router's session order) filed by necessary condition.
  ///
  /// A class, filled while the index is built and only read after: a struct read out of the
  /// index's array for every route copied its four collections (four retains and releases).
  /// Its fields are constants (a class's variables are checked for exclusive access on every
  /// read); ``Builder`` files the positions.
  final class Postings: Sendable {
    let always: [Int]
    let exact: [ExactKey: [Int]]
    let rawTrie: ByteTrie
    let canonicalTrie: ByteTrie

    init(_ builder: Builder) {
      always = builder.always
      exact = builder.exact
      rawTrie = builder.rawTrie
      canonicalTrie = builder.canonicalTrie
    }

    /// The positions that can match `probe`, increasing (so in recency order), each once.
    func candidates(_ probe: MatchRequirement.Probe) -> MergedPositions {
      var lists: [ArraySlice<Int>] = []
      if !always.isEmpty { lists.append(always[...]) }
      if let hits = exact[ExactKey(probe.raw)] { lists.append(hits[...]) }
      rawTrie.walk(probe.raw) { lists.append($0[...]) }
      canonicalTrie.walk(probe.canonical) { lists.append($0[...]) }
      return MergedPositions(lists)
    }
  }

  /// Each role number's postings for the *prefers* and the *can* predicates.
  let prefers: [Postings]
  let can: [Postings]

  /// One role's postings while they are filed.
  struct Builder {
    var always: [Int] = []
    var exact: [ExactKey: [Int]] = [:]
    var rawTrie = ByteTrie()
    var canonicalTrie = ByteTrie()

    mutating func file(_ position: Int, _ requirement: MatchRequirement) {
      switch requirement {
      case .never: break
      case .always: always.append(position)
      case .keys(let keys, let raw, let canonical):
        for key in keys { exact[ExactKey(key), default: []].append(position) }
        for prefix in raw { rawTrie.insert(prefix, position) }
        for prefix in canonical { canonicalTrie.insert(prefix, position) }
      }
    }
  }

  init(_ predicates: [SessionPredicates], roles: RoleNumbers) {
    var prefers = Array(repeating: Builder(), count: roles.roles.count)
    var can = prefers
    for (position, session) in predicates.enumerated() {
      let role = roles.sessionRoles[position]
      prefers[role].file(position, session.prefers.requirement)
      can[role].file(position, session.can.requirement)
    }
    self.prefers = prefers.map(Postings.init)
    self.can = can.map(Postings.init)
  }
}
