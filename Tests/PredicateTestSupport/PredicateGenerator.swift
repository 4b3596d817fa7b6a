import PredicateSyntax

/// Generates random predicates and identifiers from a seed.
///
/// `syntaxPredicate` covers everything the parser accepts (keys, functions, arithmetic, SUBQUERY,
/// …) for the print/parse round trip; `activationPredicate` covers what activation conditions
/// accept, weighted towards the Unicode edge cases that separate correct from nearly correct.
public struct PredicateGenerator {
  public var random: SeededRandom

  public init(seed: UInt64? = nil) { random = SeededRandom(seed: seed) }

  /// Strings that exercise case folding, canonical equivalence, wildcards and emoji.
  public static let interestingStrings: [String] = [
    "", "a", "A", "b", "abc", "ABC", "aBc", "com.example.chat/thread/42", "com.example.chat/",
    "chat/", "thread", "/42", "café", "cafe\u{301}", "CAFÉ", "cafe", "e", "é", "E\u{301}",
    "straße", "STRASSE", "ss", "ß", "ＡＢＣ", "abc ", "😀", "👍", "👍🏽", "ok 👍🏽", "中文", "文",
    "x*y", "a?c", "*", "?", "a*", "*c", "?b?", "\\*", "a\\*c", "*.*", "İ", "i", "\u{212A}", "k",
    "K", "q\u{303}", "q", "Ångström", "ANG", "doc-42", "doc-", "inbox", "Inbox", "a\nb", "\u{301}",
    "z", "Z", "thread/9", "thread/10", "thread/42", "doc-2", "aab", ".com",
    // ASCII heads followed by what may change them once prepared (ASCIIHead, literal heads of
    // caseless patterns): marks that compose or vanish, and scalars that fold to ASCII.
    "A\u{30A}", "<\u{338}", "=", "I\u{307}", "\u{307}", "\u{338}", "\u{212A}1", "k1", "K2", "ſ",
    "ﬁle", "ﬆ", "Doc-\u{301}42", "THREAD/", "ｄoc-1", "\u{308}", "doc-4\u{301}",
  ]

  /// Regular expressions with the same meaning in ICU and PCRE2 and no escapes to translate.
  public static let regexPatterns: [String] = [
    "doc-[0-9]+", "a|b", "(a|b)+", "[a-z]+", ".*", ".+", "a.c", "caf.", "é+", "\\w+", "[^/]+",
    "(?i)abc", "ab*c", "x", "", "com[.]example[.]chat/thread/[0-9]+", ".*/42", "[a-zé]+",
    // Literal heads (checked before PCRE2 runs), and patterns that must not get one.
    "thread/[0-9]+", "doc\\-4?2", "a+b", "^doc-.*", "abc|x", "ab(c|x)", "caf[é]", "\\.?com",
    // Heads compared case-insensitively, and heads a mark follows (not certain under [d]).
    "k[0-9]*", "K.*", "Doc-[0-9]+", "THREAD/.*", "cafe\u{301}.*", "a\u{30A}.*", "<\u{338}",
  ]

  public mutating func identifier() -> String? {
    if random.chance(0.08) { return nil }
    if random.chance(0.7) { return random.pick(Self.interestingStrings) }
    // Concatenations find the boundary cases (a prefix of a decomposed character, …).
    return random.pick(Self.interestingStrings) + random.pick(Self.interestingStrings)
  }

  private mutating func options() -> ComparisonOptions {
    var options: ComparisonOptions = []
    if random.chance(0.3) { options.insert(.caseInsensitive) }
    if random.chance(0.25) { options.insert(.diacriticInsensitive) }
    if random.chance(0.05) { options.insert(.normalized) }
    return options
  }

  private mutating func stringLiteral(for op: ComparisonOperator) -> FormatExpression {
    if op == .matches { return .string(random.pick(Self.regexPatterns)) }
    return .string(random.pick(Self.interestingStrings))
  }

  /// A predicate that validates under the extended profile (except LIKE patterns ending in a
  /// backslash, which callers skip when compilation rejects them).
  public mutating func activationPredicate(depth: Int = 3) -> FormatPredicate {
    if depth > 0 && random.chance(0.35) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return .not(activationPredicate(depth: depth - 1))
      case 1:
        return .and(
          (0..<Int.random(in: 2...3, using: &random)).map { _ in
            activationPredicate(depth: depth - 1)
          })
      default:
        return .or(
          (0..<Int.random(in: 2...3, using: &random)).map { _ in
            activationPredicate(depth: depth - 1)
          })
      }
    }
    if random.chance(0.03) { return .value(random.chance(0.5)) }
    let op = random.pick([
      ComparisonOperator.equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan,
      .greaterThanOrEqualTo, .between, .beginsWith, .endsWith, .contains, .like, .matches, .in,
      .beginsWith, .contains, .equalTo, .in,
    ])
    let options = options()
    switch op {
    case .between:
      let bounds = [random.pick(Self.interestingStrings), random.pick(Self.interestingStrings)]
        .sorted()
      return .comparison(.evaluatedObject, .between, .strings(bounds), options: options)
    case .in:
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        return .comparison(
          .evaluatedObject, .in, .string(random.pick(Self.interestingStrings)), options: options)
      case 1:
        return .comparison(
          .string(random.pick(Self.interestingStrings)), .in, .evaluatedObject, options: options)
      case 2:
        // An aggregate holding SELF takes the generic path.
        return .comparison(
          .evaluatedObject, .in,
          FormatExpression(
            .aggregate([.string(random.pick(Self.interestingStrings)), .evaluatedObject])))
      default:
        var elements = (0..<Int.random(in: 0...5, using: &random)).map { _ in
          FormatExpression.string(random.pick(Self.interestingStrings))
        }
        if random.chance(0.2) { elements.append(FormatExpression(.constant(.null))) }
        if random.chance(0.1) { elements.append(FormatExpression(.constant(.integer(1)))) }
        return .comparison(.evaluatedObject, .in, FormatExpression(.aggregate(elements)))
      }
    default:
      if op == .equalTo || op == .notEqualTo, random.chance(0.1) {
        return .comparison(.evaluatedObject, op, FormatExpression(.constant(.null)))
      }
      let literal = stringLiteral(for: op)
      switch Int.random(in: 0..<10, using: &random) {
      case 0: return .comparison(literal, op, .evaluatedObject, options: options)
      case 1: return .comparison(.evaluatedObject, op, .evaluatedObject, options: options)
      default: return .comparison(.evaluatedObject, op, literal, options: options)
      }
    }
  }

  // MARK: Syntax

  static let keys = ["name", "title", "x1", "_a", "identifier", "ümlaut"]
  static let functions = ["lowercase", "uppercase", "now", "FUNCTION", "sum"]
  static let reserved = ["SELF", "AND", "SIZE", "IN", "name"]

  /// Any predicate the parser accepts.
  public mutating func syntaxPredicate(depth: Int = 4) -> FormatPredicate {
    if depth > 0 && random.chance(0.4) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return .not(syntaxPredicate(depth: depth - 1))
      case 1:
        return .and(
          (0..<Int.random(in: 2...3, using: &random)).map { _ in syntaxPredicate(depth: depth - 1) }
        )
      default:
        return .or(
          (0..<Int.random(in: 2...3, using: &random)).map { _ in syntaxPredicate(depth: depth - 1) }
        )
      }
    }
    if random.chance(0.05) { return .value(random.chance(0.5)) }
    var options: ComparisonOptions = []
    for option in [
      ComparisonOptions.caseInsensitive, .diacriticInsensitive, .localeSensitive, .normalized,
    ]
    where random.chance(0.15) {
      options.insert(option)
    }
    let comparison = Comparison(
      expression(depth: depth), random.pick(ComparisonOperator.allCases), expression(depth: depth),
      options: options,
      qualifier: random.chance(0.1) ? random.pick(AggregateQualifier.allCases) : nil)
    return FormatPredicate(.comparison(comparison))
  }

  package mutating func expression(depth: Int) -> FormatExpression {
    let leaf = depth <= 0 || random.chance(0.5)
    if leaf {
      switch Int.random(in: 0..<11, using: &random) {
      case 0, 1: return .evaluatedObject
      case 2, 3: return .string(randomText())
      case 4:
        return FormatExpression(.constant(.integer(Int.random(in: -1000...1000, using: &random))))
      case 5:
        let value = random.pick([0.5, -2.25, 1e-7, 1e300, 3.0, 123456.789])
        return FormatExpression(.constant(.double(value)))
      case 6:
        return FormatExpression(
          .constant(random.chance(0.5) ? .boolean(random.chance(0.5)) : .null))
      case 7: return FormatExpression(.key(random.pick(Self.keys)))
      case 8: return FormatExpression(.variable(random.pick(["x", "name", "AND"])))
      case 9:
        return FormatExpression(
          random.chance(0.5)
            ? .escapedKey(random.pick(Self.reserved)) : .collectionOperator("count"))
      default:
        return FormatExpression(
          random.chance(0.5) ? .formatPlaceholder(random.pick(["%@", "%K", "%d", "%ld"])) : .anyKey)
      }
    }
    let next = depth - 1
    switch Int.random(in: 0..<9, using: &random) {
    case 0:
      return FormatExpression(
        .aggregate((0..<Int.random(in: 0...3, using: &random)).map { _ in expression(depth: next) })
      )
    case 1:
      return FormatExpression(
        .member(expression(depth: next), random.pick(["length", "@count", "SIZE", "name"])))
    case 2:
      let index =
        random.chance(0.5)
        ? FormatExpression(.indexKeyword(random.pick(IndexKeyword.allCases)))
        : expression(depth: next)
      return FormatExpression(.index(expression(depth: next), index))
    case 3:
      return FormatExpression(
        .function(
          random.pick(Self.functions),
          (0..<Int.random(in: 0...2, using: &random)).map { _ in expression(depth: next) }))
    case 4:
      return FormatExpression(
        .arithmetic(
          random.pick(ArithmeticOperator.allCases), expression(depth: next), expression(depth: next)
        ))
    case 5:
      var operand = expression(depth: next)
      if case .constant(.integer(let value)) = operand.kind, value == Int.min {
        operand = .evaluatedObject
      }
      return FormatExpression(.negation(operand))
    case 6:
      return FormatExpression(.subquery(expression(depth: next), "x", syntaxPredicate(depth: next)))
    case 7:
      return FormatExpression(.cast(expression(depth: next), .string("NSString")))
    default:
      return FormatExpression(
        .fetch((0..<Int.random(in: 1...3, using: &random)).map { _ in expression(depth: next) }))
    }
  }

  private mutating func randomText() -> String {
    if random.chance(0.6) { return random.pick(Self.interestingStrings) }
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "\"", "'", "\\", " ", "\t", "\n", "%", "@", "é", "\u{301}", "😀", "{", "}", "(", ")",
      "*", "?", "$", "#",
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...8, using: &random) { scalars.append(random.pick(alphabet)) }
    return String(scalars)
  }
}
