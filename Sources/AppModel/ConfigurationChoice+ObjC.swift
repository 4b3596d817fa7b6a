import SceneRouting
import SourceReading

extension ObjCExtractor {
  /// The rules of `application:configurationForConnectingSceneSession:options:` when `tokens`
  /// (a file's, constants inlined) implement it: `if`/`else` chains on the connecting activity's
  /// type (`[activity.activityType isEqualToString:@"…"]`), on whether there is an activity and
  /// on the session's role (`connectingSceneSession.role == UIWindowSceneSessionRole…`), and
  /// the configuration each `return` makes (`[[UISceneConfiguration alloc] initWithName:…]`,
  /// `configurationWithName:`, a local, `connectingSceneSession.configuration`).
  package static func configurationChoice(
    _ tokens: [Token], path: String, lines: SourceLines
  ) -> ConfigurationChoice? {
    for index in tokens.indices
    where isIdentifier(tokens, index, "configurationForConnectingSceneSession")
      && isMethodParameter(tokens, at: index)
    {
      // `configurationForConnectingSceneSession:(UISceneSession *)session options:(…)options {`
      guard let session = parameterName(tokens, after: index),
        let optionsLabel = tokens[index...].firstIndex(where: { $0.identifier == "options" }),
        let options = parameterName(tokens, after: optionsLabel),
        let open = tokens[optionsLabel...].firstIndex(where: {
          $0.isPunctuation(UInt8(ascii: "{")) || $0.isPunctuation(UInt8(ascii: ";"))
        }),
        tokens[open].isPunctuation(UInt8(ascii: "{"))
      else { continue }
      var reader = ObjCChoiceReader(
        tokens: tokens, session: session, options: options,
        line: { lines.location(tokens[$0].offset).line })
      _ = reader.block(inside(tokens, open), tests: [], depth: 0)
      let line = lines.location(tokens[index].offset).line
      return ConfigurationChoice(
        file: path, line: line,
        rules: reader.rules + (reader.isFull ? [ConfigurationChoice.unreadRule(line: line)] : []))
    }
    return nil
  }

  /// Whether the identifier at `index` labels a method parameter (`name:(Type)value`).
  static func isMethodParameter(_ tokens: [Token], at index: Int) -> Bool {
    index + 2 < tokens.count && tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
      && tokens[index + 2].isPunctuation(UInt8(ascii: "("))
  }

  /// The labels of a message's selector and the tokens of each argument, read from `start`
  /// (its first label) to `end` (its `]`): `label: argument label2: argument2`, an argument
  /// ending where a label of its own level follows. Nil when the tokens are not such parts.
  static func messageParts(_ tokens: [Token], from start: Int, to end: Int) -> (
    labels: [String], arguments: [Range<Int>]
  )? {
    var labels: [String] = []
    var arguments: [Range<Int>] = []
    var at = start
    while at < end {
      guard let label = tokens[at].identifier, at + 2 < end,
        tokens[at + 1].isPunctuation(UInt8(ascii: ":"))
      else { return nil }
      var next = at + 2
      var nesting = 0
      while next < end {
        if case .punctuation(let byte) = tokens[next].kind {
          if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { nesting += 1 }
          if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") { nesting -= 1 }
        }
        if nesting == 0, next > at + 2, tokens[next].identifier != nil, next + 1 < end,
          tokens[next + 1].isPunctuation(UInt8(ascii: ":"))
        {
          break
        }
        next += 1
      }
      labels.append(label)
      arguments.append((at + 2)..<next)
      at = next
    }
    return labels.isEmpty ? nil : (labels, arguments)
  }

  /// The parameter name after `label:(Type)`.
  static func parameterName(_ tokens: [Token], after label: Int) -> String? {
    guard isMethodParameter(tokens, at: label) else { return nil }
    let close = closing(tokens, label + 2)
    return close + 1 < tokens.count ? tokens[close + 1].identifier : nil
  }

  /// The tokens between the bracket at `open` and the one that closes it (or the end, when
  /// nothing closes it: a file cut off mid-method).
  static func inside(_ tokens: [Token], _ open: Int) -> Range<Int> {
    let close = closing(tokens, open)
    return (open + 1)..<(close > open ? close : tokens.count)
  }

  /// The index of the bracket that closes the one at `open` (or the last token).
  static func closing(_ tokens: [Token], _ open: Int) -> Int {
    closing(tokens, open, within: tokens.count) ?? tokens.count - 1
  }
}

/// Reads an Objective-C method body's statements as ``ConfigurationChoice`` rules.
private struct ObjCChoiceReader {
  package typealias Check = ConfigurationChoice.Check
  package typealias Token = ObjCExtractor.Token
  package let tokens: [Token]
  package var session: String
  package var options: String
  package let line: (Int) -> Int
  package var rules: [ConfigurationChoice.Rule] = []
  /// How many rules it reads before it stops (``ConfigurationChoice/ruleLimit`` for the method,
  /// what is left of it for a helper).
  package var budget = ConfigurationChoice.ruleLimit
  /// The helper methods followed (parameter names and body), shared with their readers.
  package var helpers = ConfigurationChoice.Helpers<(parameters: [String], body: Range<Int>)>()
  package var configurations: [String: ConfigurationChoice.Result] = [:]
  package var activities: Set<String> = []
  package var activityTypes: Set<String> = []

  package init(tokens: [Token], session: String, options: String, line: @escaping (Int) -> Int) {
    self.tokens = tokens
    self.session = session
    self.options = options
    self.line = line
  }

  /// Whether it has read as many rules as it may: it reads no further.
  package var isFull: Bool { rules.count >= budget }

  /// Reads the statements in `range`; returns whether every path through them returns.
  package mutating func block(_ range: Range<Int>, tests: [Check], depth: Int) -> Bool {
    var tests = tests
    var index = range.lowerBound
    while index < range.upperBound {
      if isFull { return true }
      let (end, returns) = statement(at: index, in: range, tests: &tests, depth: depth)
      if returns { return true }
      index = max(end, index + 1)
    }
    return false
  }

  /// Reads one statement at `index`; returns the index after it and whether it always returns.
  private mutating func statement(
    at index: Int, in range: Range<Int>, tests: inout [Check], depth: Int
  ) -> (end: Int, returns: Bool) {
    // An `if` or `else` at the end of the range (an unclosed condition) has no statement.
    guard index < range.upperBound else { return (range.upperBound, false) }
    let token = tokens[index]
    if token.isPunctuation(UInt8(ascii: "{")) {
      let close = max(index + 1, min(ObjCExtractor.closing(tokens, index), range.upperBound - 1))
      guard depth < ConfigurationChoice.depthLimit else { return (close + 1, false) }
      return (close + 1, block((index + 1)..<close, tests: tests, depth: depth + 1))
    }
    if token.identifier == "return" {
      let end = ObjCExtractor.expressionEnd(tokens, from: index + 1)
      if follow((index + 1)..<min(end, range.upperBound), tests: tests, depth: depth) {
        return (end + 1, true)
      }
      rules.append(
        .init(
          tests: tests, result: result((index + 1)..<min(end, range.upperBound)),
          line: line(index)))
      return (end + 1, true)
    }
    if token.identifier == "if", index + 1 < range.upperBound,
      tokens[index + 1].isPunctuation(UInt8(ascii: "("))
    {
      let closeCondition = min(ObjCExtractor.closing(tokens, index + 1), range.upperBound - 1)
      guard closeCondition > index + 1 else { return (range.upperBound, false) }
      let checks = self.checks((index + 2)..<closeCondition)
      guard depth < ConfigurationChoice.depthLimit else { return (closeCondition + 1, false) }
      var thenTests = tests + checks
      let (thenEnd, thenReturns) = statement(
        at: closeCondition + 1, in: range, tests: &thenTests, depth: depth + 1)
      var end = thenEnd
      var elseReturns = false
      if end < range.upperBound, tokens[end].identifier == "else" {
        var elseTests = tests + Check.failing(checks)
        (end, elseReturns) = statement(
          at: end + 1, in: range, tests: &elseTests, depth: depth + 1)
      }
      if thenReturns && elseReturns { return (end, true) }
      if thenReturns { tests += Check.failing(checks) } else if elseReturns { tests += checks }
      return (end, false)
    }
    if token.identifier == "switch", index + 1 < range.upperBound,
      tokens[index + 1].isPunctuation(UInt8(ascii: "("))
    {
      // A switch over strings cannot be written in C; one over anything else is not read, and
      // what follows it is reached only when none of its cases returned.
      var end = ObjCExtractor.closing(tokens, index + 1) + 1
      if end < range.upperBound, tokens[end].isPunctuation(UInt8(ascii: "{")) {
        end = ObjCExtractor.closing(tokens, end) + 1
      }
      tests.append(Check(test: .unknown("a switch statement"), holds: true))
      return (min(end, range.upperBound), false)
    }
    // A declaration or an assignment: `Type *name = value;`, `name = value;`.
    let end = min(ObjCExtractor.expressionEnd(tokens, from: index), range.upperBound)
    if let equals = (index..<end).first(where: {
      tokens[$0].isPunctuation(UInt8(ascii: "="))
        && !($0 + 1 < end && tokens[$0 + 1].isPunctuation(UInt8(ascii: "=")))
    }), equals > index, let name = tokens[equals - 1].identifier {
      bind(name, to: (equals + 1)..<end)
    }
    return (end + 1, false)
  }

  /// `return [self helper:options role:session.role];` with `helper:role:` a method of the
  /// same file that returns a configuration: its returns, read with each parameter standing for
  /// the options, the session or the activity it is given. False when the value is no such
  /// message.
  private mutating func follow(_ range: Range<Int>, tests: [Check], depth: Int) -> Bool {
    guard depth < ConfigurationChoice.depthLimit, range.count >= 5,
      tokens[range.lowerBound].isPunctuation(UInt8(ascii: "[")),
      tokens[range.upperBound - 1].isPunctuation(UInt8(ascii: "]")),
      tokens[range.lowerBound + 1].identifier == "self"
    else { return false }
    guard
      let (labels, arguments) = ObjCExtractor.messageParts(
        tokens, from: range.lowerBound + 2, to: range.upperBound - 1)
    else { return false }
    let key = labels.joined(separator: ":")
    guard !helpers.following.contains(key) else { return false }
    if helpers.found[key] == nil { helpers.found[key] = .some(method(labels)) }
    guard case .some(.some(let helper)) = helpers.found[key] else { return false }
    var inner = ObjCChoiceReader(tokens: tokens, session: "\u{0}", options: "\u{0}", line: line)
    inner.budget = budget - rules.count
    inner.helpers = helpers
    helpers.following.insert(key)
    defer { helpers.following.remove(key) }
    for (parameter, argument) in zip(helper.parameters, arguments) {
      let given = text(argument)
      if given == options {
        inner.options = parameter
      } else if given == session {
        inner.session = parameter
      } else if isActivity(argument) {
        inner.activities.insert(parameter)
      } else if isActivityType(argument) {
        inner.activityTypes.insert(parameter)
      }
    }
    _ = inner.block(helper.body, tests: tests, depth: depth + 1)
    rules += inner.rules
    return true
  }

  /// The one method of the file whose selector has `labels` and that returns a configuration:
  /// its parameter names and the range of its body.
  private func method(_ labels: [String]) -> (parameters: [String], body: Range<Int>)? {
    let first = labels[0]
    var found: [(parameters: [String], body: Range<Int>)] = []
    for index in tokens.indices
    where ObjCExtractor.isIdentifier(tokens, index, first)
      && ObjCExtractor.isMethodParameter(tokens, at: index)
      && index >= 2 && tokens[index - 1].isPunctuation(UInt8(ascii: ")"))
    {
      let returnType = (max(0, index - 6)..<index).contains {
        tokens[$0].identifier == "UISceneConfiguration"
      }
      guard returnType else { continue }
      let selector = ObjCExtractor.selectorParameters(tokens, from: index, before: tokens.count)
      guard selector.labels == labels, selector.end < tokens.count,
        tokens[selector.end].isPunctuation(UInt8(ascii: "{"))
      else { continue }
      found.append((selector.parameters, ObjCExtractor.inside(tokens, selector.end)))
    }
    return found.count == 1 ? found[0] : nil
  }

  // MARK: Values

  /// The source of `range` without whitespace: the spelling the readers compare.
  private func text(_ range: Range<Int>) -> String {
    ObjCExtractor.sourceText(tokens, range).filter { !$0.isWhitespace }
  }

  /// The source of `range` as a message shows it: each run of whitespace one space
  /// (`[activityType isEqualToString:@"a"]`, not the compared `[activityTypeisEqualToString:@"a"]`).
  private func shown(_ range: Range<Int>) -> String {
    ObjCExtractor.sourceText(tokens, range).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
  }

  private mutating func bind(_ name: String, to range: Range<Int>) {
    configurations[name] = nil
    activities.remove(name)
    activityTypes.remove(name)
    if isActivity(range) {
      activities.insert(name)
    } else if isActivityType(range) {
      activityTypes.insert(name)
    } else if makesConfiguration(range) {
      configurations[name] = result(range)
    }
  }

  private func makesConfiguration(_ range: Range<Int>) -> Bool {
    range.contains { tokens[$0].identifier == "UISceneConfiguration" }
  }

  /// The configuration the expression in `range` makes or names.
  private func result(_ range: Range<Int>) -> ConfigurationChoice.Result {
    let written = text(range)
    if range.count == 1, let name = tokens[range.lowerBound].identifier,
      let known = configurations[name]
    {
      return known
    }
    if written == "\(session).configuration" || written == "[\(session)configuration]" {
      return .manifestDefault
    }
    if makesConfiguration(range),
      let label = range.first(where: {
        ["initWithName", "configurationWithName"].contains(tokens[$0].identifier)
      }), label + 2 < range.upperBound, tokens[label + 1].isPunctuation(UInt8(ascii: ":"))
    {
      let end =
        (label + 2..<range.upperBound).first {
          tokens[$0].identifier == "sessionRole" || tokens[$0].isPunctuation(UInt8(ascii: "]"))
        } ?? range.upperBound
      if let name = ObjCExtractor.stringValue(tokens, (label + 2)..<end) {
        return .named(name)
      }
      return text((label + 2)..<end) == "nil" ? .unnamed : .runTimeName(shown((label + 2)..<end))
    }
    return .notFollowed(shown(range))
  }

  /// The connecting activity: `options.userActivities.anyObject` (any spelling that reads it)
  /// or a local bound to it.
  private func isActivity(_ range: Range<Int>) -> Bool {
    let written = text(range)
    if range.count == 1, activities.contains(written) { return true }
    return written.contains("\(options).userActivities") && !written.contains("activityType")
      && !written.contains("count") && !written.contains("==")
  }

  private func isActivityType(_ range: Range<Int>) -> Bool {
    let written = text(range)
    if range.count == 1, activityTypes.contains(written) { return true }
    guard written.hasSuffix("activityType") || written.hasSuffix("activityType]") else {
      return false
    }
    return written.contains("\(options).userActivities")
      || activities.contains { written.hasPrefix("\($0).") || written.hasPrefix("[\($0)") }
  }

  private func isRole(_ range: Range<Int>) -> Bool {
    let written = text(range)
    return written == "\(session).role" || written == "[\(session)role]"
  }

  // MARK: Tests

  /// The checks of an `if`'s condition: `a && b` is two; `||` is not read.
  private func checks(_ range: Range<Int>) -> [Check] {
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    var depth = 0
    var index = range.lowerBound
    while index < range.upperBound {
      if case .punctuation(let byte) = tokens[index].kind {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: "|") where depth == 0:
          return [Check(test: .unknown(shown(range)), holds: true)]
        case UInt8(ascii: "&")
        where depth == 0 && index + 1 < range.upperBound
          && tokens[index + 1].isPunctuation(UInt8(ascii: "&")):
          parts.append(start..<index)
          start = index + 2
          index += 1
        default: break
        }
      }
      index += 1
    }
    parts.append(start..<range.upperBound)
    return parts.map(check)
  }

  /// The check one condition makes.
  private func check(_ range: Range<Int>) -> Check {
    let unknown = Check(test: .unknown(shown(range)), holds: true)
    guard !range.isEmpty else { return unknown }
    if tokens[range.lowerBound].isPunctuation(UInt8(ascii: "!")),
      !(range.count > 1 && tokens[range.lowerBound + 1].isPunctuation(UInt8(ascii: "=")))
    {
      let inner = check((range.lowerBound + 1)..<range.upperBound)
      return inner.negated
    }
    if tokens[range.lowerBound].isPunctuation(UInt8(ascii: "(")),
      ObjCExtractor.closing(tokens, range.lowerBound) == range.upperBound - 1
    {
      return check((range.lowerBound + 1)..<(range.upperBound - 1))
    }
    // `activity`, `activity != nil`, `options.userActivities.count > 0`
    if isActivity(range) { return Check(test: .hasUserActivity, holds: true) }
    // `[subject isEqualToString:value]`, either way round.
    if tokens[range.lowerBound].isPunctuation(UInt8(ascii: "[")),
      let label = range.first(where: { tokens[$0].identifier == "isEqualToString" }),
      label + 1 < range.upperBound, tokens[label + 1].isPunctuation(UInt8(ascii: ":"))
    {
      let receiver = (range.lowerBound + 1)..<label
      let argument = (label + 2)..<max(label + 2, range.upperBound - 1)
      return comparison(receiver, argument, equal: true) ?? unknown
    }
    // `subject == value`, `subject != value`
    if let operation = range.first(where: {
      ($0 + 1 < range.upperBound && tokens[$0 + 1].isPunctuation(UInt8(ascii: "=")))
        && (tokens[$0].isPunctuation(UInt8(ascii: "="))
          || tokens[$0].isPunctuation(UInt8(ascii: "!")))
    }) {
      let equal = tokens[operation].isPunctuation(UInt8(ascii: "="))
      let lhs = range.lowerBound..<operation
      let rhs = (operation + 2)..<range.upperBound
      if text(rhs) == "nil", isActivity(lhs) || isActivityType(lhs) {
        return Check(test: .hasUserActivity, holds: !equal)
      }
      return comparison(lhs, rhs, equal: equal) ?? unknown
    }
    return unknown
  }

  /// The check `a` equals `b` (either being the subject), when one is the activity's type and
  /// the other a string, or one the session's role and the other a role constant.
  private func comparison(_ a: Range<Int>, _ b: Range<Int>, equal: Bool) -> Check? {
    for (subject, value) in [(a, b), (b, a)] {
      if isActivityType(subject), let type = ObjCExtractor.stringValue(tokens, value) {
        return Check(test: .activityType([type]), holds: equal)
      }
      if isRole(subject), value.count == 1, let key = tokens[value.lowerBound].identifier,
        SessionRoleKeys.table.contains(where: { $0.key == key })
      {
        return Check(test: .role([SessionRoleKeys.role(key: key)]), holds: equal)
      }
    }
    return nil
  }
}
