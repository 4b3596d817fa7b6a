import PCRE2Regex

/// ICU's character sets written as PCRE2 class contents: the one home of what `\w`, `\s`,
/// `[[:punct:]]` or `\p{Greek}` mean in an ICU pattern.
///
/// PCRE2 with UCP gives many of these names other sets (`\w` without marks and joiners, `\s`
/// with U+180E, `[[:punct:]]` with `$+<=>^`|~`, `\p{Greek}` as script extensions), so the
/// translation never passes a set through by name: it writes ICU's definition out in properties
/// both engines read the same way, and refuses a name it has no definition for. Where PCRE2's
/// older Unicode data puts a character on the other side of a property than ICU's does
/// (``ICUPropertyData``), the property is corrected with that character.
enum ICUCharacterSets {
  /// A set as PCRE2 regex text that matches one character: the union of the class `[positive]`
  /// and of each complemented class `[^…]` in `complements`, with its own complement in the same
  /// form. A property PCRE2's data gives characters ICU's does not (`\p{Mn}` holds U+1171E in
  /// Unicode 14, not in 16) needs the complemented part: `[^\P{Mn}\x{1171E}]`.
  struct CharacterSet: Sendable, Hashable {
    /// One side of a set: `[positive]` united with each `[^complement]`.
    struct Union: Sendable, Hashable {
      var positive: String
      var complements: [String]

      /// The union as regex text matching one character.
      var regex: String {
        var parts = complements.map { "[^\($0)]" }
        if !positive.isEmpty { parts.insert("[\(positive)]", at: 0) }
        return parts.count == 1 ? parts[0] : "(?:" + parts.joined(separator: "|") + ")"
      }
    }

    /// The characters in the set.
    var members: Union
    /// The characters not in it.
    var nonMembers: Union
    /// Whether ICU reads the set as the complement of a named one (`\P{Lu}`, `\W`): ICU closes
    /// the named set over case and complements after.
    var isComplement: Bool

    static func positive(_ contents: String) -> CharacterSet {
      CharacterSet(
        members: Union(positive: contents, complements: []),
        nonMembers: Union(positive: "", complements: [contents]), isComplement: false)
    }

    var inverted: CharacterSet {
      CharacterSet(members: nonMembers, nonMembers: members, isComplement: !isComplement)
    }

    /// The set ICU closes over case in a case-insensitive scope (this one, or its complement).
    var named: Union { isComplement ? nonMembers : members }

    /// The set with the characters ICU's case closure adds to ``named`` (`additions`, class
    /// contents), complemented after closing when the set is a complement.
    ///
    /// The side that leaves the additions out does so in each complemented part; its positive
    /// part is never reduced, which is exact because only a property's removals stand there,
    /// and closing a corrected set never adds one of its removals back (ICUPropertyDataTests
    /// checks every property and script with removals).
    func closed(adding additions: String) -> CharacterSet {
      guard !additions.isEmpty else { return self }
      var set = self
      if isComplement {
        set.nonMembers.positive += additions
        set.members.complements = set.members.complements.map { $0 + additions }
      } else {
        set.members.positive += additions
        set.nonMembers.complements = set.nonMembers.complements.map { $0 + additions }
      }
      return set
    }
  }

  /// The PCRE2 property `\p{name}` (a general category or binary property, by PCRE2's name)
  /// corrected to ICU's data: `\p{name}` with the characters ICU adds, less those it takes away.
  static func property(pcre2 name: String) -> CharacterSet {
    corrected(
      "\\p{\(name)}", negated: "\\P{\(name)}", adding: ICUPropertyData.added[name] ?? "",
      removing: ICUPropertyData.removed[name] ?? "")
  }

  /// The set `base` (class contents of one property, whose complement is `negated`) with the
  /// characters `added` and without those `removed`: the one home of a property PCRE2's data
  /// gives other members than ICU's. ICU reads it as a named set, closed over case as it is.
  private static func corrected(
    _ base: String, negated: String, adding added: String, removing removed: String
  ) -> CharacterSet {
    guard !removed.isEmpty else { return .positive(base + added) }
    // (P ∪ A) ∖ R = [A] ∪ [^¬P R]; its complement (¬P ∖ A) ∪ R = [R] ∪ [^P A].
    return CharacterSet(
      members: .init(positive: added, complements: [negated + removed]),
      nonMembers: .init(positive: removed, complements: [base + added]), isComplement: false)
  }

  /// The sets ICU defines as unions of properties (ICU's `\w`, UTS #18 Annex C's POSIX sets),
  /// by name: the PCRE2 properties and literal class contents they unite. `graph` and `print` are
  /// complements of theirs.
  static let unions: [String: (properties: [String], literal: String)] = [
    "word": (["Alphabetic", "M", "Nd", "Pc"], #"\x{200C}\x{200D}"#),
    "xdigit": (["Nd", "Hex_Digit"], ""),
    "alnum": (["Alphabetic", "Nd"], ""),
    "blank": (["Zs"], #"\t"#),
    "graph": (["White_Space", "Cc", "Cs", "Cn"], ""),
    "print": (["Cc", "Cs", "Cn"], #"\x{2028}\x{2029}"#),
  ]

  /// The union named `name` in ``unions``, as one class: `[\p{Alphabetic}\p{Nd}]`. Each property
  /// takes ICU's additions. A property ICU's data takes characters away from could not be one
  /// class's contents; no union names one with today's data (ICUPropertyDataTests checks), so
  /// removals are not applied here.
  private static func union(_ name: String) -> CharacterSet {
    let (properties, literal) = unions[name]!
    return .positive(
      literal
        + properties.map { "\\p{\($0)}" + (ICUPropertyData.added[$0] ?? "") }.joined())
  }

  /// ICU's word characters: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D]`.
  static let word = union("word")
  /// What ICU's `\b` steps over to find the character before a position, as regex text matching
  /// one character: marks that extend a grapheme and format characters. Grapheme_Extend loses
  /// U+1171E in ICU's data, so this is not one class.
  static let boundaryTransparent: String = {
    var members = property(pcre2: "Grapheme_Extend").members
    members.positive += #"\p{Cf}"#
    return members.regex
  }()

  /// The set of a one-letter class escape (`\w`, `\S`, …), nil for any other letter.
  static func escape(_ letter: Unicode.Scalar) -> CharacterSet? {
    let set: CharacterSet? =
      switch Unicode.Scalar(letter.value | 0x20).map(Character.init) {
      case "w": word
      case "s": property(pcre2: "White_Space")
      case "d": property(pcre2: "Nd")
      case "h": union("blank")
      case "v": .positive(#"\n\x{0B}\f\r\x{85}\x{2028}\x{2029}"#)
      default: nil
      }
    guard let set else { return nil }
    return ("A"..."Z").contains(letter) ? set.inverted : set
  }

  /// What a property name inside `\p{…}` or `[[:…:]]` names.
  enum Resolution: Sendable, Hashable {
    case set(CharacterSet)
    /// A name ICU knows and PCRE2 has no data for (blocks, numeric values).
    case icuOnly(String)
    /// Not a property name at all (a character no name has).
    case invalid(String)
  }

  /// The set `\p{name}` (or `[[:name:]]`) stands for in ICU.
  static func property(_ name: String) -> Resolution {
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_" || $0 == " " || $0 == "-" || $0 == "=" || $0 == "."
    }
    guard allowed, !name.isEmpty else { return .invalid("unknown property name '\(name)'") }
    let key = normalized(name)
    if let parts = splitAssignment(name) {
      let property = normalized(parts.key)
      switch property {
      case "gc", "generalcategory":
        if let category = generalCategories[normalized(parts.value)] {
          return .set(.positive("\\p{\(category)}"))
        }
        return .icuOnly("the general category '\(parts.value)'")
      case "sc", "script":
        return .set(.positive("\\p{sc:\(scriptName(parts.value))}"))
      case "scx", "scriptextensions":
        return .set(scriptExtensions(scriptName(parts.value)))
      default:
        return .icuOnly("the property '\(parts.key)=…'")
      }
    }
    // `word` is ICU's own name, not Unicode's: only its case is loose (`w-ord` is an error).
    if key == "word" && name.lowercased() != "word" {
      return .invalid("unknown property name '\(name)'")
    }
    if let set = named(key) { return .set(set) }
    let scriptsStartingWithIn: Set<String> = [
      "inherited", "inscriptionalpahlavi", "inscriptionalparthian",
    ]
    if name.hasPrefix("In") && key.count > 2 && !scriptsStartingWithIn.contains(key) {
      return .icuOnly("the block property '\(name)'")
    }
    // Java's `Is` prefix, which ICU takes with exactly that case (`\p{isLatin}` is an error).
    if name.hasPrefix("Is") && key.count > 2 {
      let rest = String(key.dropFirst(2))
      if let set = named(rest) { return .set(set) }
      return .set(.positive("\\p{sc:\(scriptName(rest))}"))
    }
    // Anything else is a script name (`\p{Greek}`): ICU reads it as Script, PCRE2 as Script
    // Extensions, so it is written out as `sc:`. PCRE2 rejects a name it does not know.
    return .set(.positive("\\p{sc:\(scriptName(name))}"))
  }

  private static func named(_ key: String) -> CharacterSet? {
    if let category = generalCategories[key] { return property(pcre2: category) }
    if let set = posixCompatible[key] { return set }
    if let binary = binaryProperties[key] { return property(pcre2: binary) }
    return nil
  }

  /// `\p{scx=name}` as ICU answers it. PCRE2 10.42's `scx:` data is Unicode 14's, and later
  /// versions gave hundreds of marks and punctuation extensions (U+0301 is Greek, Latin and
  /// Cyrillic in Unicode 16), so the set is written out from Script, on which both engines agree,
  /// and ``ICUPropertyData``: a script gains the characters whose extensions name it;
  /// Common and Inherited lose the characters that have extensions of their own.
  private static func scriptExtensions(_ name: String) -> CharacterSet {
    guard let script = ICUPropertyData.scriptShortNames[name] else {
      return .positive("\\p{sc:\(name)}")
    }
    return corrected(
      "\\p{sc:\(script)}", negated: "\\P{sc:\(script)}",
      adding: ICUPropertyData.scriptExtendedInto[script] ?? "",
      removing: ICUPropertyData.scriptExtendedOutOf[script] ?? "")
  }

  /// A script name as PCRE2 reads it after `sc:` (both engines ignore case, spaces, `_`, `-`).
  private static func scriptName(_ name: String) -> String { normalized(name) }

  private static func splitAssignment(_ name: String) -> (key: String, value: String)? {
    guard let equals = name.firstIndex(of: "=") else { return nil }
    return (String(name[..<equals]), String(name[name.index(after: equals)...]))
  }

  /// Loose matching, as both engines do it: case, spaces, `_` and `-` do not count.
  static func normalized(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" }))
  }

  /// General categories by every name ICU accepts, to PCRE2's short name.
  static let generalCategories: [String: String] = {
    let pairs: [(String, [String])] = [
      ("C", ["c", "other"]), ("Cc", ["cc", "control", "cntrl"]), ("Cf", ["cf", "format"]),
      ("Cn", ["cn", "unassigned"]), ("Co", ["co", "privateuse"]), ("Cs", ["cs", "surrogate"]),
      ("L", ["l", "letter"]), ("L&", ["lc", "casedletter"]), ("Ll", ["ll", "lowercaseletter"]),
      ("Lm", ["lm", "modifierletter"]), ("Lo", ["lo", "otherletter"]),
      ("Lt", ["lt", "titlecaseletter"]), ("Lu", ["lu", "uppercaseletter"]),
      ("M", ["m", "mark", "combiningmark"]), ("Mc", ["mc", "spacingmark"]),
      ("Me", ["me", "enclosingmark"]), ("Mn", ["mn", "nonspacingmark"]),
      ("N", ["n", "number"]), ("Nd", ["nd", "decimalnumber", "digit"]),
      ("Nl", ["nl", "letternumber"]), ("No", ["no", "othernumber"]),
      ("P", ["p", "punctuation", "punct"]), ("Pc", ["pc", "connectorpunctuation"]),
      ("Pd", ["pd", "dashpunctuation"]), ("Pe", ["pe", "closepunctuation"]),
      ("Pf", ["pf", "finalpunctuation"]), ("Pi", ["pi", "initialpunctuation"]),
      ("Po", ["po", "otherpunctuation"]), ("Ps", ["ps", "openpunctuation"]),
      ("S", ["s", "symbol"]), ("Sc", ["sc", "currencysymbol"]), ("Sk", ["sk", "modifiersymbol"]),
      ("Sm", ["sm", "mathsymbol"]), ("So", ["so", "othersymbol"]),
      ("Z", ["z", "separator"]), ("Zl", ["zl", "lineseparator"]),
      ("Zp", ["zp", "paragraphseparator"]), ("Zs", ["zs", "spaceseparator"]),
    ]
    var table: [String: String] = [:]
    for (short, names) in pairs { for name in names { table[name] = short } }
    return table
  }()

  /// ICU's POSIX-compatible names (UTS #18 Annex C), usable as `[[:name:]]` and `\p{name}`.
  private static let posixCompatible: [String: CharacterSet] = [
    "alpha": property(pcre2: "Alphabetic"),
    "lower": property(pcre2: "Lowercase"),
    "upper": property(pcre2: "Uppercase"),
    "xdigit": union("xdigit"),
    "alnum": union("alnum"),
    "space": property(pcre2: "White_Space"),
    "blank": union("blank"),
    "graph": union("graph").inverted,
    "print": union("print").inverted,
    "word": word,
    "assigned": property(pcre2: "Cn").inverted,
  ]

  /// Binary properties both engines define, by ICU's long and short names.
  static let binaryProperties: [String: String] = {
    let pairs: [(String, [String])] = [
      ("Any", ["any"]), ("ASCII", ["ascii"]), ("Alphabetic", ["alphabetic"]),
      ("Lowercase", ["lowercase"]), ("Uppercase", ["uppercase"]),
      ("White_Space", ["whitespace", "wspace"]), ("Hex_Digit", ["hexdigit", "hex"]),
      ("ASCII_Hex_Digit", ["asciihexdigit", "ahex"]), ("Cased", ["cased"]),
      ("Case_Ignorable", ["caseignorable", "ci"]), ("Dash", ["dash"]),
      ("Diacritic", ["diacritic", "dia"]), ("Extender", ["extender", "ext"]),
      ("Grapheme_Base", ["graphemebase", "grbase"]),
      ("Grapheme_Extend", ["graphemeextend", "grext"]),
      ("Ideographic", ["ideographic", "ideo"]), ("ID_Start", ["idstart", "ids"]),
      ("ID_Continue", ["idcontinue", "idc"]), ("XID_Start", ["xidstart", "xids"]),
      ("XID_Continue", ["xidcontinue", "xidc"]), ("Join_Control", ["joincontrol", "joinc"]),
      ("Math", ["math"]), ("Noncharacter_Code_Point", ["noncharactercodepoint", "nchar"]),
      ("Pattern_Syntax", ["patternsyntax", "patsyn"]),
      ("Pattern_White_Space", ["patternwhitespace", "patws"]),
      ("Quotation_Mark", ["quotationmark", "qmark"]), ("Radical", ["radical"]),
      ("Regional_Indicator", ["regionalindicator", "ri"]),
      ("Soft_Dotted", ["softdotted", "sd"]), ("Sentence_Terminal", ["sentenceterminal", "sterm"]),
      ("Terminal_Punctuation", ["terminalpunctuation", "term"]),
      ("Unified_Ideograph", ["unifiedideograph", "uideo"]),
      ("Variation_Selector", ["variationselector", "vs"]),
      ("Default_Ignorable_Code_Point", ["defaultignorablecodepoint", "di"]),
      ("Deprecated", ["deprecated", "dep"]), ("Bidi_Control", ["bidicontrol", "bidic"]),
      ("Bidi_Mirrored", ["bidimirrored", "bidim"]),
      ("Logical_Order_Exception", ["logicalorderexception", "loe"]),
      ("Emoji", ["emoji"]), ("Emoji_Presentation", ["emojipresentation", "epres"]),
      ("Emoji_Modifier", ["emojimodifier", "emod"]),
      ("Emoji_Modifier_Base", ["emojimodifierbase", "ebase"]),
      ("Emoji_Component", ["emojicomponent", "ecomp"]),
      ("Extended_Pictographic", ["extendedpictographic", "extpict"]),
      ("Changes_When_Casefolded", ["changeswhencasefolded", "cwcf"]),
      ("Changes_When_Casemapped", ["changeswhencasemapped", "cwcm"]),
      ("Changes_When_Lowercased", ["changeswhenlowercased", "cwl"]),
      ("Changes_When_Uppercased", ["changeswhenuppercased", "cwu"]),
      ("Changes_When_Titlecased", ["changeswhentitlecased", "cwt"]),
    ]
    var table: [String: String] = [:]
    for (pcre, names) in pairs { for name in names { table[name] = pcre } }
    return table
  }()
}

/// Case-insensitive matching of sets the way ICU does it: ICU closes every set over case
/// (`(?i)\p{Lu}` matches `a`, `(?i)\p{M}` matches `ι` because U+0345 folds to it) and complements
/// after closing; PCRE2 applies caseless matching to literal characters and ranges only. The
/// closure of a set is computed once per set with PCRE2 itself as the membership oracle, over the
/// case orbits of Unicode, and written out as the characters to add.
enum CaseClosure {
  /// The end of the planes that hold characters with case: the case tables scan no further.
  static let lastCasedPlaneEnd: UInt32 = 0x1FFFF

  /// The groups of characters that are one another's case variants (simple case folding).
  static let orbits: [[Unicode.Scalar]] = Tables.shared.orbits

  /// Characters whose full case folding is more than one character (`ß` → `ss`), with it.
  static let multiCharacterFolds: [Unicode.Scalar: [Unicode.Scalar]] = Tables.shared.multiFolds

  private struct Tables {
    var orbits: [[Unicode.Scalar]] = []
    var multiFolds: [Unicode.Scalar: [Unicode.Scalar]] = [:]

    static let shared = Tables()

    private init() {
      var groups: [Unicode.Scalar: [Unicode.Scalar]] = [:]
      // Every character with case is below U+20000 (Adlam, the last cased script, ends at
      // U+1E943); scanning planes 0 and 1 only is an eighth of the work. A test checks the bound.
      for value in UInt32(0)...CaseClosure.lastCasedPlaneEnd {
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped
        else { continue }
        groups[Self.foldKey(scalar), default: []].append(scalar)
        let folded = Array(String(scalar).lowercased().uppercased().lowercased().unicodeScalars)
        if folded.count > 1 { multiFolds[scalar] = folded }
      }
      for (key, members) in groups {
        var orbit = members
        if !orbit.contains(key) { orbit.append(key) }
        if orbit.count > 1 { orbits.append(orbit.sorted { $0.value < $1.value }) }
      }
      orbits.sort { $0[0].value < $1[0].value }
    }

    /// Simple case folding from the stdlib's mappings: lowercase of the uppercase, single
    /// characters only. U+0131 `ı` is its own: it has no simple folding, and neither ICU nor
    /// PCRE2 matches it with `i`.
    private static func foldKey(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      if scalar == "\u{131}" { return scalar }
      func single(_ text: String) -> Unicode.Scalar? {
        let scalars = text.unicodeScalars
        return scalars.count == 1 ? scalars.first : nil
      }
      let upper = single(scalar.properties.uppercaseMapping) ?? scalar
      return single(upper.properties.lowercaseMapping)
        ?? single(scalar.properties.lowercaseMapping) ?? scalar
    }
  }

  private static let cache = Locked<[String: String]>([:])

  /// The characters ICU's case closure adds to the set `set` (PCRE2 regex text matching one
  /// character, as ``ICUCharacterSets/CharacterSet/Union/regex``), as class contents; empty when
  /// the set is closed already.
  static func additions(to set: String) -> String {
    if let cached = cache.withLock({ $0[set] }) { return cached }
    var added: [UInt32] = []
    if let oracle = try? CompiledRegex(pattern: set, options: [.wholeString, .unicodeProperties]) {
      for orbit in orbits {
        let inside = orbit.map { (try? oracle.matches(String($0))) ?? false }
        guard inside.contains(true), inside.contains(false) else { continue }
        for (scalar, isInside) in zip(orbit, inside) where !isInside { added.append(scalar.value) }
      }
    }
    added.sort()
    var text = ""
    var index = 0
    while index < added.count {
      var end = index
      while end + 1 < added.count, added[end + 1] == added[end] + 1 { end += 1 }
      text += "\\x{\(String(added[index], radix: 16))}"
      if end > index { text += "-\\x{\(String(added[end], radix: 16))}" }
      index = end + 1
    }
    cache.withLock { $0[set] = text }
    return text
  }
}
