import PredicateSyntax

/// Translates an ICU regular expression (what `MATCHES` means on Apple platforms) into PCRE2
/// syntax, refusing anything the two engines would read differently.
///
/// - ICU escapes PCRE2 lacks are rewritten: `\uHHHH` and `\UHHHHHHHH` become `\x{…}`, and `\0ooo`
///   (one to three octal digits after the zero, never past 0377) becomes `\o{ooo}`.
/// - ICU-only syntax — set operations `[[a-z]--[aeiou]]` and `&&` in classes, nested classes,
///   `\N{NAME}`, the `(?w)` flag — is an error naming the construct, never silently different.
/// - PCRE2-only syntax that iOS would reject — verbs `(*…)`, recursion and subroutine calls,
///   callouts, conditionals, branch reset, `\N`, Python-style groups, a literal `{` or `}` — is an
///   error too, so a predicate that passes here does not crash the app.
/// - Every set is written out as ICU defines it (``ICUCharacterSets``): `\w`, `\s`, `\h`, `\v`,
///   POSIX classes, property names (a script name is `sc:`, as in ICU); a class holding a
///   complemented set becomes a union or intersection of classes.
/// - `\b`/`\B` are ICU's word boundaries (marks and format characters are stepped over); `$` and
///   `\Z` never match inside a CRLF; every Unicode line terminator is a newline
///   (`PCRE2_NEWLINE_ANY`).
/// - In a case-insensitive scope (`[c]`, `(?i)`) every set is closed over case as ICU closes it
///   (``CaseClosure``); a literal ICU matches by full case folding (`ß`) is refused, and the
///   identifier characters that could fold into the pattern's literal text are recorded for a
///   check at evaluation.
/// - Where neither translation nor refusal by syntax is possible the construct is refused by name
///   (`validation.regex-not-like-icu`), never matched differently in silence.
/// - For `[d]`, literal characters are folded and NFKC-normalised the way the subject is.
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
    /// Whether the pattern has `\b` or `\B`: an identifier with a longer run of marks and format
    /// characters than ``ICURegexDialect/maximumTransparentRun`` cannot be answered.
    var usesWordBoundary: Bool
    /// Whether the pattern has `\X`: an identifier joining consonants with a virama cannot be
    /// answered (see ``ICURegexDialect/clusterLinkers``).
    var usesGraphemeCluster: Bool
    /// Identifier characters ICU would fold into the pattern's case-insensitive literal text
    /// (`ß` for a pattern containing `ss`): an identifier holding one cannot be answered.
    var caseFoldingHazards: Set<Unicode.Scalar>
    /// Whether some scope turns case-insensitive matching off (`(?-i)`, `(?-i:…)`).
    var hasCaseSensitiveScope: Bool

    func originalOffset(of offset: Int) -> Int {
      origins[max(0, min(offset, origins.count - 1))]
    }
  }

  private let scalars: [Unicode.Scalar]
  private let offsets: [Int]  // byte offset of each scalar, plus the end
  private let folding: TextForm?
  private var output: [Unicode.Scalar] = []
  private var origins: [Int] = []
  private var index = 0
  /// One per open group (the first is the whole pattern): its flags and whether it can match
  /// the empty string so far.
  private var frames: [Frame]
  /// The last item of the current alternative, which a quantifier applies to.
  private var lastItem: Item?

  private struct Frame {
    var caseless: Bool
    var dotAll = true
    var isLookaround = false
    /// Whether the group is a lookbehind or inside one (a new frame starts as a copy of its
    /// parent's).
    var inLookbehind = false
    /// Where the group starts in the pattern (scalar index).
    var start = 0
    /// Whether every item of the current alternative can match empty.
    var alternativeNullable = true
    /// Whether an earlier alternative can match empty.
    var someAlternativeNullable = false
  }

  private struct Item {
    var nullable: Bool
    /// Where the item starts, for a group whose body can match empty or an anchor (`^`, `$`).
    var nullableGroupStart: Int?
    /// ICU repeats atoms, groups, `^` and `$`; not `\b`, `\A`, lookarounds, flag groups or
    /// comments, and not an item already repeated (`a**`, `a{2}{3}`).
    var repeatable = true
  }
  /// Runs of adjacent literal characters in case-insensitive scopes.
  private var literalRuns: [[Unicode.Scalar]] = []
  private var currentRun: [Unicode.Scalar] = []
  private var usesWordBoundary = false
  private var usesGraphemeCluster = false
  private var hasCaseSensitiveScope = false
  /// Whether `.`, `$` and `\Z` treat a CRLF as ICU does (see ``translate(_:form:caseInsensitive:crlfAware:)``).
  private var crlfAware = true

  /// Translates `pattern`; `form` folds literal characters (nil or an identity form leaves them),
  /// `caseInsensitive` is `[c]`.
  ///
  /// With `crlfAware` false, `.`, `$` and `\Z` are written as PCRE2's own: the same answers for
  /// any subject without a CR, and a tighter loop (`.*` stays a single JIT loop), so the program
  /// runs that translation unless the identifier has a CR.
  static func translate(
    _ pattern: String, form: TextForm?, caseInsensitive: Bool = false, crlfAware: Bool = true
  ) -> Result<Translation, Problem> {
    var dialect = ICURegexDialect(pattern, form: form, caseInsensitive: caseInsensitive)
    dialect.crlfAware = crlfAware
    do {
      try dialect.run()
    } catch {
      return .failure(error)
    }
    dialect.origins.append(pattern.utf8.count)
    return .success(
      Translation(
        pattern: String(String.UnicodeScalarView(dialect.output)), origins: dialect.origins,
        usesWordBoundary: dialect.usesWordBoundary,
        usesGraphemeCluster: dialect.usesGraphemeCluster,
        caseFoldingHazards: Self.hazards(dialect.literalRuns),
        hasCaseSensitiveScope: dialect.hasCaseSensitiveScope))
  }

  /// The characters whose full case folding (`ß` → `ss`) occurs in the folded text of a literal
  /// run: ICU would match the run against them, PCRE2 cannot.
  private static func hazards(_ runs: [[Unicode.Scalar]]) -> Set<Unicode.Scalar> {
    guard !runs.isEmpty else { return [] }
    var found: Set<Unicode.Scalar> = []
    for run in runs where run.count > 1 {
      let folded = run.flatMap { scalar in
        CaseClosure.multiCharacterFolds[scalar]
          ?? Array(String(scalar).lowercased().unicodeScalars)
      }
      for (scalar, fold) in CaseClosure.multiCharacterFolds where fold.count <= folded.count {
        for start in 0...(folded.count - fold.count)
        where folded[start..<(start + fold.count)].elementsEqual(fold) {
          found.insert(scalar)
          break
        }
      }
    }
    return found
  }

  private init(_ pattern: String, form: TextForm?, caseInsensitive: Bool) {
    self.frames = [Frame(caseless: caseInsensitive)]
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

  private var caseless: Bool { frames[frames.count - 1].caseless }

  /// Ends the previous item and starts a new one.
  private mutating func item(
    nullable: Bool, nullableGroupStart: Int? = nil, repeatable: Bool = true
  ) {
    commitItem()
    lastItem = Item(
      nullable: nullable, nullableGroupStart: nullableGroupStart, repeatable: repeatable)
  }

  private mutating func commitItem() {
    if let lastItem, !lastItem.nullable { frames[frames.count - 1].alternativeNullable = false }
    lastItem = nil
  }

  private mutating func openGroup(_ frame: Frame) {
    commitItem()
    frames.append(frame)
  }

  /// `|`: a new alternative of the innermost group.
  private mutating func alternative() {
    commitItem()
    let frame = frames[frames.count - 1]
    frames[frames.count - 1].someAlternativeNullable =
      frame.someAlternativeNullable || frame.alternativeNullable
    frames[frames.count - 1].alternativeNullable = true
  }

  /// A quantifier after the last item: `minimum` and `maximum` (nil: unbounded), and its mode.
  ///
  /// ICU fails a possessive or lazy unbounded repetition of a group that can match empty where
  /// the pattern means a match (`(a?)*+` never matches, `(.*?)+?` does not match `x`): such a
  /// repetition is refused by name.
  private mutating func quantified(minimum: Int, maximum: Int?, from start: Int) throws(Problem) {
    var mode = ""
    if let next = peek(), next == "?" || next == "+" {
      mode = String(next)
      copy()
    }
    guard var item = lastItem, item.repeatable else {
      // ICU rejects a quantifier with nothing repeatable before it; PCRE2 accepts some
      // (`\b*`, `(?=a)?`, and everything the translation wraps in a group).
      throw problem(
        .invalidRegex("quantifier does not follow a repeatable item"), from: start, to: index)
    }
    if maximum == nil, !mode.isEmpty, let groupStart = item.nullableGroupStart {
      let kind = mode == "+" ? "possessive" : "lazy"
      throw problem(
        .regexNotLikeICU(
          "a \(kind) repetition of something that can match empty",
          because: "ICU ends the repetition in failure when the group matches empty"),
        from: groupStart, to: index,
        notes: ["make the group match at least one character, or use a greedy repetition"])
    }
    if minimum == 0 { item.nullable = true }
    item.nullableGroupStart = nil
    item.repeatable = false
    lastItem = item
  }

  /// Ends the literal run being collected for the case-folding guard.
  private mutating func endRun() {
    if !currentRun.isEmpty { literalRuns.append(currentRun) }
    currentRun = []
  }

  private mutating func run() throws(Problem) {
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "\\":
        var unused: [String] = []
        try escape(inClass: false, complements: &unused)
      case "[" where posixClassEnd() != nil:
        // `[:alpha:]` outside brackets is a set to ICU, a class of five letters to PCRE2.
        endRun()
        item(nullable: false)
        var unused: [String] = []
        try posixClass(complements: &unused, inClass: false)
      case "[":
        endRun()
        try characterClass()
      case "(":
        endRun()
        try group()
      case ")":
        endRun()
        commitItem()
        copy()
        if frames.count > 1 {
          let frame = frames.removeLast()
          let nullable = frame.someAlternativeNullable || frame.alternativeNullable
          if frame.isLookaround {
            item(nullable: true, repeatable: false)
          } else {
            item(nullable: nullable, nullableGroupStart: nullable ? frame.start : nil)
          }
        }
      case "{":
        try quantifier()
      case "$":
        // ICU's `$` does not match between the CR and the LF of a CRLF; PCRE2's does.
        endRun()
        item(nullable: true, nullableGroupStart: index)
        emit(crlfAware ? #"(?:$(?!(?<=\r)\n))"# : "$", from: offsets[index])
        index += 1
      case ".":
        endRun()
        item(nullable: false)
        if frames[frames.count - 1].dotAll {
          // ICU's `.` takes a CRLF whole and does not give it back.
          emit(crlfAware ? #"(?>\r\n|.)"# : ".", from: offsets[index])
          index += 1
        } else {
          copy()
        }
      case "^":
        endRun()
        item(nullable: true, nullableGroupStart: index)
        copy()
      case "|":
        endRun()
        alternative()
        copy()
      case "*", "+", "?":
        let start = index
        copy()
        try quantified(
          minimum: scalar == "+" ? 1 : 0, maximum: scalar == "?" ? 1 : nil, from: start)
      case "}":
        throw pcreOnly("a literal '}'", from: index, to: index + 1)
      default:
        try literal(inClass: false)
      }
    }
    endRun()
  }

  /// A character class, with ICU's meaning for every set in it. A class holding a complemented
  /// set (`[\W-]`, `[[:^alpha:]x]`) cannot be one PCRE2 class: it is written as the union (or,
  /// negated, the intersection) of classes, which still matches exactly one character.
  private mutating func characterClass() throws(Problem) {
    item(nullable: false)
    let start = index
    let origin = offsets[index]
    index += 1
    // ICU reads an empty quote as nothing at all: `[\Q\E^a]` is still negated.
    while isEmptyQuote(at: index) { index += 4 }
    var negated = false
    if peek() == "^" {
      negated = true
      index += 1
    }
    let mark = output.count
    let originMark = origins.count
    var complements: [String] = []
    var first = true
    // Whether the last item was a `-` after a character: a range, which ICU will not end in a
    // set (`[a-\w]`), while PCRE2 reads the `-` as a literal when the set is a complement.
    var afterCharacter = false
    var rangeDash = false
    // Whether the last item was a set: ICU reads a `-` after one as a literal (`[\w-h]` is
    // `\w`, `-` and `h`, and `h` may start a range), where PCRE2, with the set written elsewhere
    // as a complement, could read it as a range from the character before the set.
    var afterSet = false
    while true {
      guard index < scalars.count else {
        throw problem(
          .invalidRegex("missing terminating ] for character class"), from: start,
          to: scalars.count)
      }
      let scalar = scalars[index]
      if isEmptyQuote(at: index) {
        // An empty quote is nothing, not even an item: after `[\Q\E`, a `]` is still the
        // literal a class may start with, as ICU reads it (`[\Q\E]` is unterminated).
        index += 4
        continue
      }
      if scalar == "]" && !first {
        index += 1
        break
      }
      first = false
      let isSet =
        (scalar == "\\"
          && peek(1).map { ICUCharacterSets.escape($0) != nil || $0 == "p" || $0 == "P" } ?? false)
        || (scalar == "[" && startsPOSIXClass)
      if isSet && rangeDash {
        throw problem(
          .invalidRegex("a range cannot end in a set"), from: index - 1, to: index + 2)
      }
      rangeDash = scalar == "-" && afterCharacter
      afterCharacter = !isSet && scalar != "-"
      let dashAfterSet = scalar == "-" && afterSet
      afterSet = isSet
      switch scalar {
      case "\\":
        try escape(inClass: true, complements: &complements)
      case "[":
        if startsPOSIXClass {
          try posixClass(complements: &complements)
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
      case "&" where peek(1) == "-" && peek(2) != "]":
        // ICU rejects a range that starts at an unescaped `&` (`[&-t]`); PCRE2 takes it.
        throw problem(
          .invalidRegex("a range cannot start at an unescaped '&'"), from: index, to: index + 2)
      case "-" where peek(1) == "-":
        // `--` in a class is ICU's set difference (`[a--b]` is `a`), or an error.
        throw icuOnly("class difference '--'", from: index, to: index + 2)
      case "]":
        // A `]` right after `[` or `[^` is a literal in both engines.
        emit(#"\]"#, from: offsets[index])
        index += 1
      case "-" where dashAfterSet:
        emit(#"\-"#, from: offsets[index])
        index += 1
      case "^", "-":
        copy()
      default:
        try literal(inClass: true)
      }
    }
    let positive = Array(output[mark...])
    let positiveOrigins = Array(origins[originMark...])
    output.removeSubrange(mark...)
    origins.removeSubrange(originMark...)
    func positiveClass(_ dialect: inout ICURegexDialect, prefix: String, suffix: String) {
      dialect.emit(prefix, from: origin)
      // With complements taken out, a literal `^` can come first, where it would negate.
      if positive.first == "^" { dialect.emit("\\", from: origin) }
      dialect.output += positive
      dialect.origins += positiveOrigins
      dialect.emit(suffix, from: origin)
    }
    if complements.isEmpty {
      positiveClass(&self, prefix: negated ? "[^" : "[", suffix: "]")
    } else if !negated {
      // P ∪ ¬N1 ∪ ¬N2 …
      var alternatives: [String] = []
      emit("(?:", from: origin)
      if !positive.isEmpty {
        positiveClass(&self, prefix: "[", suffix: "]")
        alternatives.append("")
      }
      for contents in complements {
        if !alternatives.isEmpty { emit("|", from: origin) }
        emit("[^\(contents)]", from: origin)
        alternatives.append(contents)
      }
      emit(")", from: origin)
    } else {
      // ¬(P ∪ ¬N1 ∪ ¬N2 …) = ¬P ∩ N1 ∩ N2 …
      emit("(?:", from: origin)
      if !positive.isEmpty { positiveClass(&self, prefix: "(?![", suffix: "])") }
      for contents in complements.dropLast() { emit("(?=[\(contents)])", from: origin) }
      emit("[\(complements[complements.count - 1])])", from: origin)
    }
  }

  /// ICU bounds a lookbehind's length and refuses a backreference inside one, whatever group it
  /// names; PCRE2 takes one to a group of fixed length (`(?<=()\1)`).
  private func refuseBackreferenceInLookbehind(from start: Int) throws(Problem) {
    guard frames[frames.count - 1].inLookbehind else { return }
    throw problem(
      .invalidRegex("a lookbehind cannot hold a backreference: ICU bounds its length"),
      from: start, to: min(start + 2, scalars.count))
  }

  /// Whether `\Q\E`, a quote of nothing, starts at `position`.
  private func isEmptyQuote(at position: Int) -> Bool {
    position + 3 < scalars.count && scalars[position] == "\\" && scalars[position + 1] == "Q"
      && scalars[position + 2] == "\\" && scalars[position + 3] == "E"
  }

  /// The name between a `[:` at `index` and the `:]` that closes it, and the position after the
  /// `]`; nil when ICU reads the `[` as an ordinary class.
  private func posixClassEnd() -> (name: [Unicode.Scalar], end: Int)? {
    // ICU reads `[:` to the first `:]` as a property expression, whatever is between; with
    // nothing between (`[::]`) or no `:]` at all it is an ordinary class. An empty quote is
    // nothing to it here too: `[:al\Q\Epha:]` is `[:alpha:]`, and `[:]:\Q\E]` is `[:]:]`.
    guard startsPOSIXClass else { return nil }
    var cursor = skippingEmptyQuotes(skippingEmptyQuotes(index + 1) + 1)
    var name: [Unicode.Scalar] = []
    while cursor < scalars.count {
      if scalars[cursor] == ":", !name.isEmpty {
        let closing = skippingEmptyQuotes(cursor + 1)
        if closing < scalars.count, scalars[closing] == "]" { return (name, closing + 1) }
      }
      name.append(scalars[cursor])
      cursor = skippingEmptyQuotes(cursor + 1)
    }
    return nil
  }

  /// Whether the `[` at `index` is followed by `:`, as ICU reads it (empty quotes are nothing).
  private var startsPOSIXClass: Bool {
    let colon = skippingEmptyQuotes(index + 1)
    return colon < scalars.count && scalars[colon] == ":"
  }

  /// The first position at or after `position` that does not start an empty quote `\Q\E`.
  private func skippingEmptyQuotes(_ position: Int) -> Int {
    var position = position
    while isEmptyQuote(at: position) { position += 4 }
    return position
  }

  /// `[:name:]` or `[:^name:]` inside a class: any property name, as ICU reads it.
  private mutating func posixClass(complements: inout [String], inClass: Bool = true)
    throws(Problem)
  {
    let start = index
    guard let (scalarsOfName, end) = posixClassEnd() else {
      throw problem(.unterminatedPOSIXClass, from: start, to: scalars.count)
    }
    var name = String(String.UnicodeScalarView(scalarsOfName))
    var negated = false
    if name.hasPrefix("^") {
      negated = true
      name.removeFirst()
    }
    index = end
    try set(
      named: name, negated: negated, inClass: inClass, complements: &complements, from: start)
  }

  /// Emits the set a property name stands for.
  private mutating func set(
    named name: String, negated: Bool, inClass: Bool, complements: inout [String], from start: Int
  ) throws(Problem) {
    switch ICUCharacterSets.property(name) {
    case .icuOnly(let what):
      throw icuOnly(what, from: start, to: index)
    case .invalid(let reason):
      throw problem(.invalidRegex(reason), from: start, to: index)
    case .set(let set):
      emit(negated ? set.inverted : set, inClass: inClass, complements: &complements, from: start)
    }
  }

  /// Emits an ICU set: closed over case first in a case-insensitive scope, as ICU does; a
  /// complement inside a class goes to `complements`.
  private mutating func emit(
    _ set: ICUCharacterSets.CharacterSet, inClass: Bool, complements: inout [String],
    from start: Int
  ) {
    let set = caseless ? set.closed(adding: CaseClosure.additions(to: set.named.regex)) : set
    let origin = offsets[start]
    if inClass {
      if !set.members.positive.isEmpty { emit(set.members.positive, from: origin) }
      complements += set.members.complements
    } else {
      emit(set.members.regex, from: origin)
    }
  }

  /// ICU's `\b`: the characters either side of the position differ in being word characters,
  /// where a mark that extends a grapheme or a format character is never a boundary itself and
  /// is stepped over to find the character before. PCRE2 10.42 has no variable-length
  /// lookbehind, so the step back covers up to ``maximumTransparentRun`` such characters, and a
  /// longer run in an identifier is an evaluation error (``RegexProgram``), never a guess.
  private static let boundary: (word: String, notWord: String) = {
    let word = ICUCharacterSets.word.members.regex
    let transparent = ICUCharacterSets.boundaryTransparent
    // The character before is the nearest one that is not stepped over: a word character that is
    // not itself a mark or format character, then up to the maximum of those.
    let behind = (0...maximumTransparentRun).map {
      "(?!\(transparent))" + word + String(repeating: transparent, count: $0)
    }.joined(separator: "|")
    let atBoundary =
      "(?:(?!\(transparent))(?:(?=\(word))(?<!\(behind))|(?!\(word))(?<=\(behind))))"
    let notAtBoundary =
      "(?:(?=\(transparent))|(?=\(word))(?<=\(behind))|(?!\(word))(?<!\(behind)))"
    return (atBoundary, notAtBoundary)
  }()

  /// The longest run of marks and format characters before a position `\b` steps over.
  static let maximumTransparentRun = 6

  /// A literal character, folded when the comparison folds.
  ///
  /// Folding and normalisation work on a whole unit — a starter and the combining marks after it —
  /// because NFKC composes `E` + U+0301 into `É`, which per-scalar folding would never see.
  private mutating func literal(inClass: Bool) throws(Problem) {
    let scalar = scalars[index]
    if !inClass {
      item(nullable: false)
      try caselessLiteral(scalar, from: index, to: index + 1)
    }
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

  private mutating func escape(inClass: Bool, complements: inout [String]) throws(Problem) {
    let start = index
    guard let next = peek(1) else {
      copy()  // PCRE2 reports the trailing backslash
      return
    }
    if !inClass && next != "Q" && next != "E" {
      // Assertions and backreferences can match empty; every other escape is one character.
      let assertions: Set<Unicode.Scalar> = ["b", "B", "A", "z", "Z", "G"]
      item(
        nullable: assertions.contains(next) || next == "k" || ("1"..."9").contains(next),
        repeatable: !assertions.contains(next))
    }
    if inClass, "AzGZXRBbk123456789".unicodeScalars.contains(next) {
      // Inside a class ICU reads an assertion's or a backreference's escape as the character
      // itself (`[\b]` is `b`); PCRE2 reads `[\b]` as backspace and rejects the rest.
      emit(String(next), from: offsets[start])
      index += 2
      return
    }
    switch next {
    case "w", "W", "s", "S", "d", "D", "h", "H", "v", "V":
      if !inClass { endRun() }
      index += 2
      emit(
        ICUCharacterSets.escape(next)!, inClass: inClass, complements: &complements, from: start)
    case "b" where !inClass, "B" where !inClass:
      endRun()
      usesWordBoundary = true
      emit(next == "b" ? Self.boundary.word : Self.boundary.notWord, from: offsets[start])
      index += 2
    case "Z" where !inClass:
      // Like `$`, ICU's `\Z` does not match between the CR and the LF of a CRLF.
      endRun()
      emit(crlfAware ? #"(?:\Z(?!(?<=\r)\n))"# : #"\Z"#, from: offsets[start])
      index += 2
    case "u", "U":
      let digits = next == "u" ? 4 : 8
      for offset in 0..<digits {
        guard let digit = peek(2 + offset), hexDigitValue(digit) != nil else {
          throw problem(
            .regexHexDigits(escape: Character(next), digits: digits), from: start,
            to: min(scalars.count, start + 2 + offset))
        }
      }
      try codePointEscape(inClass: inClass, from: start)
    case "N":
      if peek(2) == "{" {
        var end = index + 3
        while end < scalars.count, scalars[end] != "}" { end += 1 }
        throw icuOnly(
          "a named character '\\N{…}'", from: start, to: min(scalars.count, end + 1),
          ["write the code point as '\\x{…}'"])
      }
      throw pcreOnly("'\\N' (any character but newline)", from: start, to: start + 2)
    case "0":
      // Up to three octal digits, but never past 0377: ICU reads `\0601` as `\060` then `1`.
      var digits = 0
      while digits < 3, let digit = peek(2 + digits), ("0"..."7").contains(digit),
        digits < 2 || ("0"..."3").contains(scalars[index + 2])
      {
        digits += 1
      }
      guard digits > 0 else {
        throw problem(
          .invalidRegex("'\\0' needs an octal digit after it"), from: start, to: start + 2)
      }
      // Written as `\o{…}`, which no digit after it can extend.
      let text = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 2 + digits)]))
      emit("\\o{\(text)}", from: offsets[start])
      index += 2 + digits
    case "p", "P":
      if !inClass { endRun() }
      var name: String
      if peek(2) == "{" {
        var end = index + 3
        while end < scalars.count, scalars[end] != "}" { end += 1 }
        guard end < scalars.count else {
          throw problem(
            .invalidRegex("malformed \\\(next) sequence: missing '}'"), from: start,
            to: scalars.count)
        }
        name = String(String.UnicodeScalarView(scalars[(index + 3)..<end]))
        index = end + 1
      } else {
        throw pcreOnly(
          "'\\\(next)' without braces (ICU needs '\\\(next){…}')", from: start,
          to: min(start + 3, scalars.count))
      }
      if name.hasPrefix("^") {
        throw pcreOnly("'\\\(next){^…}' (negation inside the braces)", from: start, to: index)
      }
      try set(
        named: name, negated: next == "P", inClass: inClass, complements: &complements,
        from: start)
    case "k":
      if peek(2) == "<" {
        try refuseBackreferenceInLookbehind(from: start)
        endRun()
        copy(3)
        copy(through: ">")
      } else {
        throw pcreOnly("'\\k' without '<name>'", from: start, to: start + 2)
      }
    case "x" where codePoint(at: start).map { (0xD800...0xDFFF).contains($0.value) } ?? false:
      try codePointEscape(inClass: inClass, from: start)
    case "x":
      var end = index + 2
      var value: UInt32 = 0
      if peek(2) == "{" {
        end = index + 3
        var allHex = true
        while end < scalars.count, scalars[end] != "}" {
          if let digit = hexDigitValue(scalars[end]) {
            value = value &* 16 &+ hexDigitValue(digit)
          } else {
            value = value &* 16
            allHex = false
          }
          end += 1
        }
        end = min(end + 1, scalars.count)
        // ICU reads at most seven digits (`\x{0000041}` is `A`, `\x{00000041}` an error);
        // PCRE2 reads any number of leading zeros. Anything else amiss PCRE2 names.
        if allHex, end - index - 4 > Self.maximumBracedHexDigits {
          throw problem(
            .invalidRegex(
              "'\\x{…}' takes at most \(Self.maximumBracedHexDigits) hexadecimal digits"),
            from: start, to: end)
        }
      } else {
        while end < index + 4, end < scalars.count, let digit = hexDigitValue(scalars[end]) {
          value = value * 16 + hexDigitValue(digit)
          end += 1
        }
        guard end > index + 2 else {
          throw problem(
            .invalidRegex("'\\x' needs a hexadecimal digit after it"), from: start, to: end)
        }
      }
      if !inClass, value <= 0x10FFFF, let scalar = Unicode.Scalar(value) {
        try caselessLiteral(scalar, from: start, to: end)
      }
      if peek(2) == "{" {
        copy(end - index)
      } else {
        // Written as `\x{…}`, which no character after it can extend: `\x0` then a `b` the
        // translation writes (ICU's `[\b]` is `b`) would read as PCRE2's `\x0b`.
        emit("\\x{\(String(value, radix: 16))}", from: offsets[start])
        index = end
      }
    case "c":
      // ICU's control character is the low five bits (`\c1` is U+0011); PCRE2's flips bit 6
      // of the uppercased letter (`\c1` is `q`). The same for letters, not for the rest.
      guard let letter = peek(2) else {
        throw problem(.invalidRegex("'\\c' needs a character after it"), from: start, to: start + 2)
      }
      emit("\\x{\(String(letter.value & 0x1F, radix: 16))}", from: offsets[start])
      index += 3
    case "Q":
      // Quoted literal text up to `\E` (which ICU requires): folded like any literal.
      var end = index + 2
      while end + 1 < scalars.count, !(scalars[end] == "\\" && scalars[end + 1] == "E") {
        end += 1
      }
      guard end + 1 < scalars.count else {
        throw problem(
          .invalidRegex("'\\Q' without the '\\E' that ends it"), from: start, to: start + 2)
      }
      copy(2)
      while index < end { try literal(inClass: false) }
      copy(2)
    case "E":
      // A lone `\E` is the letter E to ICU; PCRE2 ignores it.
      if !inClass { try caselessLiteral("E", from: start, to: start + 2) }
      emit("E", from: offsets[start])
      index += 2
    case "1"..."9":
      if !inClass { try refuseBackreferenceInLookbehind(from: start) }
      endRun()
      // A backreference. PCRE2 reads `\41` as octal when there are fewer groups and splits
      // digits by its own rule; ICU by another: a digit after the first is refused, and the
      // one digit is written as an explicit reference, which both reject without its group.
      if inClass || peek(2).map({ ("0"..."9").contains($0) }) ?? false {
        throw problem(
          .regexNotLikeICU(
            "'\\\(next)' followed by a digit, or inside a class",
            because: "ICU and PCRE2 read the digits of a backreference differently"),
          from: start, to: min(start + 3, scalars.count),
          notes: ["write '\\\(next)(?:…)' for a reference followed by digits, or '\\x{…}'"])
      }
      emit("\\g{\(next)}", from: offsets[start])
      index += 2
    default:
      if !inClass, !next.properties.isAlphabetic {
        // An escaped punctuation character is a literal.
        try caselessLiteral(next, from: start, to: start + 2)
      } else if next.isASCII, next.properties.isAlphabetic,
        !"aAbBcdDeEfGhHknNpPQrRsStuUvVwWxXzZ".unicodeScalars.contains(next)
      {
        // A letter ICU gives no meaning is the letter itself (`\g`, `\K`, `\o`, `\i`); PCRE2
        // gives some of them meanings and rejects the rest.
        if !inClass { try caselessLiteral(next, from: start, to: start + 2) }
        emit(String(next), from: offsets[start])
        index += 2
        return
      } else if !inClass {
        endRun()
        if next == "X" { usesGraphemeCluster = true }
      }
      copy(2)
    }
  }

  /// The viramas Unicode 15.1 made grapheme-cluster linkers (InCB=Linker, rule GB9c): ICU keeps
  /// `क्ष` in one cluster, PCRE2 10.42 (Unicode 14) splits it after the virama. With `\X` in
  /// the pattern, an identifier holding one is not answered (checked against ICU over every
  /// mark and format character between consonants of 17 scripts: these six are the difference).
  static let clusterLinkers: Set<Unicode.Scalar> = [
    "\u{94D}", "\u{9CD}", "\u{ACD}", "\u{B4D}", "\u{C4D}", "\u{D4D}",
  ]

  /// Records a literal outside a class in a case-insensitive scope, and refuses one ICU matches
  /// by full case folding: ICU matches `ß` against `ss` (and `ﬁ` against `fi`) in some
  /// positions and not in others (`ß{2}` matches `ssss`, `ß?s` does not match `ss`).
  private mutating func caselessLiteral(_ scalar: Unicode.Scalar, from start: Int, to end: Int)
    throws(Problem)
  {
    guard caseless, folding == nil, scalar.value >= 0x41 else { return }
    if let fold = CaseClosure.multiCharacterFolds[scalar] {
      let folded = String(String.UnicodeScalarView(fold))
      throw problem(
        .regexNotLikeICU(
          "the literal '\(scalar)' under case-insensitive matching",
          because: "ICU matches it against '\(folded)' in some positions and not in others"),
        from: start, to: end,
        notes: ["write the alternatives out, as '(?:\(scalar)|\(folded))'"])
    }
    currentRun.append(scalar)
  }

  private mutating func group() throws(Problem) {
    let start = index
    if peek(1) == "*" {
      var end = index + 2
      while end < scalars.count, scalars[end] != ")" { end += 1 }
      throw pcreOnly(
        "the control verb '(*…)'", from: start, to: min(scalars.count, end + 1))
    }
    var frame = frames[frames.count - 1]
    frame.alternativeNullable = true
    frame.someAlternativeNullable = false
    frame.isLookaround = false
    frame.start = start
    guard peek(1) == "?" else {
      openGroup(frame)
      copy()
      return
    }
    guard let kind = peek(2) else {
      copy(2)
      return
    }
    switch kind {
    case ":", "=", "!", ">":
      frame.isLookaround = kind == "=" || kind == "!"
      openGroup(frame)
      copy(3)
    case "#":
      // A comment ends at the first `)` in both engines; it is dropped, so a quantifier after it
      // repeats the item before, as in ICU. ICU reads escapes inside it (`(?#\x)` is an error).
      var end = index + 3
      while end < scalars.count, scalars[end] != ")" {
        if scalars[end] == "\\" {
          throw problem(
            .regexNotLikeICU(
              "a backslash inside a comment '(?#…)'",
              because: "ICU reads escapes inside comments and PCRE2 does not"),
            from: end, to: end + 1)
        }
        end += 1
      }
      guard end < scalars.count else {
        throw problem(.invalidRegex("missing ) after (?# comment"), from: start, to: end)
      }
      index = end + 1
    case "<":
      frame.isLookaround = peek(3) == "=" || peek(3) == "!"
      if peek(3) == "=" || peek(3) == "!" {
        frame.inLookbehind = true
        openGroup(frame)
        copy(4)
      } else {
        if peek(3) == "*" {
          throw pcreOnly("a non-atomic lookbehind '(?<*…)'", from: start, to: start + 4)
        }
        // ICU's group names are an ASCII letter, then ASCII letters and digits (PCRE2 also
        // takes `_`).
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        var end = index + 3
        guard end < scalars.count, isLetter(scalars[end]) else {
          throw problem(
            .invalidRegex("a group name must start with an ASCII letter"), from: start,
            to: min(end + 1, scalars.count))
        }
        while end < scalars.count, isLetter(scalars[end]) || ("0"..."9").contains(scalars[end]) {
          end += 1
        }
        guard end < scalars.count, scalars[end] == ">" else {
          throw problem(
            .invalidRegex("a group name holds only ASCII letters and digits, then '>'"),
            from: start, to: min(end + 1, scalars.count))
        }
        openGroup(frame)
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
      // Inline flags: ICU has i, m, s, x, w, d and u (which sets nothing); PCRE2 lacks w and d,
      // and has letters ICU lacks. The flags are written out again without `u`.
      var cursor = index + 2
      var turnsOff = false
      var written = (on: "", off: "")
      while cursor < scalars.count, scalars[cursor] != ")" && scalars[cursor] != ":" {
        let flag = scalars[cursor]
        if "ism".unicodeScalars.contains(flag) {
          if turnsOff {
            written.off.unicodeScalars.append(flag)
          } else {
            written.on.unicodeScalars.append(flag)
          }
        }
        switch flag {
        case "-":
          turnsOff = true
        case "u":
          break  // ICU's "Unicode casing": accepted, and no bit is set
        case "i":
          frame.caseless = !turnsOff
          if turnsOff { hasCaseSensitiveScope = true }
        case "s":
          frame.dotAll = !turnsOff
        case "m":
          break
        case "x":
          throw problem(
            .regexNotLikeICU(
              "the flag 'x' (free spacing)",
              because: "ICU ignores white space inside a character class and PCRE2 does not"),
            from: cursor, to: cursor + 1)
        case "w":
          throw icuOnly(
            "the flag 'w' (Unicode word boundaries)", from: cursor, to: cursor + 1)
        case "d" where turnsOff:
          break  // never on here: turning it off sets nothing
        case "d":
          throw icuOnly(
            "the flag 'd' (Unix lines: only a line feed ends a line)", from: cursor,
            to: cursor + 1)
        default:
          throw pcreOnly("the inline flag '\(flag)'", from: cursor, to: cursor + 1)
        }
        cursor += 1
      }
      if cursor < scalars.count, scalars[cursor] == ":" {
        // `(?i:…)`: the flags hold inside the group.
        openGroup(frame)
      } else {
        // `(?i)`: the flags hold to the end of the enclosing group. ICU rejects `(?)`.
        if cursor == index + 2 {
          throw pcreOnly(
            "empty inline flags '(?)'", from: start, to: min(cursor + 1, scalars.count))
        }
        item(nullable: true, repeatable: false)
        frames[frames.count - 1].caseless = frame.caseless
        frames[frames.count - 1].dotAll = frame.dotAll
      }
      let closing = cursor < scalars.count ? String(scalars[cursor]) : ""
      let flags = written.on + (written.off.isEmpty ? "" : "-" + written.off)
      // `(?u)` alone sets nothing: an empty group stands in for it.
      emit(flags.isEmpty && closing == ")" ? "(?:)" : "(?" + flags + closing, from: offsets[start])
      index = min(cursor + 1, scalars.count)
    }
  }

  /// `{n}`, `{n,}`, `{n,m}` are quantifiers in both engines; any other `{` is a literal in PCRE2
  /// but an error in ICU.
  private mutating func quantifier() throws(Problem) {
    let start = index
    var cursor = index + 1
    var sawDigit = false
    var minimum = 0
    while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
      minimum = min(minimum &* 10 &+ Int(scalars[cursor].value - 48), 1 << 30)
      cursor += 1
      sawDigit = true
    }
    var maximum: Int? = minimum
    if sawDigit, cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      maximum = nil
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
        maximum = min((maximum ?? 0) &* 10 &+ Int(scalars[cursor].value - 48), 1 << 30)
        cursor += 1
      }
    }
    guard sawDigit, cursor < scalars.count, scalars[cursor] == "}" else {
      throw pcreOnly("a literal '{' that starts no quantifier", from: index, to: index + 1)
    }
    copy(cursor - index + 1)
    try quantified(minimum: minimum, maximum: maximum, from: start)
  }

  /// The code point an escape at `position` writes (`\uHHHH`, `\UHHHHHHHH`, `\xHH`, `\x{H…}`)
  /// and where it ends; nil when there is no such escape there, or it is malformed.
  private func codePoint(at position: Int) -> (value: UInt32, end: Int)? {
    guard position + 2 < scalars.count, scalars[position] == "\\" else { return nil }
    var value: UInt32 = 0
    var end = position + 2
    switch scalars[position + 1] {
    case "u", "U":
      let digits = scalars[position + 1] == "u" ? 4 : 8
      guard position + 2 + digits <= scalars.count else { return nil }
      for digit in scalars[(position + 2)..<(position + 2 + digits)] {
        guard let hex = hexDigitValue(digit) else { return nil }
        value = value &* 16 &+ hexDigitValue(hex)
      }
      end = position + 2 + digits
    case "x" where scalars[position + 2] == "{":
      end = position + 3
      while end < scalars.count, scalars[end] != "}" {
        guard let hex = hexDigitValue(scalars[end]),
          end - position - 3 < Self.maximumBracedHexDigits
        else { return nil }
        value = value &* 16 &+ hexDigitValue(hex)
        end += 1
      }
      guard end < scalars.count, end > position + 3 else { return nil }
      end += 1
    case "x":
      while end < position + 4, end < scalars.count, let hex = hexDigitValue(scalars[end]) {
        value = value &* 16 &+ hexDigitValue(hex)
        end += 1
      }
      guard end > position + 2 else { return nil }
    default:
      return nil
    }
    return (value, end)
  }

  /// The most hexadecimal digits ICU reads in `\x{…}` (measured: seven are read, eight are an
  /// error, leading zeros counted).
  private static let maximumBracedHexDigits = 7

  /// A `\u`, `\U` or `\x` escape of a code point, written `\x{…}`. ICU reads the pattern as
  /// UTF-16: a high surrogate escaped right before an escaped low surrogate is one character
  /// (`\uD83D\uDE00` is 😀, whatever the escapes' forms, in a class or not). A surrogate left
  /// alone matches no identifier there, and is refused by name.
  private mutating func codePointEscape(inClass: Bool, from start: Int) throws(Problem) {
    guard var (value, end) = codePoint(at: start) else {
      copy(2)  // not reached: the callers have read the escape; PCRE2 would name it
      return
    }
    if (0xD800...0xDBFF).contains(value), let low = codePoint(at: end),
      (0xDC00...0xDFFF).contains(low.value)
    {
      value = 0x10000 + (value - 0xD800) << 10 + (low.value - 0xDC00)
      end = low.end
    }
    if (0xD800...0xDFFF).contains(value) {
      throw problem(
        .regexNotLikeICU(
          "a lone surrogate '\\u\(String(value, radix: 16, uppercase: true))'",
          because: "ICU pairs a surrogate only with the escaped one right after it, and a lone "
            + "one matches no identifier"),
        from: start, to: end,
        notes: ["write the character as '\\x{…}' with its code point"])
    }
    if !inClass, let scalar = Unicode.Scalar(value) {
      try caselessLiteral(scalar, from: start, to: end)
    }
    emit("\\x{\(String(value, radix: 16))}", from: offsets[start])
    index = end
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
