/// The optimal string alignment distance (Levenshtein plus adjacent transposition) between two
/// words, or nil once it exceeds `limit` — enough to suggest `BEGINSWITH` for `BEGINWITH`.
package func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if abs(a.count - b.count) > limit { return nil }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
  var previousPrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = current[0]
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previousPrevious[j - 2] + 1)
      }
      rowMinimum = min(rowMinimum, current[j])
    }
    if rowMinimum > limit { return nil }
    (previousPrevious, previous, current) = (previous, current, previousPrevious)
  }
  return previous[b.count] <= limit ? previous[b.count] : nil
}
