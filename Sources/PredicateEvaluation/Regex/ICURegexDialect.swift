import PredicateSyntax

/// Translates an ICU regular expression (what `MATCHES` means on Apple platforms) into PCRE2
/// syntax, refusing anything the two engines would read differently.
///
/// - ICU escapes PCRE2 lacks are rewritten: `\uHHHH` and `\UHHHHHHHH` become `\x{…}`, and `\0ooo`
///   (three octal digits after the zero) becomes `\o{ooo}`.
/// - ICU-only syntax — set operations `[[a-z]--[aeiou]]` and `&&` in classes, nested classes,
///   `\N{NAME}`, the `(?w)` flag — is an error naming the construct, never silently different.
/// - PCRE2-only syntax that iOS would reject — verbs `(*…)`, recursion and subroutine calls,
///   callouts, conditionals, branch reset, `\K`, `\g`, Python-style groups, a literal `{` — is an
///   error too, so a predicate that passes here does not crash the app.
/// - For `[c]`/`[d]`, literal characters are folded and NFKC-normalised the way the subject is.
///
/// Every byte of the output remembers the pattern offset it came from, so PCRE2's error offset
/// maps back into the predicate source.
struct ICURegexDialect {
  /// A construct the translation refuses.
  struct Problem: Error, Sendable {
    var message: ValidationMessage
    /// Byte offset and length in the original pattern.
    var offset: Int
    var length: Int
    var notes: [String] = []
  }

  /// The PCRE2 pattern and, for each of its bytes (plus the end), the original offset.
  struct Translation: Sendable {
    var pattern: String
    var origins: [Int]

    func originalOffset(of offset: Int) -> Int {
      origins[max(0, min(offset, origins.count - 1))]
    }
  }

  private let scalars: [Unicode.Scalar]
  private let offsets: [Int]  // byte offset of each scalar, plus the end
  private let folding: TextForm?
  private var output = String.UnicodeScalarView()
  private var origins: [Int] = []
  private var index = 0

  /// Translates `pattern`; `form` folds literal characters (nil or an identity form leaves them).
  static func translate(_ pattern: String, form: TextForm?) -> Result<Translation, Problem> {
    var dialect = ICURegexDialect(pattern, form: form)
    do {
      try dialect.run()
    } catch {
      return .failure(error)
    }
    dialect.origins.append(pattern.utf8.count)
    return .success(Translation(pattern: String(dialect.output), origins: dialect.origins))
  }

  private init(_ pattern: String, form: TextForm?) {
    self.scalars = Array(pattern.unicodeScalars)
    var offsets: [Int] = []
    var offset = 0
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    self.offsets = offsets
    if let form, form.folding != .none || form.normalization == .compatibility {
      self.folding = form
    } else {
      self.folding = nil
    }
  }

  private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
    index + ahead < scalars.count ? scalars[index + ahead] : nil
  }

  private mutating func emit(_ text: String, from origin: Int) {
    for scalar in text.unicodeScalars {
      output.append(scalar)
      origins.append(contentsOf: repeatElement(origin, count: UTF8.width(scalar)))
    }
  }

  /// Copies `count` scalars unchanged.
  private mutating func copy(_ count: Int = 1) {
    for _ in 0..<count where index < scalars.count {
      output.append(scalars[index])
      origins.append(contentsOf: repeatElement(offsets[index], count: UTF8.width(scalars[index])))
      index += 1
    }
  }

  /// Copies scalars up to and including `closing` (names, property names, comments: never
  /// folded).
  private mutating func copy(through closing: Unicode.Scalar) {
    while index < scalars.count, scalars[index] != closing { copy() }
    copy()
  }

  private func problem(
    _ message: ValidationMessage, from start: Int, to end: Int, notes: [String] = []
  ) -> Problem {
    let lower = offsets[min(start, offsets.count - 1)]
    let upper = offsets[min(end, offsets.count - 1)]
    return Problem(message: message, offset: lower, length: upper - lower, notes: notes)
  }

  private func icuOnly(_ what: String, from start: Int, to end: Int, _ notes: [String] = [])
    -> Problem
  {
    problem(.icuOnlyRegex(what), from: start, to: end, notes: notes)
  }

  private func pcreOnly(_ what: String, from start: Int, to end: Int) -> Problem {
    problem(
      .pcreOnlyRegex(what), from: start, to: end,
      notes: ["iOS evaluates MATCHES with ICU and would raise on this pattern"])
  }

  private mutating func run() throws(Problem) {
    var inClass = false
    var classStart = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        try escape()
        continue
      }
      if inClass {
        switch scalar {
        case "[":
          if peek(1) == ":" {
            // A POSIX class `[:alpha:]`: the same in both engines. Copy through `:]`.
            let start = index
            copy(2)
            while index < scalars.count, !(scalars[index] == ":" && peek(1) == "]") { copy() }
            guard index < scalars.count else {
              throw problem(.unterminatedPOSIXClass, from: start, to: scalars.count)
            }
            copy(2)
          } else {
            // Name the set operation when there is one: it is what the author is using.
            var cursor = index
            while cursor + 1 < scalars.count {
              if scalars[cursor] == "-" && scalars[cursor + 1] == "-" {
                throw icuOnly("class difference '--'", from: cursor, to: cursor + 2)
              }
              if scalars[cursor] == "&" && scalars[cursor + 1] == "&" {
                throw icuOnly("class intersection '&&'", from: cursor, to: cursor + 2)
              }
              cursor += 1
            }
            throw icuOnly(
              "a nested character class '[…[…]…]'", from: index, to: index + 1,
              ["PCRE2 reads '[' inside a class as a literal; escape it as '\\['"])
          }
        case "&" where peek(1) == "&":
          throw icuOnly("class intersection '&&'", from: index, to: index + 2)
        case "-" where peek(1) == "-" && peek(2) == "[":
          throw icuOnly("class difference '--'", from: index, to: index + 2)
        case "]" where index > classStart:
          inClass = false
          copy()
        case "^", "-", "]":
          copy()
        default:
          literal(inClass: true)
        }
        continue
      }
      switch scalar {
      case "[":
        inClass = true
        copy()
        if peek() == "^" { copy() }
        // A `]` right after `[` or `[^` is a literal in both engines.
        classStart = index + (peek() == "]" ? 1 : 0)
        if peek() == "]" { copy() }
      case "(":
        try group()
      case "{":
        try quantifier()
      case ".", "^", "$", "|", ")", "*", "+", "?", "}":
        copy()
      default:
        literal(inClass: false)
      }
    }
    if inClass {
      // Let PCRE2 report the missing ']' with its own message and offset.
      return
    }
  }

  /// A literal character, folded when the comparison folds.
  ///
  /// Folding and normalisation work on a whole unit — a starter and the combining marks after it —
  /// because NFKC composes `E` + U+0301 into `É`, which per-scalar folding would never see.
  private mutating func literal(inClass: Bool) {
    let scalar = scalars[index]
    let isCombiningMark = { (scalar: Unicode.Scalar) in
      scalar.value >= 0x80 && scalar.properties.canonicalCombiningClass != .notReordered
    }
    var end = index + 1
    while end < scalars.count, isCombiningMark(scalars[end]) { end += 1 }
    guard let folding, scalar.value >= 0x80 || end > index + 1 else {
      copy()
      return
    }
    let origin = offsets[index]
    let unit = String(String.UnicodeScalarView(scalars[index..<end]))
    let foldedScalars = Array(folding.apply(unit).unicodeScalars)
    if foldedScalars.count == 1 {
      index = end
      emit(escapedIfSpecial(foldedScalars[0], inClass: inClass), from: origin)
    } else if inClass {
      // A class matches one character; a multi-character fold cannot live there.
      copy()
    } else {
      index = end
      // Group the fold so a following quantifier applies to all of it (`ß+` → `(?:ss)+`).
      emit(
        "(?:" + foldedScalars.map { escapedIfSpecial($0, inClass: false) }.joined() + ")",
        from: origin)
    }
  }

  private func escapedIfSpecial(_ scalar: Unicode.Scalar, inClass: Bool) -> String {
    let special: Set<Unicode.Scalar> =
      inClass
      ? ["\\", "]", "[", "^", "-"]
      : [
        "\\", ".", "^", "$", "|", "(", ")", "[", "]", "*",
        "+", "?", "{", "}",
      ]
    return special.contains(scalar) ? "\\" + String(scalar) : String(scalar)
  }

  private mutating func escape() throws(Problem) {
    let start = index
    guard let next = peek(1) else {
      copy()  // PCRE2 reports the trailing backslash
      return
    }
    switch next {
    case "u", "U":
      let digits = next == "u" ? 4 : 8
      var value: UInt32 = 0
      for offset in 0..<digits {
        guard let digit = peek(2 + offset), let hexDigit = hexDigitValue(digit) else {
          throw problem(
            .regexHexDigits(escape: Character(next), digits: digits), from: start,
            to: min(scalars.count, start + 2 + offset))
        }
        value = value * 16 + hexDigitValue(hexDigit)
      }
      emit("\\x{\(String(value, radix: 16))}", from: offsets[start])
      index += 2 + digits
    case "N":
      if peek(2) == "{" {
        var end = index + 3
        while end < scalars.count, scalars[end] != "}" { end += 1 }
        throw icuOnly(
          "a named character '\\N{…}'", from: start, to: min(scalars.count, end + 1),
          ["write the code point as '\\x{…}'"])
      }
      throw pcreOnly("'\\N' (any character but newline)", from: start, to: start + 2)
    case "K":
      throw pcreOnly("'\\K' (reset match start)", from: start, to: start + 2)
    case "g":
      throw pcreOnly("'\\g' (backreference or subroutine call)", from: start, to: start + 2)
    case "o":
      throw pcreOnly("'\\o{…}' (octal code)", from: start, to: start + 2)
    case "0":
      var digits = 0
      while digits < 3, let digit = peek(2 + digits), ("0"..."7").contains(digit) { digits += 1 }
      if digits == 3 {
        let text = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 5)]))
        emit("\\o{\(text)}", from: offsets[start])
        index += 5
      } else {
        copy(2 + digits)
      }
    case "p", "P":
      copy(2)
      if peek() == "{" {
        // Property names are not literals: never fold them.
        copy(through: "}")
      } else {
        copy()
      }
    case "k":
      if peek(2) == "<" {
        copy(3)
        copy(through: ">")
      } else {
        throw pcreOnly("'\\k' without '<name>'", from: start, to: start + 2)
      }
    case "x":
      copy(2)
      if peek() == "{" {
        copy(through: "}")
      }
    case "c":
      copy(3)
    case "Q":
      copy(2)
      // Quoted literal text up to `\E`: folded like any literal.
      while index < scalars.count, !(scalars[index] == "\\" && peek(1) == "E") {
        literal(inClass: false)
      }
      copy(2)
    default:
      copy(2)
    }
  }

  private mutating func group() throws(Problem) {
    let start = index
    if peek(1) == "*" {
      var end = index + 2
      while end < scalars.count, scalars[end] != ")" { end += 1 }
      throw pcreOnly(
        "the control verb '(*…)'", from: start, to: min(scalars.count, end + 1))
    }
    guard peek(1) == "?" else {
      copy()
      return
    }
    guard let kind = peek(2) else {
      copy(2)
      return
    }
    switch kind {
    case ":", "=", "!", ">":
      copy(3)
    case "#":
      // A comment: copied verbatim, never folded.
      copy(through: ")")
    case "<":
      if peek(3) == "=" || peek(3) == "!" {
        copy(4)
      } else {
        copy(3)
        copy(through: ">")
      }
    case "P":
      throw pcreOnly("a Python-style group '(?P…)'", from: start, to: start + 3)
    case "'":
      throw pcreOnly("a quoted group name \"(?'name')\"", from: start, to: start + 3)
    case "R", "&", "0"..."9":
      throw pcreOnly("a recursion or subroutine call", from: start, to: start + 3)
    case "+":
      throw pcreOnly("a relative subroutine call", from: start, to: start + 3)
    case "-" where peek(3).map({ ("0"..."9").contains($0) }) ?? false:
      throw pcreOnly("a relative subroutine call", from: start, to: start + 3)
    case "C":
      throw pcreOnly("a callout '(?C…)'", from: start, to: start + 3)
    case "(":
      throw pcreOnly("a conditional group '(?(…)…)'", from: start, to: start + 3)
    case "|":
      throw pcreOnly("a branch reset group '(?|…)'", from: start, to: start + 3)
    case "^":
      throw pcreOnly("'(?^)' (unset all flags)", from: start, to: start + 3)
    default:
      // Inline flags: ICU has i, m, s, x and w; PCRE2 lacks w and has letters ICU lacks.
      var cursor = index + 2
      while cursor < scalars.count, scalars[cursor] != ")" && scalars[cursor] != ":" {
        let flag = scalars[cursor]
        switch flag {
        case "i", "m", "s", "x", "-":
          break
        case "w":
          throw icuOnly(
            "the flag 'w' (Unicode word boundaries)", from: cursor, to: cursor + 1)
        default:
          throw pcreOnly("the inline flag '\(flag)'", from: cursor, to: cursor + 1)
        }
        cursor += 1
      }
      copy(cursor - index + 1)
    }
  }

  /// `{n}`, `{n,}`, `{n,m}` are quantifiers in both engines; any other `{` is a literal in PCRE2
  /// but an error in ICU.
  private mutating func quantifier() throws(Problem) {
    var cursor = index + 1
    var sawDigit = false
    while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
      cursor += 1
      sawDigit = true
    }
    if sawDigit, cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
    }
    guard sawDigit, cursor < scalars.count, scalars[cursor] == "}" else {
      throw pcreOnly("a literal '{' that starts no quantifier", from: index, to: index + 1)
    }
    copy(cursor - index + 1)
  }

  private func hexDigitValue(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "0"..."9", "a"..."f", "A"..."F": scalar
    default: nil
    }
  }

  private func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt32 {
    switch scalar {
    case "0"..."9": scalar.value - 48
    case "a"..."f": scalar.value - 87
    default: scalar.value - 55
    }
  }
}
