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
package final class SwiftValues {
  /// A `let` (or `var`) declared at file level or as a member of a type.
  package struct Declaration {
    /// The initializer, when there is one.
    package var value: ExprSyntax?
    /// Where the name is written.
    package var offset: Int
    /// Whether it is a `let` (a `var` stays a run-time value).
    package var isConstant: Bool
  }

  private let tree: SourceFileSyntax
  /// The file's path, to tell the module index which file asks.
  package let path: String
  /// The module's constants, asked for a name this file uses but does not declare; nil while
  /// the walk has not yet indexed the module (then ``external`` records what was missed).
  ///
  /// Weak: the index keeps the values of each file it parsed, and those ask the index in turn,
  /// so a strong reference back would keep every index and its trees alive. Whoever reads
  /// through an index holds it.
  package private(set) weak var module: ModuleIndex?
  /// The names this file looked for and did not declare, while no module index was given:
  /// whether a reading with the index could know more.
  package private(set) var external: Set<ModuleName> = []

  /// The file's declarations, collected in one walk of the tree when a lookup first needs them.
  private var declaredOnce: Declared?
  private var declared: Declared {
    if let declaredOnce { return declaredOnce }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(tree)
    let declared = Declared(
      declarations: collector.declarations, rawValues: collector.rawValues,
      caseProperties: collector.caseProperties, functions: collector.functions,
      caseLists: collector.caseLists)
    declaredOnce = declared
    return declared
  }

  /// What the walk of ``Collector`` found: the lookups' tables.
  fileprivate struct Declared: Sendable {
    var declarations: [String: Declaration]
    var rawValues: [String: (value: ExprSyntax?, name: String, offset: Int)]
    var caseProperties: [String: CaseProperty]
    var functions: [String: Function?]
    var caseLists: [String: (names: [String], offset: Int)]
  }

  /// What a reading learned from its tree alone, the declarations it collected and the scopes
  /// it climbed, for another reading of the same tree to start from.
  ///
  /// The app model reads most files twice: first alone, then through the module's index for
  /// the names they do not declare; neither table depends on the index, and walking and
  /// climbing again cost about a sixth of a second reading on the benchmark's SwiftUI views.
  package struct TreeLookups: Sendable {
    fileprivate var declared: Declared?
    fileprivate var scopes: [SyntaxIdentifier: [String]]
  }

  /// This reading's ``TreeLookups``, for another reading of the same tree.
  package var treeLookups: TreeLookups {
    TreeLookups(declared: declaredOnce, scopes: scopesByNode)
  }

  /// The names looked up among the file's declarations and raw values (the last component of
  /// each qualified name), found or not: what a reading of part of a file depends on elsewhere
  /// in it (``SwiftSkeleton/sparse(_:around:)``).
  package private(set) var consulted: Set<String> = []

  /// While a function's body is read, what each of its parameters stands for: innermost
  /// function last.
  private var parameters: [Parameters] = []

  /// While a property computed from an enum's per-case properties is read for one case
  /// (`Deeplink.compose.url`), the type and that case: innermost last.
  private var selfCases: [(type: String, caseName: String)] = []

  /// Reads under way: ``string(_:depth:)``, ``set(_:depth:)``, the URL and predicate readings,
  /// nested; at none, the reading of a value begins.
  private var readsUnderWay = 0
  /// The reads the value being read may still make.
  private var readsLeft = 0

  /// What the parameters of a function whose body is read stand for.
  private enum Parameters {
    /// For a string function read once for every call: each parameter's hole (`#0`, `#1`: no
    /// source expression is written so), filled at each call by its argument.
    case holes([String: String])
    /// For a predicate function read at one call: each parameter's argument's value there.
    case values([String: StringValue])
  }

  /// The declaration of a qualified name: `name` at file level, `Type.name` in a type (an
  /// extension's members under the extended type's name).
  package func declaration(_ key: String) -> Declaration? {
    consult(key)
    return declared.declarations[key]
  }

  /// The string raw value of an enum case, by `Type.case`: the literal (or the case's name),
  /// and where the case is written.
  package func rawValue(_ key: String) -> (value: ExprSyntax?, name: String, offset: Int)? {
    consult(key)
    return declared.rawValues[key]
  }

  private func consult(_ key: String) {
    consulted.insert(Self.lastComponent(key))
  }

  /// Records that a reading looked for the uses of `name` in the file (the calls of one of its
  /// functions), as a lookup is recorded: a sparse reading that blanked one is not the whole's.
  package func consultUses(of name: String) {
    consulted.insert(name)
  }

  /// The last component of a qualified name (`order` of `Paths.order`), as
  /// `key.split(separator: ".").last` gives it (empty components skipped; the key itself when
  /// it has none), from its UTF-8 (`.` is one byte, never inside another scalar).
  package static func lastComponent(_ key: String) -> String {
    let utf8 = key.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: ".") {
      end = utf8.index(before: end)
    }
    guard end > utf8.startIndex else { return key }
    var start = end
    while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: ".") {
      start = utf8.index(before: start)
    }
    return String(key[start..<end])
  }

  /// ``enclosingScopes(of:)`` of the nodes asked about so far: a value is looked up in the
  /// file, then in the module, from the same node, and each climbs to the root.
  private var scopesByNode: [SyntaxIdentifier: [String]] = [:]

  /// ``enclosingScopes(of:)``, climbed once per node.
  private func scopes(of node: Syntax) -> [String] {
    if let known = scopesByNode[node.id] { return known }
    let scopes = Self.enclosingScopes(of: node)
    scopesByNode[node.id] = scopes
    return scopes
  }

  /// ``qualifiedScopes(_:from:)``, from ``scopes(of:)``.
  private func qualifiedScopes(_ type: String, from node: Syntax) -> [String] {
    scopes(of: node).map { (scope: String) -> String in Self.qualified(type, in: scope) }
  }

  /// The values of `tree`, the file at `path`; `lookups` from an earlier reading of the same
  /// tree (``treeLookups``).
  package init(
    _ tree: SourceFileSyntax, path: String = "", module: ModuleIndex? = nil,
    lookups: TreeLookups? = nil
  ) {
    self.tree = tree
    self.path = path
    self.module = module
    if let lookups {
      declaredOnce = lookups.declared
      scopesByNode = lookups.scopes
    }
  }

  /// The properties an enum computes per case by switching over `self` (`var identifier:
  /// String { switch self { case .viewer: "app.viewer" … } }`), by `Type.property`: each case's
  /// returned expression, and the `default:` one.
  package func caseProperty(_ key: String) -> CaseProperty? {
    consult(key)
    return declared.caseProperties[key]
  }

  /// The cases of an enum this file declares, by its qualified name, in declaration order: the
  /// `allCases` the compiler synthesizes for it. Nil when it has none to synthesize (a case with
  /// associated values, a case under `#if`, or its own `allCases` in the file).
  package func caseList(_ key: String) -> (names: [String], offset: Int)? {
    consult(key)
    // A case a sparse reading blanked is one the whole reading lists.
    consultUses(of: "case")
    // Its own `allCases`, looked up as every declaration is (a sparse reading that blanked it
    // is not the whole's).
    guard declaration(key + ".allCases") == nil else { return nil }
    return declared.caseLists[key]
  }

  /// What a property computed per case returns for each case.
  package struct CaseProperty {
    /// What one case (or `default:`) returns, and the names its pattern binds to the case's
    /// associated values, in order (`.thread(let id)`: `id`; `_` for one it does not bind).
    package struct Entry {
      package var value: ExprSyntax
      package var offset: Int
      package var bindings: [String] = []
    }
    package var cases: [String: Entry] = [:]
    package var fallback: Entry?

    /// The entry for `caseName`, else `default:`'s.
    package func entry(_ caseName: String) -> Entry? { cases[caseName] ?? fallback }
  }

  /// A function the file declares that returns a `String`, a `URL` or an `NSPredicate` by one
  /// expression: its parameters' names in order, that expression and where the name is written;
  /// nil when the name is declared twice (overloads: which one a call means is the compiler's
  /// business).
  package struct Function {
    /// The name as declared.
    package var name: String
    package var parameters: [String]
    package var value: ExprSyntax
    package var offset: Int
    /// What it returns.
    package var returns: Returns
    /// Each parameter's argument label (nil for `_`) and default value.
    package var labels: [String?] = []
    package var defaults: [ExprSyntax?] = []
    /// For a conditions builder, its body's statements (``value`` is what the last returns).
    package var statements: CodeBlockItemListSyntax?

    /// Each parameter's argument label, nil for `_`.
    var argumentLabels: [String?] {
      parameters.indices.map { $0 < labels.count ? labels[$0] : nil }
    }

    /// Whether each parameter has a default.
    var defaulted: [Bool] {
      parameters.indices.map { $0 < defaults.count && defaults[$0] != nil }
    }

    /// What a function the reading follows returns.
    package enum Returns {
      /// A `String`: a template of its parameters.
      case string
      /// A `URL` (`URL(string: "notes://note/\(id)")!`): its value is the URL's string.
      case url
      /// An `NSPredicate`: a helper that builds a condition from its arguments.
      case predicate
      /// A `UISceneActivationConditions` it makes and sets up in statements, then returns.
      case conditions
      /// An `NSUserActivity` it makes and sets up in statements, then returns
      /// (``madeActivity(_:)``).
      case userActivity
    }
  }

  /// The function a qualified name declares (``Function``).
  package func function(_ key: String) -> Function? {
    consult(key)
    return declared.functions[key] ?? nil
  }

  /// What a name is asked for in the module: a constant (stored, or computed from a literal), an
  /// enum case's raw value, a property an enum computes per case, a function that returns a
  /// template of its parameters, or the identifier or activity type of the user activity a
  /// function makes (``madeActivity(_:)``).
  package enum Lookup {
    case constant, rawValue, caseProperty, function, activityIdentifier, activityType
    /// The raw values, or a property computed per case, of an enum's cases in the order its
    /// synthesized `allCases` lists them: a set, by `Type.property`.
    case allCases
  }

  /// Collects the file's declarations in one walk, knowing the scope it is in as it goes (the
  /// enclosing types' names; none inside a body or a closure), as ``declarationScope(of:)``
  /// would find it by climbing from each declaration.
  private final class Collector: SyntaxVisitor {
    package var declarations: [String: Declaration] = [:]
    package var rawValues: [String: (value: ExprSyntax?, name: String, offset: Int)] = [:]
    package var caseProperties: [String: CaseProperty] = [:]
    package var caseLists: [String: (names: [String], offset: Int)] = [:]
    private var enumsSeen: Set<String> = []
    package var functions: [String: Function?] = [:]
    /// The names of the types and extensions the walk is in, outermost first.
    private var types: [String] = []
    /// How many bodies, closures and accessor blocks the walk is in.
    private var bodies = 0

    /// The scope of a declaration met now: nil inside a body.
    private var scope: String? { bodies > 0 ? nil : types.joined(separator: ".") }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      types.append(node.name.text)
      return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      types.append(node.name.text)
      return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      types.append(node.name.text)
      return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      types.append(node.extendedType.sourceText)
      return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
      bodies += 1
      return .visitChildren
    }
    override func visitPost(_ node: CodeBlockSyntax) { bodies -= 1 }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      bodies += 1
      return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { bodies -= 1 }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
      bodies += 1
      return .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) { bodies -= 1 }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let scope else { return .skipChildren }
      let key = scope.isEmpty ? node.name.text : scope + "." + node.name.text
      guard functions[key] == nil else {
        functions[key] = .some(nil)
        return .skipChildren
      }
      let returned = node.signature.returnClause?.type.sourceText ?? ""
      let returns: Function.Returns? =
        if returned == "String" {
          .string
        } else if ["URL", "URL?", "Foundation.URL", "Foundation.URL?"].contains(returned) {
          .url
        } else if SwiftValues.predicateTypes.contains(returned) {
          .predicate
        } else if SwiftValues.conditionsTypes.contains(returned) {
          .conditions
        } else if SwiftValues.activityTypes.contains(returned) {
          .userActivity
        } else {
          nil
        }
      // A conditions builder returns its object from its last statement, and so does an
      // activity's maker of several statements; the others are one expression.
      let makesObject = returns == .conditions || returns == .userActivity
      let value =
        returns == .conditions || (returns == .userActivity && node.body?.statements.count != 1)
        ? node.body?.statements.last?.item.as(ReturnStmtSyntax.self)?.expression
        : node.body.flatMap { SwiftValues.returnedValue($0.statements) }
      guard let returns, let value else {
        functions[key] = .some(nil)
        return .skipChildren
      }
      let parameters = node.signature.parameterClause.parameters
      functions[key] = Function(
        name: node.name.text, parameters: parameters.map { ($0.secondName ?? $0.firstName).text },
        value: value, offset: node.name.positionAfterSkippingLeadingTrivia.utf8Offset,
        returns: returns,
        labels: SwiftValues.argumentLabels(parameters),
        defaults: parameters.map { $0.defaultValue?.value },
        statements: makesObject ? node.body?.statements : nil)
      return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let scope else { return .skipChildren }
      let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
      for binding in node.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          continue
        }
        let key = scope.isEmpty ? name.text : scope + "." + name.text
        // A computed property states its value when its getter returns one expression (and
        // then it is a constant: nothing assigns it); an enum's getter that switches over `self`
        // states one per case.
        var value = binding.initializer?.value
        var computed = false
        if let accessors = binding.accessorBlock {
          value = nil
          let getter = SwiftValues.getterBody(accessors)
          // `var userActivity: NSUserActivity { let activity = …; …; return activity }`: an
          // activity's maker with no parameters (``madeActivity(property:)``).
          // Its first token first: a view's `some View` body is no activity, and its text is
          // not built.
          if let type = binding.typeAnnotation?.type,
            let first = type.firstToken(viewMode: .sourceAccurate)?.tokenKind,
            first == .identifier("NSUserActivity") || first == .identifier("Foundation"),
            SwiftValues.activityTypes.contains(type.trimmedDescription), let body = getter,
            let made = body.count == 1
              ? SwiftValues.returnedExpression(body)
              : body.last?.item.as(ReturnStmtSyntax.self)?.expression
          {
            functions[key] =
              functions[key] == nil
              ? Function(
                name: name.text, parameters: [], value: made,
                offset: name.positionAfterSkippingLeadingTrivia.utf8Offset, returns: .userActivity,
                statements: body)
              : .some(nil)
          }
          if let body = getter {
            if let single = SwiftValues.returnedValue(body) {
              value = single
              computed = true
            } else if !scope.isEmpty, let perCase = SwiftValues.perCase(body) {
              caseProperties[key] = perCase
            }
          }
        }
        // Declared twice (in #if branches, say): which applies is a build setting.
        if declarations[key] != nil {
          declarations[key] = Declaration(
            value: nil, offset: name.positionAfterSkippingLeadingTrivia.utf8Offset,
            isConstant: false)
        } else {
          declarations[key] = Declaration(
            value: value, offset: name.positionAfterSkippingLeadingTrivia.utf8Offset,
            isConstant: (isConstant || computed) && value != nil)
        }
      }
      return .skipChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      types.append(node.name.text)
      let scope = types.joined(separator: ".")
      // The cases `allCases` lists, when the compiler can synthesize it.
      var names: [String]? = []
      for member in node.memberBlock.members {
        if member.decl.is(IfConfigDeclSyntax.self) {
          names = nil
        } else if let cases = member.decl.as(EnumCaseDeclSyntax.self) {
          for element in cases.elements {
            if element.parameterClause != nil { names = nil }
            names?.append(element.name.text)
          }
        }
      }
      // Declared twice (in #if branches, say): which applies is a build setting.
      caseLists[scope] =
        enumsSeen.insert(scope).inserted
        ? names.map { ($0, node.name.positionAfterSkippingLeadingTrivia.utf8Offset) } : nil
      let isString =
        node.inheritanceClause?.inheritedTypes.first?.type.sourceText == "String"
      guard isString else { return .visitChildren }
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

  /// The statements of a computed property's getter: the accessor block's own statements, or
  /// its `get { … }`; nil when it has a setter (a value that changes) or no getter.
  package static func getterBody(_ block: AccessorBlockSyntax) -> CodeBlockItemListSyntax? {
    switch block.accessors {
    case .getter(let statements): return statements
    case .accessors(let accessors):
      guard accessors.count == 1, let only = accessors.first,
        only.accessorSpecifier.tokenKind == .keyword(.get)
      else { return nil }
      return only.body?.statements
    }
  }

  /// The expression a body of one statement gives: `return x` or `x` alone.
  package static func returnedExpression(_ body: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard body.count == 1, let only = body.first else { return nil }
    if let statement = only.item.as(ReturnStmtSyntax.self) { return statement.expression }
    if let expression = only.item.as(ExprSyntax.self),
      !expression.is(SwitchExprSyntax.self), !expression.is(IfExprSyntax.self)
    {
      return expression
    }
    return nil
  }

  /// What a body of statements returns: its one expression (``returnedExpression(_:)``), or
  /// the expression its last statement returns when no statement before it returns (`var c =
  /// URLComponents(); c.host = "note"; return c.url!`, `let base = "notes://"; return base +
  /// id`): the statements before it are read as the locals the value names. Nil otherwise.
  package static func returnedValue(_ body: CodeBlockItemListSyntax) -> ExprSyntax? {
    if let single = returnedExpression(body) { return single }
    guard body.count > 1, let last = body.last?.item.as(ReturnStmtSyntax.self)?.expression,
      !body.dropLast().contains(where: { item in
        item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.return) }
      })
    else { return nil }
    return last
  }

  /// `switch self { case .a: "x"; case .b, .c: return "y"; default: … }` as the expression
  /// each case gives; nil when the body is not such a switch, or a case does more than return.
  package static func perCase(_ body: CodeBlockItemListSyntax) -> CaseProperty? {
    guard body.count == 1, let only = body.first else { return nil }
    var subject: SwitchExprSyntax?
    if let statement = only.item.as(ReturnStmtSyntax.self) {
      subject = statement.expression?.as(SwitchExprSyntax.self)
    } else if let expression = only.item.as(ExprSyntax.self) {
      subject = expression.as(SwitchExprSyntax.self)
    } else if let statement = only.item.as(ExpressionStmtSyntax.self) {
      subject = statement.expression.as(SwitchExprSyntax.self)
    }
    guard let switchExpression = subject,
      switchExpression.subject.sourceText == "self"
    else { return nil }
    var result = CaseProperty()
    for element in switchExpression.cases {
      guard let clause = element.as(SwitchCaseSyntax.self),
        let value = returnedExpression(clause.statements)
      else { return nil }
      let offset = value.positionAfterSkippingLeadingTrivia.utf8Offset
      switch clause.label {
      case .default: result.fallback = CaseProperty.Entry(value: value, offset: offset)
      case .case(let label):
        for item in label.caseItems {
          // `.viewer`, or a case that binds its associated values (`.thread(let id)`,
          // `let .thread(id)`): its value is a template of them, filled where it is used.
          guard let (name, bindings) = casePattern(item.pattern) else { continue }
          result.cases[name] = CaseProperty.Entry(value: value, offset: offset, bindings: bindings)
        }
      }
    }
    return result
  }

  /// The case a `case` pattern of a switch over `self` names, and the names it binds to the
  /// case's associated values in order: `.viewer` (none), `.thread(let id)`,
  /// `let .thread(id)`, `.thread(id: let id)`; `_` where a value is not bound. Nil for any
  /// other pattern (a value that is no case, a nested pattern).
  private static func casePattern(_ pattern: PatternSyntax) -> (String, [String])? {
    var pattern = pattern
    // `let .thread(id)`: every bare name inside binds; without `let`, a bare name is a value
    // the case is matched against, not a binding.
    let bindsNames = pattern.is(ValueBindingPatternSyntax.self)
    if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
    guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else {
      return nil
    }
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      return (member.declName.baseName.text, [])
    }
    guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
    else { return nil }
    var bindings: [String] = []
    for argument in call.arguments {
      let bound = argument.expression
      if let patterned = bound.as(PatternExprSyntax.self) {
        var inner = patterned.pattern
        if let binding = inner.as(ValueBindingPatternSyntax.self) { inner = binding.pattern }
        if let name = inner.as(IdentifierPatternSyntax.self)?.identifier.text {
          bindings.append(name)
          continue
        }
        if inner.is(WildcardPatternSyntax.self) {
          bindings.append("_")
          continue
        }
        return nil
      }
      if bound.is(DiscardAssignmentExprSyntax.self) {
        bindings.append("_")
      } else if bindsNames, let reference = bound.as(DeclReferenceExprSyntax.self) {
        bindings.append(reference.baseName.text)
      } else {
        return nil
      }
    }
    return (member.declName.baseName.text, bindings)
  }

  /// The qualified name of the type `node` declares or extends (`Outer.Inner`), or nil.
  package static func typeName(of node: Syntax) -> String? {
    var names: [String] = []
    var current: Syntax? = node
    while let step = current {
      // By kind, then a concrete cast: a cast to a protocol (`NamedDeclSyntax`) is a dynamic
      // conformance lookup for every node climbed, and five casts tried in turn cost five node
      // wrappers a level.
      switch step.kind {
      case .structDecl: names.insert(step.cast(StructDeclSyntax.self).name.text, at: 0)
      case .classDecl: names.insert(step.cast(ClassDeclSyntax.self).name.text, at: 0)
      case .enumDecl: names.insert(step.cast(EnumDeclSyntax.self).name.text, at: 0)
      case .actorDecl: names.insert(step.cast(ActorDeclSyntax.self).name.text, at: 0)
      case .extensionDecl:
        names.insert(step.cast(ExtensionDeclSyntax.self).extendedType.sourceText, at: 0)
      default: break
      }
      current = step.parent
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }

  /// The scope a variable declaration's names are known by: "" at file level, the type's name
  /// for a member; nil inside a function, closure or accessor (locals are looked up where used).
  package static func declarationScope(of node: Syntax) -> String? {
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
  package static func enclosingScopes(of node: Syntax) -> [String] {
    guard var inner = typeName(of: node) else { return [""] }
    let dot = UInt8(ascii: ".")
    // A name with an empty component (`A..B`, as a parse recovers) reads as its components.
    if inner.utf8.first == dot || inner.utf8.last == dot || inner.contains("..") {
      inner = inner.split(separator: ".").joined(separator: ".")
      if inner.isEmpty { return [""] }
    }
    // `Outer.Inner`: the name, then each prefix that ends before a dot.
    var scopes = [inner]
    var end = inner.utf8.endIndex
    while let index = inner.utf8[..<end].lastIndex(of: dot) {
      scopes.append(String(inner[..<index]))
      end = index
    }
    scopes.append("")
    return scopes
  }
}

/// A string value as far as the file says it.
package enum StringValue {
  /// Known: its text, how it was resolved and where it came from.
  case text(LiteralText, ValueResolution, [ValueOrigin])
  /// Built by interpolation.
  case template(Template, [ValueOrigin])
  /// Known only at run time, and why.
  case runtime(String)
}

/// A set of strings as far as the file (and the module) says it: `handlesExternalEvents`'
/// `matching:`, `preferring:` and `allowing:`.
package enum SetValue {
  /// Its elements, each a string value (known, a template, or run-time), and the declarations
  /// the set itself was found through.
  case elements([StringValue], [ValueOrigin])
  /// Known only at run time, and why.
  case runtime(String)
}

extension SwiftValues {
  /// The deepest chain of names followed (`a = b`, `b = c`, …); past it, a run-time value.
  package static let maximumDepth = 8

  /// The most reads (of an expression, a name followed, a function's body at a call) one value
  /// may make; past it, the rest is a run-time value.
  ///
  /// Depth alone does not bound the work: a constant that joins another many times, or a helper
  /// whose body calls itself many times, is read anew at every use (a function's with that
  /// call's arguments), so a file of a few lines could ask for work exponential in the depth.
  /// The count is per value, never per file, so that a reading of part of a file and of the
  /// whole agree.
  package static let maximumReads = 4096

  /// Why a value that has made ``maximumReads`` reads is not read further.
  package static let readsExhausted =
    "reading it takes more than \(maximumReads) steps (names and calls followed); the rest is "
    + "not read"

  /// Begins one read of the value being read (the first, when none is under way, begins the
  /// value's count): false when the value has made its ``maximumReads``. Each read begun is
  /// ended by ``endRead()``.
  package func beginRead() -> Bool {
    if readsUnderWay == 0 { readsLeft = Self.maximumReads }
    guard readsLeft > 0 else { return false }
    readsLeft -= 1
    readsUnderWay += 1
    return true
  }

  /// Ends a read ``beginRead()`` began.
  package func endRead() {
    readsUnderWay -= 1
  }

  /// `body`, a question another file asks through the module index, answered as a reading of
  /// its own: with no parameter of a function this file is reading in scope, and its own count
  /// of reads, so that the answer does not depend on what this file was reading when it came.
  private func asked<Result>(_ body: () -> Result) -> Result {
    let (frames, underWay, left) = (parameters, readsUnderWay, readsLeft)
    parameters = []
    readsUnderWay = 0
    defer { (parameters, readsUnderWay, readsLeft) = (frames, underWay, left) }
    return body()
  }

  /// What `expression` refers to: a local's or a same-file declaration's initializer, with its
  /// origin; nil when it names nothing the file declares as a constant.
  package func referent(of expression: ExprSyntax) -> (ExprSyntax, ValueOrigin)? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if let local = SwiftLocals.initializer(named: name, before: Syntax(expression)) {
        return local.map {
          ($0.value, ValueOrigin(resolution: .local, name: name, offset: $0.offset))
        }
          ?? nil
      }
      for scope in scopes(of: Syntax(expression)) {
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
    let baseText = base.sourceText
    if baseText == "self" || baseText == "Self" {
      scopes = self.scopes(of: Syntax(expression)).filter { !$0.isEmpty }
    } else if base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) {
      // `Type.name` from anywhere, or `Inner.name` from within `Outer`.
      scopes =
        [baseText]
        + self.scopes(of: Syntax(expression)).filter { !$0.isEmpty }.map {
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
    return joined(operands.map { (string($0, depth: depth + 1), $0.sourceText) })
  }

  /// `pieces` joined (each a value and the text that wrote it, which names its hole when it is
  /// a run-time value): a text when every piece is one, else a template; nil when none is known.
  func joined(_ pieces: [(value: StringValue, written: String)]) -> StringValue? {
    var known = false
    var texts: [LiteralText] = []
    var resolution = ValueResolution.literal
    var origins: [ValueOrigin] = []
    var templateParts: [Template.Part] = []
    for (value, written) in pieces {
      switch value {
      case .text(let literal, let how, _):
        guard literal.value != nil else { return .runtime("a part is not valid UTF-8") }
        known = true
        resolution = max(resolution, how)
        texts.append(literal)
      case .template: known = true
      case .runtime: break
      }
      let (parts, from) = Self.parts(of: value, written: written)
      templateParts += parts
      origins += from
    }
    guard known else { return nil }
    // A part that is not a known text makes the whole a template.
    guard texts.count == pieces.count else {
      return .template(Template(parts: templateParts), origins)
    }
    guard let text = LiteralText(joining: texts) else { return nil }
    return .text(text, resolution, origins)
  }

  /// `value`, the string the text `written` gives, as template parts (its text, its own parts,
  /// or a hole named by the text, made only then), with the declarations it came from.
  private static func parts(of value: StringValue, written: @autoclosure () -> String) -> (
    parts: [Template.Part], origins: [ValueOrigin]
  ) {
    switch value {
    case .text(let text, _, let from):
      (text.value.map { [.text($0)] } ?? [.hole(written())], from)
    case .template(let template, let from): (template.parts, from)
    case .runtime: ([.hole(written())], [])
    }
  }

  /// The string value of `expression`, following names up to ``maximumDepth``.
  package func string(_ expression: ExprSyntax, depth: Int = 0) -> StringValue {
    guard depth < Self.maximumDepth else {
      return .runtime("the value is defined too far from its use")
    }
    guard beginRead() else { return .runtime(Self.readsExhausted) }
    defer { endRead() }
    // A parameter of the function being read for a call: the hole its argument fills, or the
    // argument's value.
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      switch parameters.last {
      case .holes(let holes)?:
        if let hole = holes[reference.baseName.text] {
          return .template(Template(parts: [.hole(hole)]), [])
        }
      case .values(let values)?:
        if let value = values[reference.baseName.text] { return value }
      case nil: break
      }
    }
    // `id.uuidString` of a parameter `id`: a hole named after the argument (`note.id.uuidString`).
    if case .holes(let holes)? = parameters.last,
      let member = expression.as(MemberAccessExprSyntax.self)
    {
      var root = ExprSyntax(member)
      var path: [String] = []
      while let step = root.as(MemberAccessExprSyntax.self), let base = step.base {
        path.insert(step.declName.baseName.text, at: 0)
        root = base
      }
      if let reference = root.as(DeclReferenceExprSyntax.self),
        let hole = holes[reference.baseName.text]
      {
        return .template(
          Template(parts: [.hole(hole + "." + path.joined(separator: "."))]), [])
      }
    }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      if let text = SwiftExtractor.decode(literal) { return .text(text, .literal, []) }
      return interpolation(literal, depth: depth)
    }
    // `.browser` where a string is expected (a set's element, an identifier, a format's
    // argument): a static member of `String` (`extension String { static let browser = … }`).
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
      member.declName.argumentNames == nil
    {
      let qualified = MemberAccessExprSyntax(
        base: ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("String"))),
        declName: member.declName.detached)
      let value = string(ExprSyntax(qualified), depth: depth + 1)
      if case .runtime = value { return .runtime("'\(member.sourceText)' is a run-time value") }
      return value
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
        resolution: .sameFileConstant, name: base.sourceText, offset: found.offset)
      return adding(origin, to: rawValueString(found, depth: depth))
    }
    // `components.string`: a `URLComponents` local set part by part.
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "string",
      let value = componentsString(member, depth: depth)
    {
      return value
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
      call.calledExpression.sourceText == "String",
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
          of: string(argument.expression, depth: depth + 1),
          written: argument.expression.sourceText)
        origins += from
        return parts
      }
      let template = Template(format: formatText, arguments: arguments)
      guard template.parts.allSatisfy({ if case .text = $0 { true } else { false } }) else {
        return .template(template, origins)
      }
      // Every argument known: the text, at the call (not written verbatim, so never fixed).
      let offset = expression.positionAfterSkippingLeadingTrivia.utf8Offset
      let text = LiteralText(computed: Self.runtimeless(template), at: offset)
      return .text(text, origins.map(\.resolution).max() ?? .literal, origins)
    }
    // `String(x)` or `String(describing: x)` of a value that is one hole (a helper's parameter,
    // an enum case's bound value): that hole, as `"\(x)"` gives, so `String(id)` in a helper
    // names its caller's argument (`mail/thread/⟨threadID⟩`), not the helper's own text.
    if let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.sourceText == "String", call.arguments.count == 1,
      call.trailingClosure == nil, let argument = call.arguments.first,
      argument.label == nil || argument.label?.text == "describing",
      case .template(let template, let origins) = string(argument.expression, depth: depth + 1),
      template.parts.count == 1, case .hole = template.parts[0]
    {
      return .template(template, origins)
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let value = functionCall(call, depth: depth)
    {
      return value
    }
    if !selfCases.isEmpty, let value = selfCaseValue(expression, depth: depth) { return value }
    if let (value, origin) = referent(of: expression) {
      return adding(origin, to: string(value, depth: depth + 1))
    }
    if let value = perCaseValue(expression, depth: depth) { return value }
    if let reason = whyRuntime(expression) { return .runtime(reason) }
    if let value = moduleValue(of: expression) { return value }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return .runtime("'\(reference.baseName.text)' is not a constant of this file")
    }
    return .runtime("'\(Self.abbreviated(expression))' is a run-time value")
  }

  /// How `expression` gives a set of strings: an array literal, `Set(arrayLiteral:…)`,
  /// `Set([…])`, `Set(Array([…]))`, `[…] as Set<String>`, `Set<String>(…)`, directly or through
  /// a local, a constant of the file or one of the module; each element as ``string(_:depth:)``
  /// reads it.
  package func set(_ expression: ExprSyntax, depth: Int = 0) -> SetValue {
    guard depth < Self.maximumDepth else {
      return .runtime("the set is defined too far from its use")
    }
    guard beginRead() else { return .runtime(Self.readsExhausted) }
    defer { endRead() }
    if let array = expression.as(ArrayExprSyntax.self) {
      return .elements(array.elements.map { string($0.expression) }, [])
    }
    if let sequence = expression.as(SequenceExprSyntax.self) {
      let parts = Array(sequence.elements)
      if parts.count == 3, parts[1].is(UnresolvedAsExprSyntax.self) {
        return set(parts[0], depth: depth + 1)
      }
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return set(only.expression, depth: depth + 1)
    }
    // `Set(…)`, and the arrays a set is built from: `Set(Array([…]))`, `[String](…)`.
    if let call = expression.as(FunctionCallExprSyntax.self),
      case let type = SwiftSourceBuilder.typeName(of: call.calledExpression, assumed: "Set"),
      type.hasPrefix("Set") || type.hasPrefix("Array") || type == "[String]"
    {
      let arguments = Array(call.arguments)
      if arguments.first?.label?.text == "arrayLiteral" {
        return .elements(arguments.map { string($0.expression) }, [])
      }
      if arguments.count == 1, let only = arguments.first, only.label == nil {
        return set(only.expression, depth: depth + 1)
      }
      if arguments.isEmpty { return .elements([], []) }
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let value = allCasesMapped(call, depth: depth)
    {
      return value
    }
    if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
      if let (value, origin) = referent(of: expression) {
        switch set(value, depth: depth + 1) {
        case .elements(let elements, let origins): return .elements(elements, [origin] + origins)
        case .runtime(let reason): return .runtime(reason)
        }
      }
      // A `var` of this file is not looked up in the module, where another file may declare
      // the name: the file's own declaration is the one in scope.
      if let reason = whyVariable(expression) { return .runtime(reason) }
      if let value = moduleSet(of: expression) { return value }
      return .runtime(
        "the set '\(expression.sourceText)' is not a constant of this file (a parameter "
          + "or a run-time value)")
    }
    return .runtime("the set '\(Self.abbreviated(expression))' is a run-time value")
  }

  /// `Route.allCases.map(\.rawValue)`, `Route.allCases.map { $0.path }`: for each case of an enum
  /// this file declares, in the order the compiler synthesizes `allCases`, its raw value or the
  /// property it computes per case. Nil when `call` is no map of a property over `allCases`.
  ///
  /// **Decision:** an enum whose cases this file declares and whose `allCases` it does not
  /// write has the synthesized one (the compiler's, in declaration order, per
  /// [`CaseIterable`](https://developer.apple.com/documentation/swift/caseiterable)); an
  /// `allCases` another file's extension writes is not looked for.
  private func allCasesMapped(_ call: FunctionCallExprSyntax, depth: Int) -> SetValue? {
    guard let map = call.calledExpression.as(MemberAccessExprSyntax.self),
      map.declName.baseName.text == "map",
      let all = map.base?.as(MemberAccessExprSyntax.self),
      all.declName.baseName.text == "allCases", let type = all.base?.trimmedDescription,
      type.first?.isUppercase == true
    else { return nil }
    let transform: ExprSyntax? =
      call.arguments.count == 1 && call.arguments.first?.label == nil && call.trailingClosure == nil
      ? call.arguments.first?.expression
      : call.arguments.isEmpty ? call.trailingClosure.map(ExprSyntax.init) : nil
    // The property each case is mapped to: `\.path`, `{ $0.path }`, `{ route in route.path }`.
    var property: String?
    if let path = transform?.as(KeyPathExprSyntax.self), path.components.count == 1,
      path.root == nil || path.root?.trimmedDescription == type,
      case .property(let component)? = path.components.first?.component
    {
      property = component.declName.baseName.text
    } else if let closure = transform?.as(ClosureExprSyntax.self),
      let body = Self.returnedExpression(closure.statements),
      let member = body.as(MemberAccessExprSyntax.self),
      let parameter = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
    {
      let names = closure.signature?.parameterClause.map { clause -> [String] in
        switch clause {
        case .simpleInput(let names): names.map(\.name.text)
        case .parameterClause(let list):
          list.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
      }
      if names.map({ $0 == [parameter] }) ?? (parameter == "$0") {
        property = member.declName.baseName.text
      }
    }
    let written = Self.abbreviated(ExprSyntax(call))
    guard let property else {
      return .runtime("the set '\(written)' maps the cases by what the reading does not follow")
    }
    for scope in Self.qualifiedScopes(type, from: Syntax(call)) {
      if let value = mappedCases(of: scope, property, written: type, depth: depth) {
        return value
      }
    }
    // An enum another file declares, asked of the module.
    let keys = Self.qualifiedScopes(type, from: Syntax(call)).map { $0 + "." + property }
    if let (value, origin) = fromModule(
      keys, kind: .allCases, name: written, use: ExprSyntax(call))
    {
      switch value {
      case .set(let elements): return .elements(elements.map { Self.string($0, origin) }, [])
      case .runtime(let reason): return .runtime(reason)
      case .text, .template, .absent: break
      }
    }
    return .runtime(
      "the set '\(written)' lists the cases of '\(type)', which no file declares with the cases "
        + "the compiler lists")
  }

  /// Each case of the enum `scope` (qualified) this file declares, mapped to its raw value or
  /// its `property`, in `allCases` order; nil when the file does not declare its cases.
  private func mappedCases(of scope: String, _ property: String, written type: String, depth: Int)
    -> SetValue?
  {
    guard let cases = caseList(scope)?.names else { return nil }
    var elements: [StringValue] = []
    for caseName in cases {
      if property == "rawValue" {
        guard let found = rawValue(scope + "." + caseName) else {
          return .runtime("'\(type)' has no string raw values this file declares")
        }
        elements.append(rawValueString(found, depth: depth + 1))
      } else if let (value, offset) = caseReading(
        type: scope, caseName: caseName, property: property, depth: depth + 1)
      {
        elements.append(
          adding(
            ValueOrigin(
              resolution: .sameFileConstant, name: "\(type).\(caseName).\(property)",
              offset: offset), to: value))
      } else {
        return .runtime("'\(type).\(caseName).\(property)' is not a property this file reads")
      }
    }
    return .elements(elements, [])
  }

  /// The string of a URL expression: `URL(string: s)!`, a constant holding one, or a run-time
  /// value with why.
  package func url(_ expression: ExprSyntax) -> StringValue {
    urlString(expression, depth: 0)
      ?? .runtime("'\(Self.abbreviated(expression))' is a URL known only at run time")
  }

  /// The string a URL expression is made from: `URL(string: s)!`, `URL(string: s)?` or a constant
  /// holding one; nil when it is made otherwise.
  func urlString(_ expression: ExprSyntax, depth: Int) -> StringValue? {
    guard depth < Self.maximumDepth else { return nil }
    guard beginRead() else { return .runtime(Self.readsExhausted) }
    defer { endRead() }
    var core = expression
    if let unwrapped = core.as(ForceUnwrapExprSyntax.self) { core = unwrapped.expression }
    if let chained = core.as(OptionalChainingExprSyntax.self) { core = chained.expression }
    // `.auth` where a URL is expected (`openURL(.auth)`): the `URL` type's member.
    if let member = core.as(MemberAccessExprSyntax.self), member.base == nil {
      let qualified = MemberAccessExprSyntax(
        base: ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("URL"))),
        declName: member.declName.detached)
      return urlString(ExprSyntax(qualified), depth: depth + 1)
    }
    if let call = core.as(FunctionCallExprSyntax.self),
      ["URL", "Foundation.URL"].contains(call.calledExpression.sourceText),
      call.arguments.count == 1, let only = call.arguments.first, only.label?.text == "string"
    {
      return string(only.expression, depth: depth + 1)
    }
    // `base.appendingPathComponent(id)`, `base.appending(path: id)`: a URL appended to.
    if let call = core.as(FunctionCallExprSyntax.self),
      let value = appendedURL(call, depth: depth)
    {
      return value
    }
    // `Deeplink.note(id)`: a function of the file or the module that returns a URL.
    if let call = core.as(FunctionCallExprSyntax.self),
      let value = functionCall(call, depth: depth)
    {
      return value
    }
    // `components.url`: a `URLComponents` local set part by part.
    if let member = core.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "url",
      let value = componentsString(member, depth: depth)
    {
      return value
    }
    if let (value, origin) = referent(of: expression) {
      return urlString(value, depth: depth + 1).map { adding(origin, to: $0) }
    }
    // `Deeplink.compose.url`: the URL an enum's property makes for that case.
    if let value = perCaseValue(expression, depth: depth) { return value }
    return moduleValue(of: expression)
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
  package func string(assigned parts: [ExprSyntax]) -> StringValue {
    guard let first = parts.first else { return .runtime("nothing is assigned") }
    if parts.count == 1 { return string(first) }
    if let value = operation(parts, depth: 0) { return value }
    let text = parts.map(\.sourceText).joined(separator: " ")
    return .runtime("'\(Self.abbreviated(text))' is a run-time value")
  }

  /// Why the name `expression` has no value the file fixes, when the file says: a `var` (which
  /// may change), a local assigned again or without a value, a parameter or a bound name. Nil
  /// for a name the file does not declare (another file's) or an expression that is no name.
  package func whyRuntime(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self),
      case .runtime(let reason)? = SwiftLocals.local(
        named: reference.baseName.text, before: Syntax(expression))
    {
      return reason
    }
    return whyVariable(expression)
  }

  /// Why the name `expression` has no value the file fixes when the file declares it a `var`
  /// outside any body: nil for anything else.
  private func whyVariable(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      for scope in scopes(of: Syntax(expression)) {
        let key = scope.isEmpty ? name : scope + "." + name
        if let found = declaration(key), !found.isConstant {
          return "'\(name)' is a var of this file, which may change before it is used"
        }
      }
      return nil
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      declaration(base.sourceText + "." + member.declName.baseName.text).map({
        !$0.isConstant
      }) == true
    {
      return "'\(member.sourceText)' is a var of this file, which may change before it "
        + "is used"
    }
    return nil
  }

  /// The raw value of an enum case named by `base` (`Route.inbox`, `.inbox` inside `Route`).
  private func rawValue(of base: ExprSyntax) -> (value: ExprSyntax?, name: String, offset: Int)? {
    guard let member = base.as(MemberAccessExprSyntax.self) else { return nil }
    return sameFileRawValue(of: member)
  }

  /// The raw value of the enum case `member` names, declared in this file.
  private func sameFileRawValue(of member: MemberAccessExprSyntax) -> (
    value: ExprSyntax?, name: String, offset: Int
  )? {
    let base = ExprSyntax(member)
    let caseName = member.declName.baseName.text
    if let type = member.base?.sourceText {
      if let found = rawValue(type + "." + caseName) { return found }
      for scope in scopes(of: Syntax(base)) where !scope.isEmpty {
        if let found = rawValue(scope + "." + type + "." + caseName) { return found }
      }
      return nil
    }
    for scope in scopes(of: Syntax(base)) where !scope.isEmpty {
      if let found = rawValue(scope + "." + caseName) { return found }
    }
    return nil
  }

  /// A case's raw value as a string: its literal's, or the case's name where it has none.
  private func rawValueString(
    _ found: (value: ExprSyntax?, name: String, offset: Int), depth: Int
  ) -> StringValue {
    guard let value = found.value else {
      // A case without a raw value has its name as its raw value.
      var text = LiteralText()
      text.appendVerbatim(Array(found.name.utf8), at: found.offset)
      text.verbatim = text.verbatim.map { _ in false }
      text.finish(at: found.offset + found.name.utf8.count)
      return .text(text, .sameFileConstant, [])
    }
    return string(value, depth: depth + 1)
  }

  /// `Activity.viewer.identifier`: what a property the enum computes per case (by switching
  /// over `self`) gives for that case, from this file or the module; with associated values
  /// (`Route.thread(threadID).identifier`, where the case returns `"mailbox/thread/\(id)"`),
  /// each value the case binds is filled with its argument's value here
  /// (`mailbox/thread/⟨threadID⟩`). Nil when the expression is no such access.
  private func perCaseValue(_ expression: ExprSyntax, depth: Int) -> StringValue? {
    guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base
    else { return nil }
    var call: FunctionCallExprSyntax?
    var caseAccess = base.as(MemberAccessExprSyntax.self)
    if caseAccess == nil, let made = base.as(FunctionCallExprSyntax.self),
      made.trailingClosure == nil
    {
      call = made
      caseAccess = made.calledExpression.as(MemberAccessExprSyntax.self)
    }
    guard let caseAccess, let typeName = caseAccess.base?.sourceText,
      typeName.first?.isUppercase == true
    else { return nil }
    let property = member.declName.baseName.text
    guard property != "rawValue" else { return nil }
    let caseName = caseAccess.declName.baseName.text
    let arguments = call.map { Self.fillings($0.arguments) } ?? []
    for scope in qualifiedScopes(typeName, from: Syntax(expression)) {
      guard
        let (value, offset) = caseReading(
          type: scope, caseName: caseName, property: property, depth: depth + 1)
      else { continue }
      let origin = ValueOrigin(
        resolution: .sameFileConstant, name: "\(typeName).\(caseName).\(property)",
        offset: offset)
      let body = adding(origin, to: value)
      return call == nil ? body : filled(body, with: arguments, at: expression, depth: depth)
    }
    let keys = qualifiedScopes(typeName, from: Syntax(expression)).map {
      (scope: String) -> String in "\(scope).\(caseName).\(property)"
    }
    guard
      let (value, origin) = fromModule(
        keys, kind: .caseProperty, name: member.sourceText, use: expression)
    else { return nil }
    let body = Self.string(value, origin)
    return call == nil ? body : filled(body, with: arguments, at: expression, depth: depth)
  }

  /// What `property` of the case `caseName` of `type` gives, as this file declares it, and where:
  /// a property the enum computes per case (by switching over `self`), or one computed from
  /// those (`var url: URL { URL(string: "app://" + path)! }`), read with `self` that case. Nil
  /// when the file declares neither.
  private func caseReading(type: String, caseName: String, property: String, depth: Int)
    -> (StringValue, Int)?
  {
    if let found = caseProperty(type + "." + property) {
      guard let entry = found.entry(caseName) else {
        return (.runtime("'\(type).\(caseName)' has no case of '\(property)' this file reads"), 0)
      }
      return (caseValue(entry, depth: depth), entry.offset)
    }
    guard let computed = declaration(type + "." + property), computed.isConstant,
      let value = computed.value
    else { return nil }
    selfCases.append((type, caseName))
    defer { selfCases.removeLast() }
    return (
      caseValue(CaseProperty.Entry(value: value, offset: computed.offset), depth: depth),
      computed.offset
    )
  }

  /// Inside a property read for one case (``caseReading(type:caseName:property:depth:)``):
  /// a sibling the enum computes per case, written `path` or `self.path`, or `rawValue`, for
  /// that case. Nil for any other expression, or outside the type's declarations.
  private func selfCaseValue(_ expression: ExprSyntax, depth: Int) -> StringValue? {
    guard let (type, caseName) = selfCases.last else { return nil }
    let name: String
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
    } else {
      return nil
    }
    guard scopes(of: Syntax(expression)).first == type else { return nil }
    if name == "rawValue" {
      guard let found = rawValue(type + "." + caseName) else { return nil }
      let origin = ValueOrigin(
        resolution: .sameFileConstant, name: "\(type).\(caseName)", offset: found.offset)
      return adding(origin, to: rawValueString(found, depth: depth))
    }
    guard SwiftLocals.initializer(named: name, before: Syntax(expression)) == nil,
      let (value, offset) = caseReading(
        type: type, caseName: caseName, property: name, depth: depth + 1)
    else { return nil }
    return adding(
      ValueOrigin(
        resolution: .sameFileConstant, name: "\(type).\(caseName).\(name)", offset: offset),
      to: value)
  }

  /// `name` as a member of `scope` (`""`: the file level).
  package static func qualified(_ name: String, in scope: String) -> String {
    scope.isEmpty ? name : scope + "." + name
  }

  /// `Type` as a name written inside the types enclosing `node` may mean it: `Outer.Type`, then
  /// `Type`.
  package static func qualifiedScopes(_ type: String, from node: Syntax) -> [String] {
    enclosingScopes(of: node).map { (scope: String) -> String in qualified(type, in: scope) }
  }

  /// The value of a name this file uses but does not declare, from another file of the module:
  /// a bare name (not a local or parameter) or `Type.name`; nil for anything else, or when no
  /// other file declares it.
  package func moduleValue(of expression: ExprSyntax) -> StringValue? {
    guard let (keys, kind, written) = moduleKeys(of: expression),
      let (value, origin) = fromModule(keys, kind: kind, name: written.sourceText, use: expression)
    else { return nil }
    return Self.string(value, origin)
  }

  /// The set a name this file uses but does not declare holds, from another file of the module
  /// (`enum Routes { static let main: Set<String> = [...] }` in a constants file); nil when no
  /// other file declares it.
  private func moduleSet(of expression: ExprSyntax) -> SetValue? {
    guard let (keys, kind, written) = moduleKeys(of: expression), kind == .constant,
      let (value, origin) = fromModule(keys, kind: kind, name: written.sourceText, use: expression)
    else { return nil }
    switch value {
    case .set(let elements): return .elements(elements.map { Self.string($0, origin) }, [])
    case .runtime(let reason): return .runtime(reason)
    case .text, .template, .absent:
      return .runtime("'\(written.sourceText)' is a string of the module, not a set of strings")
    }
  }

  /// The keys a name this file uses but does not declare is looked up by in the module (the
  /// scopes it may be declared in, innermost first), what it is looked up as, and the
  /// expression that names it; nil for anything but a bare name (not a local or parameter),
  /// `Type.name` or `Type.case.rawValue`.
  private func moduleKeys(of expression: ExprSyntax) -> ([String], Lookup, ExprSyntax)? {
    var keys: [String] = []
    var kind = Lookup.constant
    var written = expression
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard SwiftLocals.initializer(named: name, before: Syntax(expression)) == nil else {
        return nil
      }
      keys = scopes(of: Syntax(expression)).map { (scope: String) -> String in
        Self.qualified(name, in: scope)
      }
    } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
      var name = member.declName.baseName.text
      var target = base
      // `Route.inbox.rawValue`: the case's raw value.
      if name == "rawValue", let caseAccess = base.as(MemberAccessExprSyntax.self),
        let caseBase = caseAccess.base
      {
        kind = .rawValue
        name = caseAccess.declName.baseName.text
        target = caseBase
        written = base
      }
      let baseText = target.sourceText
      if baseText == "self" || baseText == "Self" {
        keys = scopes(of: Syntax(expression)).filter { !$0.isEmpty }.map {
          (scope: String) -> String in Self.qualified(name, in: scope)
        }
      } else if target.is(DeclReferenceExprSyntax.self) || target.is(MemberAccessExprSyntax.self),
        baseText.first?.isUppercase == true
      {
        keys = qualifiedScopes(baseText, from: Syntax(expression)).map {
          (scope: String) -> String in Self.qualified(name, in: scope)
        }
      }
    }
    return keys.isEmpty ? nil : (keys, kind, written)
  }

  /// Asks the module for the first of `keys` another file declares: its value, and its origin
  /// as a value at `use` in this file (a module constant's text is not this file's bytes:
  /// findings in it are reported at the use, and never fixed there).
  private func fromModule(
    _ keys: [String], kind: Lookup, name: String, use: ExprSyntax
  ) -> (ModuleIndex.Value, ValueOrigin)? {
    fromModuleWithParameters(keys, kind: kind, name: name, use: use).map { ($0.0, $0.1) }
  }

  /// ``fromModule(_:kind:name:use:)``, with the parameters of a function found.
  private func fromModuleWithParameters(
    _ keys: [String], kind: Lookup, name: String, use: ExprSyntax
  ) -> (ModuleIndex.Value, ValueOrigin, ModuleIndex.Parameters?)? {
    // A bare name no Swift file declares may be an Objective-C string constant or `#define`
    // of the module, which Swift sees through the bridging header (`DocRoutePrefix`).
    let objectiveC =
      kind == .constant ? use.as(DeclReferenceExprSyntax.self)?.baseName.text : nil
    guard let module else {
      external.insert(ModuleIndex.searchName(for: keys, kind: kind))
      if let objectiveC { external.insert(ModuleName(objectiveC: objectiveC)) }
      return nil
    }
    guard
      let constant = module.swiftConstant(keys, kind: kind, besides: path)
        ?? objectiveC.flatMap({ module.objCConstant($0, besides: path) })
    else { return nil }
    let offset = use.positionAfterSkippingLeadingTrivia.utf8Offset
    let origin = ValueOrigin(
      resolution: .moduleConstant, name: name, offset: offset, place: constant.place)
    return (constant.value, origin, constant.parameters)
  }

  /// A module constant's value as a string value at its use (`origin`): a set where a string is
  /// expected is a run-time value.
  private static func string(_ value: ModuleIndex.Value, _ origin: ValueOrigin) -> StringValue {
    switch value {
    case .text(let text):
      return .text(LiteralText(computed: text, at: origin.offset), .moduleConstant, [origin])
    case .template(let template): return .template(template, [origin])
    case .set: return .runtime("'\(origin.name)' is a set of strings, not a string")
    case .absent: return .runtime("'\(origin.name)' gives no string")
    case .runtime(let reason): return .runtime(reason)
    }
  }

  /// The value of a call of a function that returns a template of its parameters
  /// (`Routes.order(id)` with `static func order(_ id: String) -> String { prefix + id }`):
  /// the function's value with each parameter's hole filled by its argument's value here
  /// (`orders/⟨id⟩`). Nil when the callee is no such function of the file or the module.
  private func functionCall(_ call: FunctionCallExprSyntax, depth: Int) -> StringValue? {
    guard call.trailingClosure == nil, depth + 1 < Self.maximumDepth else { return nil }
    let keys = functionKeys(of: call)
    let callee = call.calledExpression
    guard !keys.isEmpty else { return nil }
    let body: StringValue
    let fillings: [Filling]?
    if let key = keys.first(where: { function($0) != nil }), let found = function(key) {
      let origin = ValueOrigin(
        resolution: .sameFileConstant, name: callee.sourceText, offset: found.offset)
      body = adding(origin, to: functionValue(found, depth: depth + 1))
      fillings = self.fillings(call, of: found, depth: depth)
    } else if let (value, origin, parameters) = fromModuleWithParameters(
      keys, kind: .function, name: callee.sourceText, use: ExprSyntax(call))
    {
      body = Self.string(value, origin)
      fillings = Self.fillings(call, parameters: parameters, origin: origin)
    } else {
      return nil
    }
    return filled(body, with: fillings, at: ExprSyntax(call), depth: depth)
      ?? .runtime(
        "the arguments of '\(Self.abbreviated(ExprSyntax(call)))' do not match its parameters")
  }

  /// What the user activity a call makes carries, read at the call: the
  /// `targetContentIdentifier` its maker sets (nil when it sets none: the activity carries no
  /// identifier) and its `activityType`.
  package struct MadeActivity {
    package var identifier: StringValue?
    package var activityType: StringValue
  }

  /// What the user activity `call` makes carries, when it calls a function of the file or the
  /// module that makes one, sets it up and returns it:
  ///
  /// ```swift
  /// extension NSUserActivity {
  ///   static func viewing(note id: String) -> NSUserActivity {
  ///     let activity = NSUserActivity(activityType: "com.example.notes.view")
  ///     activity.targetContentIdentifier = "notes/note/\(id)"
  ///     return activity
  ///   }
  /// }
  /// ```
  ///
  /// `NSUserActivity.viewing(note: note.id)` (or `.viewing(note: note.id)` where an activity is
  /// expected) carries `notes/note/⟨note.id⟩`: each parameter's hole filled by the call's
  /// argument, as for a function that returns a string. Nil when the callee is no such function
  /// of the file or the module: what it makes is not read.
  package func madeActivity(_ call: FunctionCallExprSyntax) -> MadeActivity? {
    let keys = functionKeys(of: call, implicitType: "NSUserActivity")
    guard call.trailingClosure == nil, !keys.isEmpty else { return nil }
    return madeActivity(
      keys, name: call.calledExpression.sourceText, use: ExprSyntax(call),
      fillings: { self.fillings(call, of: $0, depth: 0) },
      moduleFillings: { Self.fillings(call, parameters: $0, origin: $1) })
  }

  /// What the user activity a computed property of the file or the module makes carries, read
  /// as an activity's maker with no parameters (``madeActivity(_:)``):
  ///
  /// ```swift
  /// struct Note {
  ///   var userActivity: NSUserActivity {
  ///     let activity = NSUserActivity(activityType: "com.example.notes.view")
  ///     activity.targetContentIdentifier = "notes/note/\(id)"
  ///     return activity
  ///   }
  /// }
  /// ```
  ///
  /// `note.userActivity`, where the file states `note` is a `Note`
  /// (``SwiftLocals/statedType(of:before:)``), or `userActivity` and `self.userActivity` within
  /// the type, carries `notes/note/⟨id⟩` (the instance's own values are known at run time).
  /// Nil when the property is no such maker of the file or the module.
  package func madeActivity(property use: ExprSyntax) -> MadeActivity? {
    let keys: [String]
    if let reference = use.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
      keys = scopes(of: Syntax(use)).map { Self.qualified(reference.baseName.text, in: $0) }
    } else if let access = use.as(MemberAccessExprSyntax.self), let base = access.base,
      access.declName.argumentNames == nil
    {
      let name = access.declName.baseName.text
      if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
        keys = scopes(of: Syntax(use)).filter { !$0.isEmpty }.map { Self.qualified(name, in: $0) }
      } else if case .stated(let type?) = SwiftLocals.statedType(of: base, before: Syntax(use)) {
        keys = [type + "." + name]
      } else {
        keys = []
      }
    } else {
      keys = []
    }
    guard !keys.isEmpty else { return nil }
    return madeActivity(
      keys, name: use.sourceText, use: use,
      fillings: { $0.parameters.isEmpty ? [] : nil },
      moduleFillings: { parameters, _ in parameters.map { $0.labels.isEmpty ? [] : nil } ?? [] })
  }

  /// What the activity's maker one of `keys` names (the file's, else the module's) makes,
  /// its holes filled by `fillings` (`moduleFillings` for the module's).
  private func madeActivity(
    _ keys: [String], name: String, use: ExprSyntax, fillings fill: (Function) -> [Filling]?,
    moduleFillings: (ModuleIndex.Parameters?, ValueOrigin) -> [Filling]?
  ) -> MadeActivity? {
    var identifier: StringValue?
    var activityType: StringValue
    let fillings: [Filling]?
    if let key = keys.first(where: { function($0)?.returns == .userActivity }),
      let found = function(key)
    {
      let origin = ValueOrigin(resolution: .sameFileConstant, name: name, offset: found.offset)
      guard beginRead() else { return nil }
      defer { endRead() }
      let made = madeActivity(by: found)
      identifier = made.identifier.map { adding(origin, to: $0) }
      activityType = adding(origin, to: made.activityType)
      fillings = fill(found)
    } else if let (value, origin, parameters) = fromModuleWithParameters(
      keys, kind: .activityIdentifier, name: name, use: use)
    {
      fillings = moduleFillings(parameters, origin)
      identifier = value == .absent ? nil : Self.string(value, origin)
      activityType =
        fromModule(keys, kind: .activityType, name: name, use: use).map(Self.string)
        ?? .runtime("'\(Self.abbreviated(use))' makes an activity of a type not read")
    } else {
      return nil
    }
    func filled(_ value: StringValue) -> StringValue {
      self.filled(value, with: fillings, at: use, depth: 0)
        ?? .runtime("the arguments of '\(Self.abbreviated(use))' do not match its parameters")
    }
    return MadeActivity(identifier: identifier.map(filled), activityType: filled(activityType))
  }

  /// What the activity `function` (an activity's maker of this file) makes carries, each of its
  /// parameters a hole (`#0`, `#1`, …): the operands of the last `x.targetContentIdentifier = …`
  /// among its statements, where `x` is the local it returns, made by `NSUserActivity(…)` in
  /// the body. An assignment within a statement (under `if`, in a closure) is a value known only
  /// at run time, as is an activity the body does not make itself.
  private func madeActivity(by function: Function) -> (
    identifier: StringValue?, activityType: StringValue
  ) {
    let name = "'\(function.name)(…)'"
    let unknown: StringValue = .runtime(
      "\(name) returns an activity it does not make with NSUserActivity(activityType:)")
    var made = function.value.as(FunctionCallExprSyntax.self)
    let returned = function.value.as(DeclReferenceExprSyntax.self)?.baseName.text
    if let returned,
      case .some(.some(let local)) = SwiftLocals.initializer(
        named: returned, before: Syntax(function.value))
    {
      made = local.value.as(FunctionCallExprSyntax.self)
    }
    guard let made, Self.makesActivity(made),
      let type = made.arguments.first(where: { $0.label?.text == "activityType" })?.expression
    else { return (unknown, unknown) }
    return withHoles(for: function.parameters) {
      let activityType = string(type, depth: 1)
      guard let returned, let statements = function.statements else { return (nil, activityType) }
      if let callee = Self.passedOn(returned, in: statements) {
        return (
          .runtime("\(name) passes its activity to '\(callee)(…)', which may set its identifier"),
          activityType
        )
      }
      var assigned: [ExprSyntax]?
      for token in statements.tokens(viewMode: .sourceAccurate)
      where token.text == "targetContentIdentifier" {
        guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
          member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == returned
        else { continue }
        // `x.targetContentIdentifier = …` as a statement of the body itself.
        let sequence = member.parent?.parent?.as(SequenceExprSyntax.self)
        let parts = sequence.map { Array($0.elements) } ?? []
        guard parts.count >= 3, parts[0].id == ExprSyntax(member).id,
          parts[1].is(AssignmentExprSyntax.self),
          sequence?.parent?.as(CodeBlockItemSyntax.self)?.parent?.id == statements.id
        else {
          return (
            .runtime(
              "\(name) sets the identifier of its activity where the reading does not follow"),
            activityType
          )
        }
        assigned = Self.operands(after: 1, in: parts)
      }
      return (assigned.map { string(assigned: $0) }, activityType)
    }
  }

  /// The function `scope` passes the local `name` to (`configure(activity, for: note)`,
  /// `self.decorate(&activity)`), which may set up what `scope` itself does not; nil when it
  /// passes it to none but `except`. A capitalized callee (`NSItemProvider(object: activity)`)
  /// makes something of the object and is not counted.
  package static func passedOn(
    _ name: String, in scope: some SyntaxProtocol, except: Set<String> = []
  ) -> String? {
    for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name {
      guard var argument = token.parent?.as(DeclReferenceExprSyntax.self).map(Syntax.init)
      else { continue }
      if let passed = argument.parent?.as(InOutExprSyntax.self) { argument = Syntax(passed) }
      guard
        let call = argument.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(
          FunctionCallExprSyntax.self)
      else { continue }
      let callee =
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      if let callee, callee.first?.isLowercase == true, !except.contains(callee) {
        return callee
      }
    }
    return nil
  }

  /// The operands an assignment at `index` of a sequence assigns: up to the next `=`
  /// (`a = b = c` assigns `b` to `a`'s right).
  package static func operands(after index: Int, in elements: [ExprSyntax]) -> [ExprSyntax] {
    Array(elements[(index + 1)...].prefix { !$0.is(AssignmentExprSyntax.self) })
  }

  /// The keys the function `call` calls may be declared by, innermost scope first: a bare
  /// lowercase name (a function of the file, or of the enclosing types), `self.name` and
  /// `Self.name`, `Type.name`, and `.name` as a static member of `implicitType` (the type the
  /// call's context expects: `.messages(prefix:)` where a predicate is assigned); none for
  /// anything else.
  package func functionKeys(of call: FunctionCallExprSyntax, implicitType: String? = nil)
    -> [String]
  {
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard name.first?.isLowercase == true else { return [] }
      return scopes(of: Syntax(call)).map { Self.qualified(name, in: $0) }
    }
    guard let member = callee.as(MemberAccessExprSyntax.self) else { return [] }
    let name = member.declName.baseName.text
    // `.init()`, `Type.init()`: an initializer, no function of the app.
    guard name != "init" else { return [] }
    guard let base = member.base else {
      return implicitType.map { [Self.qualified(name, in: $0)] } ?? []
    }
    let baseText = base.sourceText
    if baseText == "self" || baseText == "Self" {
      return scopes(of: Syntax(call)).filter { !$0.isEmpty }.map { Self.qualified(name, in: $0) }
    }
    if base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self),
      baseText.first?.isUppercase == true
    {
      return qualifiedScopes(baseText, from: Syntax(call)).map { Self.qualified(name, in: $0) }
    }
    return []
  }

  /// Whether `call` makes a user activity itself: `NSUserActivity(activityType: …)`.
  package static func makesActivity(_ call: FunctionCallExprSyntax) -> Bool {
    call.calledExpression.sourceText.hasSuffix("NSUserActivity")
  }

  /// The return types of a function that makes a user activity.
  package static let activityTypes: Set<String> = [
    "NSUserActivity", "NSUserActivity?", "NSUserActivity!", "Foundation.NSUserActivity",
    "Foundation.NSUserActivity?",
  ]

  /// The return types of a function that builds a conditions object.
  package static let conditionsTypes: Set<String> = [
    "UISceneActivationConditions", "UISceneActivationConditions?",
    "UISceneActivationConditions!",
  ]

  /// The return types of a function that builds a predicate.
  package static let predicateTypes: Set<String> = [
    "NSPredicate", "NSPredicate?", "NSPredicate!", "Foundation.NSPredicate",
    "Foundation.NSPredicate?",
  ]

  /// An argument of a call: its label (nil for none) and its value where the call is.
  package typealias Argument = (label: String?, value: StringValue)

  /// Runs `body` (a reading of the body of `function`, declared in this file) with each of its
  /// parameters standing for its argument's value in `arguments`, matched by label as the
  /// compiler matches them, a parameter without one taking its default value; nil when they
  /// do not match (the call is not of this function).
  package func withArguments<Result>(
    _ function: Function, _ arguments: [Argument], _ body: () -> Result
  ) -> Result? {
    guard let binding = Self.binding(function, arguments.map(\.label)) else { return nil }
    var bound: [String: StringValue] = [:]
    for (index, name) in function.parameters.enumerated() where name != "_" && bound[name] == nil {
      bound[name] =
        if let argument = binding[index] { arguments[argument].value } else {
          string(function.defaults[index]!, depth: 1)
        }
    }
    parameters.append(.values(bound))
    defer { parameters.removeLast() }
    return body()
  }

  /// `body`'s result with each of `bound` (a closure's parameter: `$0`, `id`) standing for its
  /// value, the parameters of a function being read still in scope. Nil inside a string
  /// function's body, whose parameters are holes and not values.
  package func withValues<Result>(_ bound: [String: StringValue], _ body: () -> Result)
    -> Result?
  {
    var values = bound
    switch parameters.last {
    case .holes?: return nil
    case .values(let outer)?: values.merge(outer) { mine, _ in mine }
    case nil: break
    }
    parameters.append(.values(values))
    defer { parameters.removeLast() }
    return body()
  }

  /// Which argument each of `function`'s parameters takes from a call whose arguments have
  /// `labels` (``binding(labels:defaulted:arguments:)``).
  private static func binding(_ function: Function, _ labels: [String?]) -> [Int?]? {
    binding(labels: function.argumentLabels, defaulted: function.defaulted, arguments: labels)
  }

  /// Each parameter's argument label, nil for `_`.
  package static func argumentLabels(_ parameters: FunctionParameterListSyntax) -> [String?] {
    parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text }
  }

  /// Which argument each parameter takes, as the compiler binds a call: the arguments in order,
  /// each to the next parameter of its label, a parameter passed over taking its default (nil
  /// in the result); nil when they do not bind (a parameter passed over has no default, or an
  /// argument is left). The one rule for every helper the reading follows, so that
  /// `item(in section: String = "catalog", _ id: String)` called as `item("42")` fills `id`.
  package static func binding(labels: [String?], defaulted: [Bool], arguments: [String?])
    -> [Int?]?
  {
    var bound: [Int?] = []
    var next = 0
    for (index, label) in labels.enumerated() {
      if next < arguments.count, arguments[next] == label {
        bound.append(next)
        next += 1
      } else if index < defaulted.count, defaulted[index] {
        bound.append(nil)
      } else {
        return nil
      }
    }
    return next == arguments.count ? bound : nil
  }

  /// The values of `call`'s arguments here, each with its label, and the declarations they were
  /// found through (kept apart: a function of another file reads the values, and its findings
  /// name only its own declarations).
  package func arguments(of call: FunctionCallExprSyntax, depth: Int) -> (
    [Argument], [ValueOrigin]
  ) {
    var origins: [ValueOrigin] = []
    let arguments = call.arguments.map { argument -> Argument in
      let value: StringValue
      switch string(argument.expression, depth: depth) {
      case .text(let text, let resolution, let from):
        origins += from
        value = .text(text, resolution, [])
      case .template(let template, let from):
        origins += from
        value = .template(template, [])
      case .runtime(let reason): value = .runtime(reason)
      }
      return (argument.label?.text, value)
    }
    return (arguments, origins)
  }

  /// What `ask` gets from the module for a call at `use` of a function another file declares
  /// under one of `keys`, and its origin there (`name`, at `use`, declared at `place`); nil when
  /// no other file declares it, or while no module is given (then the name is recorded, for
  /// the walk's second reading with the module).
  private func moduleCall<Found>(
    _ keys: [String], name: String, use: ExprSyntax, place: (Found) -> SourcePlace,
    ask: (ModuleIndex) -> Found?
  ) -> (Found, ValueOrigin)? {
    guard let module else {
      external.insert(ModuleIndex.searchName(for: keys, kind: .function))
      return nil
    }
    guard let found = ask(module) else { return nil }
    return (
      found,
      ValueOrigin(
        resolution: .moduleConstant, name: name,
        offset: use.positionAfterSkippingLeadingTrivia.utf8Offset, place: place(found))
    )
  }

  /// The conditions a builder another file of the module declares sets up from `arguments`
  /// (their values at `use`, the call, in this file), each made a condition at `use`; nil when
  /// no other file declares a conditions builder of one of `keys`.
  package func moduleConditions(
    _ keys: [String], arguments: [Argument], name: String, use: ExprSyntax
  ) -> [FoundCondition]? {
    guard
      let (found, origin) = moduleCall(
        keys, name: name, use: use, place: \.place,
        ask: { $0.swiftConditions(keys, arguments: arguments, besides: path) })
    else { return nil }
    let offset = origin.offset
    return found.conditions.map {
      var condition = $0
      condition.resolution = max(.moduleConstant, $0.resolution)
      condition.origins = $0.origins.map { $0.used(at: offset) }
      return condition.installed(at: offset, after: [origin])
    }
  }

  /// The conditions the builder `key` of this file sets up from `arguments`, for another file
  /// that installs them (``moduleConditions(_:arguments:name:use:)``): every origin with its
  /// place in this file. Nil when the file declares no such builder.
  package func declaredConditions(_ key: String, arguments: [Argument], lines: SourceLines)
    -> ModuleIndex.BuiltConditions?
  {
    asked {
      guard let found = function(key), found.returns == .conditions else { return nil }
      let place = place(found.offset, lines)
      guard let built = SwiftDefaults(values: self).built(by: found, arguments: arguments) else {
        return ModuleIndex.BuiltConditions(
          conditions: [ConditionKind.canActivate, .prefersToActivate].map {
            FoundCondition(
              offset: found.offset, kind: $0,
              source: .notCheckable(
                "the arguments of '\(key)(…)' do not match its parameters, or it returns no "
                  + "fresh conditions object"),
              resolution: .runtime)
          }, place: place)
      }
      return ModuleIndex.BuiltConditions(
        conditions: built.map {
          var condition = $0
          condition.origins = placed($0.origins, lines)
          return condition
        }, place: place)
    }
  }

  /// The predicate a function another file of the module declares builds from `arguments`
  /// (their values at `use`, the call, in this file), made a value at `use`: its texts are not
  /// this file's bytes, so its findings are reported at the call and never fixed there. Nil
  /// when no other file declares a predicate function of one of `keys`.
  package func modulePredicate(
    _ keys: [String], arguments: [Argument], name: String, use: ExprSyntax
  ) -> (PredicateSource, ValueResolution, [ValueOrigin])? {
    guard
      let (found, origin) = moduleCall(
        keys, name: name, use: use, place: \.place,
        ask: { $0.swiftPredicate(keys, arguments: arguments, besides: path) })
    else { return nil }
    let offset = origin.offset
    let origins = found.origins.map { $0.used(at: offset) }
    return (
      found.source.relocated(to: offset), max(.moduleConstant, found.resolution),
      [origin] + origins
    )
  }

  /// The predicate the function `key` of this file builds from `arguments`, for another file
  /// that calls it (``modulePredicate(_:arguments:name:use:)``): every origin with its place in
  /// this file. Nil when the file declares no such function.
  package func declaredPredicate(_ key: String, arguments: [Argument], lines: SourceLines)
    -> ModuleIndex.Predicate?
  {
    asked {
      guard let found = function(key), found.returns == .predicate else { return nil }
      var builder = SwiftSourceBuilder(values: self)
      let source =
        withArguments(found, arguments, { builder.predicate(found.value, depth: 1) })
        ?? .notCheckable("the arguments of '\(key)(…)' do not match its parameters")
      return ModuleIndex.Predicate(
        source: source, resolution: builder.resolution, origins: placed(builder.origins, lines),
        place: place(found.offset, lines))
    }
  }

  /// What fills a hole of a helper's value at a call: the argument written there, or a value
  /// known already (the default of a parameter the call passes over).
  private enum Filling {
    case argument(ExprSyntax)
    /// A value, and the text it was read from.
    case value(StringValue, written: String)
  }

  /// The fillings of the holes of a case's property, one for each value the case binds: its
  /// arguments in order.
  private static func fillings(_ arguments: LabeledExprListSyntax) -> [Filling] {
    arguments.map { .argument($0.expression) }
  }

  /// The fillings of the holes of a function's value (one for each parameter) at `call`, each
  /// argument bound to its parameter by label (``binding(labels:defaulted:arguments:)``), a
  /// parameter passed over filled by `fallback`, its default's value; nil when the arguments
  /// do not bind.
  private static func fillings(
    _ call: FunctionCallExprSyntax, labels: [String?], defaulted: [Bool],
    fallback: (Int) -> (StringValue, written: String)
  ) -> [Filling]? {
    let arguments = Array(call.arguments)
    guard
      let binding = binding(
        labels: labels, defaulted: defaulted, arguments: arguments.map { $0.label?.text })
    else { return nil }
    return binding.indices.map { index in
      if let argument = binding[index] { return .argument(arguments[argument].expression) }
      let (value, written) = fallback(index)
      return .value(value, written: written)
    }
  }

  /// The fillings of `function`'s holes at `call` (a function of this file).
  private func fillings(_ call: FunctionCallExprSyntax, of function: Function, depth: Int)
    -> [Filling]?
  {
    Self.fillings(
      call, labels: function.argumentLabels, defaulted: function.defaulted,
      fallback: {
        let written = function.defaults[$0]!
        return (self.string(written, depth: depth + 1), written.sourceText)
      })
  }

  /// The fillings of the holes of a function of another file (`parameters`, as the module read
  /// them there, its defaults with `origin`) at `call`; by position when the module gave none.
  private static func fillings(
    _ call: FunctionCallExprSyntax, parameters: ModuleIndex.Parameters?, origin: ValueOrigin
  ) -> [Filling]? {
    guard let parameters else { return fillings(call.arguments) }
    return fillings(
      call, labels: parameters.labels, defaulted: parameters.defaults.map { $0 != nil },
      fallback: {
        let fallback = parameters.defaults[$0]!
        return (string(fallback.value, origin), fallback.written)
      })
  }

  /// `body` (the value of a function or of a case's property, with a hole `#0`, `#1`, … for
  /// each parameter or bound value) with each such hole filled here (``Filling``); nil when a
  /// hole has nothing to fill it.
  private func filled(
    _ body: StringValue, with arguments: [Filling]?, at node: ExprSyntax, depth: Int
  ) -> StringValue? {
    guard let arguments else { return nil }
    let template: Template
    var origins: [ValueOrigin]
    var resolution = ValueResolution.literal
    switch body {
    case .runtime: return body
    case .text(let text, let how, let from):
      guard let value = text.value else { return nil }
      template = Template(value)
      origins = from
      resolution = how
    case .template(let found, let from):
      template = found
      origins = from
    }
    resolution = max(resolution, origins.map(\.resolution).max() ?? .literal)
    var parts: [Template.Part] = []
    for part in template.parts {
      guard case .hole(let name) = part, name.hasPrefix("#"),
        let index = Int(name.dropFirst().prefix { $0 != "." })
      else {
        parts.append(part)
        continue
      }
      guard arguments.indices.contains(index) else { return nil }
      let argument: ExprSyntax
      switch arguments[index] {
      case .argument(let expression): argument = expression
      case .value(let value, let written):
        // A default: its value, or a member of it (known only at run time).
        if let dot = name.firstIndex(of: ".") {
          parts.append(.hole(written + name[dot...]))
        } else {
          join(value, written: written, into: &parts, &origins, &resolution)
        }
        continue
      }
      // `#0.uuidString`: a member of the argument, known only at run time.
      if let dot = name.firstIndex(of: ".") {
        parts.append(.hole(Self.abbreviated(argument) + name[dot...]))
        continue
      }
      // A decimal integer (an associated `Int`, interpolated where the hole is) is its digits.
      if let integer = argument.as(IntegerLiteralExprSyntax.self)?.literal.text
        .filter({ $0 != "_" }), integer.allSatisfy(\.isWholeNumber),
        integer.first != "0" || integer == "0"
      {
        parts.append(.text(integer))
        continue
      }
      join(
        string(argument, depth: depth + 1), written: argument.sourceText, into: &parts, &origins,
        &resolution)
    }
    return Self.joined(parts, origins, resolution, at: node)
  }

  /// Appends the value `written` gives to a string being built of parts: its text, its parts,
  /// or a hole named by the expression.
  private func join(
    _ value: StringValue, written: @autoclosure () -> String, into parts: inout [Template.Part],
    _ origins: inout [ValueOrigin], _ resolution: inout ValueResolution
  ) {
    if case .text(_, let how, _) = value { resolution = max(resolution, how) }
    let (pieces, from) = Self.parts(of: value, written: written())
    parts += pieces
    origins += from
  }

  /// The string of `parts`: a template while a hole remains, else a text at `node`, not
  /// written verbatim there.
  private static func joined(
    _ parts: [Template.Part], _ origins: [ValueOrigin], _ resolution: ValueResolution,
    at node: ExprSyntax
  ) -> StringValue {
    let template = Template(parts: parts)
    guard let text = template.text else { return .template(template, origins) }
    return .text(
      LiteralText(computed: text, at: node.positionAfterSkippingLeadingTrivia.utf8Offset),
      resolution, origins)
  }

  /// A function's value with each parameter as its hole (`#0`, `#1`, …).
  private func functionValue(_ function: Function, depth: Int) -> StringValue {
    switch function.returns {
    case .string, .url: break
    case .predicate, .conditions, .userActivity:
      return .runtime("'\(function.name)' does not return a string")
    }
    return withHoles(for: function.parameters) {
      guard function.returns == .url else { return string(function.value, depth: depth) }
      return urlString(function.value, depth: depth)
        ?? .runtime("'\(Self.abbreviated(function.value))' is a URL known only at run time")
    }
  }

  /// `body`'s result with each of `names` (a function's parameters, the values a case binds)
  /// standing for the hole of its position (`#0`, `#1`, …); `_` binds nothing. The one place a
  /// reading enters a body whose parameters are holes and not values.
  private func withHoles<Result>(for names: [String], _ body: () -> Result) -> Result {
    parameters.append(.holes(Self.holes(for: names)))
    defer { parameters.removeLast() }
    return body()
  }

  /// What one case of a per-case property gives, each value the case binds a hole: its string,
  /// or the string of the URL it makes (`case .compose: return URL(string: "app://compose")!`
  /// in `var url: URL`), which `.absoluteString` and `open(_:)` read as a URL constant's.
  private func caseValue(_ entry: CaseProperty.Entry, depth: Int) -> StringValue {
    withHoles(for: entry.bindings) {
      let value = string(entry.value, depth: depth)
      guard case .runtime = value, let url = urlString(entry.value, depth: depth) else {
        return value
      }
      return url
    }
  }

  /// Each of `names` and the hole of its position (`#0`, `#1`, …); `_` binds nothing.
  private static func holes(for names: [String]) -> [String: String] {
    Dictionary(
      names.enumerated().filter { $1 != "_" }.map { ($1, "#\($0)") },
      uniquingKeysWith: { first, _ in first })
  }

  /// The value of `key` as this file declares it, for another file that asks the module.
  package func moduleConstant(_ key: String, kind: Lookup, lines: SourceLines) -> ModuleIndex
    .Constant?
  {
    asked {
      let value: StringValue
      let offset: Int
      var parameters: ModuleIndex.Parameters?
      switch kind {
      case .constant:
        guard let found = declaration(key) else { return nil }
        offset = found.offset
        if let expression = found.value, found.isConstant {
          let direct = string(expression)
          if case .runtime = direct, case .elements(let elements, _) = set(expression, depth: 1) {
            return ModuleIndex.Constant(
              value: .set(elements.map { Self.moduleValue(of: $0, key: key) }),
              place: place(offset, lines))
          } else if case .runtime = direct, let url = urlString(expression, depth: 1) {
            value = url
          } else {
            value = direct
          }
        } else {
          value = .runtime("'\(key)' is a var, which may change before it is used")
        }
      case .function:
        guard let found = function(key) else { return nil }
        offset = found.offset
        value = functionValue(found, depth: 0)
        parameters = moduleParameters(of: found, key: key)
      case .activityIdentifier, .activityType:
        guard let found = function(key), found.returns == .userActivity else { return nil }
        let made = madeActivity(by: found)
        parameters = moduleParameters(of: found, key: key)
        guard let identifier = made.identifier else {
          return ModuleIndex.Constant(
            value: kind == .activityType
              ? Self.moduleValue(of: made.activityType, key: key) : .absent,
            place: place(found.offset, lines), parameters: parameters)
        }
        offset = found.offset
        value = kind == .activityType ? made.activityType : identifier
      case .rawValue:
        guard let found = rawValue(key) else { return nil }
        offset = found.offset
        if let expression = found.value {
          value = string(expression)
        } else {
          return ModuleIndex.Constant(value: .text(found.name), place: place(offset, lines))
        }
      case .caseProperty:
        let parts = key.split(separator: ".").map(String.init)
        guard parts.count >= 3 else { return nil }
        let property = parts.last!
        let caseName = parts[parts.count - 2]
        let type = parts.dropLast(2).joined(separator: ".")
        guard
          let (found, at) = caseReading(
            type: type, caseName: caseName, property: property, depth: 0)
        else { return nil }
        offset = at
        value = found
      case .allCases:
        guard let dot = key.lastIndex(of: ".") else { return nil }
        let type = String(key[..<dot])
        let property = String(key[key.index(after: dot)...])
        let written = String(type.split(separator: ".").last ?? "")
        // An enum of the name without cases, string raw values or the property is another
        // type's (a namespace of constants), not a declaration of this one: an app beside this
        // one in the tree may have its own.
        guard
          case .elements(let elements, _)? = mappedCases(
            of: type, property, written: written, depth: 0), !elements.isEmpty
        else { return nil }
        return ModuleIndex.Constant(
          value: .set(elements.map { Self.moduleValue(of: $0, key: key) }),
          place: place(caseList(type)?.offset ?? 0, lines))
      }
      return ModuleIndex.Constant(
        value: Self.moduleValue(of: value, key: key), place: place(offset, lines),
        parameters: parameters)
    }
  }

  /// `function`'s parameters as another file's call binds to them, each default read here.
  private func moduleParameters(of function: Function, key: String) -> ModuleIndex.Parameters {
    ModuleIndex.Parameters(
      labels: function.argumentLabels,
      defaults: function.parameters.indices.map { index in
        guard index < function.defaults.count, let written = function.defaults[index] else {
          return nil
        }
        return ModuleIndex.Parameters.Default(
          value: Self.moduleValue(of: string(written, depth: 1), key: key),
          written: written.sourceText)
      })
  }

  /// A string value of this file as the module index keeps it for other files (`key` names
  /// the declaration).
  private static func moduleValue(of value: StringValue, key: String) -> ModuleIndex.Value {
    switch value {
    case .text(let text, _, _):
      text.value.map(ModuleIndex.Value.text) ?? .runtime("'\(key)' is not valid UTF-8")
    case .template(let template, _): .template(template)
    case .runtime(let reason): .runtime(reason)
    }
  }

  /// `origins`, read in this file for another, each with its place here (an origin another
  /// file declared has its own already).
  private func placed(_ origins: [ValueOrigin], _ lines: SourceLines) -> [ValueOrigin] {
    origins.map {
      $0.place != nil
        ? $0
        : ValueOrigin(
          resolution: $0.resolution, name: $0.name, offset: $0.offset,
          place: place($0.offset, lines))
    }
  }

  private func place(_ offset: Int, _ lines: SourceLines) -> SourcePlace {
    let at = lines.location(offset)
    return SourcePlace(file: path, line: at.line, column: at.column)
  }

  private func adding(_ origin: ValueOrigin, to value: StringValue) -> StringValue {
    switch value {
    case .text(let text, let resolution, let origins):
      return .text(text, max(resolution, origin.resolution), [origin] + origins)
    case .template(let template, let origins): return .template(template, [origin] + origins)
    case .runtime: return value
    }
  }

  /// An interpolated literal's value: each interpolated value the file (or the module) fixes
  /// joins the text (`"\\(Routes.orderPrefix)\\(id)"` is `orders/⟨id⟩`), any other is a hole
  /// named by its source; all known, it is a text at the literal's place.
  private func interpolation(_ literal: StringLiteralExprSyntax, depth: Int) -> StringValue {
    var parts: [Template.Part] = []
    var origins: [ValueOrigin] = []
    var resolution = ValueResolution.literal
    for segment in literal.segments {
      switch segment {
      case .stringSegment(let text):
        parts.append(
          .text(
            SwiftExtractor.decodeSegment(text, pounds: literal.openingPounds?.text.count ?? 0)))
      case .expressionSegment(let hole):
        guard hole.expressions.count == 1, let only = hole.expressions.first, only.label == nil
        else {
          parts.append(.hole(hole.expressions.sourceText))
          continue
        }
        join(
          string(only.expression, depth: depth + 1), written: only.expression.sourceText,
          into: &parts, &origins, &resolution)
      }
    }
    return Self.joined(parts, origins, resolution, at: ExprSyntax(literal))
  }

  /// An interpolated literal's parts: decoded text, and each hole's source text.
  package static func template(_ literal: StringLiteralExprSyntax) -> Template {
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
        parts.append(.hole(hole.expressions.sourceText))
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
  package static func constantReference(_ expression: ExprSyntax) -> String? {
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
  package static func abbreviated(_ expression: ExprSyntax) -> String {
    abbreviated(expression.sourceText)
  }

  /// Source text, cut short for a message as an expression is: past 40 characters or a line.
  package static func abbreviated(_ text: String) -> String {
    // Bytes first: Foundation's `contains` and a count of characters both walk the string.
    guard (text.utf8.count > 40 && text.count > 40) || text.utf8.contains(UInt8(ascii: "\n"))
    else { return text }
    let head = text.prefix { $0 != "\n" && $0 != "(" && $0 != "{" }.prefix(40)
    return head + "…"
  }
}

/// Local `let`s and `var`s, looked up from a use.
package enum SwiftLocals {
  /// What the nearest local named `name` declared before `use` in an enclosing code block
  /// holds, as far as the file says.
  package enum Local {
    /// Its initializer, and the offset of its name.
    case value(ExprSyntax, offset: Int)
    /// No value the file states, and why: a `var` assigned again, a declaration without a value,
    /// a parameter, a name an `if let`, `guard let`, `while let`, `for … in` or `catch` binds.
    case runtime(String)
  }

  /// The initializer of the nearest local named `name` declared before `use` in an enclosing
  /// code block, with the name's offset: `.some(nil)` when the name is a local with no value the
  /// file states (``local(named:before:)`` says why); nil when no local has that name (it may be
  /// a member or a file-level constant).
  package static func initializer(named name: String, before use: Syntax) -> (
    value: ExprSyntax, offset: Int
  )?? {
    switch local(named: name, before: use) {
    case .value(let value, let offset)?: (value, offset)
    case .runtime?: .some(nil)
    case nil: nil
    }
  }

  /// What the nearest local named `name` declared before `use` in an enclosing code block holds;
  /// nil when no local has that name (it may be a member or a file-level constant).
  package static func local(named name: String, before use: Syntax) -> Local? {
    switch binding(named: name, before: use) {
    case .local(let local, _)?: local
    case .parameter(let function, _)?:
      .runtime("'\(name)' is a parameter of '\(function.name.text)(…)', known only at run time")
    case .unwrapped(let condition, let statement)?:
      // `if let url = URL(string: "notes://inbox")`, `guard let url = components.url`: where the
      // name is bound, it is its value unwrapped. A `var`, a loop's binding (`while let`) and
      // the shorthand `if let url` are run-time values.
      if condition.bindingSpecifier.tokenKind == .keyword(.let),
        !statement.is(WhileStmtSyntax.self), let value = condition.initializer?.value,
        let identifier = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier
      {
        .value(value, offset: identifier.positionAfterSkippingLeadingTrivia.utf8Offset)
      } else {
        .runtime(bound(name, by: statement))
      }
    case nil: nil
    }
  }

  /// The statements between the declaration of a local whose name is at `offset` (as
  /// ``local(named:before:)`` gives it) and the statement that holds `use`, when both are
  /// statements of one block: what may change the local before the use. Nil when `use` lies
  /// deeper (under an `if`, in a closure) than the block that declares the local.
  package static func statements(after offset: Int, before use: Syntax) -> [CodeBlockItemSyntax]? {
    var node: Syntax? = use
    while let current = node, !current.is(CodeBlockItemSyntax.self) { node = current.parent }
    guard let item = node?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self),
      let declaration = list.first(where: { earlier in
        earlier.position < item.position
          && (earlier.item.as(VariableDeclSyntax.self)?.bindings.contains {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier
              .positionAfterSkippingLeadingTrivia.utf8Offset == offset
          } ?? false)
      })
    else { return nil }
    return list.filter { $0.position > declaration.position && $0.position < item.position }
  }

  /// The function `name`, used at `use`, is a parameter of, and the parameter's index; nil when
  /// a local, a closure's parameter or a binding nearer `use` has that name, or nothing does.
  package static func parameter(named name: String, before use: Syntax) -> (
    function: FunctionDeclSyntax, index: Int
  )? {
    guard case .parameter(let function, let index)? = binding(named: name, before: use) else {
      return nil
    }
    return (function, index)
  }

  /// The type the file states for a value named at a use: as the nearest binding states it, or
  /// that of a member the use may name.
  package enum StatedType: Equatable {
    /// The type the nearest local, parameter or `if let` states; nil where it states none.
    case stated(String?)
    /// The value is a property: `of` nil, one of the type the use is written in (nothing
    /// nearer than the enclosing type binds the name, or an `if let` unwraps one nothing nearer
    /// binds, or `self.` one); else one of the type the file states for the value it is read
    /// from (`let coordinator = delegate.coordinator` with `delegate` a `SceneDelegate`). The
    /// type is that of the property so named, if any.
    case member(String, of: String?)
  }

  /// The type the file states for the local or parameter `name` used at `use`: its annotation
  /// (`let coordinator: SceneCoordinator`, `_ coordinator: SceneCoordinator?`), or the type it is
  /// made from (`= SceneCoordinator()`, `= SceneCoordinator.shared`); for a name `if let` or
  /// `guard let` binds, the type its value is cast to (`= scene.delegate as? SceneDelegate`) or
  /// made from, or that of the name it unwraps (`if let coordinator`, `= self.coordinator`).
  package static func statedType(named name: String, before use: Syntax) -> StatedType {
    statedType(named: name, before: use, unwrapping: 0)
  }

  /// The type the file states for `value`, an expression read at `use`: a name's
  /// (``statedType(named:before:)``), the type it is cast to (`(delegate as? SceneDelegate)`)
  /// or made from, or, for a property read from a value (`delegate.coordinator`,
  /// `self.coordinator`), that property (``StatedType/member(_:of:)``). **Decision:** one
  /// property is followed, not a chain of them (`a.b.coordinator`): the type of `a.b` is the
  /// compiler's to know.
  package static func statedType(of value: ExprSyntax, before use: Syntax) -> StatedType {
    statedType(of: value, before: use, unwrapping: 0)
  }

  private static func statedType(of value: ExprSyntax, before use: Syntax, unwrapping depth: Int)
    -> StatedType
  {
    let value = unwrapped(value)
    if let type = castType(value) ?? SwiftTypes.made(by: value) { return .stated(type) }
    if let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
      reference.baseName.tokenKind != .keyword(.self)
    {
      guard depth < maximumUnwraps else { return .stated(nil) }
      return statedType(named: reference.baseName.text, before: use, unwrapping: depth + 1)
    }
    guard let access = value.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
      let base = access.base.map(unwrapped)
    else { return .stated(nil) }
    let property = access.declName.baseName.text
    if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
      return .member(property, of: nil)
    }
    guard depth < maximumUnwraps,
      case .stated(let holder?) = statedType(of: base, before: use, unwrapping: depth + 1)
    else { return .stated(nil) }
    return .member(property, of: holder)
  }

  /// `value` without the marks that unwrap it (`x?`, `x!`) or the parentheses around it.
  private static func unwrapped(_ value: ExprSyntax) -> ExprSyntax {
    var value = value
    // Climbed in a loop: a hostile file may nest `((((x))))` deep.
    while true {
      if let optional = value.as(OptionalChainingExprSyntax.self) {
        value = optional.expression
      } else if let forced = value.as(ForceUnwrapExprSyntax.self) {
        value = forced.expression
      } else if let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1,
        let only = tuple.elements.first, only.label == nil
      {
        value = only.expression
      } else {
        return value
      }
    }
  }

  /// The type `value` is cast to by `as?` or `as!` (`scene.delegate as? SceneDelegate`), as
  /// parsed: a sequence the parser does not fold.
  private static func castType(_ value: ExprSyntax) -> String? {
    guard let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3
    else { return nil }
    let parts = Array(sequence.elements)
    guard let cast = parts[1].as(UnresolvedAsExprSyntax.self),
      cast.questionOrExclamationMark != nil, let type = parts[2].as(TypeExprSyntax.self)?.type
    else { return nil }
    return SwiftTypes.named(type)
  }

  /// How many `if let a = b` a name is followed through: a hostile file may chain them, or loop
  /// (`if let a = b, let b = a`).
  private static let maximumUnwraps = 8

  private static func statedType(named name: String, before use: Syntax, unwrapping depth: Int)
    -> StatedType
  {
    switch binding(named: name, before: use) {
    case .local(_, let declared?)?:
      if let type = declared.typeAnnotation?.type { return .stated(SwiftTypes.named(type)) }
      guard let value = declared.initializer?.value, depth < maximumUnwraps else {
        return .stated(nil)
      }
      return statedType(of: value, before: Syntax(declared), unwrapping: depth + 1)
    case .local?: return .stated(nil)
    case .parameter(let function, let index)?:
      let parameters = function.signature.parameterClause.parameters
      let parameter = parameters[parameters.index(parameters.startIndex, offsetBy: index)]
      return .stated(SwiftTypes.named(parameter.type))
    case .unwrapped(let condition, let statement)?:
      return unwrappedType(condition, in: statement, unwrapping: depth)
    case nil: return .member(name, of: nil)
    }
  }

  /// The type of what `condition` of `statement` (`if let`, `guard let`, `while let`) binds.
  private static func unwrappedType(
    _ condition: OptionalBindingConditionSyntax, in statement: Syntax, unwrapping depth: Int
  ) -> StatedType {
    if let type = condition.typeAnnotation?.type { return .stated(SwiftTypes.named(type)) }
    guard depth < maximumUnwraps,
      let name = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return .stated(nil) }
    // What a name is outside the statement: `if let coordinator = coordinator`, and the
    // shorthand `if let coordinator`, unwrap the name the statement is written among.
    func outside(_ name: String) -> StatedType {
      guard let parent = statement.parent else { return .member(name, of: nil) }
      return statedType(named: name, before: parent, unwrapping: depth + 1)
    }
    guard let value = condition.initializer?.value else { return outside(name) }
    if let reference = unwrapped(value).as(DeclReferenceExprSyntax.self),
      reference.argumentNames == nil, reference.baseName.tokenKind != .keyword(.self)
    {
      let other = reference.baseName.text
      // `if let a = x, let b = a`: bound by an earlier condition of the same statement.
      let earlier = (conditions(of: statement) ?? []).lazy
        .compactMap { $0.condition.as(OptionalBindingConditionSyntax.self) }
        .filter { $0.position < condition.position }
        .last { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == other }
      if let earlier { return unwrappedType(earlier, in: statement, unwrapping: depth + 1) }
      return outside(other)
    }
    // `guard let delegate = scene.delegate as? SceneDelegate, let c = delegate.coordinator`:
    // what the value is read from may be an earlier condition's name, so it is read from the
    // condition's place.
    return statedType(of: value, before: Syntax(condition), unwrapping: depth + 1)
  }

  /// The conditions of an `if`, a `guard` or a `while`.
  private static func conditions(of node: Syntax) -> ConditionElementListSyntax? {
    node.as(IfExprSyntax.self)?.conditions ?? node.as(GuardStmtSyntax.self)?.conditions
      ?? node.as(WhileStmtSyntax.self)?.conditions
  }

  /// What binds `name` nearest `use`: a local (``Local``, with its declaration when a `let` or
  /// `var` declares it), or a parameter of the enclosing function.
  private enum Binding {
    case local(Local, PatternBindingSyntax?)
    case parameter(FunctionDeclSyntax, index: Int)
    /// `if let name = …`, `guard let name = …`, `while let name`: the condition and its
    /// statement.
    case unwrapped(OptionalBindingConditionSyntax, statement: Syntax)
  }

  /// The one climb ``local(named:before:)``, ``parameter(named:before:)`` and
  /// ``statedType(named:before:)`` make.
  private static func binding(named name: String, before use: Syntax) -> Binding? {
    func runtime(_ reason: String, _ declared: PatternBindingSyntax? = nil) -> Binding {
      .local(.runtime(reason), declared)
    }
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
            guard let value = binding.initializer?.value else {
              return runtime(
                "'\(name)' is a local declared without a value, known only at run time", binding)
            }
            if declaration.bindingSpecifier.tokenKind == .keyword(.var),
              isAssigned(name, in: list, after: earlier.position)
            {
              return runtime(
                "'\(name)' is a local var assigned again, known only at run time", binding)
            }
            return .local(
              .value(value, offset: identifier.positionAfterSkippingLeadingTrivia.utf8Offset),
              binding)
          }
        }
      }
      // A closure's or function's parameter, or a name bound by `if let`, `guard let`,
      // `while let`, `for … in` or `catch`, shadows anything outside: a run-time value.
      if let closure = current.as(ClosureExprSyntax.self),
        let parameters = closure.signature?.parameterClause,
        parameters.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
      {
        return runtime("'\(name)' is a parameter of a closure, known only at run time")
      }
      if bindsName(name, in: current) { return bindingOf(name, by: current) }
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self),
        let guarded = list.last(where: {
          $0.position < item.position && $0.item.is(GuardStmtSyntax.self)
            && bindsName(name, in: Syntax($0.item))
        })
      {
        return bindingOf(name, by: Syntax(guarded.item))
      }
      if let function = current.as(FunctionDeclSyntax.self),
        let index = function.signature.parameterClause.parameters.firstIndex(where: {
          ($0.secondName ?? $0.firstName).text == name
        })
      {
        return .parameter(
          function,
          index: function.signature.parameterClause.parameters.distance(
            from: function.signature.parameterClause.parameters.startIndex, to: index))
      }
      node = current.parent
    }
    return nil
  }

  /// How the statement `node`, which binds `name`, binds it: by an optional binding condition
  /// (`if let name = …`) or otherwise (a pattern, a `for`, a `catch`).
  private static func bindingOf(_ name: String, by node: Syntax) -> Binding {
    for element in conditions(of: node) ?? [] {
      if let condition = element.condition.as(OptionalBindingConditionSyntax.self),
        condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      {
        return .unwrapped(condition, statement: node)
      }
    }
    return .local(.runtime(bound(name, by: node)), nil)
  }

  /// Why a name the statement `node` binds has no value the file states.
  private static func bound(_ name: String, by node: Syntax) -> String {
    let statement: String
    switch node.kind {
    case .ifExpr: statement = "an 'if'"
    case .guardStmt: statement = "a 'guard'"
    case .whileStmt: statement = "a 'while'"
    case .forStmt: statement = "a 'for … in'"
    default: statement = "a 'catch'"
    }
    return "'\(name)' is bound by \(statement), known only at run time"
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

  /// Whether `name = …`, `name += …`, `name.append(…)` or `&name` appears in `list` after
  /// `position` (at any depth): a `var` that may not hold its initial value.
  private static func isAssigned(
    _ name: String, in list: CodeBlockItemListSyntax, after position: AbsolutePosition
  ) -> Bool {
    for item in list where item.position > position {
      for token in item.tokens(viewMode: .sourceAccurate) where token.text == name {
        if token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand {
          return true
        }
        guard let next = token.nextToken(viewMode: .sourceAccurate) else { continue }
        if next.tokenKind == .equal { return true }
        // `name += "/x"` and the other compound assignments; not a comparison.
        if case .binaryOperator(let text) = next.tokenKind, text.hasSuffix("="),
          !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
        {
          return true
        }
        // `name.append("/x")`: a mutating method of a string or a collection.
        if next.tokenKind == .period,
          let method = next.nextToken(viewMode: .sourceAccurate)?.text,
          mutatingMethods.contains(method)
        {
          return true
        }
      }
    }
    return false
  }

  /// The mutating methods of `String` and the collections a local may be changed by.
  private static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
    "replaceSubrange", "write", "formUnion", "subtract", "popLast",
  ]
}

/// The type a declaration states, as the app model matches it against a helper's type: the name
/// written, without the optional's mark; nothing inferred beyond the type a value is made from.
package enum SwiftTypes {
  /// The type `type` names: `SceneCoordinator` of `SceneCoordinator`, `SceneCoordinator?` and
  /// `SceneCoordinator!`, `Outer.Inner` of `Outer.Inner`; nil for a generic, a function, a
  /// tuple, an existential or a composition.
  package static func named(_ type: TypeSyntax) -> String? {
    var type = type
    while true {
      if let optional = type.as(OptionalTypeSyntax.self) {
        type = optional.wrappedType
      } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        type = unwrapped.wrappedType
      } else {
        break
      }
    }
    // `Outer.Inner` nests to the left: climbed in a loop, however long a hostile file makes it.
    var names: [String] = []
    while let member = type.as(MemberTypeSyntax.self) {
      guard member.genericArgumentClause == nil else { return nil }
      names.append(member.name.text)
      type = member.baseType
    }
    guard let identifier = type.as(IdentifierTypeSyntax.self),
      identifier.genericArgumentClause == nil
    else { return nil }
    names.append(identifier.name.text)
    return names.reversed().joined(separator: ".")
  }

  /// The type a value is made from, by the type's name: its initializer (`SceneCoordinator()`,
  /// `SceneCoordinator.init()`) or a static member of it, as a shared instance is written
  /// (`SceneCoordinator.shared`); nil for anything else.
  package static func made(by value: ExprSyntax) -> String? {
    var value = value
    if let call = value.as(FunctionCallExprSyntax.self) {
      value = call.calledExpression
      if let initializer = value.as(MemberAccessExprSyntax.self),
        initializer.declName.baseName.tokenKind == .keyword(.`init`), let base = initializer.base
      {
        value = base
      }
      return typeName(value)
    }
    guard let member = value.as(MemberAccessExprSyntax.self), let base = member.base,
      member.declName.baseName.text.first?.isLowercase == true
    else { return nil }
    return typeName(base)
  }

  /// Whether a stated type names `type` (a nested type is named by its last component where
  /// the other names it).
  package static func sameType(_ stated: String, _ type: String) -> Bool {
    stated == type || SwiftValues.lastComponent(stated) == SwiftValues.lastComponent(type)
  }

  /// The type a type declaration or an extension is of, as a call would write it.
  package static func name(of group: some DeclGroupSyntax) -> String? {
    if let extensionDecl = group.as(ExtensionDeclSyntax.self) {
      return extensionDecl.extendedType.trimmedDescription
    }
    return group.asProtocol(NamedDeclSyntax.self)?.name.text
  }

  /// The name of the type or extension `node` is declared in, as a call would write it.
  package static func enclosingName(of node: Syntax) -> String? {
    var current = node.parent
    while let step = current {
      if let group = step.asProtocol(DeclGroupSyntax.self) { return name(of: group) }
      current = step.parent
    }
    return nil
  }

  /// A property a type states is of a given type: the type (or extension) that declares it, as
  /// ``name(of:)`` writes it, and its name.
  package struct Property: Hashable, Sendable {
    package var holder: String
    package var name: String

    package init(holder: String, name: String) {
      self.holder = holder
      self.name = name
    }
  }

  /// The properties the types and extensions declared in `tree` (at any depth, not in a
  /// function's body) state are of `type`: annotated with it (`var coordinator:
  /// SceneCoordinator?`) or made from it (``made(by:)``).
  package static func properties(ofType type: String, in tree: some SyntaxProtocol) -> [Property] {
    let visitor = PropertyVisitor(type: type)
    visitor.walk(tree)
    return visitor.found
  }

  private final class PropertyVisitor: SyntaxVisitor {
    let type: String
    var found: [Property] = []

    init(type: String) {
      self.type = type
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
      guard let group = node.parent?.asProtocol(DeclGroupSyntax.self),
        let holder = SwiftTypes.name(of: group)
      else { return .visitChildren }
      for member in node.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let stated = binding.typeAnnotation.map({ SwiftTypes.named($0.type) })
              ?? binding.initializer.map({ SwiftTypes.made(by: $0.value) }),
            let stated, SwiftTypes.sameType(stated, type)
          else { continue }
          found.append(Property(holder: holder, name: name))
        }
      }
      return .visitChildren
    }

    // A function's, accessor's or closure's body declares no member.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }

  /// `Type` or `Outer.Inner` written as an expression (capitalized names), else nil.
  private static func typeName(_ expression: ExprSyntax) -> String? {
    var expression = expression
    var names: [String] = []
    while let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
      guard member.declName.baseName.text.first?.isUppercase == true else { return nil }
      names.append(member.declName.baseName.text)
      expression = base
    }
    guard let reference = expression.as(DeclReferenceExprSyntax.self),
      reference.argumentNames == nil, reference.baseName.text.first?.isUppercase == true
    else { return nil }
    names.append(reference.baseName.text)
    return names.reversed().joined(separator: ".")
  }
}
