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
