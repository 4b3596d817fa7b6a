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
