/// Finds activation conditions in Objective-C (and C and C++, where decompiler output lives)
/// without a compiler: a scanner that knows comments, string literals (`@"…"`, adjacent ones
/// concatenated), escapes and brackets, over which setters (`setCanActivateFor…:`, and
/// `objc_msgSend(…, "setCanActivateFor…:", …)`), dot-syntax assignments and installed fresh
/// conditions objects are found. How each value is built is read in `ObjCExtractor+Values`,
/// the tokens in `ObjCExtractor+Tokens`.
package enum ObjCExtractor {
  /// A token: an identifier, a string literal (its decoded text, or nil when it cannot be
  /// decoded), or one punctuation byte.
  package struct Token {
    package enum Kind {
      case identifier(String)
      case string(LiteralText?)
      case number(String)
      case punctuation(UInt8)
      case other
    }
    package var kind: Kind
    package var offset: Int
    /// The index of the top-level `{` whose body holds the token (a method's or a function's),
    /// or -1 outside every body: a local is looked up only within its own body.
    package var scope = -1
    /// For a string that stands for a file constant's name: that constant.
    package var origin: ValueOrigin?

    package var identifier: String? {
      if case .identifier(let name) = kind { return name }
      return nil
    }
    package func isPunctuation(_ byte: UInt8) -> Bool {
      if case .punctuation(let value) = kind { return value == byte }
      return false
    }
  }

  /// Whether the token at `index` is the identifier `name`, read in place: a scan over every
  /// token that asked `tokens[index].identifier` copied each whole token (its literal's arrays
  /// and its origin retained and released) to read its name.
  package static func isIdentifier(_ tokens: [Token], _ index: Int, _ name: String) -> Bool {
    if case .identifier(let found) = tokens[index].kind { return isWord(found, name) }
    return false
  }

  /// Whether `name` is `word`, their lengths compared first: the scans compare most of a
  /// file's identifiers with a few long selector names, and `==` between a short string and a
  /// long one takes the strings' general comparison (an eighth of reading a file's producers).
  @inline(__always)
  package static func isWord(_ name: String, _ word: String) -> Bool {
    name.utf8.count == word.utf8.count && name == word
  }

  /// One `@implementation X … @end` of a file's tokens.
  package struct Implementation {
    package var name: String
    /// The offsets of its `@implementation`'s `@` and of its `@end`'s, nil when another
    /// `@implementation` or the file's end comes first.
    package var start: Int
    package var end: Int?
  }

  /// The file's `@implementation` blocks, in order: the classes it defines, and the boundary
  /// within which a statement's `#if` clauses are its own (a file wrapped whole in `#if` builds
  /// the class or not).
  package static func implementations(_ tokens: [Token]) -> [Implementation] {
    var found: [Implementation] = []
    for index in tokens.indices.dropFirst() where tokens[index - 1].isPunctuation(UInt8(ascii: "@"))
    {
      if isIdentifier(tokens, index, "implementation"), index + 1 < tokens.count,
        let name = tokens[index + 1].identifier
      {
        found.append(Implementation(name: name, start: tokens[index - 1].offset))
      } else if isIdentifier(tokens, index, "end"), let last = found.indices.last,
        found[last].end == nil
      {
        found[last].end = tokens[index - 1].offset
      }
    }
    return found
  }

  package static func conditions(in bytes: [UInt8]) -> [FoundCondition] {
    conditions(in: bytes, path: "", module: nil).conditions
  }

  /// The conditions of the file at `path`, its constants resolved through `module` where the
  /// file does not define them; without a module, also the constant names it used and did not
  /// define, which a reading with the module may know.
  package static func conditions(in bytes: [UInt8], path: String, module: ModuleIndex?) -> (
    conditions: [FoundCondition], external: Set<ModuleName>
  ) {
    var directives: [Range<Int>] = []
    var tokens = tokenize(bytes, directives: &directives)
    var external: Set<ModuleName> = []
    inlineConstants(&tokens, defines: stringDefines(bytes)) { name, offset in
      guard let module else {
        external.insert(ModuleName(objectiveC: name))
        return nil
      }
      return moduleConstant(name, at: offset, in: module, besides: path)
    }
    let found = extractConditions(tokens)
    guard !found.isEmpty, !directives.isEmpty else { return (found, external) }
    let conditionals = Conditionals(bytes: bytes, directives: directives)
    guard !conditionals.isEmpty else { return (found, external) }
    return (compiled(found, tokens, conditionals), external)
  }

  /// `found` with the builds that compile each (``FoundCondition/compiled``), from the
  /// conditional clauses around it within its `@implementation`; those no build compiles
  /// (`#elif 0`) are left out, as `#if 0` blocks are.
  private static func compiled(
    _ found: [FoundCondition], _ tokens: [Token], _ conditionals: Conditionals
  ) -> [FoundCondition] {
    let implementations = implementations(tokens)
    return found.compactMap { condition in
      let boundary = implementations.last { $0.start < condition.offset }?.start ?? -1
      let around = conditionals.around(condition.offset, after: boundary)
      guard !around.compiled.platforms.isEmpty else { return nil }
      var condition = condition
      condition.compiled = condition.compiled.intersection(around.compiled)
      // One condition around it decides its branch: an `if`'s or a clause's, never both.
      if condition.runTime.isEmpty {
        condition.branch = around.branch
      } else if !around.compiled.clauses.isEmpty {
        condition.branch = nil
      }
      return condition
    }
  }

  /// The value of the module constant `name` (declared in another file than `path`) as text at
  /// `offset`, with its origin; nil when the module does not know one value for it.
  package static func moduleConstant(
    _ name: String, at offset: Int, in module: ModuleIndex, besides path: String
  ) -> (LiteralText, ValueOrigin)? {
    guard let constant = module.objCConstant(name, besides: path),
      case .text(let value) = constant.value
    else { return nil }
    return (
      LiteralText(computed: value, at: offset),
      ValueOrigin(resolution: .moduleConstant, name: name, offset: offset, place: constant.place)
    )
  }

  /// The conditions of a file's tokens, its constants inlined.
  private static func extractConditions(_ tokens: [Token]) -> [FoundCondition] {
    var tokens = tokens
    inlineLocalStrings(&tokens)
    var found: [FoundCondition] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      // objc_msgSend(receiver, "setCanActivateFor…Predicate:", value), as disassemblers print
      // a send.
      if isIdentifier(tokens, index, "objc_msgSend"), index + 1 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: "("))
      {
        let arguments = callArguments(tokens, open: index + 1)
        if arguments.count >= 3, let selector = stringValue(tokens, arguments[1]),
          selector.hasSuffix(":"), let kind = ConditionKind.property(String(selector.dropLast()))
        {
          found.append(
            condition(tokens, arguments[2].lowerBound, arguments[2].upperBound, kind: kind))
        } else if arguments.count >= 3,
          stringValue(tokens, arguments[1]) == "setActivationConditions:"
        {
          found += defaults(tokens, arguments[2].lowerBound, arguments[2].upperBound)
        }
        continue
      }
      guard let name = tokens[index].identifier else { continue }
      if isWord(name, "activationConditions") || isWord(name, "setActivationConditions") {
        found += installedConditions(tokens, at: index)
        continue
      }
      if isWord(name, "handlesExternalEvents") {
        found += compiledSwiftUICall(tokens, at: index)
        continue
      }
      guard let kind = ConditionKind.property(name) else { continue }
      if name.hasPrefix("set") {
        // [receiver setCanActivate…: expr]; not the setter's own declaration or definition.
        guard index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: ":")),
          !isMethodDeclaration(tokens, nameAt: index)
        else {
          continue
        }
        let end = expressionEnd(tokens, from: index + 2)
        var set = condition(tokens, index + 2, end, kind: kind)
        if index >= 2, tokens[index - 2].isPunctuation(UInt8(ascii: "[")) {
          set.neverInstalled = neverInstalled(tokens, receiverAt: index - 1)
        }
        found.append(set)
      } else if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: ".")),
        index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
      {
        // receiver.canActivate… = expr;
        let end = expressionEnd(tokens, from: index + 2)
        var set = condition(tokens, index + 2, end, kind: kind)
        set.neverInstalled = neverInstalled(tokens, receiverAt: index - 2)
        found.append(set)
      }
    }
    return found.enumerated().sorted {
      ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
    }.map(\.element)
  }

  /// Whether the selector part at `index` starts a method's declaration or definition,
  /// `- (void)setCanActivate…:(NSPredicate *)predicate`, as class-dump headers and UIKit
  /// re-implementations write it: `-` or `+`, then the return type in parentheses.
  package static func isMethodDeclaration(_ tokens: [Token], nameAt index: Int) -> Bool {
    guard index >= 3, tokens[index - 1].isPunctuation(UInt8(ascii: ")")),
      let open = enclosingOpener(tokens, before: index - 1), open >= 1,
      tokens[open].isPunctuation(UInt8(ascii: "("))
    else { return false }
    return tokens[open - 1].isPunctuation(UInt8(ascii: "-"))
      || tokens[open - 1].isPunctuation(UInt8(ascii: "+"))
  }

  /// The `(` or `[` that encloses position `index`: the nearest one before it left unmatched.
  /// Nil when a `;`, `{` or `}` comes first (the statement starts there), or none does.
  package static func enclosingOpener(_ tokens: [Token], before index: Int) -> Int? {
    var position = index - 1
    var depth = 0
    while position >= 0 {
      if case .punctuation(let byte) = tokens[position].kind {
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"): depth += 1
        case UInt8(ascii: "("), UInt8(ascii: "["):
          if depth == 0 { return position }
          depth -= 1
        // A statement's end, or a block's start or end: a message never reaches past one (a
        // `[` left open in a body that `}` closes is not the opener of what follows the body).
        case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): return nil
        default: break
        }
      }
      position -= 1
    }
    return nil
  }

  /// The conditions of SwiftUI's modifier as a decompiler prints a call to it from compiled Swift,
  /// `View.handlesExternalEvents(preferring:allowing:)();` or
  /// `Scene.handlesExternalEvents(matching:)();`: the sets are passed in registers the pseudo-code
  /// does not show, so each is a run-time value.
  package static func compiledSwiftUICall(_ tokens: [Token], at index: Int) -> [FoundCondition] {
    guard index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "(")) else {
      return []
    }
    let close = expressionEnd(tokens, from: index + 2)
    guard close + 1 < tokens.count, tokens[close + 1].isPunctuation(UInt8(ascii: "(")) else {
      return []
    }
    // The labels, each followed by `:` and nothing else.
    var labels: [String] = []
    var position = index + 2
    while position + 1 < close, let label = tokens[position].identifier,
      tokens[position + 1].isPunctuation(UInt8(ascii: ":"))
    {
      labels.append(label)
      position += 2
    }
    guard position == close else { return [] }
    let kinds: [ConditionKind]
    switch labels {
    case ["matching"]: kinds = [.swiftUIMatching]
    case ["preferring", "allowing"]: kinds = [.swiftUIPreferring, .swiftUIAllowing]
    default: return []
    }
    return kinds.map {
      FoundCondition(
        offset: tokens[index].offset, kind: $0,
        source: .notCheckable(
          "a call from compiled Swift (decompiler output): its sets are not in the source"),
        resolution: .runtime)
    }
  }

  /// The defaults of a conditions object installed at `index` (`x.activationConditions = c;` or
  /// `[x setActivationConditions:c]`), when it is a fresh one.
  package static func installedConditions(_ tokens: [Token], at index: Int) -> [FoundCondition] {
    if tokens[index].identifier == "setActivationConditions", index + 1 < tokens.count,
      tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
    {
      return defaults(tokens, index + 2, expressionEnd(tokens, from: index + 2))
    }
    guard index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: ".")),
      index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
      !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
    else { return [] }
    return defaults(tokens, index + 2, expressionEnd(tokens, from: index + 2))
  }

  /// The default occurrences of the conditions object `start..<end`: none unless it is a fresh
  /// `[[UISceneActivationConditions alloc] init]` or `[UISceneActivationConditions new]`
  /// (directly or through a local of the same body), then one for each predicate never set on
  /// it in that body, at the allocation.
  package static func defaults(_ tokens: [Token], _ start: Int, _ end: Int) -> [FoundCondition] {
    var from = start
    var to = end
    var name: String?
    if to - from == 1, let local = tokens[from].identifier,
      let (definitionStart, definitionEnd) = localDefinition(tokens, named: local, before: from)
    {
      name = local
      from = definitionStart
      to = definitionEnd
    }
    guard isFreshConditions(tokens, from, to) else { return [] }
    var set: Set<ConditionKind> = []
    // A message or call the object is passed to may set its predicates.
    var escape: String?
    if let name {
      let scope = tokens[from].scope
      for index in tokens.indices where tokens[index].scope == scope {
        guard tokens[index].identifier == name, index + 2 < tokens.count else { continue }
        if escape == nil, index > 1, index < start {
          escape = escapingCall(tokens, argumentAt: index)
        }
        if let kind = predicateSet(tokens, at: index) { set.insert(kind) }
      }
    }
    return [ConditionKind.canActivate, .prefersToActivate].filter { !set.contains($0) }.map {
      if let escape, let name {
        return FoundCondition(
          offset: tokens[from].offset, kind: $0,
          source: .notCheckable(
            "'\(name)' is passed to '\(escape)' before it is installed, which may set it"),
          resolution: .runtime)
      }
      return FoundCondition(
        offset: tokens[from].offset, kind: $0, source: .value($0 == .canActivate),
        resolution: .default)
    }
  }

  /// The predicate the use of a conditions object at `index` (its name) sets:
  /// `name.canActivate… = …`, `[name setCanActivate…: …]` or, as decompilers print it,
  /// `objc_msgSend(name, "setCanActivate…:", …)`; nil for any other use.
  private static func predicateSet(_ tokens: [Token], at index: Int) -> ConditionKind? {
    guard index + 2 < tokens.count else { return nil }
    if tokens[index + 1].isPunctuation(UInt8(ascii: ".")),
      let property = tokens[index + 2].identifier, let kind = ConditionKind.property(property)
    {
      return kind
    }
    if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: "[")),
      let setter = tokens[index + 1].identifier, let kind = ConditionKind.property(setter)
    {
      return kind
    }
    if index > 1, tokens[index - 1].isPunctuation(UInt8(ascii: "(")),
      tokens[index - 2].identifier == "objc_msgSend",
      tokens[index + 1].isPunctuation(UInt8(ascii: ",")),
      let selector = stringValue(tokens, (index + 2)..<(index + 3))
    {
      return ConditionKind.property(String(selector.dropLast()))
    }
    return nil
  }

  /// The name of the local the receiver at `index` names when it holds a fresh conditions
  /// object that its method only sets predicates on: never installed on a scene, returned,
  /// handed to a message or call, or read, so what is set on it has no effect. Nil otherwise.
  package static func neverInstalled(_ tokens: [Token], receiverAt index: Int) -> String? {
    // A member (`self.c`, `x->c`) is no local.
    guard index >= 0, index < tokens.count, let name = tokens[index].identifier,
      index == 0
        || !(tokens[index - 1].isPunctuation(UInt8(ascii: "."))
          || tokens[index - 1].isPunctuation(UInt8(ascii: ">"))),
      let (from, to) = localDefinition(tokens, named: name, before: index),
      isFreshConditions(tokens, from, to)
    else { return nil }
    let scope = tokens[from].scope
    var use = to
    while use < tokens.count, tokens[use].scope == scope {
      if tokens[use].identifier == name, predicateSet(tokens, at: use) == nil { return nil }
      use += 1
    }
    return name
  }

  /// The call or message the name at `index` is an argument of, unless it is the one that
  /// installs it (`setActivationConditions:`) or a receiver: `[x configure:name]` gives
  /// `configure:`, `configure(name)` gives `configure(…)`.
  package static func escapingCall(_ tokens: [Token], argumentAt index: Int) -> String? {
    let before = tokens[index - 1]
    if before.isPunctuation(UInt8(ascii: ":")), let part = tokens[index - 2].identifier {
      return part == "setActivationConditions" ? nil : part + ":"
    }
    guard before.isPunctuation(UInt8(ascii: "(")) || before.isPunctuation(UInt8(ascii: ","))
    else { return nil }
    // The call's opening parenthesis, and the function before it.
    guard let position = enclosingOpener(tokens, before: index), position > 0,
      tokens[position].isPunctuation(UInt8(ascii: "(")),
      let function = tokens[position - 1].identifier
    else { return nil }
    if function == "objc_msgSend" {
      // The receiver, or the object installed: not an escape.
      let arguments = callArguments(tokens, open: position)
      guard arguments.count >= 3, arguments[0].lowerBound != index,
        let selector = stringValue(tokens, arguments[1])
      else { return nil }
      return selector == "setActivationConditions:" ? nil : selector
    }
    return transparentCalls.contains(function) || loggingFunctions.contains(function)
      ? nil : function + "(…)"
  }

  /// Functions that only print what they are given.
  package static let loggingFunctions: Set<String> = [
    "NSLog", "NSLogv", "printf", "os_log", "os_log_debug", "os_log_info", "os_log_error",
    "print", "debugPrint", "dump",
  ]

  /// A fresh conditions object: `[[UISceneActivationConditions alloc] init]`,
  /// `[UISceneActivationConditions new]`, or as decompilers print it, `objc_alloc_init(…)`,
  /// `objc_opt_new(…)`, `[objc_alloc(…) init]` or `objc_msgSend(objc_alloc(…), "init")`. The
  /// class may be an address (`MEMORY[0x…]`): what is installed as activation conditions is one.
  package static func isFreshConditions(_ tokens: [Token], _ start: Int, _ end: Int) -> Bool {
    let end = min(end, tokens.count)
    guard start < end else { return false }
    func isConditionsClass(_ range: Range<Int>) -> Bool {
      switch receiverClass(tokens, range) {
      case .named(let name): name == "UISceneActivationConditions"
      case .address: true
      case .object: false
      }
    }
    // A cast around it.
    if tokens[start].isPunctuation(UInt8(ascii: "(")) {
      let close = expressionEnd(tokens, from: start + 1)
      if close < end - 1 { return isFreshConditions(tokens, close + 1, end) }
    }
    // `f(class)` for an allocating function, or `(class)` for its argument.
    func allocation(_ names: Set<String>, _ from: Int, _ to: Int) -> Bool {
      guard to - from >= 4, let name = tokens[from].identifier, names.contains(name),
        tokens[from + 1].isPunctuation(UInt8(ascii: "(")),
        expressionEnd(tokens, from: from + 2) == to - 1
      else { return false }
      return isConditionsClass((from + 2)..<(to - 1))
    }
    if allocation(["objc_alloc_init", "objc_opt_new"], start, end) { return true }
    if tokens[start].identifier == "objc_msgSend", start + 1 < end,
      tokens[start + 1].isPunctuation(UInt8(ascii: "("))
    {
      let arguments = callArguments(tokens, open: start + 1)
      guard arguments.count == 2, stringValue(tokens, arguments[1]) == "init" else {
        return false
      }
      return allocation(
        ["objc_alloc", "objc_allocWithZone"], arguments[0].lowerBound, arguments[0].upperBound)
    }
    // `[R new]`, `[[R alloc] init]`, `[objc_alloc(R) init]`.
    guard tokens[start].isPunctuation(UInt8(ascii: "[")), end - start >= 4,
      tokens[end - 1].isPunctuation(UInt8(ascii: "]")),
      let last = tokens[end - 2].identifier
    else { return false }
    let receiver = (start + 1)..<(end - 2)
    if last == "new" { return isConditionsClass(receiver) }
    guard last == "init", !receiver.isEmpty else { return false }
    if tokens[receiver.lowerBound].isPunctuation(UInt8(ascii: "[")),
      tokens[receiver.upperBound - 1].isPunctuation(UInt8(ascii: "]")),
      receiver.count >= 4, tokens[receiver.upperBound - 2].identifier == "alloc"
    {
      return isConditionsClass((receiver.lowerBound + 1)..<(receiver.upperBound - 2))
    }
    return allocation(
      ["objc_alloc", "objc_allocWithZone"], receiver.lowerBound, receiver.upperBound)
  }

  /// The argument ranges of the call whose `(` is at `open`.
  static func callArguments(_ tokens: [Token], open: Int) -> [Range<Int>] {
    let close = expressionEnd(tokens, from: open + 1)
    var ranges: [Range<Int>] = []
    var index = open + 1
    while index < close {
      let end = min(expressionEnd(tokens, from: index, comma: true), close)
      ranges.append(index..<end)
      index = end + 1
    }
    return ranges
  }

  /// The value of a string argument: `@"…"`, `"…"` or `CFSTR("…")`.
  package static func stringValue(_ tokens: [Token], _ range: Range<Int>) -> String? {
    stringLiteral(tokens, range)?.value
  }

  /// The literal of a string argument: `@"…"` (adjacent ones joined), `"…"` or `CFSTR("…")`.
  package static func stringLiteral(_ tokens: [Token], _ range: Range<Int>) -> LiteralText? {
    var range = range
    if range.count >= 4, tokens[range.lowerBound].identifier == "CFSTR",
      tokens[range.lowerBound + 1].isPunctuation(UInt8(ascii: "(")),
      tokens[range.upperBound - 1].isPunctuation(UInt8(ascii: ")"))
    {
      range = (range.lowerBound + 2)..<(range.upperBound - 1)
    }
    guard !range.isEmpty else { return nil }
    var literals: [LiteralText] = []
    for index in range {
      guard case .string(let literal?) = tokens[index].kind else { return nil }
      literals.append(literal)
    }
    return LiteralText(joining: literals)
  }

  package static func condition(_ tokens: [Token], _ start: Int, _ end: Int, kind: ConditionKind)
    -> FoundCondition
  {
    let offset = start < tokens.count ? tokens[start].offset : (tokens.last?.offset ?? 0)
    var condition = FoundCondition(
      offset: offset, kind: kind, source: source(tokens, start, end))
    let inlined = tokens[start..<min(end, tokens.count)].compactMap(\.origin)
    if let weakest = inlined.map(\.resolution).max() {
      condition.resolution = weakest
      condition.origins = inlined
    }
    if start < tokens.count {
      condition.runTime = pathConditions(tokens, at: start)
      if condition.runTime.count == 1 { condition.branch = ifBranch(tokens, at: start) }
    }
    // Through a local of the same body: say so, and where it was defined.
    if end - start == 1, let name = tokens[start].identifier,
      let (from, _) = localDefinition(tokens, named: name, before: start)
    {
      condition.resolution = .local
      condition.origins = [
        ValueOrigin(resolution: .local, name: name, offset: tokens[max(0, from - 2)].offset)
      ]
    }
    return condition
  }

  /// The run-time conditions around the statement that holds token `index`, innermost first,
  /// within its method: the `if`, `else`, `switch`, `case` and loops whose bodies it is in
  /// (`if (…)`), braced or not. The Objective-C side of ``StatementConditions``; the branches of
  /// a braced `if … else` chain are grouped by ``ifBranch(_:at:)``, a `switch`'s cases are not.
  package static func pathConditions(_ tokens: [Token], at index: Int) -> [String] {
    let scope = tokens[index].scope
    guard scope >= 0, scope < index else { return [] }
    let heads = ["if", "else", "switch", "case", "default", "for", "while"]
    var found: [String] = []
    var position = index
    // Each token is passed over at most twice a statement; the walk is bounded all the same.
    var steps = 0
    while position > scope, steps < maximumPathSteps {
      // Back to the start of the statement that holds `position`.
      var start = position
      var depth = 0
      while start - 1 > scope, steps < maximumPathSteps {
        steps += 1
        if case .punctuation(let byte) = tokens[start - 1].kind {
          if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth += 1 }
          if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth -= 1 }
          if depth <= 0,
            byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
          {
            break
          }
        }
        start -= 1
      }
      if let head = tokens[start].identifier, heads.contains(head) {
        let opens = start + 1 < tokens.count && tokens[start + 1].isPunctuation(UInt8(ascii: "("))
        found.append(head + (opens ? " (…)" : head == "case" ? " …" : ""))
      }
      // Out to the block around it.
      position = blockOpener(tokens, before: start, after: scope, steps: &steps)
    }
    return found
  }

  /// The branch of an `if … else if … else` chain whose braced body holds token `index` directly
  /// (the only run-time condition around it), when a plain `else` ends the chain: one of its
  /// bodies runs, as ``ExclusiveBranch`` says. Nil for anything else, a body without braces
  /// included (what is not grouped may also keep UIKit's default: never a wrong answer).
  package static func ifBranch(_ tokens: [Token], at index: Int) -> ExclusiveBranch? {
    let scope = tokens[index].scope
    guard scope >= 0, scope < index else { return nil }
    // Each token is passed over a few times at most; the read is bounded all the same.
    var steps = 0
    let opener = blockOpener(tokens, before: index, after: scope, steps: &steps)
    guard opener > scope, steps < maximumPathSteps else { return nil }
    // Back to the chain's first `if`: `else {`, `if (…) {`, each after the `}` of an earlier body
    // and its `else`.
    var head = opener - 1
    if head > scope, tokens[head].isPunctuation(UInt8(ascii: ")")) {
      guard let open = matching(tokens, closer: head, after: scope, steps: &steps), open > scope,
        isIdentifier(tokens, open - 1, "if")
      else { return nil }
      head = open - 1
    } else if !(head > scope && isIdentifier(tokens, head, "else")) {
      return nil
    }
    while head - 1 > scope,
      isIdentifier(tokens, head, "else") || isIdentifier(tokens, head - 1, "else")
    {
      let elseAt = isIdentifier(tokens, head, "else") ? head : head - 1
      guard tokens[elseAt - 1].isPunctuation(UInt8(ascii: "}")),
        let body = matching(tokens, closer: elseAt - 1, after: scope, steps: &steps),
        body - 1 > scope, tokens[body - 1].isPunctuation(UInt8(ascii: ")")),
        let open = matching(tokens, closer: body - 1, after: scope, steps: &steps),
        open - 1 > scope,
        isIdentifier(tokens, open - 1, "if")
      else { return nil }
      head = open - 1
    }
    guard isIdentifier(tokens, head, "if") else { return nil }
    // Forward over the chain: its bodies, which holds `opener`, and whether `else { … }` ends it.
    var position = head
    var count = 0
    var branch: Int?
    while true {
      let body: Int
      if isIdentifier(tokens, position, "if") {
        guard position + 1 < tokens.count, tokens[position + 1].isPunctuation(UInt8(ascii: "(")),
          let close = matching(tokens, opener: position + 1, steps: &steps)
        else { return nil }
        body = close + 1
      } else {
        body = position + 1
      }
      guard body < tokens.count, tokens[body].isPunctuation(UInt8(ascii: "{")),
        let end = matching(tokens, opener: body, steps: &steps)
      else { return nil }
      if body == opener { branch = count }
      count += 1
      guard count <= maximumBranches else { return nil }
      let ended = !isIdentifier(tokens, position, "if")
      guard !ended, end + 1 < tokens.count, isIdentifier(tokens, end + 1, "else") else {
        guard ended, let branch else { return nil }
        return ExclusiveBranch(group: tokens[head].offset, branch: branch, branches: count)
      }
      position = end + 2
      guard position < tokens.count else { return nil }
      if !isIdentifier(tokens, position, "if") { position = end + 1 }
    }
  }

  /// The unmatched `{` before token `index`, the block that holds it: at most `scope` (the
  /// method's own), and `scope` too once ``maximumPathSteps`` tokens are passed over in all.
  private static func blockOpener(
    _ tokens: [Token], before index: Int, after scope: Int, steps: inout Int
  ) -> Int {
    var opener = index - 1
    var braces = 0
    while opener > scope, steps < maximumPathSteps {
      steps += 1
      if tokens[opener].isPunctuation(UInt8(ascii: "}")) { braces += 1 }
      if tokens[opener].isPunctuation(UInt8(ascii: "{")) {
        if braces == 0 { return opener }
        braces -= 1
      }
      opener -= 1
    }
    return opener > scope ? scope : opener
  }

  /// The most bodies of one `if … else` chain ``ifBranch(_:at:)`` reads.
  private static let maximumBranches = 256

  /// The `(` or `{` that `closer` (a `)` or `}`) closes, searched back to `after`; nil past
  /// ``maximumPathSteps`` tokens in all.
  private static func matching(_ tokens: [Token], closer: Int, after: Int, steps: inout Int)
    -> Int?
  {
    let close =
      tokens[closer].isPunctuation(UInt8(ascii: ")")) ? UInt8(ascii: ")") : UInt8(ascii: "}")
    let open = close == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "{")
    var depth = 0
    var index = closer
    while index > after, steps < maximumPathSteps {
      steps += 1
      if tokens[index].isPunctuation(close) { depth += 1 }
      if tokens[index].isPunctuation(open) {
        depth -= 1
        if depth == 0 { return index }
      }
      index -= 1
    }
    return nil
  }

  /// The `)` or `}` that closes `opener` (a `(` or `{`), ``closing(_:_:within:)`` on the
  /// steps left; nil past ``maximumPathSteps`` tokens in all.
  private static func matching(_ tokens: [Token], opener: Int, steps: inout Int) -> Int? {
    guard let close = closing(tokens, opener, within: maximumPathSteps - steps) else {
      steps = maximumPathSteps
      return nil
    }
    steps += close - opener + 1
    return close
  }

  /// The index of the bracket that closes the one at `open`, if one does within `limit` tokens
  /// (any kind of bracket counts, as the compiler would reject a mismatch).
  package static func closing(_ tokens: [Token], _ open: Int, within limit: Int) -> Int? {
    var depth = 0
    for index in open..<min(tokens.count, open + max(0, limit)) {
      guard case .punctuation(let byte) = tokens[index].kind else { continue }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }

  /// The most tokens ``pathConditions(_:at:)`` passes over for one statement.
  private static let maximumPathSteps = 1 << 16

  /// The index just past the expression starting at `start`: the first `;`, unmatched closing
  /// bracket, or (with `comma`) `,` at bracket depth zero; at the latest, the end of the body
  /// (``Token/scope``) it starts in. An unclosed bracket does not carry an expression into the
  /// next method: a reading that tokenizes only some bodies reads it as the whole file's does.
  package static func expressionEnd(_ tokens: [Token], from start: Int, comma: Bool = false) -> Int
  {
    var depth = 0
    var index = start
    let scope = start < tokens.count ? tokens[start].scope : -1
    while index < tokens.count {
      if tokens[index].scope != scope { return index }
      if case .punctuation(let byte) = tokens[index].kind {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
          if depth == 0 { return index }
          depth -= 1
        case UInt8(ascii: ";"): if depth == 0 { return index }
        case UInt8(ascii: ","): if depth == 0 && comma { return index }
        default: break
        }
      }
      index += 1
    }
    return tokens.count
  }
}
