import SceneRouting
import SourceReading
import SwiftSyntax

extension ConfigurationChoice {
  /// The rules of `function` when it is the app delegate's
  /// `application(_:configurationForConnecting:options:)`; nil for any other function.
  package static func read(
    _ function: FunctionDeclSyntax, values: SwiftValues, path: String, lines: SourceLines
  ) -> ConfigurationChoice? {
    let parameters = Array(function.signature.parameterClause.parameters)
    guard function.name.text == "application", parameters.count == 3,
      parameters[1].firstName.text == "configurationForConnecting",
      let body = function.body
    else { return nil }
    func line(_ node: some SyntaxProtocol) -> Int {
      lines.location(node.positionAfterSkippingLeadingTrivia.utf8Offset).line
    }
    var reader = SwiftChoiceReader(
      session: (parameters[1].secondName ?? parameters[1].firstName).text,
      options: (parameters[2].secondName ?? parameters[2].firstName).text,
      values: values, line: line)
    var choice = ConfigurationChoice(file: path, line: line(function))
    _ = reader.read(body.statements, tests: [], depth: 0, implicit: true)
    choice.rules = reader.rules
    if reader.isFull { choice.rules.append(ConfigurationChoice.unreadRule(line: line(function))) }
    return choice
  }
}

/// Reads the returns of a `configurationForConnecting` body with the tests that reach each:
/// `if`, `guard`, `switch` and `?:` on the connecting activity's type, on whether there is an
/// activity, and on the session's role, through the locals the body binds to them.
private struct SwiftChoiceReader {
  package typealias Check = ConfigurationChoice.Check
  package var session: String
  package var options: String
  package let values: SwiftValues
  package let line: (Syntax) -> Int
  package var rules: [ConfigurationChoice.Rule] = []
  /// How many rules it reads before it stops (``ConfigurationChoice/ruleLimit`` for the method,
  /// what is left of it for a helper).
  package var budget = ConfigurationChoice.ruleLimit
  /// The helpers followed, shared with the readers of the helpers.
  package var helpers = ConfigurationChoice.Helpers<FunctionDeclSyntax>()
  /// The values each local is given (its initializer, later `=`), with the tests that reach
  /// each: a local returned, or passed as a configuration's name, is the last value given it
  /// whose tests hold.
  package var assignments: [String: [(tests: [Check], value: ExprSyntax)]] = [:]
  /// Locals bound to the connecting activity, its type, the session's role.
  package var activities: Set<String> = []
  package var activityTypes: Set<String> = []
  package var roles: Set<String> = []

  package init(
    session: String, options: String, values: SwiftValues, line: @escaping (Syntax) -> Int
  ) {
    self.session = session
    self.options = options
    self.values = values
    self.line = line
  }

  /// Whether it has read as many rules as it may: it reads no further.
  package var isFull: Bool { rules.count >= budget }

  /// Reads `statements` reached when `tests` hold; returns whether every path through them
  /// returns. With `implicit`, a block of one expression is its value (the function's body,
  /// or a branch of an `if` or `switch` that is that value).
  package mutating func read(
    _ statements: CodeBlockItemListSyntax, tests: [Check], depth: Int, implicit: Bool = false
  ) -> Bool {
    guard !isFull else { return true }
    var tests = tests
    if implicit, statements.count == 1, let only = statements.first {
      var expression: ExprSyntax?
      switch only.item {
      case .expr(let value): expression = value
      case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
      case .decl: break
      }
      if let expression, !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self) {
        add(expression, tests: tests, at: Syntax(expression), depth: depth)
        return true
      }
      if let expression {
        return read(expression, tests: &tests, depth: depth, implicit: true)
      }
    }
    for item in statements {
      if isFull { return true }
      switch item.item {
      case .decl(let declaration):
        if let variable = declaration.as(VariableDeclSyntax.self) { bind(variable, tests: tests) }
      case .stmt(let statement):
        if let returned = statement.as(ReturnStmtSyntax.self) {
          add(returned.expression, tests: tests, at: Syntax(returned), depth: depth)
          return true
        }
        if let guarded = statement.as(GuardStmtSyntax.self) {
          let checks = self.checks(guarded.conditions)
          _ = read(guarded.body.statements, tests: tests + Check.failing(checks), depth: depth + 1)
          tests += checks
          continue
        }
        if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
          assign(expression, tests: tests)
          if read(expression, tests: &tests, depth: depth) { return true }
        }
      case .expr(let expression):
        assign(expression, tests: tests)
        if read(expression, tests: &tests, depth: depth) { return true }
      }
    }
    return false
  }

  /// Reads an `if` or a `switch` statement; returns whether every path returns, and narrows
  /// `tests` to what holds after it when a branch returns.
  private mutating func read(
    _ expression: ExprSyntax, tests: inout [Check], depth: Int, implicit: Bool = false
  ) -> Bool {
    guard depth < ConfigurationChoice.depthLimit else {
      if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
        rules.append(
          .init(
            tests: tests + [Check(test: .unknown("code nested too deep"), holds: true)],
            result: .unknown("code nested too deep to read"), line: line(Syntax(expression))))
      }
      return false
    }
    if let branch = expression.as(IfExprSyntax.self) {
      let checks = self.checks(branch.conditions)
      let thenReturns = read(
        branch.body.statements, tests: tests + checks, depth: depth + 1, implicit: implicit)
      var elseReturns = false
      switch branch.elseBody {
      case .ifExpr(let next)?:
        var elseTests = tests + Check.failing(checks)
        elseReturns = read(
          ExprSyntax(next), tests: &elseTests, depth: depth + 1, implicit: implicit)
      case .codeBlock(let block)?:
        elseReturns = read(
          block.statements, tests: tests + Check.failing(checks), depth: depth + 1,
          implicit: implicit)
      case nil: break
      }
      if thenReturns && elseReturns { return true }
      if thenReturns { tests += Check.failing(checks) } else if elseReturns { tests += checks }
      return false
    }
    if let choice = expression.as(SwitchExprSyntax.self) {
      return read(choice, tests: tests, depth: depth, implicit: implicit)
    }
    return false
  }

  /// A `switch` on the activity's type or the session's role: each case's values are a test,
  /// every earlier case's fail; `default` is reached when none holds.
  private mutating func read(
    _ choice: SwitchExprSyntax, tests: [Check], depth: Int, implicit: Bool
  ) -> Bool {
    let subject = choice.subject
    var earlier: [Check] = []
    var everyCaseReturns = true
    var exhaustive = false
    for element in choice.cases {
      guard case .switchCase(let switchCase) = element else {
        everyCaseReturns = false  // `#if` inside a switch
        continue
      }
      var checks: [Check] = []
      switch switchCase.label {
      case .default:
        exhaustive = true
      case .case(let label):
        let patterns = label.caseItems.map(\.pattern)
        let test = self.test(subject, equalsAnyOf: patterns)
        checks = [Check(test: test, holds: true)]
        if label.caseItems.contains(where: { $0.whereClause != nil }) {
          checks.append(Check(test: .unknown("a case's where clause"), holds: true))
        }
      }
      let returns = read(
        switchCase.statements, tests: tests + earlier + checks, depth: depth + 1,
        implicit: implicit)
      everyCaseReturns = everyCaseReturns && returns
      if checks.count == 1 { earlier.append(Check(test: checks[0].test, holds: false)) }
    }
    return everyCaseReturns && exhaustive
  }

  // MARK: Returns

  private mutating func add(_ value: ExprSyntax?, tests: [Check], at node: Syntax, depth: Int) {
    guard let value, !isFull else { return }
    if let ternary = value.as(TernaryExprSyntax.self) {
      let check = test(ternary.condition)
      add(ternary.thenExpression, tests: tests + [check], at: node, depth: depth)
      add(
        ternary.elseExpression, tests: tests + [check.negated],
        at: node, depth: depth)
      return
    }
    // `condition ? a : b`, unfolded: the condition's elements, then the ternary, then `b`.
    if let sequence = value.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      if let at = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
        at > 0, at + 2 == elements.count,
        let ternary = elements[at].as(UnresolvedTernaryExprSyntax.self)
      {
        let condition = elements[..<at]
        let check =
          condition.count == 1
          ? test(condition[condition.startIndex])
          : comparison(Array(condition), text: value.sourceText)
        add(ternary.thenExpression, tests: tests + [check], at: node, depth: depth)
        add(
          elements[at + 1], tests: tests + [check.negated],
          at: node, depth: depth)
        return
      }
    }
    // A local: each value given it, the last one whose tests hold first.
    if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let given = assignments[name], depth < ConfigurationChoice.depthLimit
    {
      for (reached, assigned) in given.reversed() {
        add(assigned, tests: tests + reached, at: node, depth: depth + 1)
      }
      return
    }
    // `UISceneConfiguration(name: local, …)`: a configuration per value of the local.
    if let call = Self.configurationCall(value),
      let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression
        .as(DeclReferenceExprSyntax.self)?.baseName.text,
      let given = assignments[name]
    {
      for (reached, assigned) in given.reversed() {
        rules.append(
          .init(tests: tests + reached, result: result(name: assigned), line: line(node)))
      }
      return
    }
    // A helper of the same file that the session, its role, the options or the activity are
    // passed to (`SceneConfigurator.configuration(for: options, role: session.role)`): its
    // returns, read with each parameter standing for what it is given.
    if depth < ConfigurationChoice.depthLimit, let call = value.as(FunctionCallExprSyntax.self),
      let (key, helper) = helper(called: call), !helpers.following.contains(key)
    {
      var inner = SwiftChoiceReader(session: "\u{0}", options: "\u{0}", values: values, line: line)
      inner.budget = budget - rules.count
      inner.helpers = helpers
      helpers.following.insert(key)
      defer { helpers.following.remove(key) }
      for (parameter, argument) in zip(helper.signature.parameterClause.parameters, call.arguments)
      {
        let name = (parameter.secondName ?? parameter.firstName).text
        let given = Self.plain(argument.expression)
        if given == options {
          inner.options = name
        } else if given == session {
          inner.session = name
        } else if isRole(argument.expression) {
          inner.roles.insert(name)
        } else if isActivity(argument.expression) {
          inner.activities.insert(name)
        } else if isActivityType(argument.expression) {
          inner.activityTypes.insert(name)
        }
      }
      if let body = helper.body {
        _ = inner.read(body.statements, tests: tests, depth: depth + 1, implicit: true)
        rules += inner.rules
        return
      }
    }
    rules.append(.init(tests: tests, result: result(value), line: line(node)))
  }

  /// The function of the same file a call names, when exactly one declaration there has its
  /// name, its argument labels and a `UISceneConfiguration` result: a free function, or a
  /// method called on `self`, `Self` or a type.
  private func helper(called call: FunctionCallExprSyntax) -> (String, FunctionDeclSyntax)? {
    guard call.trailingClosure == nil, Self.configurationCall(ExprSyntax(call)) == nil else {
      return nil
    }
    let name: String
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base?.sourceText,
      base == "self" || base == "Self" || base.first?.isUppercase == true
    {
      name = member.declName.baseName.text
    } else {
      return nil
    }
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    let key = ([name] + labels).joined(separator: ":")
    if let known = helpers.found[key] { return known.map { (key, $0) } }
    var root = Syntax(call)
    while let parent = root.parent { root = parent }
    let finder = FunctionFinder(name: name, labels: labels)
    finder.walk(root)
    let found = finder.found.count == 1 ? finder.found[0] : nil
    helpers.found[key] = .some(found)
    return found.map { (key, $0) }
  }

  /// The functions of a file with a name and argument labels, returning a scene configuration.
  private final class FunctionFinder: SyntaxVisitor {
    let name: String
    let labels: [String]
    var found: [FunctionDeclSyntax] = []

    init(name: String, labels: [String]) {
      self.name = name
      self.labels = labels
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      let parameters = node.signature.parameterClause.parameters
      if node.name.text == name, parameters.map(\.firstName.text) == labels,
        node.signature.returnClause?.type.sourceText.contains("UISceneConfiguration") == true
      {
        found.append(node)
      }
      return .skipChildren
    }
  }

  /// `UISceneConfiguration(…)`, when `value` is that call.
  private static func configurationCall(_ value: ExprSyntax) -> FunctionCallExprSyntax? {
    guard let call = value.as(FunctionCallExprSyntax.self),
      call.calledExpression.sourceText == "UISceneConfiguration"
    else { return nil }
    return call
  }

  /// The configuration an expression makes or names.
  private func result(_ value: ExprSyntax) -> ConfigurationChoice.Result {
    if let call = Self.configurationCall(value) {
      guard let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression
      else { return .unknown("a configuration made without a name") }
      return result(name: name)
    }
    if value.sourceText == "\(session).configuration" {
      return .manifestDefault
    }
    return .notFollowed(value.sourceText)
  }

  /// The configuration a `name:` argument names.
  private func result(name: ExprSyntax) -> ConfigurationChoice.Result {
    if name.is(NilLiteralExprSyntax.self) {
      return .unnamed
    }
    if case .text(let text, _, _) = values.string(name), let string = text.value {
      return .named(string)
    }
    return .runTimeName(name.sourceText)
  }

  // MARK: Locals

  private mutating func bind(_ variable: VariableDeclSyntax, tests: [Check]) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      else { continue }
      assignments[name] = nil
      if let value = binding.initializer?.value { bind(name, to: value, tests: tests) }
    }
  }

  /// `name = value` or its initializer, reached when `tests` hold.
  private mutating func bind(_ name: String, to value: ExprSyntax, tests: [Check]) {
    if isActivity(value) {
      activities.insert(name)
    } else if isActivityType(value) {
      activityTypes.insert(name)
    } else if isRole(value) {
      roles.insert(name)
    } else {
      assignments[name, default: []].append((tests, value))
    }
  }

  /// An assignment statement `name = value`.
  private mutating func assign(_ expression: ExprSyntax, tests: [Check]) {
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
    else { return }
    bind(name, to: elements[2], tests: tests)
  }

  // MARK: Tests

  /// The checks an `if` or `guard` condition list makes: each element must hold. A binding of
  /// the connecting activity (`let activity = options.userActivities.first`) holds when there
  /// is one.
  private mutating func checks(_ conditions: ConditionElementListSyntax) -> [Check] {
    var checks: [Check] = []
    for element in conditions {
      switch element.condition {
      case .expression(let expression):
        checks += split(expression)
      case .optionalBinding(let binding):
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        let value =
          binding.initializer?.value
          ?? name.map { ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier($0))) }
        guard let name, let value else {
          checks.append(Check(test: .unknown(binding.sourceText), holds: true))
          continue
        }
        if isActivity(value) || isActivityType(value) {
          checks.append(Check(test: .hasUserActivity, holds: true))
        } else {
          checks.append(Check(test: .unknown(binding.sourceText), holds: true))
        }
        bind(name, to: value, tests: [])
      default:
        checks.append(Check(test: .unknown(element.sourceText), holds: true))
      }
    }
    return checks
  }

  /// `a && b` as two checks; anything else as one.
  private func split(_ expression: ExprSyntax) -> [Check] {
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      let ands = elements.indices.filter {
        elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "&&"
      }
      let ors = elements.contains {
        $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||"
      }
      if !ands.isEmpty, !ors {
        var checks: [Check] = []
        var start = 0
        for index in ands + [elements.count] {
          let part = elements[start..<index]
          if part.count == 1, let only = part.first {
            checks.append(test(only))
          } else {
            checks.append(comparison(Array(part), text: expression.sourceText))
          }
          start = index + 1
        }
        return checks
      }
    }
    return [test(expression)]
  }

  /// The check one expression makes.
  private func test(_ expression: ExprSyntax) -> Check {
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      let inner = test(prefix.expression)
      return inner.negated
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first?.expression
    {
      return test(only)
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return comparison(Array(sequence.elements), text: expression.sourceText)
    }
    let text = Self.plain(expression)
    if text == "\(options).userActivities.isEmpty" {
      return Check(test: .hasUserActivity, holds: false)
    }
    return Check(test: .unknown(expression.sourceText), holds: true)
  }

  /// `lhs == rhs` or `lhs != rhs` between the activity's type or the session's role and a
  /// value; another test is unknown.
  private func comparison(_ elements: [ExprSyntax], text: String) -> Check {
    let unknown = Check(test: .unknown(text), holds: true)
    guard elements.count == 3,
      let operation = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
      operation == "==" || operation == "!="
    else { return unknown }
    let holds = operation == "=="
    for (subject, value) in [(elements[0], elements[2]), (elements[2], elements[0])] {
      if value.is(NilLiteralExprSyntax.self), isActivity(subject) || isActivityType(subject) {
        return Check(test: .hasUserActivity, holds: !holds)
      }
      if isActivityType(subject) || isRole(subject) {
        let test = self.test(subject, equals: [value])
        if case .unknown = test { return unknown }
        return Check(test: test, holds: holds)
      }
    }
    return unknown
  }

  /// The test that `subject` equals one of `patterns` (case patterns or expressions).
  private func test(_ subject: ExprSyntax, equalsAnyOf patterns: [PatternSyntax])
    -> ConfigurationChoice.Test
  {
    var expressions: [ExprSyntax] = []
    for pattern in patterns {
      guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else {
        return .unknown("case \(pattern.sourceText)")
      }
      expressions.append(expression)
    }
    return test(subject, equals: expressions)
  }

  private func test(_ subject: ExprSyntax, equals candidates: [ExprSyntax])
    -> ConfigurationChoice.Test
  {
    let written = candidates.map(\.sourceText).joined(separator: ", ")
    if isActivityType(subject) {
      var types: [String] = []
      for candidate in candidates {
        guard case .text(let text, _, _) = values.string(candidate), let type = text.value else {
          return .unknown("\(subject.sourceText) == \(written)")
        }
        types.append(type)
      }
      return .activityType(types)
    }
    if isRole(subject) {
      var roles: [SceneSessionRole] = []
      for candidate in candidates {
        guard let key = SessionRoleKeys.key(swiftName: candidate.sourceText) else {
          return .unknown("\(subject.sourceText) == \(written)")
        }
        roles.append(SessionRoleKeys.role(key: key))
      }
      return .role(roles)
    }
    return .unknown("\(subject.sourceText) == \(written)")
  }

  /// An expression's text without spaces, optional chaining or forced unwrapping.
  private static func plain(_ expression: ExprSyntax) -> String {
    String(
      expression.sourceText.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" })
  }

  /// The connecting user activity: `options.userActivities.first` or a local bound to it.
  ///
  /// **Decision:** `options.userActivities.first ?? session.stateRestorationActivity` is the
  /// connecting activity too: a scene created for an event has a new session, with nothing to
  /// restore.
  private func isActivity(_ expression: ExprSyntax) -> Bool {
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      return elements.count == 3
        && elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        && isActivity(elements[0])
        && elements[2].sourceText.hasSuffix("stateRestorationActivity")
    }
    let text = Self.plain(expression)
    return text == "\(options).userActivities.first" || activities.contains(text)
  }

  /// Its type: `….activityType` of the activity, or a local bound to it.
  private func isActivityType(_ expression: ExprSyntax) -> Bool {
    let text = Self.plain(expression)
    if activityTypes.contains(text) { return true }
    guard text.hasSuffix(".activityType") else { return false }
    let base = String(text.dropLast(".activityType".count))
    return base == "\(options).userActivities.first" || activities.contains(base)
  }

  /// The connecting session's role, or a local bound to it.
  private func isRole(_ expression: ExprSyntax) -> Bool {
    let text = Self.plain(expression)
    return text == "\(session).role" || roles.contains(text)
  }
}
