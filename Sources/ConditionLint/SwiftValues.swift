import SwiftSyntax

/// The string values a Swift file declares once and uses elsewhere, and how an expression's
/// string value is known: a literal, a local, a same-file constant, a template or a run-time
/// value.
///
/// Real apps rarely write a predicate's strings where the predicate is built: a prefix is a
/// `static let` in an `enum` namespace, an identifier is an `enum` case's raw value, a set is a
/// stored property. The lint follows such names within the file (never across files, and never
/// through a `var`, whose value may change), inlines what it finds, and records where it came from.
///
/// The file's declarations are collected on the first lookup that needs them: most conditions
/// are literals, and a walk of every node of every file that holds one would be wasted.
final class SwiftValues {
  /// A `let` (or `var`) declared at file level or as a member of a type.
  struct Declaration {
    /// The initializer, when there is one.
    var value: ExprSyntax?
    /// Where the name is written.
    var offset: Int
    /// Whether it is a `let` (a `var` stays a run-time value).
    var isConstant: Bool
  }

  private let tree: SourceFileSyntax
  private lazy var collector: Collector = {
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(tree)
    return collector
  }()

  /// The names looked up among the file's declarations and raw values (the last component of
  /// each qualified name), found or not: what a reading of part of a file depends on elsewhere
  /// in it (``SwiftSkeleton/sparse(_:around:)``).
  private(set) var consulted: Set<String> = []

  /// The declaration of a qualified name: `name` at file level, `Type.name` in a type (an
  /// extension's members under the extended type's name).
  func declaration(_ key: String) -> Declaration? {
    consult(key)
    return collector.declarations[key]
  }

  /// The string raw value of an enum case, by `Type.case`: the literal (or the case's name),
  /// and where the case is written.
  func rawValue(_ key: String) -> (value: ExprSyntax?, name: String, offset: Int)? {
    consult(key)
    return collector.rawValues[key]
  }

  private func consult(_ key: String) {
    consulted.insert(String(key.split(separator: ".").last ?? Substring(key)))
  }

  init(_ tree: SourceFileSyntax) {
    self.tree = tree
  }

  /// Collects the file's declarations in one walk.
  private final class Collector: SyntaxVisitor {
    var declarations: [String: Declaration] = [:]
    var rawValues: [String: (value: ExprSyntax?, name: String, offset: Int)] = [:]

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let scope = SwiftValues.declarationScope(of: Syntax(node)) else { return .skipChildren }
      let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
      for binding in node.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          continue
        }
        // A computed property has an accessor block and no value the file states.
        let value = binding.accessorBlock == nil ? binding.initializer?.value : nil
        let key = scope.isEmpty ? name.text : scope + "." + name.text
        // Declared twice (in #if branches, say): which applies is a build setting.
        if declarations[key] != nil {
          declarations[key] = Declaration(
            value: nil, offset: name.positionAfterSkippingLeadingTrivia.utf8Offset,
            isConstant: false)
        } else {
          declarations[key] = Declaration(
            value: value, offset: name.positionAfterSkippingLeadingTrivia.utf8Offset,
            isConstant: isConstant && value != nil)
        }
      }
      return .skipChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      let isString =
        node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "String"
      guard isString, let scope = SwiftValues.typeName(of: Syntax(node)) else {
        return .visitChildren
      }
      for member in node.memberBlock.members {
        guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in cases.elements {
          rawValues[scope + "." + element.name.text] = (
            element.rawValue?.value, element.name.text,
            element.name.positionAfterSkippingLeadingTrivia.utf8Offset
          )
        }
      }
      return .visitChildren
    }
  }

  /// The qualified name of the type `node` declares or extends (`Outer.Inner`), or nil.
  static func typeName(of node: Syntax) -> String? {
    var names: [String] = []
    var current: Syntax? = node
    while let step = current {
      if let type = step.asProtocol(NamedDeclSyntax.self), step.is(DeclSyntax.self),
        step.is(StructDeclSyntax.self) || step.is(ClassDeclSyntax.self)
          || step.is(EnumDeclSyntax.self) || step.is(ActorDeclSyntax.self)
      {
        names.insert(type.name.text, at: 0)
      } else if let extended = step.as(ExtensionDeclSyntax.self) {
        names.insert(extended.extendedType.trimmedDescription, at: 0)
      }
      current = step.parent
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }

  /// The scope a variable declaration's names are known by: "" at file level, the type's name
  /// for a member; nil inside a function, closure or accessor (locals are looked up where used).
  static func declarationScope(of node: Syntax) -> String? {
    var current = node.parent
    while let step = current {
      if step.is(MemberBlockItemSyntax.self) {
        return typeName(of: step) ?? ""
      }
      if step.is(CodeBlockSyntax.self) || step.is(ClosureExprSyntax.self)
        || step.is(AccessorBlockSyntax.self)
      {
        return nil
      }
      if step.is(SourceFileSyntax.self) { return "" }
      current = step.parent
    }
    return ""
  }

  /// The qualified names of the types enclosing `node`, innermost first: where a bare name used
  /// in a member is looked up before the file level.
  static func enclosingScopes(of node: Syntax) -> [String] {
    guard let inner = typeName(of: node) else { return [""] }
    var parts = inner.split(separator: ".").map(String.init)
    var scopes: [String] = []
    while !parts.isEmpty {
      scopes.append(parts.joined(separator: "."))
      parts.removeLast()
    }
    return scopes + [""]
  }
}

/// A string value as far as the file says it.
enum StringValue {
  /// Known: its text, how it was resolved and where it came from.
  case text(LiteralText, ValueResolution, [ValueOrigin])
  /// Built by interpolation.
  case template(Template, [ValueOrigin])
  /// Known only at run time, and why.
  case runtime(String)
}

extension SwiftValues {
  /// The deepest chain of names followed (`a = b`, `b = c`, …); past it, a run-time value.
  static let maximumDepth = 8

  /// What `expression` refers to: a local's or a same-file declaration's initializer, with its
  /// origin; nil when it names nothing the file declares as a constant.
  func referent(of expression: ExprSyntax) -> (ExprSyntax, ValueOrigin)? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if let local = SwiftLocals.initializer(named: name, before: Syntax(expression)) {
        return local.map {
          ($0.value, ValueOrigin(resolution: .local, name: name, offset: $0.offset))
        }
          ?? nil
      }
      for scope in Self.enclosingScopes(of: Syntax(expression)) {
        let key = scope.isEmpty ? name : scope + "." + name
        if let found = declaration(key) {
          guard found.isConstant, let value = found.value else { return nil }
          return (
            value, ValueOrigin(resolution: .sameFileConstant, name: name, offset: found.offset)
          )
        }
      }
      return nil
    }
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else {
      return nil
    }
    let name = member.declName.baseName.text
    var scopes: [String] = []
    let baseText = base.trimmedDescription
    if baseText == "self" || baseText == "Self" {
      scopes = Self.enclosingScopes(of: Syntax(expression)).filter { !$0.isEmpty }
    } else if base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) {
      // `Type.name` from anywhere, or `Inner.name` from within `Outer`.
      scopes =
        [baseText]
        + Self.enclosingScopes(of: Syntax(expression)).filter { !$0.isEmpty }.map {
          $0 + "." + baseText
        }
    }
    for scope in scopes {
      if let found = declaration(scope + "." + name) {
        guard found.isConstant, let value = found.value else { return nil }
        return (
          value,
          ValueOrigin(
            resolution: .sameFileConstant, name: baseText + "." + name, offset: found.offset)
        )
      }
    }
    return nil
  }

  /// The text of a template without holes.
  private static func runtimeless(_ template: Template) -> String {
    template.parts.map { if case .text(let text) = $0 { text } else { "" } }.joined()
  }

  /// `"chat/" + id + "/"`: the operands joined, when every operator is `+` and some operand is
  /// a string the file knows. Known texts join into a text; any run-time operand makes it a
  /// template, the operand a hole (like `"chat/\(id)/"`). Nil when it is not such a sum.
  private func concatenation(_ parts: [ExprSyntax], depth: Int) -> StringValue? {
    guard parts.count >= 3, parts.count % 2 == 1,
      stride(from: 1, to: parts.count, by: 2).allSatisfy({
        parts[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
      })
    else { return nil }
    let operands = stride(from: 0, to: parts.count, by: 2).map { parts[$0] }
    let values = operands.map { string($0, depth: depth + 1) }
    var known = false
    var texts: [LiteralText] = []
    var resolution = ValueResolution.literal
    var origins: [ValueOrigin] = []
    var pieces: [Template.Part] = []
    for (operand, value) in zip(operands, values) {
      switch value {
      case .text(let literal, let how, _):
        guard literal.value != nil else { return .runtime("a part is not valid UTF-8") }
        known = true
        resolution = max(resolution, how)
        texts.append(literal)
      case .template: known = true
      case .runtime: break
      }
      let (parts, from) = Self.parts(of: value, written: operand)
      pieces += parts
      origins += from
    }
    guard known else { return nil }
    // A part that is not a known text makes the whole a template.
    guard texts.count == operands.count else {
      return .template(Template(joining: pieces), origins)
    }
    guard let text = LiteralText(joining: texts) else { return nil }
    return .text(text, resolution, origins)
  }

  /// `value`, the string the expression `written` gives, as template parts (its text, its own
  /// parts, or a hole named by the expression), with the declarations it came from.
  private static func parts(of value: StringValue, written: ExprSyntax) -> (
    parts: [Template.Part], origins: [ValueOrigin]
  ) {
    switch value {
    case .text(let text, _, let from):
      (text.value.map { [.text($0)] } ?? [.hole(written.trimmedDescription)], from)
    case .template(let template, let from): (template.parts, from)
    case .runtime: ([.hole(written.trimmedDescription)], [])
    }
  }

  /// The string value of `expression`, following names up to ``maximumDepth``.
  func string(_ expression: ExprSyntax, depth: Int = 0) -> StringValue {
    guard depth < Self.maximumDepth else {
      return .runtime("the value is defined too far from its use")
    }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      if let text = SwiftExtractor.decode(literal) { return .text(text, .literal, []) }
      return .template(Self.template(literal), [])
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return string(only.expression, depth: depth + 1)
    }
    if let sequence = expression.as(SequenceExprSyntax.self),
      let value = operation(Array(sequence.elements), depth: depth)
    {
      return value
    }
    // `Route.inbox.rawValue`: the case's raw value, or its name.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "rawValue", let base = member.base,
      let found = rawValue(of: base)
    {
      let origin = ValueOrigin(
        resolution: .sameFileConstant, name: base.trimmedDescription, offset: found.offset)
      guard let value = found.value else {
        // A case without a raw value has its name as its raw value.
        var text = LiteralText()
        text.appendVerbatim(Array(found.name.utf8), at: found.offset)
        text.verbatim = text.verbatim.map { _ in false }
        text.finish(at: found.offset + found.name.utf8.count)
        return .text(text, .sameFileConstant, [origin])
      }
      return adding(origin, to: string(value, depth: depth + 1))
    }
    // `URL(string: "x-example://main")!.absoluteString`, written so or through a constant: the
    // string, which a URL made from a string without a base keeps as its absolute string.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "absoluteString", let base = member.base,
      let value = urlString(base, depth: depth + 1)
    {
      return value
    }
    // `String(format: "…%@…", a)`: a template, each argument's text or a hole.
    if let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedDescription == "String",
      call.arguments.first?.label?.text == "format",
      let formatArgument = call.arguments.first,
      case .text(let format, _, let formatOrigins) = string(
        formatArgument.expression, depth: depth + 1),
      let formatText = format.value
    {
      var origins = formatOrigins
      let arguments: [[Template.Part]] = call.arguments.dropFirst().map { argument in
        // A decimal integer literal prints as written (`%d`, `%ld`).
        if let integer = argument.expression.as(IntegerLiteralExprSyntax.self),
          integer.literal.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "_") })
        {
          return [.text(integer.literal.text.filter { $0 != "_" })]
        }
        let (parts, from) = Self.parts(
          of: string(argument.expression, depth: depth + 1), written: argument.expression)
        origins += from
        return parts
      }
      let template = Template(format: formatText, arguments: arguments)
      guard template.parts.allSatisfy({ if case .text = $0 { true } else { false } }) else {
        return .template(template, origins)
      }
      // Every argument known: the text, at the call (not written verbatim, so never fixed).
      let offset = expression.positionAfterSkippingLeadingTrivia.utf8Offset
      var text = LiteralText()
      text.appendVerbatim(Array(Self.runtimeless(template).utf8), at: offset)
      text.verbatim = text.verbatim.map { _ in false }
      text.origins = text.origins.map { _ in offset }
      text.finish(at: offset)
      return .text(text, origins.map(\.resolution).max() ?? .literal, origins)
    }
    if let (value, origin) = referent(of: expression) {
      return adding(origin, to: string(value, depth: depth + 1))
    }
    if let reason = whyRuntime(expression) { return .runtime(reason) }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return .runtime("'\(reference.baseName.text)' is not a constant of this file")
    }
    return .runtime("'\(Self.abbreviated(expression))' is a run-time value")
  }

  /// The string a URL expression is made from: `URL(string: s)!`, `URL(string: s)?` or a constant
  /// holding one; nil when it is made otherwise.
  private func urlString(_ expression: ExprSyntax, depth: Int) -> StringValue? {
    guard depth < Self.maximumDepth else { return nil }
    var core = expression
    if let unwrapped = core.as(ForceUnwrapExprSyntax.self) { core = unwrapped.expression }
    if let chained = core.as(OptionalChainingExprSyntax.self) { core = chained.expression }
    if let call = core.as(FunctionCallExprSyntax.self),
      ["URL", "Foundation.URL"].contains(call.calledExpression.trimmedDescription),
      call.arguments.count == 1, let only = call.arguments.first, only.label?.text == "string"
    {
      return string(only.expression, depth: depth + 1)
    }
    if let (value, origin) = referent(of: expression) {
      return urlString(value, depth: depth + 1).map { adding(origin, to: $0) }
    }
    return nil
  }

  /// The string value of the operands of a sequence (`prefix as NSString`, `id as CVarArg`:
  /// the value cast; `a + "/" + b`: the concatenation), or nil when it is neither.
  private func operation(_ parts: [ExprSyntax], depth: Int) -> StringValue? {
    if parts.count == 3, parts[1].is(UnresolvedAsExprSyntax.self) {
      return string(parts[0], depth: depth + 1)
    }
    return concatenation(parts, depth: depth)
  }

  /// The string value of what an assignment's `=` is followed by in its sequence (one operand,
  /// or several: `x.targetContentIdentifier = prefix + id`), read as ``string(_:depth:)`` reads
  /// a whole expression.
  func string(assigned parts: [ExprSyntax]) -> StringValue {
    guard let first = parts.first else { return .runtime("nothing is assigned") }
    if parts.count == 1 { return string(first) }
    if let value = operation(parts, depth: 0) { return value }
    let text = parts.map(\.trimmedDescription).joined(separator: " ")
    return .runtime("'\(Self.abbreviated(text))' is a run-time value")
  }

  /// Why the name `expression` has no value the file fixes, when the file says: a `var` (which
  /// may change) or a local assigned again. Nil for a name the file does not declare (a
  /// parameter, another file's) or an expression that is no name.
  func whyRuntime(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if case .some(.none) = SwiftLocals.initializer(named: name, before: Syntax(expression)) {
        return "'\(name)' is a local var assigned again (or declared without a value), known "
          + "only at run time"
      }
      for scope in Self.enclosingScopes(of: Syntax(expression)) {
        let key = scope.isEmpty ? name : scope + "." + name
        if let found = declaration(key), !found.isConstant {
          return "'\(name)' is a var of this file, which may change before it is used"
        }
      }
      return nil
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      declaration(base.trimmedDescription + "." + member.declName.baseName.text).map({
        !$0.isConstant
      }) == true
    {
      return "'\(member.trimmedDescription)' is a var of this file, which may change before it "
        + "is used"
    }
    return nil
  }

  /// The raw value of an enum case named by `base` (`Route.inbox`, `.inbox` inside `Route`).
  private func rawValue(of base: ExprSyntax) -> (value: ExprSyntax?, name: String, offset: Int)? {
    guard let member = base.as(MemberAccessExprSyntax.self) else { return nil }
    let caseName = member.declName.baseName.text
    if let type = member.base?.trimmedDescription {
      if let found = rawValue(type + "." + caseName) { return found }
      for scope in Self.enclosingScopes(of: Syntax(base)) where !scope.isEmpty {
        if let found = rawValue(scope + "." + type + "." + caseName) { return found }
      }
      return nil
    }
    for scope in Self.enclosingScopes(of: Syntax(base)) where !scope.isEmpty {
      if let found = rawValue(scope + "." + caseName) { return found }
    }
    return nil
  }

  private func adding(_ origin: ValueOrigin, to value: StringValue) -> StringValue {
    switch value {
    case .text(let text, let resolution, let origins):
      return .text(text, max(resolution, origin.resolution), [origin] + origins)
    case .template(let template, let origins): return .template(template, [origin] + origins)
    case .runtime: return value
    }
  }

  /// An interpolated literal's parts: decoded text, and each hole's source text.
  static func template(_ literal: StringLiteralExprSyntax) -> Template {
    var parts: [Template.Part] = []
    for segment in literal.segments {
      switch segment {
      case .stringSegment(let text):
        let decoded = SwiftExtractor.decodeSegment(
          text, pounds: literal.openingPounds?.text.count ?? 0)
        if case .text(let previous)? = parts.last {
          parts[parts.count - 1] = .text(previous + decoded)
        } else if !decoded.isEmpty {
          parts.append(.text(decoded))
        }
      case .expressionSegment(let hole):
        parts.append(.hole(hole.expressions.trimmedDescription))
      }
    }
    return Template(parts: parts)
  }

  /// The static constant `expression` names, written the same way wherever it is used: a
  /// member of a type (`WindowID.about`, `Ids.Window.main.rawValue`, the type's name capitalized
  /// as Swift's convention has it) or an implicit member of `String` (`.about` is written
  /// `String.about`); nil for anything else (a local, a call, an instance's property).
  ///
  /// **Decision:** two uses of one such reference stand for one value, whether or not the tool
  /// can read it (the declaration may be in a file it does not read): an id is matched by the
  /// constant it names, never by a guess at its value.
  static func constantReference(_ expression: ExprSyntax) -> String? {
    var names: [String] = []
    var current = expression
    while let member = current.as(MemberAccessExprSyntax.self) {
      names.insert(member.declName.baseName.text, at: 0)
      guard let base = member.base else {
        names.insert("String", at: 0)
        return names.count > 1 ? names.joined(separator: ".") : nil
      }
      current = base
    }
    guard !names.isEmpty, let type = current.as(DeclReferenceExprSyntax.self)?.baseName.text,
      type.first?.isUppercase == true
    else { return nil }
    return ([type] + names).joined(separator: ".")
  }

  /// `expression`'s source, cut short for a message.
  static func abbreviated(_ expression: ExprSyntax) -> String {
    abbreviated(expression.trimmedDescription)
  }

  /// Source text, cut short for a message as an expression is: past 40 characters or a line.
  static func abbreviated(_ text: String) -> String {
    guard text.count > 40 || text.contains("\n") else { return text }
    let head = text.prefix { $0 != "\n" && $0 != "(" && $0 != "{" }.prefix(40)
    return head + "…"
  }
}

/// Local `let`s and `var`s, looked up from a use.
enum SwiftLocals {
  /// The initializer of the nearest local named `name` declared before `use` in an enclosing
  /// code block, with the name's offset: `.some(nil)` when the name is a local with no value the
  /// file states (a `var` assigned again, a parameter-like binding); nil when no local has that
  /// name (it may be a member or a file-level constant).
  static func initializer(named name: String, before use: Syntax) -> (
    value: ExprSyntax, offset: Int
  )?? {
    var node: Syntax? = use
    while let current = node {
      // File-level declarations are the file's constants (``SwiftValues``), not locals.
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self),
        !(list.parent?.is(SourceFileSyntax.self) ?? false)
      {
        for earlier in list.reversed() where earlier.position < item.position {
          guard let declaration = earlier.item.as(VariableDeclSyntax.self) else { continue }
          for binding in declaration.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
              identifier.text == name
            else { continue }
            guard let value = binding.initializer?.value else { return .some(nil) }
            if declaration.bindingSpecifier.tokenKind == .keyword(.var),
              isAssigned(name, in: list, after: earlier.position)
            {
              return .some(nil)
            }
            return (value, identifier.positionAfterSkippingLeadingTrivia.utf8Offset)
          }
        }
      }
      // A closure's or function's parameter, or a name bound by `if let`, `guard let`,
      // `while let`, `for … in` or `catch`, shadows anything outside: a run-time value.
      if let closure = current.as(ClosureExprSyntax.self),
        let parameters = closure.signature?.parameterClause,
        parameters.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
      {
        return .some(nil)
      }
      if bindsName(name, in: current) { return .some(nil) }
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self),
        list.contains(where: {
          $0.position < item.position && $0.item.is(GuardStmtSyntax.self)
            && bindsName(name, in: Syntax($0.item))
        })
      {
        return .some(nil)
      }
      if let function = current.as(FunctionDeclSyntax.self),
        function.signature.parameterClause.parameters.contains(where: {
          ($0.secondName ?? $0.firstName).text == name
        })
      {
        return .some(nil)
      }
      node = current.parent
    }
    return nil
  }

  /// Whether the statement `node` (an `if`, `guard`, `while`, `for` or `do`/`catch`) binds
  /// `name` in its conditions, pattern or catch clauses.
  private static func bindsName(_ name: String, in node: Syntax) -> Bool {
    var patterns: [Syntax] = []
    if let statement = node.as(IfExprSyntax.self) {
      patterns = statement.conditions.map { Syntax($0.condition) }
    } else if let statement = node.as(GuardStmtSyntax.self) {
      patterns = statement.conditions.map { Syntax($0.condition) }
    } else if let statement = node.as(WhileStmtSyntax.self) {
      patterns = statement.conditions.map { Syntax($0.condition) }
    } else if let statement = node.as(ForStmtSyntax.self) {
      patterns = [Syntax(statement.pattern)]
    } else if let clause = node.as(CatchClauseSyntax.self) {
      patterns = [Syntax(clause.catchItems)]
    }
    return patterns.contains { pattern in
      pattern.tokens(viewMode: .sourceAccurate).contains { token in
        token.text == name && token.parent?.is(IdentifierPatternSyntax.self) == true
      }
    }
  }

  /// Whether `name = …` appears in `list` after `position` (at any depth).
  private static func isAssigned(
    _ name: String, in list: CodeBlockItemListSyntax, after position: AbsolutePosition
  ) -> Bool {
    for item in list where item.position > position {
      for token in item.tokens(viewMode: .sourceAccurate) where token.text == name {
        if let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal {
          return true
        }
      }
    }
    return false
  }
}
