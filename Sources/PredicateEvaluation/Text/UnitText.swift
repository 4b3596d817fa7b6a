import Foundation
import PredicateSyntax

/// A prepared string split into *units*: a starter scalar and the non-starters (canonical
/// combining class ≠ 0) that follow it.
///
/// Non-literal search never splits a unit, so `e` does not match the `e` of a decomposed `é`, while
/// an emoji and its skin-tone modifier stay separate units (as NSString's composed character
/// sequences do for canonical equivalence). Scalars are stored normalised, so comparing scalar
/// runs compares canonically equivalent text as equal.
struct UnitText: Sendable {
  let scalars: [Unicode.Scalar]
  /// `boundary[i]` is true when a unit starts at `i`; `boundary[count]` is true.
  let boundary: [Bool]
  let isASCII: Bool

  init(_ text: String) {
    var scalars: [Unicode.Scalar] = []
    var boundary: [Bool] = []
    scalars.reserveCapacity(text.utf8.count)
    boundary.reserveCapacity(text.utf8.count + 1)
    var ascii = true
    for scalar in text.unicodeScalars {
      scalars.append(scalar)
      if scalar.value >= 0x80 { ascii = false }
      // Nothing below U+0300 (the first combining mark) is a non-starter: skip the table lookup.
      boundary.append(
        scalar.value < 0x300 || scalar.properties.canonicalCombiningClass == .notReordered)
    }
    boundary.append(true)
    boundary[0] = true
    self.scalars = scalars
    self.boundary = boundary
    self.isASCII = ascii
  }

  var isEmpty: Bool { scalars.isEmpty }
  var count: Int { scalars.count }

  private func matches(_ needle: UnitText, at start: Int) -> Bool {
    guard start >= 0, start + needle.count <= count, boundary[start],
      boundary[start + needle.count]
    else { return false }
    for offset in 0..<needle.count where scalars[start + offset] != needle.scalars[offset] {
      return false
    }
    return true
  }

  func hasPrefix(_ needle: UnitText) -> Bool {
    !needle.isEmpty && matches(needle, at: 0)
  }

  func hasSuffix(_ needle: UnitText) -> Bool {
    !needle.isEmpty && matches(needle, at: count - needle.count)
  }

  func contains(_ needle: UnitText) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return false }
    var work = 0
    let budget = LinearSearch.budget(count, needle.count)
    for start in 0...(count - needle.count) where scalars[start] == needle.scalars[0] {
      work += needle.count
      if work > budget {
        return LinearSearch.anyOccurrence(
          haystackCount: count, needleCount: needle.count, haystack: { scalars[$0] },
          needle: { needle.scalars[$0] }, accept: { boundary[$0] && boundary[$0 + needle.count] })
      }
      if matches(needle, at: start) { return true }
    }
    return false
  }

  /// The unit ranges, for LIKE.
  var units: [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    for index in 1...max(1, count) where index <= count && boundary[index] {
      result.append(start..<index)
      start = index
    }
    return count == 0 ? [] : result
  }
}
