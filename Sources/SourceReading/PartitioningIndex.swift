extension RandomAccessCollection {
  /// The first index whose element `belongsAfter` holds for, or `endIndex`, in a collection
  /// where it holds for every element after one it holds for (sorted offsets split at a
  /// threshold): found by halving, in logarithmic time.
  package func partitioningIndex(where belongsAfter: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsAfter(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
