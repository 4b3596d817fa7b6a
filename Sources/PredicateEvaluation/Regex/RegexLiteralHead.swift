/// The literal text every whole-string match of an ICU regular expression must start with.
///
/// `MATCHES` anchors its pattern at both ends, so a pattern that opens with plain characters —
/// `com[.]example[.]chat/thread/[0-9]+` opens with `com.example.chat/thread/` — can only match an
/// identifier whose bytes start with them. Checking that with one `memcmp` rejects most
/// identifiers before PCRE2 sets up a match, and the indexed router files the predicate under the
/// same head. The reader is conservative: it stops at the first construct it does not read as a
/// single literal character, and gives up on a pattern with a top-level alternative (`a|b`), so a
/// head it returns is always necessary.
package enum RegexLiteralHead {
  /// The ASCII head of `pattern` for a case-sensitive match of raw bytes, or nil when the pattern
  /// has no literal head (or may branch before it ends).
  package static func of(_ pattern: String) -> [UInt8]? {
    let scalars = Array(pattern.unicodeScalars)
    guard !hasTopLevelAlternative(scalars) else { return nil }
    var head: [UInt8] = []
    // A leading `^` holds at the start of every subject, where an anchored match begins.
    var index = scalars.first == "^" ? 1 : 0
    while index < scalars.count {
      guard let (literal, width) = literalAtom(scalars, at: index) else {
        // A mark may compose with the character before it when the pattern is normalised for
        // `[d]`: that character is not certain to stay as it is.
        let next = scalars[index].properties
        if !head.isEmpty && (next.canonicalCombiningClass != .notReordered || next.isGraphemeExtend)
        {
          head.removeLast()
        }
        break
      }
      index += width
      if index < scalars.count {
        switch scalars[index] {
        case "?", "*", "{":
          // The atom may be absent.
          return head.isEmpty ? nil : head
        case "+":
          // At least once: the first copy is part of the head; what follows is not known.
          head.append(literal)
          return head
        default:
          break
        }
      }
      head.append(literal)
    }
    return head.isEmpty ? nil : head
  }

  /// One literal ASCII character at `index` — `a`, `\.`, `[.]` or `[\.]` — and its width in
  /// scalars, or nil for anything else.
  private static func literalAtom(_ scalars: [Unicode.Scalar], at index: Int) -> (UInt8, Int)? {
    let scalar = scalars[index]
    switch scalar {
    case "\\":
      guard let escaped = escapedPunctuation(scalars, at: index + 1) else { return nil }
      return (escaped, 2)
    case "[":
      // A class of exactly one character: `[.]`, `[\.]`.
      guard index + 2 < scalars.count else { return nil }
      let member = scalars[index + 1]
      if member == "\\" {
        guard index + 3 < scalars.count, scalars[index + 3] == "]",
          let escaped = escapedPunctuation(scalars, at: index + 2)
        else { return nil }
        return (escaped, 4)
      }
      guard scalars[index + 2] == "]", member.isASCII, !"^[]-&".unicodeScalars.contains(member)
      else { return nil }
      return (UInt8(member.value), 3)
    default:
      guard scalar.isASCII, !metacharacters.contains(scalar) else { return nil }
      return (UInt8(scalar.value), 1)
    }
  }

  /// The character a backslash makes literal: ASCII punctuation only (`\d`, `\1`, `\Q` are not
  /// single literals).
  private static func escapedPunctuation(_ scalars: [Unicode.Scalar], at index: Int) -> UInt8? {
    guard index < scalars.count else { return nil }
    let value = scalars[index].value
    switch value {
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return UInt8(value)
    default: return nil
    }
  }

  /// Whether an `|` outside every group and class may split the whole pattern into alternatives.
  ///
  /// Quoting (`\Q…\E`), comment groups (`(?#…)`) and free-spacing mode (`(?x)`) can hide
  /// parentheses from this scan, so a pattern with any of them counts as branching.
  private static func hasTopLevelAlternative(_ scalars: [Unicode.Scalar]) -> Bool {
    for index in scalars.indices.dropLast() {
      if scalars[index] == "\\" && scalars[index + 1] == "Q" { return true }
      if scalars[index] == "(" && scalars[index + 1] == "?" {
        var flag = index + 2
        while flag < scalars.count, scalars[flag] != ")", scalars[flag] != ":" {
          if scalars[flag] == "x" || scalars[flag] == "#" { return true }
          flag += 1
        }
      }
    }
    var depth = 0
    var inClass = 0
    var index = 0
    while index < scalars.count {
      switch scalars[index] {
      case "\\":
        // `\cX` takes the character after the `c`, whatever it is (`\c\` is one escape).
        index += index + 1 < scalars.count && scalars[index + 1] == "c" ? 2 : 1
      case "[":
        inClass += 1
      case "]" where inClass > 0:
        inClass -= 1
      case "(" where inClass == 0:
        depth += 1
      case ")" where inClass == 0:
        depth = max(0, depth - 1)
      case "|" where inClass == 0 && depth == 0:
        return true
      default:
        break
      }
      index += 1
    }
    return false
  }

  private static let metacharacters: Set<Unicode.Scalar> = [
    "\\", ".", "^", "$", "?", "*", "+", "(", ")", "[", "]", "{", "}", "|",
  ]
}
