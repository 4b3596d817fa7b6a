/// Source text with position markers (`1️⃣`, `2️⃣`, …) removed and their byte offsets kept.
///
/// Tests write the expected position of a diagnostic where it is, in the input:
/// `"SELF 1️⃣BEGINWITH 'x'"` says the first diagnostic starts at `BEGINWITH`. Numbers never go
/// stale when an input is edited.
public struct MarkedText: Sendable {
  /// The text without markers.
  public let text: String
  /// Marker number → byte offset in ``text``.
  public let markers: [Int: Int]

  private static let keycaps: [Character: Int] = [
    "1️⃣": 1, "2️⃣": 2, "3️⃣": 3, "4️⃣": 4, "5️⃣": 5, "6️⃣": 6, "7️⃣": 7, "8️⃣": 8, "9️⃣": 9,
  ]

  /// Strips markers from `marked`.
  public init(_ marked: String) {
    var text = ""
    var markers: [Int: Int] = [:]
    for character in marked {
      if let number = Self.keycaps[character] {
        markers[number] = text.utf8.count
      } else {
        text.append(character)
      }
    }
    self.text = text
    self.markers = markers
  }

  /// The marker offsets in marker order.
  public var orderedOffsets: [Int] { markers.keys.sorted().map { markers[$0]! } }
}
