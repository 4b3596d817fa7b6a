import Testing

@testable import PortableIO

/// `System.firstOffset(of:in:from:)` searches for a pattern's rarest byte; these hold it to
/// the plain search it replaces.
@Suite("byte search: the rare-byte search finds what a plain search finds")
struct ByteSearchTests {
  /// The first offset of `pattern` in `bytes` at or after `start`, a byte at a time.
  static func plain(_ pattern: [UInt8], _ bytes: [UInt8], from start: Int) -> Int? {
    guard pattern.count <= bytes.count, start <= bytes.count - pattern.count else { return nil }
    for at in max(0, start)...(bytes.count - pattern.count)
    where Array(bytes[at..<(at + pattern.count)]) == pattern {
      return at
    }
    return nil
  }

  @Test("markers in source text, at the ends, overlapping and absent")
  func examples() {
    let text = Array(
      "scene.activationConditions.canActivateForTargetContentIdentifierPredicate = p\n".utf8)
    for (pattern, start) in [
      ("ForTargetContentIdentifierPredicate", 0), ("scene", 0), ("p\n", 0), ("Conditions", 10),
      ("Predicate", 70), ("absent", 0), ("PP", 0), ("e.", 3), ("ss", 0),
    ] {
      let bytes = Array(pattern.utf8)
      let found = text.withUnsafeBufferPointer {
        System.firstOffset(of: bytes, in: $0, from: start)
      }
      #expect(found == Self.plain(bytes, text, from: start), "\(pattern) from \(start)")
    }
    let overlapping = Array("aaaab@@@ab@".utf8)
    for pattern in ["aab", "@@a", "b@", "@ab@"] {
      let bytes = Array(pattern.utf8)
      let found = overlapping.withUnsafeBufferPointer {
        System.firstOffset(of: bytes, in: $0, from: 0)
      }
      #expect(found == Self.plain(bytes, overlapping, from: 0), "\(pattern)")
    }
  }

  @Test("random texts and patterns over a small alphabet")
  func random() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aA@ \\e.".utf8) + [0xC3, 0xA9]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let pattern = (0..<Int.random(in: 2...5, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let start = Int.random(in: 0...max(0, text.count), using: &generator)
      let found = text.withUnsafeBufferPointer {
        System.firstOffset(of: pattern, in: $0, from: start)
      }
      #expect(
        found == Self.plain(pattern, text, from: start), "\(pattern) in \(text) from \(start)")
      if found != Self.plain(pattern, text, from: start) { return }
    }
  }

  @Test("a set of patterns finds in one scan what a search for each finds")
  func patternSets() {
    let markers = [
      "Scene", "Window", "@main", "widgetURL", "\\.openURL", "UIApplication.shared.open",
      "NSApplicationDelegate", "ContentIdentifier", "View",
    ].map { Array($0.utf8) }
    let set = BytePatterns(markers)
    let text = Array("let w = openWindow; x.widgetURL(u) // NSApplicationDelegate\n@main".utf8)
    let found = text.withUnsafeBufferPointer { set.found(in: $0) }
    #expect(found == 1 << 1 | 1 << 2 | 1 << 3 | 1 << 6)  // Window, @main, widgetURL, NSApp…
    #expect(text.withUnsafeBufferPointer { set.containsAny($0) })
    #expect(!Array("nothing here".utf8).withUnsafeBufferPointer { set.containsAny($0) })
    // Random sets over a small alphabet, against a plain search for each pattern.
    // Two alphabets: a small one (places that hold several pass bytes, overlaps) and a wide
    // one (more than eight pass bytes: several scans).
    var generator = SystemRandomNumberGenerator()
    let small = Array("aA@ \\e.".utf8) + [0xC3, 0xA9]
    let wide = Array("abcdefghijklmnopqrstuvwxyzSVLFUIW@".utf8)
    for round in 0..<4_000 {
      let alphabet = round.isMultiple(of: 2) ? small : wide
      func random(_ lengths: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: lengths, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }
      }
      let patterns = (0..<Int.random(in: 1...16, using: &generator)).map { _ in random(2...3) }
      let text = random(0...100)
      let expected = patterns.indices.reduce(UInt64(0)) {
        Self.plain(patterns[$1], text, from: 0) == nil ? $0 : $0 | 1 << $1
      }
      let set = BytePatterns(patterns)
      let found = text.withUnsafeBufferPointer { set.found(in: $0) }
      #expect(found == expected, "\(patterns) in \(text)")
      let any = text.withUnsafeBufferPointer { set.containsAny($0) }
      #expect(any == (expected != 0))
      // Every place one of the patterns starts, each once, in order.
      let starts = text.indices.filter { start in
        patterns.contains { start + $0.count <= text.count && text[start...].starts(with: $0) }
      }
      let offsets = text.withUnsafeBufferPointer { set.offsets(in: $0) }
      #expect(offsets == starts, "\(patterns) in \(text)")
      if found != expected || offsets != starts { return }
    }
  }
}
