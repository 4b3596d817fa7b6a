import PredicateSyntax

/// A LIKE pattern, parsed once: `*` matches any run of characters, `?` exactly one, and `\`
/// makes the next character literal. Wildcards match newlines; the whole string must match.
///
/// Matching uses the classic two-pointer algorithm with one backtrack point (the last `*`): linear
/// on typical patterns, O(n·m) at worst, never exponential, and it never compiles a regex.
struct GlobPattern: Sendable {
  enum Element: Sendable, Equatable {
    /// A run of literal units, each a run of scalars.
    case literal([Unicode.Scalar])
    case anyOne
    case anyRun
  }

  /// Units of the pattern: one element per literal unit, `?` or `*`.
  let elements: [Element]
  /// The literal pattern as bytes, when it is ASCII (for the byte fast path): 0…127 are literal
  /// bytes, `anyOneByte` and `anyRunByte` the wildcards.
  let asciiProgram: [UInt16]?
  let isEmpty: Bool
  /// Whether a literal unit is non-ASCII (then no ASCII subject can match).
  let hasNonASCIILiteral: Bool

  static let anyOneByte: UInt16 = 0x100
  static let anyRunByte: UInt16 = 0x101

  /// Why a pattern is invalid: it ends in a lone backslash.
  struct TrailingBackslash: Error {}

  /// Parses an already prepared (folded/normalised) pattern.
  init(prepared pattern: String) throws(TrailingBackslash) {
    let text = UnitText(pattern)
    var elements: [Element] = []
    var ascii: [UInt16]? = text.isASCII ? [] : nil
    var index = 0
    let units = text.units
    while index < units.count {
      let unit = units[index]
      let first = text.scalars[unit.lowerBound]
      if unit.count == 1 && first == "\\" {
        guard index + 1 < units.count else { throw TrailingBackslash() }
        let escaped = units[index + 1]
        let scalars = Array(text.scalars[escaped])
        elements.append(.literal(scalars))
        ascii?.append(UInt16(scalars[0].value))
        index += 2
        continue
      }
      if unit.count == 1 && first == "*" {
        // Consecutive stars are one star.
        if elements.last != .anyRun {
          elements.append(.anyRun)
          ascii?.append(Self.anyRunByte)
        }
      } else if unit.count == 1 && first == "?" {
        elements.append(.anyOne)
        ascii?.append(Self.anyOneByte)
      } else {
        elements.append(.literal(Array(text.scalars[unit])))
        ascii?.append(UInt16(first.value))
      }
      index += 1
    }
    self.elements = elements
    self.asciiProgram = ascii
    self.isEmpty = pattern.isEmpty
    self.hasNonASCIILiteral = elements.contains {
      if case .literal(let scalars) = $0 { return scalars.contains { $0.value >= 0x80 } }
      return false
    }
  }

  /// Matches ASCII `subject` bytes (the pattern must be ASCII); `foldCase` lowercases the subject
  /// (the pattern was folded when prepared).
  func matchesASCII(_ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool {
    guard let program = asciiProgram, !isEmpty else { return false }
    var s = 0
    var p = 0
    var starP = -1
    var starS = 0
    while s < subject.count {
      if p < program.count {
        let op = program[p]
        if op == Self.anyRunByte {
          starP = p
          starS = s
          p += 1
          continue
        }
        let byte = foldCase ? ASCIIBytes.lower(subject[s]) : subject[s]
        if op == Self.anyOneByte || op == UInt16(byte) {
          s += 1
          p += 1
          continue
        }
      }
      guard starP >= 0 else { return false }
      p = starP + 1
      starS += 1
      s = starS
    }
    while p < program.count && program[p] == Self.anyRunByte { p += 1 }
    return p == program.count
  }

  /// Matches a prepared subject unit by unit.
  func matches(_ subject: UnitText) -> Bool {
    guard !isEmpty else { return false }
    let units = subject.units
    func unitEquals(_ unit: Range<Int>, _ literal: [Unicode.Scalar]) -> Bool {
      unit.count == literal.count && zip(subject.scalars[unit], literal).allSatisfy { $0 == $1 }
    }
    var s = 0
    var p = 0
    var starP = -1
    var starS = 0
    while s < units.count {
      if p < elements.count {
        switch elements[p] {
        case .anyRun:
          starP = p
          starS = s
          p += 1
          continue
        case .anyOne:
          s += 1
          p += 1
          continue
        case .literal(let scalars):
          if unitEquals(units[s], scalars) {
            s += 1
            p += 1
            continue
          }
        }
      }
      guard starP >= 0 else { return false }
      p = starP + 1
      starS += 1
      s = starS
    }
    while p < elements.count && elements[p] == .anyRun { p += 1 }
    return p == elements.count
  }
}
