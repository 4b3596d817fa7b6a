import PredicateSyntax

/// A string known in part: literal text and named run-time holes, in order.
///
/// An app builds identifiers and predicate operands from values it has only at run time
/// (`"order/\(order.id)"`, `stringWithFormat:@"order/%@", orderID`). The known text is routed
/// as what it is, and each hole stands for every string it could hold, so a predicate asked
/// about a template answers *always*, *never* or *depends* (``StaticAnswer``), never as if a
/// made-up value were the identifier.
///
/// ```swift
/// let order = TextTemplate(parts: [.text("order/"), .hole("orderID")])
/// order.description   // order/⟨orderID⟩
/// ```
package struct TextTemplate: Sendable, Hashable, CustomStringConvertible {
  /// One part of a template.
  package enum Part: Sendable, Hashable {
    /// Literal text.
    case text(String)
    /// A run-time value, named by the expression that makes it (`order.id`, `orderID`).
    case hole(String)
  }

  /// The parts, in order; adjacent text parts are joined and empty ones dropped.
  package var parts: [Part]
  /// The holes that may hold any string, `/` included, wherever they sit (a file's path):
  /// never path components (``isComponent(at:)``).
  package var pathHoles: Set<String> = []

  /// A template of `parts`, with adjacent text parts joined and empty ones dropped.
  package init(parts: [Part]) {
    var joined: [Part] = []
    for part in parts {
      if case .text(let tail) = part {
        if tail.isEmpty { continue }
        if case .text(let head)? = joined.last {
          joined[joined.count - 1] = .text(head + tail)
          continue
        }
      }
      joined.append(part)
    }
    self.parts = joined
  }

  /// A template with no hole.
  package init(_ text: String) {
    self.init(parts: [.text(text)])
  }

  /// A template that is one run-time value and nothing known.
  package static func unknown(_ name: String) -> TextTemplate {
    TextTemplate(parts: [.hole(name)])
  }

  /// The text, when the template has no hole.
  package var text: String? {
    var result = ""
    for part in parts {
      guard case .text(let text) = part else { return nil }
      result += text
    }
    return result
  }

  /// The holes' names, in order, each once.
  package var holes: [String] {
    var seen: Set<String> = []
    return parts.compactMap { part in
      guard case .hole(let name) = part, seen.insert(name).inserted else { return nil }
      return name
    }
  }

  /// The known text before the first hole (all of it when there is none).
  package var head: String {
    guard case .text(let text)? = parts.first else { return "" }
    return text
  }

  /// The known text after the last hole (all of it when there is none).
  package var tail: String {
    guard case .text(let text)? = parts.last else { return "" }
    return text
  }

  /// The literal text parts, in order.
  package var texts: [String] {
    parts.compactMap { part in
      guard case .text(let text) = part else { return nil }
      return text
    }
  }

  /// The template with each hole filled by `fill(name)`: a concrete string it stands for.
  package func filled(_ fill: (String) -> String) -> String {
    parts.map { part in
      switch part {
      case .text(let text): text
      case .hole(let name): fill(name)
      }
    }.joined()
  }

  /// The known text with each hole shown by its name: `order/⟨orderID⟩`. For people, never
  /// routed: the brackets are not part of any identifier the app makes.
  package var description: String {
    parts.map { part in
      switch part {
      case .text(let text): text
      case .hole(let name): "⟨\(name)⟩"
      }
    }.joined()
  }

  /// Whether the hole at `index` of ``parts`` is one path component: the text before it ends
  /// with `/`, or the text after it starts with one.
  ///
  /// **Decision:** such a hole's value holds no `/` (nor a character that folds to one, `／`):
  /// `"order/\(order.id)"` is an order's path, and its id is one component of it. So
  /// `order/⟨id⟩` never contains `notes/library`, while it may contain `library`. A hole with
  /// no `/` beside it (`"\(prefix)order"`, a whole identifier built at run time) may hold any
  /// string.
  package func isComponent(at index: Int) -> Bool {
    guard parts.indices.contains(index), case .hole(let name) = parts[index],
      !pathHoles.contains(name)
    else { return false }
    if index > 0, case .text(let before) = parts[index - 1], before.hasSuffix("/") { return true }
    if index + 1 < parts.count, case .text(let after) = parts[index + 1], after.hasPrefix("/") {
      return true
    }
    return false
  }

  /// The scalars a component hole never holds (``isComponent(at:)``).
  package static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "/" || scalar == "\u{FF0F}"
  }

  /// Whether a hole's value could join the text after it into one unit of text, so that what
  /// is known of the text alone (its prefix, what it contains) may not hold once filled.
  ///
  /// **Decision:** a hole stands for a value that begins with a starter that composes with
  /// nothing before it (an identifier's component: a number, a name, a UUID). Text after a hole
  /// that starts with a combining mark, a conjoining Hangul vowel or trailing consonant, or one
  /// of the few starters that compose with the starter before them, could merge with the hole's
  /// last character; such a template answers only what concrete text decides.
  package var hasUnsafeJoin: Bool {
    var afterHole = false
    for part in parts {
      switch part {
      case .hole: afterHole = true
      case .text(let text):
        if afterHole, let first = text.unicodeScalars.first, Self.joinsPrevious(first) {
          return true
        }
        afterHole = false
      }
    }
    return false
  }

  /// Whether `scalar` can join the character before it: a non-starter, a Hangul vowel or
  /// trailing jamo, or a starter that is the second half of a canonical composition.
  private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x300 { return false }
    if scalar.properties.canonicalCombiningClass != .notReordered { return true }
    switch scalar.value {
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
    // Starters that compose with the starter before them (UnicodeData's second halves of
    // primary composites: Indic vowel signs and length marks, Sinhala, Myanmar, Balinese).
    case 0x09BE, 0x09D7, 0x0B3E, 0x0B56, 0x0B57, 0x0BBE, 0x0BD7, 0x0C56, 0x0CC2, 0x0CD5, 0x0CD6,
      0x0D3E, 0x0D57, 0x0DCF, 0x0DDF, 0x102E, 0x1B35, 0x110A7, 0x11127, 0x1133E, 0x11357,
      0x114B0, 0x114BA, 0x114BD, 0x115AF, 0x11930:
      return true
    default: return false
    }
  }
}

extension TextTemplate: ExpressibleByStringLiteral {
  /// A template with no hole: `"order/"`.
  package init(stringLiteral value: String) {
    self.init(value)
  }
}
