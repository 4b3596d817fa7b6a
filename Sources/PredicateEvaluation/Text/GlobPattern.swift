import PredicateSyntax

/// A LIKE pattern, parsed once: `*` matches any run of Unicode scalars, `?` exactly one (a
/// decomposed `é` is two, as in Apple's ICU-based LIKE), and `\` makes the next scalar literal.
/// Wildcards match newlines; the whole string must match.
///
/// Matching uses the classic two-pointer algorithm with one backtrack point (the last `*`): fast
/// and linear on typical patterns, never exponential, and it never compiles a regex. Its worst
/// case is O(n·m) (`*aaaa…ab` on a long run of `a`), so it counts its steps and, past a few times
/// the input, hands over to a bit-parallel simulation of the pattern's automaton, O(n·⌈m/64⌉):
/// linear in the subject for a given pattern.
///
/// A class, so that a matcher holds it by one reference, borrowed while it matches: as a struct
/// of three arrays it was copied out of the matcher whenever an evaluation prepared the
/// identifier, three retains and three releases each time.
final class GlobPattern: Sendable {
  enum Element: Sendable, Equatable {
    /// A literal scalar.
    case literal(Unicode.Scalar)
    case anyOne
    case anyRun
  }

  /// The pattern: one element per literal scalar, `?` or `*`.
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
    let scalars = Array(pattern.unicodeScalars)
    var elements: [Element] = []
    var ascii: [UInt16]? = scalars.allSatisfy(\.isASCII) ? [] : nil
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        guard index + 1 < scalars.count else { throw TrailingBackslash() }
        elements.append(.literal(scalars[index + 1]))
        ascii?.append(UInt16(scalars[index + 1].value))
        index += 2
        continue
      }
      if scalar == "*" {
        // Consecutive stars are one star.
        if elements.last != .anyRun {
          elements.append(.anyRun)
          ascii?.append(Self.anyRunByte)
        }
      } else if scalar == "?" {
        elements.append(.anyOne)
        ascii?.append(Self.anyOneByte)
      } else {
        elements.append(.literal(scalar))
        ascii?.append(UInt16(scalar.value))
      }
      index += 1
    }
    self.elements = elements
    self.asciiProgram = ascii
    self.isEmpty = pattern.isEmpty
    self.hasNonASCIILiteral = elements.contains {
      if case .literal(let scalar) = $0 { return !scalar.isASCII }
      return false
    }
    (self.shape, self.literalBytes) = Self.shape(of: elements)
  }

  /// What a pattern of one literal run with a `*` at neither, one or both ends asks of the
  /// subject. LIKE is then a byte comparison or search on any UTF-8: a valid UTF-8 needle can
  /// only match at scalar boundaries, so bytes answer what scalars would.
  enum Shape: Sendable {
    case exact, prefix, suffix, contains
  }
  /// The pattern's shape, when it has one (no `?`, no `*` inside, a literal of at least one
  /// scalar), and its literal's UTF-8.
  let shape: Shape?
  let literalBytes: [UInt8]

  private static func shape(of elements: [Element]) -> (Shape?, [UInt8]) {
    let leading = elements.first == .anyRun
    let trailing = elements.count > 1 && elements.last == .anyRun
    let body = elements.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0)
    var bytes: [UInt8] = []
    for element in body {
      guard case .literal(let scalar) = element else { return (nil, []) }
      bytes += Array(String(scalar).utf8)
    }
    guard !bytes.isEmpty else { return (nil, []) }
    switch (leading, trailing) {
    case (false, false): return (.exact, bytes)
    case (false, true): return (.prefix, bytes)
    case (true, false): return (.suffix, bytes)
    case (true, true): return (.contains, bytes)
    }
  }

  /// Matches by ``shape``: `subject` is UTF-8 prepared as the pattern was, except that ASCII
  /// letters are lowercased here when `foldCase`. Nil when the pattern has no shape.
  @inline(__always)
  func matchesShape(_ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool? {
    guard let shape else { return nil }
    return literalBytes.withUnsafeBufferPointer { literal in
      switch shape {
      case .exact: ASCIIBytes.equals(subject, literal, foldCase: foldCase)
      case .prefix: ASCIIBytes.hasPrefix(subject, literal, foldCase: foldCase)
      case .suffix: ASCIIBytes.hasSuffix(subject, literal, foldCase: foldCase)
      case .contains: ASCIIBytes.contains(subject, literal, foldCase: foldCase)
      }
    }
  }

  /// Matches by ``shape`` on the raw bytes of an identifier not prepared yet, as ``ASCIIHead``
  /// decides it: nil when it cannot, when the literal is not ASCII, or when the shape is
  /// `contains` (a search reads every byte anyway).
  @inline(__always)
  func matchesHead(_ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool? {
    guard let shape, !hasNonASCIILiteral else { return nil }
    return literalBytes.withUnsafeBufferPointer { literal in
      switch shape {
      case .exact: ASCIIHead.equals(subject, literal, foldCase: foldCase)
      case .prefix: ASCIIHead.hasPrefix(subject, literal, foldCase: foldCase)
      case .suffix: ASCIIHead.hasSuffix(subject, literal, foldCase: foldCase)
      case .contains: nil
      }
    }
  }

  /// Matches UTF-8 prepared as the pattern was, scalar by scalar.
  func matches(utf8 subject: UnsafeBufferPointer<UInt8>) -> Bool {
    if let answer = matchesShape(subject, foldCase: false) { return answer }
    return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(subject.count, 1)) {
      scalars in
      var count = 0
      var offset = 0
      while offset < subject.count {
        let (value, length) = UTF8Scalars.decode(subject, at: offset)
        scalars[count] = Unicode.Scalar(value)!
        count += 1
        offset += length
      }
      return matches(UnsafeBufferPointer(rebasing: scalars[..<count]))
    }
  }

  /// Matches ASCII `subject` bytes (the pattern must be ASCII); `foldCase` lowercases the subject
  /// (the pattern was folded when prepared).
  func matchesASCII(_ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool {
    guard let program = asciiProgram, !isEmpty else { return false }
    let answer = Self.wildcardMatch(
      subjectCount: subject.count, patternCount: program.count,
      isRun: { program[$0] == Self.anyRunByte },
      matchesOne: { p, s in
        let op = program[p]
        return op == Self.anyOneByte
          || op == UInt16(foldCase ? ASCIIBytes.lower(subject[s]) : subject[s])
      })
    return answer ?? automatonMatchesASCII(subject, foldCase: foldCase)
  }

  /// ``matchesASCII(_:foldCase:)`` by the automaton alone: linear in the subject.
  func automatonMatchesASCII(_ subject: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Bool {
    guard let program = asciiProgram, !isEmpty else { return false }
    let automaton = Automaton(self)
    let masks = automaton.byteMasks(program)
    return automaton.matches(subjectCount: subject.count) { s in
      let byte = foldCase ? ASCIIBytes.lower(subject[s]) : subject[s]
      return masks[Int(byte) * automaton.words..<(Int(byte) + 1) * automaton.words]
    }
  }

  /// Matches a prepared subject scalar by scalar.
  func matches<Subject: RandomAccessCollection<Unicode.Scalar>>(_ subject: Subject) -> Bool
  where Subject.Index == Int {
    guard !isEmpty else { return false }
    let answer = Self.wildcardMatch(
      subjectCount: subject.count, patternCount: elements.count,
      isRun: { elements[$0] == .anyRun },
      matchesOne: { p, s in
        switch elements[p] {
        case .anyOne, .anyRun: return true
        case .literal(let scalar): return subject[s] == scalar
        }
      })
    return answer ?? automatonMatches(subject)
  }

  /// ``matches(_:)`` by the automaton alone: linear in the subject.
  func automatonMatches<Subject: RandomAccessCollection<Unicode.Scalar>>(_ subject: Subject)
    -> Bool
  where Subject.Index == Int {
    guard !isEmpty else { return false }
    let automaton = Automaton(self)
    let (literalMasks, anyMask) = automaton.scalarMasks(elements)
    return automaton.matches(subjectCount: subject.count) { s in
      literalMasks[subject[s]]?[...] ?? anyMask[...]
    }
  }

  /// The two-pointer wildcard match with one backtrack point (the last `*`), over any subject and
  /// pattern given by index: `isRun(p)` says whether pattern element `p` is a `*`, and
  /// `matchesOne(p, s)` whether element `p` matches subject element `s`. Nil when it gave up
  /// after a few times the input's length in steps.
  @inline(__always)
  private static func wildcardMatch(
    subjectCount: Int, patternCount: Int, isRun: (Int) -> Bool, matchesOne: (Int, Int) -> Bool
  ) -> Bool? {
    var s = 0
    var p = 0
    var starP = -1
    var starS = 0
    var steps = 0
    let budget = 4 * (subjectCount + patternCount) + 1024
    while s < subjectCount {
      steps += 1
      if steps > budget { return nil }
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

/// The pattern as an automaton simulated with bit sets (shift-and, with `*` as a self-loop):
/// state `k` means the first `k` non-`*` elements have matched. One subject element costs
/// ⌈(k + 1)/64⌉ word operations, whatever the pattern's shape.
private struct Automaton {
  /// Words per state set.
  let words: Int
  /// The number of non-`*` elements: the accepting state.
  let states: Int
  /// The states a `*` keeps (a `*` before the element, or at the end).
  let loops: [UInt64]

  init(_ pattern: GlobPattern) {
    var states = 0
    var loopStates: [Int] = []
    for element in pattern.elements {
      if element == .anyRun { loopStates.append(states) } else { states += 1 }
    }
    self.states = states
    words = (states + 1 + 63) / 64
    var loops = [UInt64](repeating: 0, count: words)
    for state in loopStates { loops[state / 64] |= 1 << UInt64(state % 64) }
    self.loops = loops
  }

  /// For each byte value, the states whose element accepts it (`words` words per byte).
  func byteMasks(_ program: [UInt16]) -> [UInt64] {
    var masks = [UInt64](repeating: 0, count: 256 * words)
    var state = 0
    for op in program where op != GlobPattern.anyRunByte {
      let bit: UInt64 = 1 << UInt64(state % 64)
      if op == GlobPattern.anyOneByte {
        for byte in 0..<256 { masks[byte * words + state / 64] |= bit }
      } else {
        masks[Int(op) * words + state / 64] |= bit
      }
      state += 1
    }
    return masks
  }

  /// For each literal scalar of the pattern, the states that accept it; and the states of `?`,
  /// which accept any scalar.
  func scalarMasks(_ elements: [GlobPattern.Element]) -> ([Unicode.Scalar: [UInt64]], [UInt64]) {
    var literals: [Unicode.Scalar: [UInt64]] = [:]
    var any = [UInt64](repeating: 0, count: words)
    var state = 0
    for element in elements {
      let bit: UInt64 = 1 << UInt64(state % 64)
      switch element {
      case .anyRun: continue
      case .anyOne: any[state / 64] |= bit
      case .literal(let scalar):
        literals[scalar, default: [UInt64](repeating: 0, count: words)][state / 64] |= bit
      }
      state += 1
    }
    // A literal scalar is also accepted where `?` stands.
    for key in literals.keys {
      for word in 0..<words { literals[key]![word] |= any[word] }
    }
    return (literals, any)
  }

  /// Runs the automaton over `subjectCount` elements; `mask(s)` is the states whose element
  /// accepts subject element `s`.
  func matches(subjectCount: Int, mask: (Int) -> ArraySlice<UInt64>) -> Bool {
    var current = [UInt64](repeating: 0, count: words)
    current[0] = 1
    for s in 0..<subjectCount {
      let accepted = mask(s)
      var carry: UInt64 = 0
      var alive = false
      for word in 0..<words {
        let advancing = current[word] & accepted[accepted.startIndex + word]
        let next = (advancing << 1) | carry | (current[word] & loops[word])
        carry = advancing >> 63
        current[word] = next
        alive = alive || next != 0
      }
      if !alive { return false }
    }
    return current[states / 64] & (1 << UInt64(states % 64)) != 0
  }
}
