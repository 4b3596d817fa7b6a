/// Substring search with a worst-case linear bound: Knuth–Morris–Pratt.
///
/// The fast searches (a filtered candidate scan, then a compare at each candidate) cost
/// O(n·m) on hostile input such as a needle `a…aba…a` in a haystack of `a`s. Each of them counts
/// the work its compares may cost and, past ``budget(_:_:)``, hands over to this search, which
/// finds every occurrence in O(n + m) and asks the same `accept` about each. Typical searches
/// never reach the budget and never allocate.
enum LinearSearch {
  /// The compare work (needle lengths summed over candidates) a fast search may spend before it
  /// hands over: a few times the input, so the total stays linear either way.
  @inline(__always)
  static func budget(_ haystackCount: Int, _ needleCount: Int) -> Int {
    4 * (haystackCount + needleCount) + 1024
  }

  /// Whether `accept` holds at some offset where `needle` occurs in `haystack`, offsets tried
  /// left to right; elements are compared after `map` (the needle is already mapped).
  static func anyOccurrence<Element: Equatable>(
    haystackCount: Int, needleCount: Int, haystack: (Int) -> Element, needle: (Int) -> Element,
    accept: (Int) -> Bool
  ) -> Bool {
    var comparisons = 0
    return anyOccurrence(
      haystackCount: haystackCount, needleCount: needleCount, haystack: haystack,
      needle: needle, comparisons: &comparisons, accept: accept)
  }

  /// The search, counting its element comparisons (at most 2n + 2m: the tests check the bound).
  static func anyOccurrence<Element: Equatable>(
    haystackCount: Int, needleCount: Int, haystack: (Int) -> Element, needle: (Int) -> Element,
    comparisons: inout Int, accept: (Int) -> Bool
  ) -> Bool {
    guard needleCount > 0, needleCount <= haystackCount else { return false }
    // failure[i]: the length of the longest proper border of needle[0...i].
    var failure = [Int](repeating: 0, count: needleCount)
    var border = 0
    for index in 1..<max(1, needleCount) {
      while border > 0 && needle(index) != needle(border) {
        comparisons += 1
        border = failure[border - 1]
      }
      comparisons += 1
      if needle(index) == needle(border) { border += 1 }
      failure[index] = border
    }
    var matched = 0
    for index in 0..<haystackCount {
      let element = haystack(index)
      while matched > 0 && element != needle(matched) {
        comparisons += 1
        matched = failure[matched - 1]
      }
      comparisons += 1
      if element == needle(matched) { matched += 1 }
      if matched == needleCount {
        if accept(index + 1 - needleCount) { return true }
        matched = failure[matched - 1]
      }
    }
    return false
  }

  /// ``anyOccurrence(haystackCount:needleCount:haystack:needle:accept:)`` over bytes, the
  /// haystack lowercased (ASCII) when `foldCase`.
  static func anyOccurrence(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, foldCase: Bool,
    accept: (Int) -> Bool
  ) -> Bool {
    anyOccurrence(
      haystackCount: haystack.count, needleCount: needle.count,
      haystack: { foldCase ? ASCIIBytes.lower(haystack[$0]) : haystack[$0] },
      needle: { needle[$0] }, accept: accept)
  }
}
