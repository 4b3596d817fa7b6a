/// How Objective-C source builds a predicate: message sends and the spellings decompilers print,
/// followed through locals of the same method.
extension ObjCExtractor {
  /// How the tokens `start..<end` build a predicate.
  package static func source(_ tokens: [Token], _ start: Int, _ end: Int) -> PredicateSource {
    var reads = SwiftValues.maximumReads
    return source(tokens, start, end, depth: 0, reads: &reads)
  }

  /// How the tokens `start..<end` build a predicate, `depth` steps from the expression read
  /// first, which may make `reads` more reads (a local followed, a part, a helper's body at a
  /// call): each read anew at every use, they would otherwise cost work exponential in the
  /// depth (as ``SwiftValues/maximumReads`` bounds a Swift value's).
  private static func source(
    _ tokens: [Token], _ start: Int, _ end: Int, depth: Int, reads: inout Int
  ) -> PredicateSource {
    guard depth < 8, start < end, end <= tokens.count else {
      return .notCheckable("the predicate is a run-time value")
    }
    guard reads > 0 else { return .notCheckable(SwiftValues.readsExhausted) }
    reads -= 1
    if tokens[start].isPunctuation(UInt8(ascii: "(")) {
      let close = expressionEnd(tokens, from: start + 1)
      // Parentheses around it.
      if close == end - 1 {
        return source(tokens, start + 1, end - 1, depth: depth + 1, reads: &reads)
      }
      // A cast: `(NSPredicate *)[…]`.
      if close < end - 1 { return source(tokens, close + 1, end, depth: depth + 1, reads: &reads) }
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
        return source(
          tokens, previous.lowerBound, previous.upperBound, depth: depth + 1, reads: &reads)
      }
      return source(tokens, start + 2, end - 1, depth: depth + 1, reads: &reads)
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
        arguments: Array(arguments.dropFirst(2)), depth: depth, reads: &reads)
    }
    if end - start == 1, let name = tokens[start].identifier {
      if let (from, to) = localDefinition(tokens, named: name, before: start) {
        return source(tokens, from, to, depth: depth + 1, reads: &reads)
      }
      return .notCheckable("'\(name)' is not a local predicate built in this method")
    }
    // Without the call, `+[NSPredicate predicateWithFormat:@"…", v5]` is a message send.
    if end - start > 3,
      tokens[start].isPunctuation(UInt8(ascii: "+"))
        || tokens[start].isPunctuation(UInt8(ascii: "-")),
      tokens[start + 1].isPunctuation(UInt8(ascii: "[")),
      expressionEnd(tokens, from: start + 2) == end - 1
    {
      return source(tokens, start + 1, end, depth: depth + 1, reads: &reads)
    }
    // `+[NSPredicate predicateWithFormat:](receiver, format, arguments…)`, as disassemblers
    // print a class-method call (the receiver may be an address).
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
        tokens, receiver: receiver, selector: selector, arguments: Array(arguments), depth: depth,
        reads: &reads)
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
      depth: depth, reads: &reads, arrayArgument: parts.count == 2 ? arguments.last : nil,
      toSelf: selectorStart == start + 2 && tokens[start + 1].identifier == "self")
  }

  /// Runtime functions that return the object they are given (ARC's and Core Foundation's
  /// ownership calls), as disassemblers print them around a message's result.
  package static let transparentCalls: Set<String> = [
    "objc_claimAutoreleasedReturnValue", "objc_unsafeClaimAutoreleasedReturnValue",
    "objc_retainAutoreleasedReturnValue", "objc_retain", "objc_retainAutorelease",
    "objc_autorelease", "objc_autoreleaseReturnValue", "objc_retainAutoreleaseReturnValue",
    "_objc_claimAutoreleasedReturnValue", "_objc_retainAutoreleasedReturnValue", "_objc_retain",
    "CFBridgingRelease", "CFBridgingRetain", "CFRetain", "CFAutorelease",
  ]

  /// A class message that builds a predicate, with its argument ranges (variadic ones split);
  /// `toSelf` when it is sent to `self` (a method of the file may answer it). Its parts take
  /// from `reads`, as ``source(_:_:_:depth:reads:)``'s do.
  package static func message(
    _ tokens: [Token], receiver: Receiver, selector: String, arguments: [Range<Int>], depth: Int,
    reads: inout Int,
    arrayArgument: Range<Int>? = nil, toSelf: Bool = false
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
      if toSelf,
        let helper = helper(
          tokens, selector: selector, arguments: arguments, depth: depth, reads: &reads,
          instance: true)
      {
        return helper
      }
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
        if let template = builtString(tokens, first, depth: depth) {
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
          parts.append(
            source(tokens, index, min(partEnd, arrayEnd), depth: depth + 1, reads: &reads))
        }
        index = partEnd + 1
      }
      return .compound(selector.hasPrefix("and") ? .and : .or, parts)
    case ("NSCompoundPredicate", "notPredicateWithSubpredicate"):
      guard let first = arguments.first else { break }
      return .compound(
        .not, [source(tokens, first.lowerBound, first.upperBound, depth: depth + 1, reads: &reads)])
    default:
      if let helper = helper(
        tokens, selector: selector, arguments: arguments, depth: depth, reads: &reads)
      {
        return helper
      }
    }
    return .notCheckable(
      "'[\(className) \(selector):…]' is not a predicate built from a literal")
  }

  /// The predicate a method of this file builds (`+ (NSPredicate *)predicateForPrefix:
  /// (NSString *)prefix { return [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@",
  /// prefix]; }`, or an `instance` method sent to `self`), called with `arguments`: its returned
  /// expression read with each parameter's tokens replaced by its argument's. Nil when the file
  /// defines no such method.
  private static func helper(
    _ tokens: [Token], selector: String, arguments: [Range<Int>], depth: Int, reads: inout Int,
    instance: Bool = false
  ) -> PredicateSource? {
    guard depth < 8,
      let method = predicateMethod(tokens, selector: selector, instance: instance),
      method.parameters.count == arguments.count
    else { return nil }
    var read: [Token] = []
    for index in method.returned {
      if let name = tokens[index].identifier,
        let parameter = method.parameters.firstIndex(of: name)
      {
        read += tokens[arguments[parameter]]
      } else {
        read.append(tokens[index])
      }
    }
    return source(read, 0, read.count, depth: depth + 1, reads: &reads)
  }

  /// The class method (an `instance` one, `-`) of `tokens` whose selector is `selector` and
  /// which returns an `NSPredicate` by one `return`: its parameters' names, in the selector's
  /// order, and the range of the expression it returns.
  private static func predicateMethod(_ tokens: [Token], selector: String, instance: Bool)
    -> (parameters: [String], returned: Range<Int>)?
  {
    var index = 0
    while index + 6 < tokens.count {
      defer { index += 1 }
      // `+ (NSPredicate *)` outside every body, the type's qualifiers allowed.
      guard tokens[index].isPunctuation(instance ? UInt8(ascii: "-") : UInt8(ascii: "+")),
        tokens[index].scope == -1,
        tokens[index + 1].isPunctuation(UInt8(ascii: "("))
      else { continue }
      let typeEnd = expressionEnd(tokens, from: index + 2)
      guard typeEnd < tokens.count,
        tokens[(index + 2)..<typeEnd].contains(where: { $0.identifier == "NSPredicate" })
      else { continue }
      // The selector: `name` alone, or `part:(Type)parameter …`.
      var parts: [String] = []
      var parameters: [String] = []
      var at = typeEnd + 1
      while at + 1 < tokens.count, let part = tokens[at].identifier,
        tokens[at + 1].isPunctuation(UInt8(ascii: ":"))
      {
        guard at + 2 < tokens.count, tokens[at + 2].isPunctuation(UInt8(ascii: "(")) else {
          break
        }
        let close = expressionEnd(tokens, from: at + 3)
        guard close + 1 < tokens.count, let name = tokens[close + 1].identifier else { break }
        parts.append(part)
        parameters.append(name)
        at = close + 2
      }
      if parts.isEmpty, at < tokens.count, let name = tokens[at].identifier {
        parts = [name]
        at += 1
      }
      // `{ return expression; }`
      guard parts.joined(separator: ":") == selector, at + 2 < tokens.count,
        tokens[at].isPunctuation(UInt8(ascii: "{")), tokens[at + 1].identifier == "return"
      else { continue }
      let end = expressionEnd(tokens, from: at + 2)
      guard end + 1 < tokens.count, end > at + 2, tokens[end].isPunctuation(UInt8(ascii: ";")),
        tokens[end + 1].isPunctuation(UInt8(ascii: "}"))
      else { continue }
      return (parameters, (at + 2)..<end)
    }
    return nil
  }

  /// The template of `[NSString stringWithFormat:@"…", a, …]` (directly, or through a local
  /// the method assigns once): the literal parts of its format, each specifier a hole named by
  /// its argument's source.
  package static func formattedString(_ tokens: [Token], _ range: Range<Int>, depth: Int)
    -> Template?
  {
    guard depth < 8, !range.isEmpty else { return nil }
    if range.count == 1, let name = tokens[range.lowerBound].identifier {
      let scope = tokens[range.lowerBound].scope
      let assignments = tokens.indices.filter {
        tokens[$0].scope == scope && tokens[$0].identifier == name && isAssignment(tokens, to: $0)
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
    return Template(
      format: format,
      arguments: arguments.dropFirst().map { argument in
        stringValue(tokens, argument).map { [.text($0)] } ?? [.hole(sourceText(tokens, argument))]
      })
  }

  /// The template of a string the tokens `range` build from parts: `[NSString
  /// stringWithFormat:…]` (``formattedString(_:_:depth:)``) or `[a stringByAppendingString:b]`
  /// (``appendedString(_:_:depth:)``), directly or through a local the method assigns once. One
  /// reading for every place such a string can stand: a producer's identifier, a predicate's
  /// format and a format argument.
  package static func builtString(_ tokens: [Token], _ range: Range<Int>, depth: Int)
    -> Template?
  {
    formattedString(tokens, range, depth: depth) ?? appendedString(tokens, range, depth: depth)
  }

  /// The template of `[a stringByAppendingString:b]` (nested, or through a local the method
  /// assigns once): each side's text when it is a string, else a hole named by its source.
  package static func appendedString(_ tokens: [Token], _ range: Range<Int>, depth: Int)
    -> Template?
  {
    guard depth < 8, !range.isEmpty else { return nil }
    if range.count == 1, let name = tokens[range.lowerBound].identifier,
      let (from, to) = localDefinition(tokens, named: name, before: range.lowerBound)
    {
      let scope = tokens[range.lowerBound].scope
      let assignments = tokens.indices.filter {
        tokens[$0].scope == scope && tokens[$0].identifier == name && isAssignment(tokens, to: $0)
      }
      guard assignments.count == 1 else { return nil }
      return appendedString(tokens, from..<to, depth: depth + 1)
    }
    guard tokens[range.lowerBound].isPunctuation(UInt8(ascii: "[")),
      tokens[range.upperBound - 1].isPunctuation(UInt8(ascii: "]"))
    else { return nil }
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    // The selector at the message's own level: the receiver may be a literal or a send. (Its
    // own count: the recursion's `depth` bounds the parts read below.)
    var nesting = 0
    var selector: Int?
    for index in inner {
      if case .punctuation(let byte) = tokens[index].kind {
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { nesting += 1 }
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") { nesting -= 1 }
      }
      if nesting == 0, index > inner.lowerBound, index + 1 < inner.upperBound,
        tokens[index].identifier == "stringByAppendingString",
        tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
      {
        selector = index
        break
      }
    }
    guard let receiverEnd = selector else { return nil }
    func parts(_ part: Range<Int>) -> [Template.Part] {
      if let text = stringValue(tokens, part) { return [.text(text)] }
      if let template = builtString(tokens, part, depth: depth + 1) { return template.parts }
      return [.hole(sourceText(tokens, part))]
    }
    return Template(
      parts: parts(inner.lowerBound..<receiverEnd)
        + parts((receiverEnd + 2)..<inner.upperBound))
  }

  /// The tokens `range` written back as source, spaced only between two words (a name, a
  /// number or a string literal: `[@"doc/" stringByAppendingString:x]`, `return @"x"`).
  package static func sourceText(_ tokens: [Token], _ range: Range<Int>) -> String {
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
      case .string(let literal):
        piece = "@\"" + (literal?.value ?? "…") + "\""
        isWord = true
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
  package enum Receiver: Equatable {
    /// A class by name.
    case named(String)
    /// A class a decompiler printed as an address or a symbol (`MEMORY[0x…]`, `qword_…`).
    case address
    /// Anything else: an object known at run time.
    case object
  }

  /// The class selectors only `NSPredicate` or `NSCompoundPredicate` answer, by owner.
  package static let predicateSelectorOwners: [String: String] = [
    "predicateWithFormat": "NSPredicate", "predicateWithFormat:argumentArray": "NSPredicate",
    "predicateWithValue": "NSPredicate", "predicateWithBlock": "NSPredicate",
    "andPredicateWithSubpredicates": "NSCompoundPredicate",
    "orPredicateWithSubpredicates": "NSCompoundPredicate",
    "notPredicateWithSubpredicate": "NSCompoundPredicate",
  ]

  /// Symbol prefixes decompilers give data they cannot name.
  package static let addressPrefixes = [
    "qword_", "off_", "unk_", "dword_", "classRef_", "objc_cls_ref_", "_OBJC_CLASS_",
  ]

  /// The receiver the tokens `range` spell.
  package static func receiverClass(_ tokens: [Token], _ range: Range<Int>) -> Receiver {
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
  package static func receiverEnd(_ tokens: [Token], from start: Int, end limit: Int) -> Int {
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
  package static func previousStatement(_ tokens: [Token], before index: Int) -> Range<Int>? {
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
  package static func boxedBoolean(_ tokens: [Token], _ range: Range<Int>)
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
  package static func argument(_ tokens: [Token], _ range: Range<Int>) -> FormatArgument {
    if let value = stringValue(tokens, range) { return .string(value) }
    if let template = builtString(tokens, range, depth: 0) { return .template(template) }
    if range.count >= 2, tokens[range.lowerBound].isPunctuation(UInt8(ascii: "@")),
      tokens[range.lowerBound + 1].isPunctuation(UInt8(ascii: "["))
    {
      let open = range.lowerBound + 1
      let close = expressionEnd(tokens, from: open + 1)
      var values: [String] = []
      var index = open + 1
      while index < close {
        let end = min(expressionEnd(tokens, from: index, comma: true), close)
        guard let value = stringValue(tokens, index..<end) else { return runtime(tokens, range) }
        values.append(value)
        index = end + 1
      }
      return .strings(values)
    }
    return runtime(tokens, range)
  }

  /// The argument `range` as a run-time value named by its source.
  private static func runtime(_ tokens: [Token], _ range: Range<Int>) -> FormatArgument {
    let source = SwiftValues.abbreviated(sourceText(tokens, range))
    return .runtime(source: source, reason: "'\(source)' is a run-time value")
  }

  /// The expression of the last `name = expr;` (a declaration or an assignment) before `use`.
  package static func localDefinition(_ tokens: [Token], named name: String, before use: Int)
    -> (Int, Int)?
  {
    var index = use - 1
    let scope = tokens[use].scope
    while index >= 0 {
      // Another method's local of the same name never counts.
      if tokens[index].scope != scope { break }
      if tokens[index].identifier == name, index + 1 < use, isAssignment(tokens, to: index) {
        let end = expressionEnd(tokens, from: index + 2)
        if end <= use { return (index + 2, end) }
      }
      index -= 1
    }
    return nil
  }

  /// Whether the name at `index` is assigned there: `name = …`, not `name == …`, and not a
  /// member's `x.name = …` or `x->name = …`.
  package static func isAssignment(_ tokens: [Token], to index: Int) -> Bool {
    guard index + 1 < tokens.count, tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
      !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
    else { return false }
    return
      !(index > 0
      && (tokens[index - 1].isPunctuation(UInt8(ascii: "."))
        || tokens[index - 1].isPunctuation(UInt8(ascii: ">"))))
  }
}
