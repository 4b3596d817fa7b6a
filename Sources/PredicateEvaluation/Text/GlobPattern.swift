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
    return Self.wildcardMatch(
      subjectCount: subject.count, patternCount: program.count,
      isRun: { program[$0] == Self.anyRunByte },
      matchesOne: { p, s in
        let op = program[p]
        return op == Self.anyOneByte
          || op == UInt16(foldCase ? ASCIIBytes.lower(subject[s]) : subject[s])
      })
  }

  /// Matches a prepared subject unit by unit.
  func matches(_ subject: UnitText) -> Bool {
    guard !isEmpty else { return false }
    let units = subject.units
    return Self.wildcardMatch(
      subjectCount: units.count, patternCount: elements.count,
      isRun: { elements[$0] == .anyRun },
      matchesOne: { p, s in
        switch elements[p] {
        case .anyOne, .anyRun: return true
        case .literal(let scalars):
          let unit = units[s]
          return unit.count == scalars.count
            && zip(subject.scalars[unit], scalars).allSatisfy { $0 == $1 }
        }
      })
  }

  /// The two-pointer wildcard match with one backtrack point (the last `*`), over any subject and
  /// pattern given by index: `isRun(p)` says whether pattern element `p` is a `*`, and
  /// `matchesOne(p, s)` whether element `p` matches subject element `s`.
  @inline(__always)
  private static func wildcardMatch(
    subjectCount: Int, patternCount: Int, isRun: (Int) -> Bool, matchesOne: (Int, Int) -> Bool
  ) -> Bool {
    var s = 0
    var p = 0
    var starP = -1
    var starS = 0
    while s < subjectCount {
      if p < patternCount {
        if isRun(p) {
          starP = p
          starS = s
          p += 1
          continue
        }
        if matchesOne(p, s) {
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
    while p < patternCount && isRun(p) { p += 1 }
    return p == patternCount
  }
}
