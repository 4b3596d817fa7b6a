import PredicateEvaluation

/// Sessions filed by the necessary conditions of their predicates (``MatchRequirement``), per
/// role number and predicate kind, so that a route evaluates only the sessions an identifier
/// could match: exact keys in a hash map, literal prefixes in byte tries over the identifier's raw
/// and NFC bytes, and the sessions that must always be evaluated.
struct SessionIndex: Sendable {
  /// Positions (in the router's session order) filed by necessary condition.
  struct Postings: Sendable {
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
  private(set) var prefers: [Postings]
  private(set) var can: [Postings]

  init(_ predicates: [SessionPredicates], roles: RoleNumbers) {
    prefers = Array(repeating: Postings(), count: roles.roles.count)
    can = prefers
    for (position, session) in predicates.enumerated() {
      let role = roles.sessionRoles[position]
      prefers[role].file(position, session.prefers.requirement)
      can[role].file(position, session.can.requirement)
    }
  }
}

/// Identifier bytes as a hash key, hashed in one call over the buffer: `[UInt8]`'s own hashing
/// feeds the hasher one byte at a time, which cost more than the rest of a small route.
struct ExactKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

/// Sorted position lists merged lazily into one increasing sequence without duplicates.
struct MergedPositions: Sequence, IteratorProtocol {
  private var lists: [ArraySlice<Int>]
  private var last = -1

  init(_ lists: [ArraySlice<Int>]) { self.lists = lists }

  mutating func next() -> Int? {
    while true {
      var best: Int?
      var bestList = -1
      for (index, list) in lists.enumerated() {
        if let head = list.first, best == nil || head < best! {
          best = head
          bestList = index
        }
      }
      guard let position = best else { return nil }
      lists[bestList] = lists[bestList].dropFirst()
      if position != last {
        last = position
        return position
      }
    }
  }
}

/// A byte trie whose nodes hold the positions filed under the prefix ending there.
///
/// Each node's edges are a linked list in one flat array: a walk step is a few comparisons over
/// plain integers, where a dictionary per node hashed every byte of every identifier routed.
/// A node has at most 256 edges, so a step is bounded whatever was inserted.
struct ByteTrie: Sendable {
  private struct Edge: Sendable {
    var byte: UInt8
    var child: Int32
    var next: Int32
  }

  /// The first edge of each node, or -1.
  private var firstEdge: [Int32] = [-1]
  private var edges: [Edge] = []
  private var positions: [[Int]] = [[]]

  private func child(of node: Int, _ byte: UInt8) -> Int? {
    var edge = firstEdge[node]
    while edge >= 0 {
      let candidate = edges[Int(edge)]
      if candidate.byte == byte { return Int(candidate.child) }
      edge = candidate.next
    }
    return nil
  }

  mutating func insert(_ prefix: [UInt8], _ position: Int) {
    var node = 0
    for byte in prefix {
      if let next = child(of: node, byte) {
        node = next
      } else {
        let created = firstEdge.count
        firstEdge.append(-1)
        positions.append([])
        edges.append(Edge(byte: byte, child: Int32(created), next: firstEdge[node]))
        firstEdge[node] = Int32(edges.count - 1)
        node = created
      }
    }
    // Positions arrive in increasing order, so each list stays sorted.
    if positions[node].last != position { positions[node].append(position) }
  }

  /// Calls `body` with the positions of every node on `bytes`' path (every filed prefix of it).
  func walk(_ bytes: [UInt8], _ body: ([Int]) -> Void) {
    var node = 0
    for byte in bytes {
      guard let next = child(of: node, byte) else { return }
      node = next
      if !positions[node].isEmpty { body(positions[node]) }
    }
  }
}
