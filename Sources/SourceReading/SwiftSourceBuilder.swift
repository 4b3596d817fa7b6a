import SwiftSyntax

/// How a Swift expression builds a predicate or a SwiftUI set, as far as the file says, and how
/// far the lint had to look: every name followed is recorded, and the weakest resolution of the
/// parts is the condition's.
package struct SwiftSourceBuilder {
  package let values: SwiftValues
  /// The weakest resolution met so far.
  private(set) var resolution: ValueResolution = .literal
  /// The declarations followed, in order.
  private(set) var origins: [ValueOrigin] = []

  package init(values: SwiftValues) {
    self.values = values
  }

  private mutating func note(_ resolution: ValueResolution, _ origins: [ValueOrigin] = []) {
    self.resolution = max(self.resolution, resolution)
    for origin in origins where !self.origins.contains(origin) { self.origins.append(origin) }
  }

  private mutating func runtime(_ reason: String) -> PredicateSource {
    note(.runtime)
    return .notCheckable(reason)
  }

  // MARK: Predicates

  /// How `expression` builds a predicate.
  package mutating func predicate(_ expression: ExprSyntax, depth: Int) -> PredicateSource {
    guard depth < SwiftValues.maximumDepth else {
      return runtime("the predicate is defined too far from its use")
    }
    guard values.beginRead() else { return runtime(SwiftValues.readsExhausted) }
    defer { values.endRead() }
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return predicate(unwrapped.expression, depth: depth + 1)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return predicate(only.expression, depth: depth + 1)
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil,
      ConditionKind.property(member.declName.baseName.text) != nil
    {
      return runtime(
        "the predicate is copied from '\(member.sourceText)', another object's, known "
          + "only at run time")
    }
    if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
      if let (value, origin) = values.referent(of: expression) {
        note(origin.resolution, [origin])
        return predicate(value, depth: depth + 1)
      }
      return runtime(
        values.whyRuntime(expression)
          ?? "'\(expression.sourceText)' is not a predicate built in this file")
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else {
      return runtime("the predicate is a run-time value")
    }
    // `{ …; return NSPredicate(format: …) }()`: what the closure returns.
    if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty {
      guard let returned = Self.returnedExpression(of: closure) else {
        return runtime("the closure that builds the predicate does not return one expression")
      }
      return predicate(returned, depth: depth + 1)
    }
    let arguments = Array(call.arguments)
    switch Self.typeName(of: call.calledExpression, assumed: "NSPredicate") {
    case "NSPredicate":
      // `NSPredicate(block:)`, or `NSPredicate { object, bindings in … }`.
      if call.trailingClosure != nil || arguments.first?.label?.text == "block" { return .block }
      guard let first = arguments.first else { break }
      switch first.label?.text {
      case "format": return format(call, arguments)
      case "value":
        if let boolean = first.expression.as(BooleanLiteralExprSyntax.self) {
          return .value(boolean.literal.tokenKind == .keyword(.true))
        }
        return runtime("the value is a run-time Boolean")
      default: break
      }
    case "NSCompoundPredicate":
      guard let first = arguments.first else { break }
      switch first.label?.text {
      case "andPredicateWithSubpredicates", "orPredicateWithSubpredicates":
        guard let parts = subpredicates(first.expression, depth: depth) else {
          return runtime("the subpredicates are a run-time array")
        }
        return .compound(first.label?.text.hasPrefix("and") == true ? .and : .or, parts)
      case "notPredicateWithSubpredicate":
        return .compound(.not, [predicate(first.expression, depth: depth + 1)])
      case "type":
        // `.or`, `NSCompoundPredicate.LogicalType.or`, and Swift 2's `.OrPredicateType`.
        let written = first.expression.sourceText
        let kind: CompoundKind? =
          switch written.split(separator: ".").last.map(String.init) {
          case "and", "AndPredicateType": .and
          case "or", "OrPredicateType": .or
          case "not", "NotPredicateType": .not
          default: nil
          }
        guard let kind, arguments.count == 2,
          let parts = subpredicates(arguments[1].expression, depth: depth)
        else { return runtime("the compound predicate's type or parts are run-time values") }
        return .compound(kind, parts)
      default: break
      }
    default:
      if let helper = helper(call, depth: depth) { return helper }
    }
    return runtime(
      "'\(SwiftValues.abbreviated(call.calledExpression))(…)' is not a predicate built from a "
        + "literal")
  }

  /// The predicate a helper builds (`Predicates.thread(id)`, `.messages(prefix: p)`, with
  /// `static func thread(_ id: String) -> NSPredicate { NSPredicate(format: …, id) }` in this
  /// file or another of the module): its body read with each parameter standing for its
  /// argument's value here. Nil when the callee is no such function.
  private mutating func helper(_ call: FunctionCallExprSyntax, depth: Int) -> PredicateSource? {
    let keys = values.functionKeys(of: call, implicitType: "NSPredicate")
    guard call.trailingClosure == nil, !keys.isEmpty else { return nil }
    let callee = SwiftValues.abbreviated(call.calledExpression)
    let local = keys.first(where: { values.function($0) != nil }).flatMap(values.function)
    if let local, local.returns != .predicate { return nil }
    let (arguments, argumentOrigins) = values.arguments(of: call, depth: depth + 1)
    if let found = local {
      note(.literal, argumentOrigins)
      note(
        .sameFileConstant,
        [ValueOrigin(resolution: .sameFileConstant, name: callee, offset: found.offset)])
      return values.withArguments(found, arguments) { predicate(found.value, depth: depth + 1) }
        ?? runtime("the arguments of '\(callee)(…)' do not match its parameters")
    }
    guard
      let (source, resolution, origins) = values.modulePredicate(
        keys, arguments: arguments, name: callee, use: ExprSyntax(call))
    else { return nil }
    note(.literal, argumentOrigins)
    note(resolution, origins)
    return source
  }

  /// `NSPredicate(format:…)`, `(format:argumentArray:)`, with the format and arguments resolved.
  private mutating func format(_ call: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax])
    -> PredicateSource
  {
    let formatExpression = arguments[0].expression
    let text: LiteralText
    switch values.string(formatExpression) {
    case .text(let literal, let resolution, let origins):
      note(resolution, origins)
      text = literal
    case .template(let template, let origins):
      note(.template, origins)
      let fix =
        arguments.count == 1
        ? formatExpression.as(StringLiteralExprSyntax.self).flatMap(Self.argumentRewrite) : nil
      return .interpolated(template, fix: fix)
    case .runtime(let reason):
      return runtime("the format: \(reason)")
    }
    var formatArguments: [FormatArgument] = []
    for argument in arguments.dropFirst() {
      if argument.label?.text == "argumentArray" {
        guard let array = arrayLiteral(argument.expression) else {
          note(.runtime)
          formatArguments.append(.runtimeArray)
          continue
        }
        formatArguments += array.map { formatArgument($0) }
      } else {
        formatArguments.append(formatArgument(argument.expression))
      }
    }
    return .format(text, arguments: formatArguments)
  }

  /// The elements of an array literal `expression` is or names (a local, a same-file constant).
  private mutating func arrayLiteral(_ expression: ExprSyntax, depth: Int = 0) -> [ExprSyntax]? {
    if let array = expression.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
    guard depth < SwiftValues.maximumDepth, let (value, origin) = values.referent(of: expression),
      let elements = arrayLiteral(value, depth: depth + 1)
    else { return nil }
    note(origin.resolution, [origin])
    return elements
  }

  private mutating func formatArgument(_ expression: ExprSyntax) -> FormatArgument {
    if let elements = arrayLiteral(expression) {
      var strings: [String] = []
      for element in elements {
        guard case .string(let value) = formatArgument(element) else {
          return Self.runtime(expression, "an element of it is a run-time value")
        }
        strings.append(value)
      }
      return .strings(strings)
    }
    switch values.string(expression) {
    case .text(let text, let resolution, let origins):
      guard let value = text.value else { return Self.runtime(expression, "it is not valid UTF-8") }
      note(resolution, origins)
      return .string(value)
    case .template(let template, let origins):
      note(.template, origins)
      return .template(template)
    case .runtime(let reason):
      note(.runtime)
      return Self.runtime(expression, reason)
    }
  }

  /// A run-time format argument, named by its source.
  private static func runtime(_ expression: ExprSyntax, _ reason: String) -> FormatArgument {
    .runtime(source: SwiftValues.abbreviated(expression), reason: reason)
  }

  private mutating func subpredicates(_ expression: ExprSyntax, depth: Int) -> [PredicateSource]? {
    guard let elements = arrayLiteral(expression) else {
      return mappedSubpredicates(expression, depth: depth)
    }
    return elements.map { predicate($0, depth: depth + 1) }
  }

  /// `ids.map { NSPredicate(format: "SELF == %@", $0) }` over strings the file or the module
  /// fixes (`ids` an array or set literal, a local or a constant): one subpredicate for each,
  /// the closure's predicate read with its parameter standing for that string. Nil for any
  /// other expression, or when the strings are not known.
  private mutating func mappedSubpredicates(_ expression: ExprSyntax, depth: Int)
    -> [PredicateSource]?
  {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "map", member.declName.argumentNames == nil,
      let base = member.base, call.additionalTrailingClosures.isEmpty
    else { return nil }
    let closure: ClosureExprSyntax
    if let trailing = call.trailingClosure, call.arguments.isEmpty {
      closure = trailing
    } else if call.trailingClosure == nil, call.arguments.count == 1,
      let only = call.arguments.first, only.label == nil,
      let argument = only.expression.as(ClosureExprSyntax.self)
    {
      closure = argument
    } else {
      return nil
    }
    guard let parameter = Self.onlyParameter(of: closure),
      let body = Self.returnedExpression(of: closure),
      case .elements(let elements, let origins) = values.set(base, depth: depth + 1)
    else { return nil }
    note(origins.map(\.resolution).max() ?? .literal, origins)
    var parts: [PredicateSource] = []
    for element in elements {
      guard
        let part = values.withValues([parameter: element], { predicate(body, depth: depth + 1) })
      else { return nil }
      parts.append(part)
    }
    return parts
  }

  /// The name a one-parameter closure's body calls its parameter: `$0`, or the name it
  /// declares (`{ id in … }`, `{ (id: String) in … }`). Nil for a closure of more parameters.
  private static func onlyParameter(of closure: ClosureExprSyntax) -> String? {
    guard let clause = closure.signature?.parameterClause else { return "$0" }
    switch clause {
    case .simpleInput(let names):
      guard names.count == 1, let only = names.first else { return nil }
      return only.name.text
    case .parameterClause(let parameters):
      guard parameters.parameters.count == 1, let only = parameters.parameters.first else {
        return nil
      }
      return (only.secondName ?? only.firstName).text
    }
  }

  /// The type a call constructs: `NSPredicate` for `NSPredicate(…)`, `NSPredicate.init(…)`,
  /// `Foundation.NSPredicate(…)`, and `.init(…)` where the assignment gives the type (`assumed`).
  package static func typeName(of callee: ExprSyntax, assumed: String) -> String {
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init"
    {
      guard let base = member.base else { return assumed }
      return typeName(of: base, assumed: assumed)
    }
    var text = callee.sourceText
    if text.hasPrefix("Foundation.") { text.removeFirst("Foundation.".count) }
    return text
  }

  /// What a closure evaluates to: its only expression, or the expression of its only top-level
  /// `return`.
  package static func returnedExpression(of closure: ClosureExprSyntax) -> ExprSyntax? {
    let statements = Array(closure.statements)
    if statements.count == 1, let expression = statements[0].item.as(ExprSyntax.self) {
      return expression
    }
    let returns = statements.compactMap { $0.item.as(ReturnStmtSyntax.self)?.expression }
    return returns.count == 1 ? returns[0] : nil
  }

  /// The rewrite of `"… '\(value)' …"` to `"… %@ …", value`, when every hole is the whole of a
  /// quoted string in a one-line, non-raw literal: the value then cannot break the format.
  package static func argumentRewrite(_ literal: StringLiteralExprSyntax) -> SourceEdit? {
    guard literal.openingPounds == nil, literal.openingQuote.text == "\"" else { return nil }
    let segments = Array(literal.segments)
    var text = ""
    var holes: [String] = []
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .stringSegment(let part):
        var content = part.content.text
        // A quote that closes around the previous hole is dropped with it.
        if index > 0, case .expressionSegment = segments[index - 1] {
          guard let quote = content.first, quote == "'" || content.hasPrefix("\\\"") else {
            return nil
          }
          content.removeFirst(quote == "'" ? 1 : 2)
        }
        if index + 1 < segments.count, case .expressionSegment = segments[index + 1] {
          if content.hasSuffix("'") {
            content.removeLast()
          } else if content.hasSuffix("\\\"") {
            content.removeLast(2)
          } else {
            return nil
          }
        }
        text += content
      case .expressionSegment(let hole):
        guard hole.expressions.count == 1, index > 0, index + 1 < segments.count,
          !hole.expressions.sourceText.contains("\n")
        else { return nil }
        text += "%@"
        holes.append(hole.expressions.sourceText)
      }
    }
    guard !holes.isEmpty else { return nil }
    let start = literal.positionAfterSkippingLeadingTrivia.utf8Offset
    let end = literal.endPositionBeforeTrailingTrivia.utf8Offset
    return SourceEdit(
      offset: start, length: end - start,
      replacement: "\"" + text + "\", " + holes.joined(separator: ", "))
  }

  // MARK: SwiftUI sets

  /// How `expression` gives a SwiftUI string set (``SwiftValues/set(_:depth:)``): its strings,
  /// its templates when an element is interpolated, or why it is known only at run time.
  package mutating func set(_ expression: ExprSyntax, depth: Int) -> PredicateSource {
    switch values.set(expression, depth: depth) {
    case .runtime(let reason): return runtime(reason)
    case .elements(let elements, let origins):
      for origin in origins { note(origin.resolution, [origin]) }
      var strings: [LiteralText] = []
      var templates: [Template] = []
      for element in elements {
        switch element {
        case .text(let text, let resolution, let origins):
          note(resolution, origins)
          strings.append(text)
          templates.append(Template(parts: text.value.map { [.text($0)] } ?? []))
        case .template(let template, let origins):
          note(.template, origins)
          templates.append(template)
        case .runtime(let reason):
          return runtime("an element of the set: \(reason)")
        }
      }
      return strings.count == templates.count ? .strings(strings) : .templates(templates)
    }
  }
}

/// The predicates a fresh `UISceneActivationConditions` brings to a scene: the ones never set
/// on it keep their defaults (`canActivate…` `TRUEPREDICATE`, `prefersToActivate…`
/// `FALSEPREDICATE`), and installing the object replaces what the scene had.
package struct SwiftDefaults {
  package let values: SwiftValues

  /// The conditions `value`, assigned to a scene's `activationConditions`, installs: a fresh
  /// object's defaults (``occurrences(installing:)``); for a call of a function that builds one
  /// (`SceneConditions.compose()`, `.thread(id)`, of this file or another), each predicate its
  /// body sets, with its parameters standing for the call's arguments, and the defaults of the
  /// others, at the call; for anything else, none.
  package func installing(_ value: ExprSyntax) -> [FoundCondition] {
    if freshObject(value) != nil { return occurrences(installing: value) }
    let offset = value.positionAfterSkippingLeadingTrivia.utf8Offset
    var core = value
    if let unwrapped = core.as(ForceUnwrapExprSyntax.self) { core = unwrapped.expression }
    // `let conditions = SceneConditions.compose()` installed a few lines later.
    if let reference = core.as(DeclReferenceExprSyntax.self),
      case .some(.some(let local)) = SwiftLocals.initializer(
        named: reference.baseName.text, before: Syntax(core)),
      local.value.is(FunctionCallExprSyntax.self)
    {
      core = local.value
    }
    if let call = core.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
      let keys = values.functionKeys(of: call, implicitType: "UISceneActivationConditions")
      let callee = SwiftValues.abbreviated(call.calledExpression)
      let (arguments, argumentOrigins) = values.arguments(of: call, depth: 1)
      if let key = keys.first(where: { values.function($0) != nil }),
        let found = values.function(key), found.returns == .conditions
      {
        let origin = ValueOrigin(resolution: .sameFileConstant, name: callee, offset: found.offset)
        if let built = built(by: found, arguments: arguments) {
          return built.map { $0.installed(at: offset, after: argumentOrigins + [origin]) }
        }
      } else if !keys.isEmpty,
        let built = values.moduleConditions(
          keys, arguments: arguments, name: callee, use: value)
      {
        return built.map {
          var condition = $0
          condition.origins = argumentOrigins + $0.origins
          return condition
        }
      }
    }
    // **Decision:** a whole object from elsewhere (another scene's, a stored one, a call not
    // followed) is no occurrence by itself: nothing here says what it holds.
    return []
  }

  /// The conditions the builder `function` (declared in this file) sets up, read from its body
  /// with each parameter standing for its argument in `arguments`: each predicate it sets on
  /// the fresh object it returns, and the defaults of the others, at their offsets in this file.
  /// Nil when its arguments do not match, or it returns no fresh object.
  package func built(by function: SwiftValues.Function, arguments: [SwiftValues.Argument])
    -> [FoundCondition]?
  {
    guard let statements = function.statements, let fresh = freshObject(function.value),
      let name = fresh.name
    else { return nil }
    return values.withArguments(function, arguments) { () -> [FoundCondition] in
      var found: [FoundCondition] = []
      for sequence in statements.tokens(viewMode: .sourceAccurate).lazy
        .filter({ $0.tokenKind == .equal })
        .compactMap({ $0.parent?.parent?.parent?.as(SequenceExprSyntax.self) })
      {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
          let member = elements[0].as(MemberAccessExprSyntax.self),
          member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
          let kind = ConditionKind.property(member.declName.baseName.text)
        else { continue }
        var builder = SwiftSourceBuilder(values: values)
        let source = builder.predicate(elements[2], depth: 1)
        found.append(
          FoundCondition(
            offset: elements[2].positionAfterSkippingLeadingTrivia.utf8Offset, kind: kind,
            source: source, resolution: builder.resolution, origins: builder.origins
          ).placed(at: sequence))
      }
      return found + occurrences(installing: function.value)
    }
  }

  /// The default occurrences of `value`, assigned to a scene's `activationConditions`: none
  /// unless it is a fresh object (directly, through a local, or returned by an immediately-run
  /// closure), then one for each predicate the code never sets on it, at the initializer.
  package func occurrences(installing value: ExprSyntax) -> [FoundCondition] {
    guard let fresh = freshObject(value) else { return [] }
    var set: Set<ConditionKind> = []
    // A call the object is passed to may set its predicates: then they are run-time values.
    var escape: String?
    for use in uses(of: fresh) {
      if let kind = use.sets {
        set.insert(kind)
      } else if escape == nil, use.token.position < value.position, let name = fresh.name,
        let call = Self.call(passing: use.token, named: name)
      {
        escape = SwiftValues.abbreviated(call.calledExpression) + "(…)"
      }
    }
    return [ConditionKind.canActivate, .prefersToActivate].filter { !set.contains($0) }.map {
      if let escape, let name = fresh.name {
        return FoundCondition(
          offset: fresh.offset, kind: $0,
          source: .notCheckable(
            "'\(name)' is passed to '\(escape)' before it is installed, which may set it"),
          resolution: .runtime)
      }
      return FoundCondition(
        offset: fresh.offset, kind: $0, source: .value($0 == .canActivate),
        resolution: .default)
    }
  }

  /// A fresh conditions object: where it is made, and the local that holds it with the scope
  /// its properties are set in.
  private func freshObject(_ value: ExprSyntax) -> (offset: Int, name: String?, scope: Syntax?)? {
    if isInitializer(value) {
      return (value.positionAfterSkippingLeadingTrivia.utf8Offset, nil, nil)
    }
    if let reference = value.as(DeclReferenceExprSyntax.self),
      let found = SwiftLocals.initializer(named: reference.baseName.text, before: Syntax(value)),
      let (initializer, _) = found, isInitializer(initializer, assumed: annotation(initializer))
    {
      let scope = initializer.ancestor(CodeBlockItemListSyntax.self)
      return (
        initializer.positionAfterSkippingLeadingTrivia.utf8Offset, reference.baseName.text,
        scope.map(Syntax.init)
      )
    }
    if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      let closure = call.calledExpression.as(ClosureExprSyntax.self),
      let returned = SwiftSourceBuilder.returnedExpression(of: closure)
    {
      if isInitializer(returned) {
        return (returned.positionAfterSkippingLeadingTrivia.utf8Offset, nil, nil)
      }
      if let reference = returned.as(DeclReferenceExprSyntax.self),
        let found = SwiftLocals.initializer(
          named: reference.baseName.text, before: Syntax(returned)),
        let (initializer, _) = found,
        isInitializer(initializer, assumed: annotation(initializer))
      {
        return (
          initializer.positionAfterSkippingLeadingTrivia.utf8Offset, reference.baseName.text,
          Syntax(closure.statements)
        )
      }
    }
    return nil
  }

  /// Each use, after its declaration, of the local that holds the fresh object `fresh`, in
  /// order: the token, and the predicate it sets there (`c.prefersTo… = …`), nil for any other
  /// use. None when no local holds it.
  private func uses(of fresh: (offset: Int, name: String?, scope: Syntax?)) -> [(
    token: TokenSyntax, sets: ConditionKind?
  )] {
    guard let name = fresh.name, let scope = fresh.scope else { return [] }
    var found: [(token: TokenSyntax, sets: ConditionKind?)] = []
    for token in scope.tokens(viewMode: .sourceAccurate)
    where token.tokenKind == .identifier(name)
      && token.positionAfterSkippingLeadingTrivia.utf8Offset > fresh.offset
    {
      // The binding itself (`let c = …`) names it in a pattern, not an expression.
      if token.parent?.is(IdentifierPatternSyntax.self) == true { continue }
      var kind: ConditionKind?
      if let dot = token.nextToken(viewMode: .sourceAccurate), dot.tokenKind == .period,
        let property = dot.nextToken(viewMode: .sourceAccurate),
        let equal = property.nextToken(viewMode: .sourceAccurate), equal.tokenKind == .equal
      {
        kind = ConditionKind.property(property.text)
      }
      found.append((token, kind))
    }
    return found
  }

  /// The call `token` (naming the local `name`) is an argument of, `f(c)` or `f(&c)`, unless it
  /// is a logging function (which sets nothing); nil when it is no argument.
  private static func call(passing token: TokenSyntax, named name: String)
    -> FunctionCallExprSyntax?
  {
    var use = token.parent?.parent
    if use?.is(InOutExprSyntax.self) == true { use = use?.parent }
    guard let argument = use?.as(LabeledExprSyntax.self),
      argument.expression.sourceText == name || argument.expression.sourceText == "&" + name,
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      !ObjCExtractor.loggingFunctions.contains(call.calledExpression.sourceText)
    else { return nil }
    return call
  }

  /// The type a local's declaration names, `let c: UISceneActivationConditions = …`, or "".
  private func annotation(_ initializer: ExprSyntax) -> String {
    initializer.parent?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
      .sourceText ?? ""
  }

  /// The name of the local `base` names when it holds a fresh conditions object that the code
  /// only sets predicates on: never installed on a scene (`scene.activationConditions = c`),
  /// returned, handed to a call or read, so what is set on it has no effect. Nil otherwise.
  package func neverInstalled(_ base: ExprSyntax) -> String? {
    guard let fresh = freshObject(base), let name = fresh.name,
      uses(of: fresh).allSatisfy({ $0.sets != nil })
    else { return nil }
    return name
  }

  /// `UISceneActivationConditions()` or `UISceneActivationConditions.init()`, or `.init()` where
  /// the declaration names the type (`assumed`). A bare `.init()` assigned to a property is not
  /// taken: a property named `activationConditions` may belong to another type.
  private func isInitializer(_ expression: ExprSyntax, assumed: String = "") -> Bool {
    guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      call.trailingClosure == nil
    else { return false }
    let type = SwiftSourceBuilder.typeName(
      of: call.calledExpression, assumed: assumed)
    return type == "UISceneActivationConditions" || type == "UIKit.UISceneActivationConditions"
  }
}

extension SyntaxProtocol {
  /// The nearest ancestor of type `type`.
  package func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
    var node = parent
    while let current = node {
      if let found = current.as(type) { return found }
      node = current.parent
    }
    return nil
  }
}
