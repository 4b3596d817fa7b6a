/// Finds activation conditions in Objective-C without a compiler: a scanner that knows comments,
/// string literals (`@"…"`, adjacent ones concatenated), escapes and brackets, over which message
/// sends (`[NSPredicate predicateWithFormat:…]`, `predicateWithValue:`, `NSCompoundPredicate`'s
/// `and/or/notPredicateWith…:`), setters (`setCanActivateFor…:`), dot-syntax assignments and
/// local `NSPredicate *name = …;` declarations are read.
enum ObjCExtractor {
  /// A token: an identifier, a string literal (its decoded text, or nil when it cannot be
  /// decoded), or one punctuation byte.
  struct Token {
    enum Kind {
      case identifier(String)
      case string(LiteralText?)
      case number(String)
      case punctuation(UInt8)
      case other
    }
    var kind: Kind
    var offset: Int
    /// The index of the top-level `{` whose body holds the token (a method's or a function's),
    /// or -1 outside every body: a local is looked up only within its own body.
    var scope = -1
    /// For a string that stands for a file constant's name: that constant.
    var origin: ValueOrigin?

    var identifier: String? {
      if case .identifier(let name) = kind { return name }
      return nil
    }
    func isPunctuation(_ byte: UInt8) -> Bool {
      if case .punctuation(let value) = kind { return value == byte }
      return false
    }
  }

  static func conditions(in bytes: [UInt8]) -> [FoundCondition] {
    var tokens = tokenize(bytes)
    inlineConstants(&tokens, defines: stringDefines(bytes))
    inlineLocalStrings(&tokens)
    var found: [FoundCondition] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      // objc_msgSend(receiver, "setCanActivateFor…Predicate:", value), as disassemblers print
      // a send.
      if tokens[index].identifier == "objc_msgSend", index + 1 < tokens.count,
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
      if name == "activationConditions" || name == "setActivationConditions" {
        found += installedConditions(tokens, at: index)
        continue
      }
      if name == "handlesExternalEvents" {
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
        found.append(condition(tokens, index + 2, end, kind: kind))
      } else if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: ".")),
        index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
      {
        // receiver.canActivate… = expr;
        let end = expressionEnd(tokens, from: index + 2)
        found.append(condition(tokens, index + 2, end, kind: kind))
      }
    }
    return found.enumerated().sorted {
      ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
    }.map(\.element)
  }

  /// Whether the selector part at `index` starts a method's declaration or definition,
  /// `- (void)setCanActivate…:(NSPredicate *)predicate`, as class-dump headers and UIKit
  /// re-implementations write it: `-` or `+`, then the return type in parentheses.
  private static func isMethodDeclaration(_ tokens: [Token], nameAt index: Int) -> Bool {
    guard index >= 3, tokens[index - 1].isPunctuation(UInt8(ascii: ")")) else { return false }
    var position = index - 2
    var depth = 0
    while position >= 0 {
      if tokens[position].isPunctuation(UInt8(ascii: ")")) { depth += 1 }
      if tokens[position].isPunctuation(UInt8(ascii: "(")) {
        if depth == 0 { break }
        depth -= 1
      }
      position -= 1
    }
    guard position >= 1 else { return false }
    return tokens[position - 1].isPunctuation(UInt8(ascii: "-"))
      || tokens[position - 1].isPunctuation(UInt8(ascii: "+"))
  }

  /// The conditions of SwiftUI's modifier as a decompiler prints a call to it from compiled Swift,
  /// `View.handlesExternalEvents(preferring:allowing:)();` or
  /// `Scene.handlesExternalEvents(matching:)();`: the sets are passed in registers the pseudo-code
  /// does not show, so each is a run-time value.
  private static func compiledSwiftUICall(_ tokens: [Token], at index: Int) -> [FoundCondition] {
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
  private static func installedConditions(_ tokens: [Token], at index: Int) -> [FoundCondition] {
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
  private static func defaults(_ tokens: [Token], _ start: Int, _ end: Int) -> [FoundCondition] {
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
        // name.canActivate… = …   or   [name setCanActivate…: …]
        if tokens[index + 1].isPunctuation(UInt8(ascii: ".")),
          let property = tokens[index + 2].identifier, let kind = ConditionKind.property(property)
        {
          set.insert(kind)
        } else if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: "[")),
          let setter = tokens[index + 1].identifier, let kind = ConditionKind.property(setter)
        {
          set.insert(kind)
        } else if index > 1, tokens[index - 1].isPunctuation(UInt8(ascii: "(")),
          tokens[index - 2].identifier == "objc_msgSend",
          tokens[index + 1].isPunctuation(UInt8(ascii: ",")),
          let selector = stringValue(tokens, (index + 2)..<(index + 3)),
          let kind = ConditionKind.property(String(selector.dropLast()))
        {
          // objc_msgSend(name, "setCanActivate…:", …)
          set.insert(kind)
        }
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

  /// The call or message the name at `index` is an argument of, unless it is the one that
  /// installs it (`setActivationConditions:`) or a receiver: `[x configure:name]` gives
  /// `configure:`, `configure(name)` gives `configure(…)`.
  private static func escapingCall(_ tokens: [Token], argumentAt index: Int) -> String? {
    let before = tokens[index - 1]
    if before.isPunctuation(UInt8(ascii: ":")), let part = tokens[index - 2].identifier {
      return part == "setActivationConditions" ? nil : part + ":"
    }
    guard before.isPunctuation(UInt8(ascii: "(")) || before.isPunctuation(UInt8(ascii: ","))
    else { return nil }
    // The call's opening parenthesis, and the function before it.
    var position = index - 1
    var depth = 0
    while position >= 0 {
      if case .punctuation(let byte) = tokens[position].kind {
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth += 1 }
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
          if depth == 0 { break }
          depth -= 1
        }
        if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") { return nil }
      }
      position -= 1
    }
    guard position > 0, tokens[position].isPunctuation(UInt8(ascii: "(")),
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
  static let loggingFunctions: Set<String> = [
    "NSLog", "NSLogv", "printf", "os_log", "os_log_debug", "os_log_info", "os_log_error",
    "print", "debugPrint", "dump",
  ]

  /// A fresh conditions object: `[[UISceneActivationConditions alloc] init]`,
  /// `[UISceneActivationConditions new]`, or as decompilers print it, `objc_alloc_init(…)`,
  /// `objc_opt_new(…)`, `[objc_alloc(…) init]` or `objc_msgSend(objc_alloc(…), "init")`. The
  /// class may be an address (`MEMORY[0x…]`): what is installed as activation conditions is one.
  private static func isFreshConditions(_ tokens: [Token], _ start: Int, _ end: Int) -> Bool {
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
  static func stringValue(_ tokens: [Token], _ range: Range<Int>) -> String? {
    stringLiteral(tokens, range)?.value
  }

  /// The literal of a string argument: `@"…"` (adjacent ones joined), `"…"` or `CFSTR("…")`.
  static func stringLiteral(_ tokens: [Token], _ range: Range<Int>) -> LiteralText? {
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

  private static func condition(_ tokens: [Token], _ start: Int, _ end: Int, kind: ConditionKind)
    -> FoundCondition
  {
    let offset = start < tokens.count ? tokens[start].offset : (tokens.last?.offset ?? 0)
    var condition = FoundCondition(
      offset: offset, kind: kind, source: source(tokens, start, end, depth: 0))
    let inlined = tokens[start..<min(end, tokens.count)].compactMap(\.origin)
    if let weakest = inlined.map(\.resolution).max() {
      condition.resolution = weakest
      condition.origins = inlined
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

  /// The index just past the expression starting at `start`: the first `;`, unmatched closing
  /// bracket, or (with `comma`) `,` at bracket depth zero.
  static func expressionEnd(_ tokens: [Token], from start: Int, comma: Bool = false) -> Int {
    var depth = 0
    var index = start
    while index < tokens.count {
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

  /// How the tokens `start..<end` build a predicate.
  static func source(_ tokens: [Token], _ start: Int, _ end: Int, depth: Int) -> PredicateSource {
    guard depth < 8, start < end, end <= tokens.count else {
      return .notCheckable("the predicate is a run-time value")
    }
    if tokens[start].isPunctuation(UInt8(ascii: "(")) {
      let close = expressionEnd(tokens, from: start + 1)
      // Parentheses around it.
      if close == end - 1 { return source(tokens, start + 1, end - 1, depth: depth + 1) }
      // A cast: `(NSPredicate *)[…]`.
      if close < end - 1 { return source(tokens, close + 1, end, depth: depth + 1) }
    }
    // A reference-counting call a disassembler prints around a value
    // (`objc_claimAutoreleasedReturnValue(…)`, `objc_retain(…)`): the value it wraps. With no
    // argument, it claims the result of the call just before it, as newer decompilers print:
    // `objc_msgSend(…, "predicateWithValue:", 0); v5 = objc_claimAutoreleasedReturnValue();`.
    if end - start >= 3, let name = tokens[start].identifier, transparentCalls.contains(name),
      tokens[start + 1].isPunctuation(UInt8(ascii: "(")),
      expressionEnd(tokens, from: start + 2) == end - 1
    {
      if end - start == 3 {
        guard let previous = previousStatement(tokens, before: start) else {
          return .notCheckable("the predicate is a run-time value")
        }
        return source(tokens, previous.lowerBound, previous.upperBound, depth: depth + 1)
      }
      return source(tokens, start + 2, end - 1, depth: depth + 1)
    }
    // `objc_msgSend(receiver, "selector:", arguments…)`: a send as disassemblers print it.
    if end - start >= 4, tokens[start].identifier == "objc_msgSend",
      tokens[start + 1].isPunctuation(UInt8(ascii: "(")),
      expressionEnd(tokens, from: start + 2) == end - 1
    {
      let arguments = callArguments(tokens, open: start + 1)
      guard arguments.count >= 2, let selector = stringValue(tokens, arguments[1]) else {
        return .notCheckable("the predicate is a run-time value")
      }
      let name = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
      return message(
        tokens, receiver: receiverClass(tokens, arguments[0]), selector: name,
        arguments: Array(arguments.dropFirst(2)), depth: depth)
    }
    if end - start == 1, let name = tokens[start].identifier {
      if let (from, to) = localDefinition(tokens, named: name, before: start) {
        return source(tokens, from, to, depth: depth + 1)
      }
      return .notCheckable("'\(name)' is not a local predicate built in this method")
    }
    // `+[NSPredicate predicateWithFormat:](receiver, format, arguments…)`, as disassemblers
    // print a class-method call (the receiver may be an address).
    // Without the call, `+[NSPredicate predicateWithFormat:@"…", v5]` is a message send.
    if end - start > 3, tokens[start].isPunctuation(UInt8(ascii: "+"))
        || tokens[start].isPunctuation(UInt8(ascii: "-")),
      tokens[start + 1].isPunctuation(UInt8(ascii: "[")),
      expressionEnd(tokens, from: start + 2) == end - 1
    {
      return source(tokens, start + 1, end, depth: depth + 1)
    }
    if end - start > 6, tokens[start].isPunctuation(UInt8(ascii: "+")),
      tokens[start + 1].isPunctuation(UInt8(ascii: "[")), tokens[start + 2].identifier != nil
    {
      let close = expressionEnd(tokens, from: start + 2)
      guard close + 1 < end, tokens[close + 1].isPunctuation(UInt8(ascii: "(")) else {
        return .notCheckable("the predicate is a run-time value")
      }
      let receiver = receiverClass(tokens, (start + 2)..<(start + 3))
      let selector = tokens[(start + 3)..<close].compactMap(\.identifier).joined(separator: ":")
      var arguments = callArguments(tokens, open: close + 1).dropFirst()
      // Some print the selector after the receiver, as `objc_msgSend` takes it:
      // `+[NSPredicate predicateWithFormat:](NSPredicate, "predicateWithFormat:", …)`.
      if let first = arguments.first, first.count == 1,
        stringValue(tokens, first) == selector + ":"
      {
        arguments = arguments.dropFirst()
      }
      return message(
        tokens, receiver: receiver, selector: selector, arguments: Array(arguments), depth: depth)
    }
    guard tokens[start].isPunctuation(UInt8(ascii: "[")),
      tokens[end - 1].isPunctuation(UInt8(ascii: "]")), start + 2 < end
    else { return .notCheckable("the predicate is a run-time value") }
    // The receiver: a class name, `[NSPredicate alloc]`, `[NSPredicate class]`, or an address
    // as decompilers print one (`MEMORY[0x1E696AE18]`, `&OBJC_CLASS___NSPredicate`).
    let selectorStart = receiverEnd(tokens, from: start + 1, end: end - 1)
    guard selectorStart > start + 1, selectorStart < end - 1,
      tokens[selectorStart].identifier != nil
    else {
      return .notCheckable("the predicate is a run-time value")
    }
    let receiver = receiverClass(tokens, (start + 1)..<selectorStart)
    // The selector's parts and their arguments: `sel:arg part:arg …`.
    var parts: [String] = []
    var arguments: [Range<Int>] = []
    var index = selectorStart
    while index < end - 1, let part = tokens[index].identifier,
      index + 1 < end - 1, tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
    {
      parts.append(part)
      var argumentEnd = index + 2
      // An argument ends where the next `name:` part starts, at bracket depth zero.
      var nested = 0
      while argumentEnd < end - 1 {
        if case .punctuation(let byte) = tokens[argumentEnd].kind {
          if "([{".utf8.contains(byte) { nested += 1 }
          if ")]}".utf8.contains(byte) { nested -= 1 }
        }
        if nested == 0, argumentEnd + 1 < end - 1, tokens[argumentEnd + 1].identifier != nil,
          argumentEnd + 2 < end - 1, tokens[argumentEnd + 2].isPunctuation(UInt8(ascii: ":")),
          !tokens[argumentEnd].isPunctuation(UInt8(ascii: "?"))
        {
          argumentEnd += 1
          break
        }
        argumentEnd += 1
      }
      arguments.append((index + 2)..<argumentEnd)
      index = argumentEnd
    }
    // Variadic arguments after the first part: `predicateWithFormat:@"…", a, b`.
    var expanded: [Range<Int>] = []
    for range in arguments {
      var from = range.lowerBound
      while from < range.upperBound {
        let to = min(expressionEnd(tokens, from: from, comma: true), range.upperBound)
        expanded.append(from..<to)
        from = to + 1
      }
    }
    if parts.isEmpty, tokens[selectorStart].identifier != nil {
      parts = [tokens[selectorStart].identifier!]
    }
    return message(
      tokens, receiver: receiver, selector: parts.joined(separator: ":"), arguments: expanded,
      depth: depth, arrayArgument: parts.count == 2 ? arguments.last : nil)
  }

  /// Runtime functions that return the object they are given (ARC's and Core Foundation's
  /// ownership calls), as disassemblers print them around a message's result.
  private static let transparentCalls: Set<String> = [
    "objc_claimAutoreleasedReturnValue", "objc_unsafeClaimAutoreleasedReturnValue",
    "objc_retainAutoreleasedReturnValue", "objc_retain", "objc_retainAutorelease",
    "objc_autorelease", "objc_autoreleaseReturnValue", "objc_retainAutoreleaseReturnValue",
    "_objc_claimAutoreleasedReturnValue", "_objc_retainAutoreleasedReturnValue", "_objc_retain",
    "CFBridgingRelease", "CFBridgingRetain", "CFRetain", "CFAutorelease",
  ]

  /// A class message that builds a predicate, with its argument ranges (variadic ones split).
  private static func message(
    _ tokens: [Token], receiver: Receiver, selector: String, arguments: [Range<Int>], depth: Int,
    arrayArgument: Range<Int>? = nil
  ) -> PredicateSource {
    let className: String
    switch receiver {
    case .named(let name): className = name
    // Decision: a class the decompiler shows as an address is the class the selector belongs
    // to, when only NSPredicate or NSCompoundPredicate answers it.
    case .address:
      guard let owner = predicateSelectorOwners[selector] else {
        return .notCheckable("'\(selector):' is sent to a class the source shows as an address")
      }
      className = owner
    case .object:
      return .notCheckable("'\(selector):' is sent to a run-time object")
    }
    switch (className, selector) {
    case ("NSPredicate", "predicateWithFormat"), ("NSPredicate", "initWithFormat"),
      ("NSPredicate", "predicateWithFormat:argumentArray"),
      ("NSPredicate", "initWithFormat:argumentArray"):
      guard let first = arguments.first else { break }
      guard let text = stringLiteral(tokens, first) else {
        if case .string(nil) = tokens[first.lowerBound].kind {
          return .notCheckable("the format literal cannot be decoded")
        }
        if let template = formattedString(tokens, first, depth: depth) {
          return .interpolated(template, fix: nil)
        }
        return .notCheckable("the format is not a string literal")
      }
      var formatArguments: [FormatArgument] = []
      if selector.hasSuffix("argumentArray") {
        // @[ … ] with literal elements, or a run-time array.
        let range = arrayArgument ?? (arguments.count > 1 ? arguments[1] : first)
        guard range.count >= 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "@")),
          tokens[range.lowerBound + 1].isPunctuation(UInt8(ascii: "["))
        else { return .format(text, arguments: [.runtimeArray]) }
        let open = range.lowerBound + 1
        let close = expressionEnd(tokens, from: open + 1)
        var index = open + 1
        while index < close {
          let elementEnd = min(expressionEnd(tokens, from: index, comma: true), close)
          formatArguments.append(argument(tokens, index..<elementEnd))
          index = elementEnd + 1
        }
      } else {
        formatArguments = arguments.dropFirst().map { argument(tokens, $0) }
      }
      return .format(text, arguments: formatArguments)
    case ("NSPredicate", "predicateWithBlock"):
      return .block
    case ("NSPredicate", "predicateWithValue"):
      guard let first = arguments.first else { break }
      if let boxed = boxedBoolean(tokens, first) {
        return .boxedBoolean(boxed.word, bytes: boxed.bytes)
      }
      guard first.count == 1 else { break }
      switch tokens[first.lowerBound].kind {
      case .identifier("YES"), .identifier("true"), .number("1"): return .value(true)
      case .identifier("NO"), .identifier("false"), .number("0"): return .value(false)
      default: return .notCheckable("the value is a run-time Boolean")
      }

    case ("NSCompoundPredicate", "andPredicateWithSubpredicates"),
      ("NSCompoundPredicate", "orPredicateWithSubpredicates"):
      // @[ p, q, … ]
      guard let first = arguments.first, first.count >= 2,
        tokens[first.lowerBound].isPunctuation(UInt8(ascii: "@")),
        tokens[first.lowerBound + 1].isPunctuation(UInt8(ascii: "["))
      else { return .notCheckable("the subpredicates are a run-time array") }
      let open = first.lowerBound + 1
      let arrayEnd = expressionEnd(tokens, from: open + 1)
      var parts: [PredicateSource] = []
      var index = open + 1
      while index < arrayEnd {
        let partEnd = expressionEnd(tokens, from: index, comma: true)
        if partEnd > index {
          parts.append(source(tokens, index, min(partEnd, arrayEnd), depth: depth + 1))
        }
        index = partEnd + 1
      }
      return .compound(selector.hasPrefix("and") ? .and : .or, parts)
    case ("NSCompoundPredicate", "notPredicateWithSubpredicate"):
      guard let first = arguments.first else { break }
      return .compound(.not, [source(tokens, first.lowerBound, first.upperBound, depth: depth + 1)])
    default: break
    }
    return .notCheckable(
      "'[\(className) \(selector):…]' is not a predicate built from a literal")
  }

  /// The template of `[NSString stringWithFormat:@"…", a, …]` (directly, or through a local
  /// the method assigns once): the literal parts of its format, each specifier a hole named by
  /// its argument's source.
  private static func formattedString(_ tokens: [Token], _ range: Range<Int>, depth: Int)
    -> Template?
  {
    guard depth < 8, !range.isEmpty else { return nil }
    if range.count == 1, let name = tokens[range.lowerBound].identifier {
      let scope = tokens[range.lowerBound].scope
      let assignments = tokens.indices.filter {
        tokens[$0].scope == scope && tokens[$0].identifier == name && $0 + 1 < tokens.count
          && tokens[$0 + 1].isPunctuation(UInt8(ascii: "="))
          && !($0 + 2 < tokens.count && tokens[$0 + 2].isPunctuation(UInt8(ascii: "=")))
      }
      guard assignments.count == 1,
        let (from, to) = localDefinition(tokens, named: name, before: range.lowerBound)
      else { return nil }
      return formattedString(tokens, from..<to, depth: depth + 1)
    }
    guard tokens[range.lowerBound].isPunctuation(UInt8(ascii: "[")),
      tokens[range.upperBound - 1].isPunctuation(UInt8(ascii: "]")), range.count >= 5,
      tokens[range.lowerBound + 1].identifier == "NSString",
      tokens[range.lowerBound + 2].identifier == "stringWithFormat",
      tokens[range.lowerBound + 3].isPunctuation(UInt8(ascii: ":"))
    else { return nil }
    var arguments: [Range<Int>] = []
    var index = range.lowerBound + 4
    while index < range.upperBound - 1 {
      let end = min(expressionEnd(tokens, from: index, comma: true), range.upperBound - 1)
      arguments.append(index..<end)
      index = end + 1
    }
    guard let format = arguments.first.flatMap({ stringValue(tokens, $0) }) else { return nil }
    var parts: [Template.Part] = []
    var text = ""
    var next = 1
    var characters = format.unicodeScalars.makeIterator()
    while let scalar = characters.next() {
      guard scalar == "%" else {
        text.unicodeScalars.append(scalar)
        continue
      }
      // Flags, width, precision and length, then the conversion.
      var conversion = characters.next()
      while let current = conversion, "-+ #0123456789.*hlqLztj".unicodeScalars.contains(current)
      {
        conversion = characters.next()
      }
      if conversion == "%" {
        text += "%"
        continue
      }
      if !text.isEmpty { parts.append(.text(text)) }
      text = ""
      if next < arguments.count {
        if let value = stringValue(tokens, arguments[next]) {
          parts.append(.text(value))
        } else {
          parts.append(.hole(sourceText(tokens, arguments[next])))
        }
      } else {
        parts.append(.hole("…"))
      }
      next += 1
    }
    if !text.isEmpty { parts.append(.text(text)) }
    return Template(joining: parts)
  }

  /// The tokens `range` written back as source, spaced only between two words.
  private static func sourceText(_ tokens: [Token], _ range: Range<Int>) -> String {
    var text = ""
    var lastWasWord = false
    for token in tokens[range] {
      let piece: String
      var isWord = false
      switch token.kind {
      case .identifier(let name):
        piece = name
        isWord = true
      case .number(let digits):
        piece = digits
        isWord = true
      case .string(let literal): piece = "@\"" + (literal?.value ?? "…") + "\""
      case .punctuation(let byte): piece = String(UnicodeScalar(byte))
      case .other: piece = "'…'"
      }
      if lastWasWord && isWord { text += " " }
      text += piece
      lastWasWord = isWord
    }
    return text
  }

  /// Who a message is sent to, as far as the source says.
  enum Receiver: Equatable {
    /// A class by name.
    case named(String)
    /// A class a decompiler printed as an address or a symbol (`MEMORY[0x…]`, `qword_…`).
    case address
    /// Anything else: an object known at run time.
    case object
  }

  /// The class selectors only `NSPredicate` or `NSCompoundPredicate` answer, by owner.
  static let predicateSelectorOwners: [String: String] = [
    "predicateWithFormat": "NSPredicate", "predicateWithFormat:argumentArray": "NSPredicate",
    "predicateWithValue": "NSPredicate", "predicateWithBlock": "NSPredicate",
    "andPredicateWithSubpredicates": "NSCompoundPredicate",
    "orPredicateWithSubpredicates": "NSCompoundPredicate",
    "notPredicateWithSubpredicate": "NSCompoundPredicate",
  ]

  /// Symbol prefixes decompilers give data they cannot name.
  private static let addressPrefixes = [
    "qword_", "off_", "unk_", "dword_", "classRef_", "objc_cls_ref_", "_OBJC_CLASS_",
  ]

  /// The receiver the tokens `range` spell.
  static func receiverClass(_ tokens: [Token], _ range: Range<Int>) -> Receiver {
    var range = range
    // A cast: `(Class)NSPredicate`, `(id)MEMORY[…]`.
    if range.count > 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "(")) {
      let close = expressionEnd(tokens, from: range.lowerBound + 1)
      if close + 1 < range.upperBound { range = (close + 1)..<range.upperBound }
    }
    if range.count == 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "&")) {
      range = (range.lowerBound + 1)..<range.upperBound
    }
    guard let first = range.first else { return .object }
    if range.count == 1 {
      switch tokens[first].kind {
      case .number: return .address
      case .identifier(let name):
        if name.hasPrefix("OBJC_CLASS___") { return .named(String(name.dropFirst(13))) }
        if addressPrefixes.contains(where: name.hasPrefix) { return .address }
        // A class name starts with a capital; a variable does not.
        if let initial = name.utf8.first, initial >= UInt8(ascii: "A"),
          initial <= UInt8(ascii: "Z")
        {
          return .named(name)
        }
        return .object
      default: return .object
      }
    }
    // `MEMORY[0x…]`: a decompiler's view of a class reference.
    if tokens[first].identifier == "MEMORY", tokens[first + 1].isPunctuation(UInt8(ascii: "[")),
      expressionEnd(tokens, from: first + 2) == range.upperBound - 1
    {
      return .address
    }
    // `[NSPredicate class]`, `[NSPredicate alloc]`, `[NSPredicate self]`.
    if tokens[first].isPunctuation(UInt8(ascii: "[")),
      tokens[range.upperBound - 1].isPunctuation(UInt8(ascii: "]")), range.count >= 4
    {
      let inner = (first + 1)..<(range.upperBound - 1)
      if let word = tokens[inner.upperBound - 1].identifier,
        ["alloc", "class", "self"].contains(word)
      {
        return receiverClass(tokens, inner.lowerBound..<(inner.upperBound - 1))
      }
      return .object
    }
    // `objc_getClass("NSPredicate")`, `NSClassFromString(@"NSPredicate")`.
    if let function = tokens[first].identifier,
      ["objc_getClass", "objc_lookUpClass", "NSClassFromString"].contains(function),
      tokens[first + 1].isPunctuation(UInt8(ascii: "(")),
      expressionEnd(tokens, from: first + 2) == range.upperBound - 1,
      let name = stringValue(tokens, (first + 2)..<(range.upperBound - 1))
    {
      return .named(name)
    }
    return .object
  }

  /// The index just past a message's receiver starting at `start` (before `limit`): a cast,
  /// then a bracketed send, or `&`, a name or a number, then subscripts and calls.
  private static func receiverEnd(_ tokens: [Token], from start: Int, end limit: Int) -> Int {
    var index = start
    func skipGroup() {
      index = expressionEnd(tokens, from: index + 1) + 1
    }
    if index < limit, tokens[index].isPunctuation(UInt8(ascii: "(")) {
      skipGroup()
      // Only a cast: a parenthesized receiver is followed by the selector.
      if index < limit, tokens[index].identifier != nil,
        index + 1 < limit, tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
      {
        return index
      }
    }
    guard index < limit else { return index }
    if tokens[index].isPunctuation(UInt8(ascii: "[")) {
      skipGroup()
      return index
    }
    if tokens[index].isPunctuation(UInt8(ascii: "&")) { index += 1 }
    guard index < limit else { return index }
    switch tokens[index].kind {
    case .identifier, .number: index += 1
    default: return index
    }
    while index < limit,
      tokens[index].isPunctuation(UInt8(ascii: "["))
        || tokens[index].isPunctuation(UInt8(ascii: "("))
    {
      skipGroup()
    }
    return index
  }

  /// The statement just before the one holding `index`, in the same body and with nothing in
  /// between: `a;` for `a; v5 = f();`. Nil after a `{` or `}`: another path may run first.
  private static func previousStatement(_ tokens: [Token], before index: Int) -> Range<Int>? {
    var position = index - 1
    // Back to the end of the previous statement.
    while position >= 0 {
      if tokens[position].isPunctuation(UInt8(ascii: ";")) { break }
      if tokens[position].isPunctuation(UInt8(ascii: "{"))
        || tokens[position].isPunctuation(UInt8(ascii: "}"))
      {
        return nil
      }
      position -= 1
    }
    guard position > 0, tokens[position].scope == tokens[index].scope else { return nil }
    let end = position
    var depth = 0
    position -= 1
    while position >= 0 {
      if case .punctuation(let byte) = tokens[position].kind {
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"): depth += 1
        case UInt8(ascii: "("), UInt8(ascii: "["):
          depth -= 1
          if depth < 0 { return nil }
        case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"):
          if depth == 0 { return (position + 1)..<end }
          if byte != UInt8(ascii: ";") { return nil }
        default: break
        }
      }
      position -= 1
    }
    return nil
  }

  /// A boxed Boolean literal, `@NO`, `@YES`, `@0`, `@1`, `@true`, `@false` or the same in
  /// `@(…)`, when `range` is one: its word and its bytes in the file.
  private static func boxedBoolean(_ tokens: [Token], _ range: Range<Int>)
    -> (word: String, bytes: Range<Int>)?
  {
    guard range.count >= 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "@")) else {
      return nil
    }
    var inner = (range.lowerBound + 1)..<range.upperBound
    let parenthesized =
      inner.count == 3 && tokens[inner.lowerBound].isPunctuation(UInt8(ascii: "("))
      && tokens[inner.upperBound - 1].isPunctuation(UInt8(ascii: ")"))
    if parenthesized { inner = (inner.lowerBound + 1)..<(inner.upperBound - 1) }
    guard inner.count == 1 else { return nil }
    let word: String
    switch tokens[inner.lowerBound].kind {
    case .identifier(let name) where ["YES", "NO", "true", "false"].contains(name): word = name
    case .number(let digits) where digits == "0" || digits == "1": word = digits
    default: return nil
    }
    let last = tokens[range.upperBound - 1]
    let end = parenthesized ? last.offset + 1 : last.offset + word.utf8.count
    return (word, tokens[range.lowerBound].offset..<end)
  }

  /// A format argument: a string literal (or an array of them) inlined, anything else run-time.
  private static func argument(_ tokens: [Token], _ range: Range<Int>) -> FormatArgument {
    if let value = stringValue(tokens, range) { return .string(value) }
    if let template = formattedString(tokens, range, depth: 0) { return .template(template) }
    if range.count >= 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "@")),
      tokens[range.lowerBound + 1].isPunctuation(UInt8(ascii: "["))
    {
      let open = range.lowerBound + 1
      let close = expressionEnd(tokens, from: open + 1)
      var values: [String] = []
      var index = open + 1
      while index < close {
        let end = min(expressionEnd(tokens, from: index, comma: true), close)
        guard let value = stringValue(tokens, index..<end) else { return .runtime }
        values.append(value)
        index = end + 1
      }
      return .strings(values)
    }
    return .runtime
  }

  /// The expression of the last `name = expr;` (a declaration or an assignment) before `use`.
  private static func localDefinition(_ tokens: [Token], named name: String, before use: Int)
    -> (Int, Int)?
  {
    var index = use - 1
    let scope = tokens[use].scope
    while index >= 0 {
      // Another method's local of the same name never counts.
      if tokens[index].scope != scope { break }
      if tokens[index].identifier == name, index + 1 < use,
        tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index > 0 && tokens[index - 1].isPunctuation(UInt8(ascii: ".")))
      {
        let end = expressionEnd(tokens, from: index + 2)
        if end <= use { return (index + 2, end) }
      }
      index -= 1
    }
    return nil
  }

  /// Splits Objective-C source into tokens, skipping comments and preprocessor lines.
  static func tokenize(_ bytes: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    var atLineStart = true
    func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        || byte >= 0x80
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        index += 1
        continue
      }
      defer { atLineStart = false }
      // Comments.
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count {
        if bytes[index + 1] == UInt8(ascii: "/") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
          continue
        }
        if bytes[index + 1] == UInt8(ascii: "*") {
          index = endOfBlockComment(bytes, from: index)
          continue
        }
      }
      // Preprocessor lines (with their backslash line joins); a comment opened on one is
      // skipped to its end, even on a later line. `#if 0` skips its block up to the matching
      // `#else`, `#elif` or `#endif`.
      if byte == UInt8(ascii: "#") && atLineStart {
        let directiveStart = index
        index = endOfDirective(bytes, from: index)
        let directive = String(decoding: bytes[directiveStart..<index], as: UTF8.self)
        if isFalseCondition(directive) { index = endOfFalseBlock(bytes, from: index) }
        continue
      }
      // String literals, `@"…"` or `"…"`; character literals are skipped alike.
      let quoteAt =
        byte == UInt8(ascii: "@") && index + 1 < bytes.count
          && bytes[index + 1] == UInt8(ascii: "\"") ? index + 1 : index
      if bytes[quoteAt] == UInt8(ascii: "\"") || bytes[quoteAt] == UInt8(ascii: "'") {
        let quote = bytes[quoteAt]
        var end = quoteAt + 1
        while end < bytes.count && bytes[end] != quote && bytes[end] != UInt8(ascii: "\n") {
          if bytes[end] == UInt8(ascii: "\\") { end += 1 }
          end += 1
        }
        let closed = end < bytes.count && bytes[end] == quote
        if quote == UInt8(ascii: "\"") {
          var text = LiteralText()
          let content = bytes[(quoteAt + 1)..<min(end, bytes.count)]
          let decoded =
            closed && LiteralDecoder.appendC(content, at: quoteAt + 1, into: &text)
          if decoded { text.finish(at: end) }
          tokens.append(Token(kind: .string(decoded ? text : nil), offset: index))
        } else {
          tokens.append(Token(kind: .other, offset: index))
        }
        index = min(bytes.count, end + 1)
        continue
      }
      if isIdentifierByte(byte) {
        var end = index + 1
        let isNumber = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        while end < bytes.count {
          if isIdentifierByte(bytes[end]) {
            end += 1
          } else if isNumber, bytes[end] == UInt8(ascii: "'"), end + 1 < bytes.count,
            isIdentifierByte(bytes[end + 1])
          {
            // A C++14 digit separator (`1'000`), not a character literal.
            end += 2
          } else {
            break
          }
        }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        tokens.append(Token(kind: isNumber ? .number(text) : .identifier(text), offset: index))
        index = end
        continue
      }
      tokens.append(Token(kind: .punctuation(byte), offset: index))
      index += 1
    }
    // Each token's body: the top-level `{` it lies within.
    var depth = 0
    var body = -1
    for position in tokens.indices {
      if tokens[position].isPunctuation(UInt8(ascii: "{")) {
        if depth == 0 { body = position }
        depth += 1
      } else if tokens[position].isPunctuation(UInt8(ascii: "}")) {
        depth = max(0, depth - 1)
      }
      tokens[position].scope =
        depth > 0 || tokens[position].isPunctuation(UInt8(ascii: "}")) ? body : -1
    }
    return tokens
  }

  /// `#define NAME @"…"` (or `"…"`) lines: the string constants the preprocessor gives the file,
  /// by name, with where the name is written.
  static func stringDefines(_ bytes: [UInt8]) -> [String: (LiteralText, Int)] {
    var defines: [String: (LiteralText, Int)] = [:]
    var lineStart = 0
    while lineStart < bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      var index = lineStart
      func skipSpaces() {
        while index < lineEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == 9 {
          index += 1
        }
      }
      skipSpaces()
      guard index < lineEnd, bytes[index] == UInt8(ascii: "#") else { continue }
      index += 1
      skipSpaces()
      let word = Array("define".utf8)
      guard lineEnd - index > word.count, Array(bytes[index..<(index + word.count)]) == word
      else { continue }
      index += word.count
      skipSpaces()
      let nameStart = index
      while index < lineEnd,
        bytes[index] == UInt8(ascii: "_")
          || (bytes[index] | 0x20 >= UInt8(ascii: "a")
            && bytes[index] | 0x20 <= UInt8(ascii: "z"))
          || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
      {
        index += 1
      }
      guard index > nameStart, index < lineEnd, bytes[index] == UInt8(ascii: " ") else { continue }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
      skipSpaces()
      if index < lineEnd, bytes[index] == UInt8(ascii: "@") { index += 1 }
      guard index < lineEnd, bytes[index] == UInt8(ascii: "\"") else { continue }
      var close = index + 1
      while close < lineEnd, bytes[close] != UInt8(ascii: "\"") {
        close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard close < lineEnd else { continue }
      // Only a define that is the string alone: anything after it makes it an expression.
      let rest = bytes[(close + 1)..<lineEnd].filter {
        $0 != UInt8(ascii: " ") && $0 != 9 && $0 != 13
      }
      guard rest.isEmpty || rest.starts(with: Array("//".utf8)) else { continue }
      var text = LiteralText()
      guard LiteralDecoder.appendC(bytes[(index + 1)..<close], at: index + 1, into: &text) else {
        continue
      }
      text.finish(at: close)
      // Defined twice (under #if branches): which applies is a build setting.
      defines[name] = defines[name] == nil ? (text, nameStart) : nil
    }
    return defines
  }

  /// Replaces each use of a file constant inside a body by the constant's string, remembering
  /// its origin: `static NSString *const kName = @"…";` at file level (a pointer that is not
  /// `const` may change, and stays a run-time value) and string `#define`s. A local of the same
  /// name, or an assignment to the name, is left alone.
  static func inlineConstants(_ tokens: inout [Token], defines: [String: (LiteralText, Int)]) {
    var constants = defines
    for index in tokens.indices where tokens[index].scope == -1 {
      guard let name = tokens[index].identifier, index > 0,
        tokens[index - 1].identifier == "const", index + 3 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        case .string(let literal?) = tokens[index + 2].kind,
        tokens[index + 3].isPunctuation(UInt8(ascii: ";"))
      else { continue }
      constants[name] = constants[name] == nil ? (literal, tokens[index].offset) : nil
    }
    guard !constants.isEmpty else { return }
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let name = tokens[index].identifier, let (literal, offset) = constants[name] else {
        continue
      }
      if index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")) { continue }
      // A member (`x.name`) or a declaration (`NSString *name`, `Type name`) is not a use.
      if index > 0,
        tokens[index - 1].isPunctuation(UInt8(ascii: "."))
          || (tokens[index - 1].identifier.map { $0 != "return" } ?? false)
      {
        continue
      }
      if localDefinition(tokens, named: name, before: index) != nil { continue }
      tokens[index].kind = .string(literal)
      tokens[index].origin = ValueOrigin(resolution: .sameFileConstant, name: name, offset: offset)
    }
  }

  /// Replaces each use of a method's local string, `NSString *name = @"…";`, with the literal
  /// (its origin noted), when the method assigns the name exactly once and never takes its
  /// address: a name assigned again, or passed as `&name`, stays a run-time value.
  static func inlineLocalStrings(_ tokens: inout [Token]) {
    // Per body: each name's assignments, and the literal of the first.
    struct Local {
      var assignments = 0
      var literal: LiteralText?
      var declaration = 0
      var valueEnd = 0
    }
    var locals: [Int: [String: Local]] = [:]
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let name = tokens[index].identifier, index + 1 < tokens.count else { continue }
      let scope = tokens[index].scope
      if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: "&")) {
        locals[scope, default: [:]][name, default: Local()].assignments += 2
        continue
      }
      guard tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "="))),
        !(index > 0
          && (tokens[index - 1].isPunctuation(UInt8(ascii: "."))
            || tokens[index - 1].isPunctuation(UInt8(ascii: ">"))))
      else { continue }
      var local = locals[scope, default: [:]][name, default: Local()]
      local.assignments += 1
      if local.assignments == 1 {
        let end = expressionEnd(tokens, from: index + 2)
        local.literal = stringLiteral(tokens, (index + 2)..<end)
        local.declaration = index
        local.valueEnd = end
      }
      locals[scope, default: [:]][name] = local
    }
    for index in tokens.indices where tokens[index].scope != -1 {
      guard let name = tokens[index].identifier,
        let local = locals[tokens[index].scope]?[name], local.assignments == 1,
        let literal = local.literal, index > local.valueEnd
      else { continue }
      // A member (`x.name`), a declaration or a label (`name:`) is not a use.
      if index > 0,
        tokens[index - 1].isPunctuation(UInt8(ascii: "."))
          || tokens[index - 1].isPunctuation(UInt8(ascii: ">"))
          || (tokens[index - 1].identifier.map { $0 != "return" } ?? false)
      {
        continue
      }
      if index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: ":")) { continue }
      tokens[index].kind = .string(literal)
      tokens[index].origin = ValueOrigin(
        resolution: .local, name: name, offset: tokens[local.declaration].offset)
    }
  }

  /// The end of the directive starting at `start`: its line, with backslash joins, and any
  /// block comment opened on it, to that comment's end.
  private static func endOfDirective(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
      if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count {
        index += 2
        continue
      }
      if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count {
        if bytes[index + 1] == UInt8(ascii: "/") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
          break
        }
        if bytes[index + 1] == UInt8(ascii: "*") {
          index = endOfBlockComment(bytes, from: index)
          continue
        }
      }
      index += 1
    }
    return index
  }

  /// The position after the block comment that opens at `start` (its `/*`), or the end of the
  /// bytes when it is never closed.
  private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 2
    while index + 1 < bytes.count
      && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
    {
      index += 1
    }
    return min(bytes.count, index + 2)
  }

  /// Whether a directive is `#if 0` (or `#if false`): a block the compiler never sees.
  private static func isFalseCondition(_ directive: String) -> Bool {
    let words = directive.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard words.count >= 2, words[0] == "if" else { return false }
    return words[1] == "0" || words[1] == "false" || words[1] == "(0)"
  }

  /// The position after the `#if 0` block whose directive ends at `start`: after its matching
  /// `#else` or `#elif` line (the code that follows is read), or after its `#endif`.
  private static func endOfFalseBlock(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    var nesting = 0
    var atLineStart = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
        index += 1
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "#") && atLineStart {
        let lineStart = index
        index = endOfDirective(bytes, from: index)
        let words = String(decoding: bytes[(lineStart + 1)..<index], as: UTF8.self)
          .split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.first {
        case "if", "ifdef", "ifndef": nesting += 1
        case "endif":
          if nesting == 0 { return index }
          nesting -= 1
        case "else", "elif":
          if nesting == 0 { return index }
        default: break
        }
        continue
      }
      atLineStart = false
      index += 1
    }
    return index
  }
}
