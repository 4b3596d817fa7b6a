import Dispatch
import PredicateEvaluation
import SceneJSON
import SourceReading
import SwiftSyntax

/// Assembles an ``AppCatalog`` from the files the walk read: SwiftUI apps and their scenes (custom
/// scene types expanded, root views followed across files), UIKit scene manifests, producers, and
/// the conditions each scene delegate class sets.
package struct AppCatalogBuilder {
  /// Swift files read so far; more are loaded when a followed type is declared in a file the
  /// walk did not read (no marker).
  private(set) var files: [AppSwiftFile]
  /// Loads the Swift files (not yet read) that may declare one of the names.
  package let load: (Set<String>) -> [AppSwiftFile]
  /// The module's constants, for a name a file uses and does not declare.
  package let module: ModuleIndex?
  private var index: [String: [(file: Int, type: Int)]] = [:]
  private var loaded: Set<String> = []
  private(set) var diagnostics: [LintDiagnostic] = []
  /// The platforms the declarations being read are compiled for: a name declared under
  /// mutually exclusive `#if os(…)` branches is one declaration per platform, and a lookup
  /// takes the one built where the code that names it is.
  private var platforms = CompiledPlatforms.everywhere
  /// The event handlers the last ``viewConditions(_:in:)`` search met (`onOpenURL file:line`).
  private var handlers: [String] = []

  /// How many levels of view types are followed from a scene's root view.
  package static let maximumViewDepth = 8
  /// How many custom `Scene` types may nest.
  package static let maximumSceneDepth = 16
  /// The most view bodies read for one scene (a wide tree stops here, as a deep one does).
  package static let maximumViewBodies = 400

  /// SwiftUI's own views and common types, never looked up in the tree.
  package static let builtInTypes: Set<String> = [
    "Text", "Image", "Label", "Button", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack",
    "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "List", "ForEach", "Group", "Section", "Form",
    "ScrollView", "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink",
    "TabView", "Tab", "Spacer", "Divider", "Color", "EmptyView", "AnyView", "GeometryReader",
    "Toggle", "Picker", "TextField", "SecureField", "TextEditor", "Link", "Menu", "ProgressView",
    "Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse", "Path", "Set", "Array",
    "String", "URL", "Date", "UUID", "Int", "Double", "Bool", "CGFloat", "CGSize", "Font",
    "LinearGradient", "ViewThatFits", "ContentUnavailableView", "Table", "TableColumn",
    "OutlineGroup", "DisclosureGroup", "Slider", "Stepper", "DatePicker", "ColorPicker",
    "ShareLink", "Gauge", "Canvas", "TimelineView", "ToolbarItem", "ToolbarItemGroup",
    "CommandMenu", "CommandGroup", "Binding", "State", "Environment", "Task", "NSViewRepresentable",
    "UIViewRepresentable", "UIViewControllerRepresentable",
  ]

  package init(
    files: [AppSwiftFile], module: ModuleIndex? = nil,
    load: @escaping (Set<String>) -> [AppSwiftFile]
  ) {
    self.files = []
    self.module = module
    self.load = load
    for file in files { add(file) }
  }

  private mutating func add(_ file: AppSwiftFile) {
    // A file read for its producers alone declares no type here; it is loaded whole if a
    // followed name may be declared in it.
    guard file.isWhole, loaded.insert(file.path).inserted else { return }
    files.append(file)
    for (position, type) in file.types.enumerated() {
      index[type.name, default: []].append((files.count - 1, position))
    }
  }

  /// The declarations of `name` (type and extensions), loading files that may hold them.
  private mutating func declarations(of names: Set<String>) {
    let missing = names.filter { index[$0] == nil && !Self.builtInTypes.contains($0) }
    guard !missing.isEmpty else { return }
    for file in load(missing) { add(file) }
    // Names still unknown are not looked up again.
    for name in missing where index[name] == nil { index[name] = [] }
  }

  private func types(named name: String) -> [(file: AppSwiftFile, type: AppTypeDeclaration)] {
    let all = (index[name] ?? []).map {
      (file: files[$0.file], type: files[$0.file].types[$0.type])
    }
    // Those built on a platform the reading is for, when the others are not.
    let built = all.filter { !$0.type.platforms.platforms.isDisjoint(with: platforms.platforms) }
    return built.isEmpty ? all : built
  }

  /// The `body` of a type named `name`, with its file: when several types have the name (two
  /// apps in one tree, each with its `ContentView`), the one nearest `near`, the file that names
  /// it.
  private func body(of name: String, near: String) -> (AppSwiftFile, CodeBlockItemListSyntax)? {
    Self.nearest(
      types(named: name).compactMap { entry in entry.type.body.map { (entry.file, $0) } },
      to: near)
  }

  /// The body of the view modifier `name` an `extension View` declares, with its file: the one
  /// nearest `near` when several do.
  private func viewMethod(_ name: String, near: String) -> (
    AppSwiftFile, CodeBlockItemListSyntax
  )? {
    Self.nearest(
      types(named: "View").compactMap { entry in
        entry.type.viewMethods[name].map { (entry.file, $0) }
      }, to: near)
  }

  /// Of declarations found in several files, the one whose file shares the most folders with
  /// `near`; the first in walk order among equals.
  private static func nearest<Value>(
    _ candidates: [(file: AppSwiftFile, value: Value)], to near: String
  ) -> (AppSwiftFile, Value)? {
    var best: (AppSwiftFile, Value)?
    var bestShared = -1
    for (file, value) in candidates {
      if file.path == near { return (file, value) }
      let shared = LintPaths.sharedFolders(near, file.path)
      if shared > bestShared {
        best = (file, value)
        bestShared = shared
      }
    }
    return best
  }

  /// The name of a scene member a `body` refers to: `name`, `self.name` or `name()` with a
  /// lowercase name; nil for anything else.
  package static func sceneMemberName(_ expression: ExprSyntax) -> String? {
    var target = expression
    if let call = expression.as(FunctionCallExprSyntax.self) { target = call.calledExpression }
    var name: String?
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = target.as(MemberAccessExprSyntax.self),
      member.base?.sourceText == "self"
    {
      name = member.declName.baseName.text
    }
    guard let name, name.first?.isLowercase == true else { return nil }
    return name
  }

  /// A scene member of the type `owner` (or an extension of it), nearest `near`.
  private func sceneMember(_ name: String, of owner: String, near: String) -> (
    AppSwiftFile, CodeBlockItemListSyntax
  )? {
    Self.nearest(
      types(named: owner).compactMap { entry in
        entry.type.sceneMembers[name].map { (entry.file, $0) }
      },
      to: near)
  }

  // MARK: SwiftUI apps

  /// Every `App` that is an entry point: `@main`, or named by an `X.main()` call.
  package mutating func swiftUIApps() -> [CatalogApp] {
    let called = Set(files.flatMap { $0.mainCalls.map(\.type) })
    var apps: [CatalogApp] = []
    for file in files {
      for type in file.types where type.keyword != "extension" && isApp(type, in: file) {
        guard type.isMain || called.contains(type.name) else { continue }
        platforms = type.platforms
        defer { platforms = .everywhere }
        guard let body = body(of: type.name, near: file.path) else {
          diagnostics.append(
            note(
              .notFollowed,
              "the App '\(type.name)' has no body in the tree; its scenes are unknown",
              file: file.path, line: type.line))
          continue
        }
        var availability: String?
        var first = SceneWalk()
        scenes(
          body.1, in: body.0, platforms: .everywhere, depth: 0, expanding: [type.name],
          walk: &first)
        availability = first.availability
        if let availability {
          var second = SceneWalk(choice: 1)
          scenes(
            body.1, in: body.0, platforms: .everywhere, depth: 0, expanding: [type.name],
            walk: &second)
          apps.append(app(type, file, first, variant: availability))
          apps.append(app(type, file, second, variant: "else of " + availability))
        } else {
          apps.append(app(type, file, first, variant: nil))
        }
      }
    }
    return apps
  }

  /// Whether `type` conforms to `App`: in its own declaration, or in an extension
  /// (`extension MyApp: SwiftUI.App`) that is the only one of the name or lies in its folder.
  private func isApp(_ type: AppTypeDeclaration, in file: AppSwiftFile) -> Bool {
    if type.inherited.contains("App") { return true }
    let declarations = types(named: type.name)
    let extensions = declarations.filter {
      $0.type.keyword == "extension" && $0.type.inherited.contains("App")
    }
    guard !extensions.isEmpty else { return false }
    let primaries = declarations.filter { $0.type.keyword != "extension" }.count
    if primaries == 1 { return true }
    let folder = file.path.split(separator: "/").dropLast()
    return extensions.contains { $0.file.path.split(separator: "/").dropLast() == folder }
  }

  private func app(
    _ type: AppTypeDeclaration, _ file: AppSwiftFile, _ walk: SceneWalk, variant: String?
  ) -> CatalogApp {
    var app = CatalogApp(name: type.name, file: file.path, line: type.line, variant: variant)
    app.platforms = type.platforms
    app.windowGroups = walk.scenes
    return app
  }

  /// The state of one walk over an app's scenes.
  private struct SceneWalk {
    /// Which branch of an `if #available` is taken: 0 the first, 1 the `else`.
    package var choice = 0
    /// The first `#available` condition met.
    package var availability: String?
    package var scenes: [SceneDeclaration] = []
    /// How many declarations of each kind so far (for `Kind N` names).
    package var counts: [String: Int] = [:]
  }

  private mutating func scenes(
    _ items: CodeBlockItemListSyntax, in file: AppSwiftFile, platforms: CompiledPlatforms,
    depth: Int,
    expanding: [String], walk: inout SceneWalk
  ) {
    for item in items {
      switch item.item {
      case .decl(let declaration):
        if let conditional = declaration.as(IfConfigDeclSyntax.self) {
          for clause in conditional.clauses {
            guard case .statements(let statements)? = clause.elements else { continue }
            scenes(
              statements, in: file,
              platforms: platforms.intersection(CompiledPlatforms.of(statements)), depth: depth,
              expanding: expanding, walk: &walk)
          }
        }
      case .stmt(let statement):
        if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
          scene(
            expression, in: file, platforms: platforms, depth: depth, expanding: expanding,
            walk: &walk)
        } else if let value = statement.as(ReturnStmtSyntax.self)?.expression {
          scene(
            value, in: file, platforms: platforms, depth: depth, expanding: expanding, walk: &walk)
        }
      case .expr(let expression):
        scene(
          expression, in: file, platforms: platforms, depth: depth, expanding: expanding,
          walk: &walk)
      }
    }
  }

  private mutating func scene(
    _ expression: ExprSyntax, in file: AppSwiftFile, platforms: CompiledPlatforms, depth: Int,
    expanding: [String], walk: inout SceneWalk
  ) {
    if let branch = expression.as(IfExprSyntax.self) {
      let isAvailability = branch.conditions.contains {
        if case .availability = $0.condition { true } else { false }
      }
      if isAvailability {
        walk.availability = walk.availability ?? branch.conditions.sourceText
        if walk.choice == 0 {
          scenes(
            branch.body.statements, in: file, platforms: platforms, depth: depth,
            expanding: expanding, walk: &walk)
        } else if case .codeBlock(let otherwise)? = branch.elseBody {
          scenes(
            otherwise.statements, in: file, platforms: platforms, depth: depth,
            expanding: expanding, walk: &walk)
        } else if case .ifExpr(let next)? = branch.elseBody {
          scene(
            ExprSyntax(next), in: file, platforms: platforms, depth: depth, expanding: expanding,
            walk: &walk)
        }
        return
      }
      // A run-time condition: both branches are declarations.
      scenes(
        branch.body.statements, in: file, platforms: platforms, depth: depth, expanding: expanding,
        walk: &walk)
      if case .codeBlock(let otherwise)? = branch.elseBody {
        scenes(
          otherwise.statements, in: file, platforms: platforms, depth: depth, expanding: expanding,
          walk: &walk)
      } else if case .ifExpr(let next)? = branch.elseBody {
        scene(
          ExprSyntax(next), in: file, platforms: platforms, depth: depth, expanding: expanding,
          walk: &walk)
      }
      return
    }
    let (core, modifiers) = Self.modifiers(of: expression)
    // `mainWindow`, `self.mainWindow` or `documentWindow()`: a member of the type whose body
    // is read, declared in the type or an extension, in any file.
    if let member = Self.sceneMemberName(core) {
      guard let owner = expanding.last,
        let (memberFile, statements) = sceneMember(member, of: owner, near: file.path)
      else {
        diagnostics.append(
          file.note(
            .notFollowed,
            "'\(SwiftValues.abbreviated(core))' is not a scene property or function of the type; "
              + "it is not expanded", at: core))
        return
      }
      let key = "\(owner).\(member)"
      guard !expanding.contains(key), depth < Self.maximumSceneDepth else {
        diagnostics.append(
          file.note(
            .recursion, "the scene member '\(member)' refers to itself; it is not expanded again",
            at: core))
        return
      }
      expand(
        statements, in: memberFile, platforms: platforms, depth: depth + 1,
        expanding: expanding + [key, owner], modifiers: modifiers, writtenIn: file, walk: &walk)
      return
    }
    guard let call = core.as(FunctionCallExprSyntax.self), let name = Self.calleeName(call) else {
      return
    }
    if name == "Group" {
      if let closure = call.trailingClosure {
        scenes(
          closure.statements, in: file, platforms: platforms, depth: depth, expanding: expanding,
          walk: &walk)
      }
      return
    }
    guard let kind = SceneKind(rawValue: name) else {
      // A custom Scene type: its own body, in any file.
      guard name.first?.isUppercase == true else { return }
      guard !expanding.contains(name) else {
        diagnostics.append(
          file.note(
            .recursion,
            "the Scene '\(name)' refers to itself (through \(expanding.joined(separator: " → "))); "
              + "it is not expanded again", at: call))
        return
      }
      guard depth < Self.maximumSceneDepth else {
        diagnostics.append(
          file.note(
            .notFollowed,
            "scene types nest deeper than \(Self.maximumSceneDepth); '\(name)' is not expanded",
            at: call))
        return
      }
      declarations(of: [name])
      guard let (bodyFile, statements) = body(of: name, near: file.path) else {
        diagnostics.append(
          file.note(
            .notFollowed, "'\(name)' is not a Scene type declared in the tree; it is not expanded",
            at: call))
        return
      }
      expand(
        statements, in: bodyFile, platforms: platforms, depth: depth + 1,
        expanding: expanding + [name], modifiers: modifiers, writtenIn: file, walk: &walk)
      return
    }
    walk.counts[name, default: 0] += 1
    let values = AppSwiftFile.values(of: call, module: module)
    let arguments = Array(call.arguments)
    func stringArgument(_ expression: ExprSyntax?) -> String? {
      guard let expression else { return nil }
      if case .text(let text, _, _) = values.string(expression) { return text.value }
      // `Text("Title")`
      if let inner = expression.as(FunctionCallExprSyntax.self),
        Self.calleeName(inner) == "Text", let first = inner.arguments.first?.expression,
        case .text(let text, _, _) = values.string(first)
      {
        return text.value
      }
      return nil
    }
    let idExpression = arguments.first { $0.label?.text == "id" }?.expression
    let id = stringArgument(idExpression)
    if let idExpression, id == nil {
      let written = SwiftValues.abbreviated(idExpression)
      if SwiftValues.constantReference(idExpression) != nil {
        // A constant whose value the tree does not hold: one value, unknown here.
        diagnostics.append(
          file.note(.runtimeValue, "the \(name)'s id '\(written)' is a run-time value", at: call))
      } else {
        var finding = file.note(
          .unstableWindowID,
          "the \(name)'s id '\(written)' is computed at run time: an id identifies the group "
            + "(WindowGroup's init(id:)), so openWindow(id:) must compute the same string to open "
            + "it, and a value that differs between launches matches no window restored with the "
            + "old one", at: call)
        finding.fixDescription = "declare the id as a constant, and open it by that constant"
        diagnostics.append(finding)
      }
    }
    let titleArgument = arguments.first {
      $0.label == nil && !$0.expression.is(ClosureExprSyntax.self)
    }
    let title = stringArgument(titleArgument?.expression)
    var presented: String?
    if let type = arguments.first(where: { $0.label?.text == "for" })?.expression {
      let text = type.sourceText
      presented = text.hasSuffix(".self") ? String(text.dropLast(5)) : text
    }
    var declaration = SceneDeclaration(
      kind: kind, id: id, title: title, presentedType: presented,
      configuration: id ?? title ?? "\(name) \(walk.counts[name]!)", platforms: platforms,
      file: file.path, line: file.line(call))
    declaration.idReference = idExpression.flatMap(SwiftValues.constantReference)
    declaration.idIsUnknown = idExpression != nil && id == nil
    if !platforms.undecided.isEmpty {
      diagnostics.append(
        file.note(
          .buildCondition,
          "the \(name) is under #if \(platforms.undecided.joined(separator: ", ")), which the "
            + "source does not fix: it is read as built where either branch may be",
          at: call))
    }
    let content =
      call.trailingClosure
      ?? arguments.last { $0.expression.is(ClosureExprSyntax.self) }?.expression.as(
        ClosureExprSyntax.self)
    if let content {
      let outer = self.platforms
      self.platforms = outer.intersection(platforms)
      defer { self.platforms = outer }
      let (views, unknown, notes) = viewConditions(content, in: file)
      declaration.views = views
      declaration.viewsUnknown = unknown
      declaration.eventHandlers = handlers
      diagnostics += notes
    }
    walk.scenes += apply(modifiers, in: file, to: declaration)
  }

  /// The modifiers of a scene expression, outermost first, and what they modify: those under a
  /// postfix `#if` (`WindowGroup { … }` then `#if os(macOS) .defaultSize(…) #endif`) among them,
  /// each with the clauses around it (``CompiledPlatforms/of(_:)``).
  package static func modifiers(of expression: ExprSyntax) -> (
    core: ExprSyntax, modifiers: [FunctionCallExprSyntax]
  ) {
    var modifiers: [FunctionCallExprSyntax] = []
    var core = expression
    // A chain written in a clause starts at an implicit member (`.defaultSize(…)`).
    func chain(_ expression: ExprSyntax) -> [FunctionCallExprSyntax] {
      var calls: [FunctionCallExprSyntax] = []
      var current: ExprSyntax? = expression
      while let step = current {
        if let call = step.as(FunctionCallExprSyntax.self),
          let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
          calls.append(call)
          current = member.base
        } else if let postfix = step.as(PostfixIfConfigExprSyntax.self) {
          calls += clauses(postfix)
          current = postfix.base
        } else {
          current = nil
        }
      }
      return calls
    }
    func clauses(_ postfix: PostfixIfConfigExprSyntax) -> [FunctionCallExprSyntax] {
      postfix.config.clauses.flatMap { clause -> [FunctionCallExprSyntax] in
        guard case .postfixExpression(let written)? = clause.elements else { return [] }
        return chain(written)
      }
    }
    while true {
      if let call = core.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
        !(base.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI")
      {
        modifiers.append(call)
        core = base
      } else if let postfix = core.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
        modifiers += clauses(postfix)
        core = base
      } else {
        return (core, modifiers)
      }
    }
  }

  /// The scenes a custom scene type or a scene member declares, with the modifiers written on
  /// the reference to it (in `file`) applied to each that has no `matching:` set of its own.
  ///
  /// **Decision:** the `handlesExternalEvents(matching:)` nearest a scene declaration wins, as
  /// within one chain of modifiers (where the one written first, on the declaration, is
  /// applied last). SwiftUI does not say which of two nested sets applies.
  private mutating func expand(
    _ statements: CodeBlockItemListSyntax, in source: AppSwiftFile, platforms: CompiledPlatforms,
    depth: Int, expanding: [String], modifiers: [FunctionCallExprSyntax],
    writtenIn file: AppSwiftFile, walk: inout SceneWalk
  ) {
    let before = walk.scenes.count
    scenes(
      statements, in: source, platforms: platforms, depth: depth, expanding: expanding,
      walk: &walk)
    let declared = walk.scenes[before...]
    walk.scenes.removeSubrange(before...)
    for declaration in declared {
      walk.scenes +=
        declaration.matching == nil
        ? apply(modifiers, in: file, to: declaration) : [declaration]
    }
  }

  /// The declaration with the `handlesExternalEvents(matching:)` among `modifiers` applied: one
  /// declaration, or two when the set is written under `#if os(…)` for some of its platforms
  /// only (the group with the set where it is compiled, without it elsewhere).
  private mutating func apply(
    _ modifiers: [FunctionCallExprSyntax], in file: AppSwiftFile,
    to declaration: SceneDeclaration
  ) -> [SceneDeclaration] {
    var declarations = [declaration]
    for modifier in modifiers {
      guard
        modifier.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
          == "handlesExternalEvents",
        let argument = modifier.arguments.first(where: { $0.label?.text == "matching" })
      else { continue }
      let (strings, unknown) = strings(argument.expression, in: file)
      let compiled = CompiledPlatforms.of(modifier)
      if !compiled.undecided.isEmpty {
        diagnostics.append(
          file.note(
            .buildCondition,
            "handlesExternalEvents(matching:) is under #if "
              + "\(compiled.undecided.joined(separator: ", ")), which the source does not fix: "
              + "it is read as built where either branch may be", at: modifier))
      }
      declarations = declarations.flatMap { declaration -> [SceneDeclaration] in
        let platforms = declaration.platforms.platforms
        let inside = platforms.intersection(compiled.platforms)
        guard !inside.isEmpty else { return [declaration] }
        var with = declaration
        with.matching = strings
        with.matchingUnknown = unknown
        guard inside != platforms else { return [with] }
        with.platforms = declaration.platforms.intersection(compiled)
        var without = declaration
        without.platforms.platforms.subtract(inside)
        without.platforms.surely.subtract(inside)
        without.platforms.clauses.append("#else of " + compiled.clauses.joined(separator: ", "))
        return [with, without]
      }
    }
    return declarations
  }

  /// A SwiftUI set's strings (one built by interpolation a template), or why it is unknown.
  package func strings(_ expression: ExprSyntax, in file: AppSwiftFile) -> (
    [Template], unknown: String?
  ) {
    var builder = SwiftSourceBuilder(
      values: AppSwiftFile.values(of: expression, module: module, path: file.path))
    switch builder.set(expression, depth: 0) {
    case .strings(let texts): return (texts.compactMap(\.value).map { Template($0) }, nil)
    case .templates(let templates): return (templates, nil)
    case .notCheckable(let reason): return ([], reason)
    default: return ([], "a run-time value")
    }
  }

  package static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
    var callee = call.calledExpression
    if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
    if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = callee.as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self),
      base.baseName.text == "SwiftUI", base.argumentNames == nil
    {
      return member.declName.baseName.text
    }
    return nil
  }

  // MARK: Views

  /// The view-level sets reached from a scene's content: every
  /// `handlesExternalEvents(preferring:allowing:)` in the content and in the bodies of the view
  /// types it names, followed across files for ``maximumViewDepth`` levels. Nil sets when none
  /// is found; a reason when the search could not be finished (then the sets are unknown).
  private mutating func viewConditions(_ content: ClosureExprSyntax, in file: AppSwiftFile) -> (
    ViewConditions?, String?, [LintDiagnostic]
  ) {
    // Every `handlesExternalEvents(preferring:allowing:)` found, each as its own conditions.
    var sites: [ViewConditions] = []
    var notes: [LintDiagnostic] = []
    handlers = []
    var seen: Set<String> = []
    var level: [(AppSwiftFile, Syntax)] = [(file, Syntax(content))]
    var bodies = 0
    for depth in 0...Self.maximumViewDepth {
      var names: [String] = []
      var methods: [String] = []
      for ((source, _), scan) in zip(level, Self.scanned(level.map(\.1))) {
        for call in scan.modifiers {
          let preferring = call.arguments.first { $0.label?.text == "preferring" }
          let allowing = call.arguments.first { $0.label?.text == "allowing" }
          func set(_ argument: LabeledExprSyntax?) -> (strings: [Template], unknown: String?) {
            guard let argument else { return ([], nil) }
            return strings(argument.expression, in: source)
          }
          let prefers = set(preferring)
          let allows = set(allowing)
          let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
          sites.append(
            ViewConditions(
              preferring: prefers.strings, allowing: allows.strings,
              preferringUnknown: prefers.unknown, allowingUnknown: allows.unknown,
              file: source.path, line: name.map { source.line($0) } ?? source.line(call),
              // The clauses within the view's type: a type declared once per platform
              // (`#if os(iOS) struct ContentView … #else struct ContentView …`) is followed
              // once, and its `#if` does not take its sets from the other platforms.
              platforms: CompiledPlatforms.of(call, withinType: true)))
        }
        for name in scan.typeNames where seen.insert(name).inserted { names.append(name) }
        for name in scan.methodNames where seen.insert("." + name).inserted {
          methods.append(name)
        }
        for handler in scan.handlers {
          let name =
            handler.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
          let token = handler.calledExpression.as(MemberAccessExprSyntax.self)?.declName
          handlers.append(
            "\(name) \(source.path):\(token.map { source.line($0) } ?? source.line(handler))")
        }
      }
      if depth == 0, let built = Self.runtimeRoot(content) {
        return (
          nil, "the root view is built at run time by '\(SwiftValues.abbreviated(built))'",
          [
            file.note(
              .notFollowed,
              "the scene's root view is built at run time by '\(SwiftValues.abbreviated(built))'; "
                + "its view-level conditions are unknown", at: built)
          ]
        )
      }
      declarations(of: Set(names))
      var next: [(AppSwiftFile, Syntax)] = []
      for name in names {
        guard let (bodyFile, body) = body(of: name, near: file.path) else { continue }
        next.append((bodyFile, Syntax(body)))
      }
      if !methods.isEmpty { declarations(of: ["View"]) }
      for name in methods {
        guard let (methodFile, body) = viewMethod(name, near: file.path) else { continue }
        next.append((methodFile, Syntax(body)))
      }
      guard !next.isEmpty else { return (ViewConditions.merged(sites), nil, notes) }
      bodies += next.count
      if depth == Self.maximumViewDepth || bodies > Self.maximumViewBodies {
        let stop = names.first { body(of: $0, near: file.path) != nil } ?? names[0]
        notes.append(
          file.note(
            .notFollowed,
            "the scene's views were followed \(depth) levels (\(bodies) bodies) and stop at '\(stop)'; "
              + "its view-level conditions are unknown", at: content))
        return (
          ViewConditions.merged(sites), "views followed \(depth) levels deep stop at '\(stop)'",
          notes
        )
      }
      level = next
    }
    return (ViewConditions.merged(sites), nil, notes)
  }

  /// The expression a scene's content is built by when it is no view type's initializer: a
  /// function's result (`makeRoot()`) or a stored view (`content`), whose views the source does
  /// not show here.
  package static func runtimeRoot(_ content: ClosureExprSyntax) -> ExprSyntax? {
    guard content.statements.count == 1, let first = content.statements.first else { return nil }
    var expression: ExprSyntax
    switch first.item {
    case .expr(let value): expression = value
    case .stmt(let statement):
      guard let value = statement.as(ExpressionStmtSyntax.self)?.expression else { return nil }
      expression = value
    default: return nil
    }
    let written = expression
    // Modifiers apply to whatever the core is.
    expression = modifiers(of: expression).core
    if let call = expression.as(FunctionCallExprSyntax.self) {
      // `ContentView()`, `Views.Root()`, `Root<Model>()`: a view type's initializer.
      let callee = call.calledExpression.sourceText.prefix { $0 != "<" }
      if callee.split(separator: ".").last?.first?.isUppercase == true { return nil }
      return written
    }
    if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
      return written
    }
    return nil
  }

  /// What ``ViewScan`` finds in one body, apart from the visitor so that it crosses threads.
  private struct ViewScanned: Sendable {
    var modifiers: [FunctionCallExprSyntax]
    var typeNames: [String]
    var handlers: [FunctionCallExprSyntax]
    var methodNames: [String]
  }

  /// Each of `bodies` scanned, in order. A level of a view tree can hold hundreds of bodies,
  /// each scanned on its own, so they are scanned on every core (a tree is read-only, and
  /// swift-syntax builds its nodes' data under its own lock); the caller reads the results in
  /// the level's order, so the catalogue is the same as one scan after another.
  private static func scanned(_ bodies: [Syntax]) -> [ViewScanned] {
    @Sendable func scan(_ body: Syntax) -> ViewScanned {
      let scan = ViewScan(viewMode: .sourceAccurate)
      scan.walk(body)
      return ViewScanned(
        modifiers: scan.modifiers, typeNames: scan.typeNames, handlers: scan.handlers,
        methodNames: scan.methodNames)
    }
    guard bodies.count > 1 else { return bodies.map(scan) }
    let found = Locked([ViewScanned?](repeating: nil, count: bodies.count))
    DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
      let result = scan(bodies[index])
      found.withLock { $0[index] = result }
    }
    return found.withLock { $0 }.map { $0! }
  }

  /// The view modifiers, the view type names and the names of the methods called in a piece of
  /// view code.
  private final class ViewScan: SyntaxVisitor {
    package var modifiers: [FunctionCallExprSyntax] = []
    package var typeNames: [String] = []
    /// `onOpenURL` and `onContinueUserActivity` calls: the views take external events.
    package var handlers: [FunctionCallExprSyntax] = []
    /// The lowercase names called, `.name(…)` or `name(…)`: an app's own view modifiers among
    /// them (`extension View { func routesNotes() -> some View }`).
    package var methodNames: [String] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      // `.modifier(…)` on a view, or `modifier(…)` inside an extension's method (on `self`).
      let member =
        node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      if member == "onOpenURL" || member == "onContinueUserActivity" {
        handlers.append(node)
      }
      if let member, member != "handlesExternalEvents", member.first?.isLowercase == true,
        !methodNames.contains(member)
      {
        methodNames.append(member)
      }
      if member == "handlesExternalEvents",
        node.arguments.contains(where: { ["preferring", "allowing"].contains($0.label?.text) })
      {
        modifiers.append(node)
      } else if let name = AppCatalogBuilder.calleeName(node), name.first?.isUppercase == true,
        !AppCatalogBuilder.builtInTypes.contains(name), !typeNames.contains(name)
      {
        typeNames.append(name)
      }
      return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .visitChildren }
  }

  // MARK: App Intents

  /// Producers for the App Intents adopting `TargetContentProvidingIntent` or
  /// `UISceneAppIntent`: the `contentIdentifier` the type (or an extension) declares, or the
  /// type's name, the documented default.
  package func intents() -> [Producer] {
    var producers: [Producer] = []
    var done: Set<String> = []
    for file in files {
      for type in file.types
      where type.inherited.contains("TargetContentProvidingIntent")
        || type.inherited.contains("UISceneAppIntent")
      {
        guard done.insert(type.name).inserted else { continue }
        var producer = Producer(
          kind: .appIntent, file: file.path, line: type.line, detail: type.name)
        let declared = types(named: type.name).lazy.compactMap { entry in
          entry.type.contentIdentifier.map { (entry.file, $0) }
        }.first
        if let (source, binding) = declared {
          let expression =
            binding.initializer?.value
            ?? AppSwiftFile.returned(binding)
          if let expression {
            switch AppSwiftFile.values(of: expression, module: module).string(expression) {
            case .text(let text, _, _): producer.identifier = text.value
            case .template(let template, _): producer.template = template
            case .runtime(let reason): producer.unknown = reason
            }
          } else {
            producer.unknown = "contentIdentifier is computed by statements"
          }
          producer.line = source.line(binding)
          producer = Producer(
            kind: .appIntent, file: source.path, line: producer.line,
            identifier: producer.identifier, template: producer.template,
            unknown: producer.unknown, detail: type.name)
        } else {
          producer.identifier = type.name
        }
        producers.append(producer)
      }
    }
    return producers
  }

  private func note(_ rule: LintRule, _ message: String, file: String, line: Int) -> LintDiagnostic
  {
    LintDiagnostic(
      file: file, line: line, column: 1, endLine: line, endColumn: 1, scalarColumn: 1,
      scalarEndColumn: 1, severity: rule.severity, id: rule.id, message: message
    )
  }

  /// The delegate-class line ranges of every Swift type named `name`.
  package func ranges(of name: String) -> [(file: String, lines: ClosedRange<Int>)] {
    types(named: name).map { ($0.file.path, $0.type.line...max($0.type.line, $0.type.endLine)) }
  }
}

extension AppSwiftFile {
  /// The single expression a computed property returns (`var x: String { "a" }`).
  package static func returned(_ binding: PatternBindingSyntax) -> ExprSyntax? {
    guard let accessors = binding.accessorBlock?.accessors else { return nil }
    let statements: CodeBlockItemListSyntax?
    switch accessors {
    case .getter(let list): statements = list
    case .accessors(let list):
      statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
    }
    guard let statements, statements.count == 1, let only = statements.first else { return nil }
    switch only.item {
    case .expr(let expression): return expression
    case .stmt(let statement):
      if let value = statement.as(ReturnStmtSyntax.self)?.expression { return value }
      return statement.as(ExpressionStmtSyntax.self)?.expression
    default: return nil
    }
  }
}
