import PortableIO
import SourceReading
import SwiftParser
import SwiftSyntax

/// A Swift file read for the app model: its type declarations (with their `body`), the
/// `X.main()` calls that choose an entry point, and the events it produces.
///
/// Built on every core, one file at a time, like the lint's conditions; the catalogue is
/// assembled from these afterwards (``AppCatalogBuilder``), when every file's types are known.
///
/// The file keeps no syntax tree of its own: the nodes it keeps (a type's `body`, an intent's
/// `contentIdentifier`) keep theirs alive, and a file that only produces events lets its tree go
/// at once, as the lint does, so that a large tree's parses reuse memory.
package struct AppSwiftFile: Sendable {
  package let path: String
  package let lines: SourceLines
  /// Types and extensions, in source order.
  package var types: [AppTypeDeclaration] = []
  /// `X.main()` calls (a `main.swift`, or a `@main` type's `static func main()`).
  package var mainCalls: [(type: String, line: Int)] = []
  package var producers: [Producer] = []
  /// Scene configurations made in code (`UISceneConfiguration(name:sessionRole:)`, returned by
  /// `application(_:configurationForConnecting:options:)`), with the delegate class set on them.
  package var configurations: [SceneConfigurationEntry] = []
  /// How the file's `application(_:configurationForConnecting:options:)` chooses a new scene's
  /// configuration, when the file implements it.
  package var configurationChoice: ConfigurationChoice?
  /// AppKit app delegate methods that receive files (`application(_:openFile:)`,
  /// `application(_:openFiles:)`, `application(_:open:)` with `[URL]`), as document producers.
  package var fileHandlers: [Producer] = []
  package var diagnostics: [LintDiagnostic] = []
  /// The helpers of this file other files may call with a producer's value (``HelperRelay``).
  package var relays: [HelperRelay] = []
  /// The names the reading looked for and the file does not declare (``SwiftValues/external``):
  /// a reading with the module's index may know more.
  package var external: Set<ModuleName> = []
  /// The tree and bytes of a whole reading that looked for names the file does not declare,
  /// kept until the module's index reads it again (``reading(through:)``).
  private var parsed: Parsed?

  /// A reading's tree, the bytes it was parsed from, and for a sparse reading the original
  /// bytes and their sparse copy (a name the module's reading looks up must not be blanked).
  private struct Parsed: Sendable {
    var tree: SourceFileSyntax
    var scanning: [UInt8]
    var lines: SourceLines
    var sparse: (original: [UInt8], blanked: [UInt8])?
    /// What the first reading learned from the tree alone, for the second to start from.
    var lookups: SwiftValues.TreeLookups? = nil
  }
  /// Whether the whole file was read; false for a file read for its producers alone
  /// (``producers(path:bytes:)``), whose types are not known.
  package var isWhole = true

  /// The byte patterns one of which a Swift file must hold to be read for the app model, besides
  /// the lint's own markers (a `main.swift` is read whatever it holds). Few, and each starting
  /// with a byte that is rare in code, so the search runs near memchr speed: `Scene` covers
  /// `some Scene`, `: Scene`, `requestSceneSessionActivation` and `UISceneAppIntent`; `Window`
  /// covers `WindowGroup`, `Window(` and `openWindow`; `ContentIdentifier` covers
  /// `targetContentIdentifier` and an intent's `contentIdentifier`. The URLs an app opens:
  /// `Link(`, the `\.openURL` environment key a view calls `openURL` through, `widgetURL` and
  /// `UIApplication.shared.open`; an AppKit app delegate, which may receive files.
  package static let markers: [[UInt8]] = [
    "Scene", "Window", "@main", "ContentProvidingIntent", "Link(", "\\.openURL", "widgetURL",
    "UIApplication.shared.open", "NSApplicationDelegate", "openFile",
  ].map { Array($0.utf8) }
  // (`UISceneConfiguration(` holds `Scene`.)

  /// Whether `bytes` holds one of ``markers``.
  package static func holdsMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    marks(bytes).holdsMarker
  }

  /// What the walk asks of a Swift file for the app model, found in one scan of its bytes
  /// (``BytePatterns``): whether it holds one of ``markers``, names a producer
  /// (``producerMarker``), or mentions `View` (a view type may be declared in it).
  package struct Marks: Sendable {
    package var holdsMarker: Bool
    package var namesProducer: Bool
    package var mentionsView: Bool
  }

  private static let markPatterns = BytePatterns(
    markers + [producerMarker, Array("View".utf8)])

  package static func marks(_ bytes: UnsafeBufferPointer<UInt8>) -> Marks {
    let found = markPatterns.found(in: bytes)
    let markerBits: UInt64 = (1 << markers.count) - 1
    return Marks(
      holdsMarker: found & markerBits != 0, namesProducer: found & (1 << markers.count) != 0,
      mentionsView: found & (1 << (markers.count + 1)) != 0)
  }

  /// The marker of a producer (`targetContentIdentifier`): a file that has no other marker is
  /// parsed only when it assigns one (``assignsIdentifier(_:)``), since most files that name it
  /// read it (a scene delegate's `userActivity.targetContentIdentifier`).
  package static let producerMarker = Array("ContentIdentifier".utf8)

  /// Whether `bytes` writes `…ContentIdentifier = ` somewhere (not `==`): a byte test that may
  /// also hit a comment or a string, and never misses an assignment (line breaks and comments
  /// may stand between the name and `=`, as the parser allows).
  package static func assignsIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !identifierAssignments(bytes, first: true).isEmpty
  }

  /// The offsets of the `…ContentIdentifier = ` that `bytes` writes (of the marker's first
  /// byte), or the first only.
  package static func identifierAssignments(
    _ bytes: UnsafeBufferPointer<UInt8>, first: Bool = false
  )
    -> [Int]
  {
    let marker = producerMarker
    var found: [Int] = []
    guard bytes.count > marker.count else { return found }
    var position = 0
    while let at = System.firstOffset(of: marker, in: bytes, from: position) {
      let next = SwiftSkeleton.skippingTrivia(bytes, from: at + marker.count)
      if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "="),
        bytes[next + 1] != UInt8(ascii: "=")
      {
        found.append(at)
        if first { return found }
      }
      position = max(next, at + 1)
    }
    return found
  }

  /// Reads a file for the identifiers it assigns alone, parsing only the members that assign
  /// them (``SwiftSkeleton/sparse(_:around:)``): most of a file that produces an event is other
  /// code. Nil when that reading might differ from the whole file's, and the caller parses the
  /// file whole (see ``sparse(path:bytes:around:)``; also when the file calls `X.main()`, an
  /// entry point the whole reading would record).
  ///
  /// The result keeps no types (its other members are blank): a type the file declares is
  /// found, when a view chain names it, through the walk's declaration index, like the type of
  /// a file the walk did not parse.
  package static func producers(path: String, bytes: [UInt8]) -> AppSwiftFile? {
    let sites = bytes.withUnsafeBufferPointer { whole -> [Int]? in
      guard !System.contains(whole, Array(".main(".utf8)) else { return nil }
      return identifierAssignments(whole)
    }
    guard let sites, var file = sparse(path: path, bytes: bytes, around: sites) else { return nil }
    file.types = []
    file.isWhole = false
    return file
  }

  /// Reads a file a view chain names (one the walk did not read whole: it holds none of the
  /// markers, so no scene, condition or value the catalogue reads), parsing only its members
  /// that hold one of the scanner's bytes of interest; those include every type keyword and
  /// `body`, so its types are read as from the whole file. The whole file when that cannot be;
  /// nil when `[` nests too deep for the parser (the file is not read, as the walk reads none
  /// such).
  package static func followed(path: String, bytes: [UInt8]) -> AppSwiftFile? {
    if let file = sparse(path: path, bytes: bytes, around: interestOffsets(bytes)) { return file }
    guard SwiftExtractor.excessiveBracketNesting(bytes) == nil else { return nil }
    return AppSwiftFile(path: path, bytes: bytes)
  }

  /// Where `bytes` holds one of the scanner's bytes of interest.
  package static func interestOffsets(_ bytes: [UInt8]) -> [Int] {
    bytes.withUnsafeBufferPointer { Scanner.interestPatterns.offsets(in: $0) }
  }

  /// Reads `bytes` parsed with only the members around `sites` (``SwiftSkeleton/sparse(_:around:)``);
  /// nil when that reading might differ from the whole file's: braces or brackets that do not
  /// nest cleanly, a parse error, or a name the reading looked up among the file's declarations
  /// that a blanked member writes.
  private static func sparse(path: String, bytes: [UInt8], around sites: [Int]) -> AppSwiftFile? {
    sparse(path: path, bytes: bytes, around: sites, compacting: true)?.file
  }

  /// A file that also holds activation conditions, read from one parse kept around the scanner's
  /// bytes of interest and `conditionSites` (the lint's markers): the app's reading, as from
  /// the whole file (``followed(path:bytes:)``), and the tree and sparse bytes it was parsed
  /// from, every offset where it is in `bytes`, for the lint to read the conditions from.
  /// Nil when the app's reading might differ from the whole file's.
  package static func sparseWithConditions(
    path: String, bytes: [UInt8], conditionSites: [Int]
  ) -> (file: AppSwiftFile, tree: SourceFileSyntax, sparse: [UInt8])? {
    sparse(
      path: path, bytes: bytes, around: interestOffsets(bytes) + conditionSites, compacting: false)
  }

  /// The sparse reading, from `bytes` blanked around `sites` and, when `compacting`, with the
  /// lines blanked whole emptied (cheaper to parse; offsets then move, lines and columns stay).
  private static func sparse(
    path: String, bytes: [UInt8], around sites: [Int], compacting: Bool
  ) -> (file: AppSwiftFile, tree: SourceFileSyntax, sparse: [UInt8])? {
    guard let sparse = SwiftSkeleton.sparse(bytes, around: sites) else { return nil }
    let parsed = compacting ? SwiftSkeleton.compacted(sparse, original: bytes) : sparse
    let tree = parsed.withUnsafeBufferPointer { Parser.parse(source: $0) }
    guard !tree.hasError else { return nil }
    var consulted: Set<String> = []
    var lookups: SwiftValues.TreeLookups?
    let lines = SourceLines(swift: parsed)
    var file = AppSwiftFile(
      path: path, lines: lines, tree: tree, scanning: parsed, consulted: &consulted,
      lookups: &lookups)
    guard
      !consulted.contains(where: {
        SwiftSkeleton.blankedWord($0, original: bytes, sparse: sparse)
      })
    else { return nil }
    if !file.external.isEmpty {
      file.parsed = Parsed(
        tree: tree, scanning: parsed, lines: lines, sparse: (bytes, sparse), lookups: lookups)
    }
    return (file, tree, sparse)
  }

  /// Parses `bytes` and reads them whole, resolving the names the file does not declare through
  /// `module`.
  package init(path: String, bytes: [UInt8], module: ModuleIndex) {
    var consulted: Set<String> = []
    var lookups: SwiftValues.TreeLookups?
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    self.init(
      path: path, lines: SourceLines(swift: bytes), tree: tree,
      scanning: bytes, module: module, consulted: &consulted, lookups: &lookups)
  }

  /// Parses `bytes` and reads them.
  package init(path: String, bytes: [UInt8]) {
    self.init(
      path: path, bytes: bytes, tree: bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
  }

  /// Reads a file already parsed (the lint's tree, when the file holds conditions too).
  package init(path: String, bytes: [UInt8], tree: SourceFileSyntax) {
    var consulted: Set<String> = []
    var lookups: SwiftValues.TreeLookups?
    self.init(
      path: path, lines: SourceLines(swift: bytes), tree: tree,
      scanning: bytes, consulted: &consulted, lookups: &lookups)
    // A file that looked for names it does not declare is read again through the module's
    // index once the walk has built it: its tree is kept for that, so it is parsed once.
    if !external.isEmpty {
      parsed = Parsed(tree: tree, scanning: bytes, lines: lines, sparse: nil, lookups: lookups)
    }
  }

  /// Reads this file again, resolving the names it does not declare through `module`: from the
  /// tree the first reading kept, else parsed anew.
  package func reading(through module: ModuleIndex) -> AppSwiftFile? {
    guard let parsed else { return nil }
    var consulted: Set<String> = []
    var lookups = parsed.lookups
    var file = AppSwiftFile(
      path: path, lines: parsed.lines, tree: parsed.tree, scanning: parsed.scanning,
      module: module, consulted: &consulted, lookups: &lookups)
    if let (original, blanked) = parsed.sparse {
      guard
        !consulted.contains(where: {
          SwiftSkeleton.blankedWord($0, original: original, sparse: blanked)
        })
      else { return nil }
      file.types = isWhole ? file.types : []
      file.isWhole = isWhole
    }
    return file
  }

  /// Reads `tree`, parsed from `scanning` (the file's bytes, or their sparse copy), and says
  /// which names the reading looked up among the file's declarations.
  private init(
    path: String, lines: SourceLines, tree: SourceFileSyntax, scanning: [UInt8],
    module: ModuleIndex? = nil, consulted: inout Set<String>,
    lookups: inout SwiftValues.TreeLookups?
  ) {
    self.path = path
    self.lines = lines
    let scanner = Scanner(
      file: self, tree: tree, bytes: scanning, module: module, lookups: lookups)
    scanner.walk(tree)
    lookups = scanner.values.treeLookups
    types = scanner.types
    mainCalls = scanner.mainCalls
    producers = scanner.producers
    let roles = scanner.configurationChoice?.roles ?? [:]
    configurations = scanner.configurations.map { found in
      var entry = found.entry
      entry.delegateClass = scanner.delegateClasses[found.variable]
      entry.sceneClass = scanner.sceneClasses[found.variable]
      // A configuration returned for the external display is a scene of that role, whatever
      // its `sessionRole:` reads (`connectingSceneSession.role`).
      if let name = entry.name, let role = roles[name]?.first {
        entry.role = SessionRoleKeys.key(role: role)
      }
      return entry
    }
    configurationChoice = scanner.configurationChoice
    fileHandlers = scanner.fileHandlers
    diagnostics = scanner.diagnostics
    // A set's order changes from one reading to the next: sorted on every field, overloads of
    // one name (a FuzzApp finding) come in one order.
    relays = scanner.relays.sorted { $0.order.lexicographicallyPrecedes($1.order) }
    // Where the file writes a name it binds `openWindow` to, a call may open a window: a
    // sparse reading that blanked one is not the file's.
    consulted = scanner.values.consulted.union(scanner.renamedActions)
    external = scanner.values.external
  }

  /// What the calls `bytes` (the file at `path`) makes of `relays`, helpers of other files:
  /// their producers read at each call (``HelperRelay``), with the module's index for the names
  /// the calls use. None when the file cannot be parsed (`[` nested too deep).
  package static func producers(
    path: String, bytes: [UInt8], calling relays: [HelperRelay], module: ModuleIndex
  ) -> [Producer] {
    guard SwiftExtractor.excessiveBracketNesting(bytes) == nil else { return [] }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let file = AppSwiftFile(path: path, lines: SourceLines(swift: bytes))
    let scanner = Scanner(file: file, tree: tree, bytes: bytes, module: module)
    return relays.flatMap { scanner.producers(calling: $0) }
  }

  /// A file read for nothing yet: its path and lines, for a reading that makes its own parts.
  private init(path: String, lines: SourceLines) {
    self.path = path
    self.lines = lines
  }

  /// The file's values (constants, raw values), as seen from `node`'s tree.
  package static func values(
    of node: some SyntaxProtocol, module: ModuleIndex? = nil, path: String = ""
  ) -> SwiftValues {
    SwiftValues(
      node.root.as(SourceFileSyntax.self)
        ?? SourceFileSyntax(statements: [], endOfFileToken: .endOfFileToken()),
      path: path, module: module)
  }

  /// The 1-based line of a node's first token.
  package func line(_ node: some SyntaxProtocol) -> Int {
    lines.location(node.positionAfterSkippingLeadingTrivia.utf8Offset).line
  }

  /// An info note at `node`.
  package func note(_ rule: LintRule, _ message: String, at node: some SyntaxProtocol)
    -> LintDiagnostic
  {
    let (line, column) = lines.location(node.positionAfterSkippingLeadingTrivia.utf8Offset)
    return LintDiagnostic(
      file: path, line: line, column: column, endLine: line, endColumn: column,
      scalarColumn: column, scalarEndColumn: column, severity: rule.severity,
      id: rule.id,
      message: message)
  }

  /// The names a type inherits or conforms to, each's last component (`SwiftUI.App` → `App`).
  package static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.map {
      let text = $0.type.sourceText
      return SwiftValues.lastComponent(text)
    } ?? []
  }

  private final class Scanner: SyntaxVisitor {
    package let file: AppSwiftFile
    package let values: SwiftValues
    package var types: [AppTypeDeclaration] = []
    package var mainCalls: [(type: String, line: Int)] = []
    package var producers: [Producer] = []
    package var diagnostics: [LintDiagnostic] = []
    /// `UISceneConfiguration(…)` calls, with the key of what each is bound to.
    package var configurations: [(entry: SceneConfigurationEntry, variable: ConfigurationBinding)] =
      []
    /// The app delegate's `application(_:configurationForConnecting:options:)`, read.
    package var configurationChoice: ConfigurationChoice?
    /// App delegate methods that receive files.
    package var fileHandlers: [Producer] = []
    /// `x.delegateClass = T.self`: T by x.
    package var delegateClasses: [ConfigurationBinding: String] = [:]
    /// `x.sceneClass = T.self`: T by x.
    package var sceneClasses: [ConfigurationBinding: String] = [:]
    /// Names bound to `@Environment(\.openWindow)` in this file.
    package var openWindowNames: Set<String> = ["openWindow"]
    /// Names bound to `@Environment(\.openURL)` in this file.
    package var openURLNames: Set<String> = ["openURL"]
    /// The callees whose calls the scan reads: the fixed ones, ``openWindowNames`` and
    /// ``openURLNames``. One lookup a call: a file's calls are mostly of other functions, and
    /// ten comparisons and two lookups each cost more than the rest of passing one over.
    private var callees: Set<String> = [
      "main", "requestSceneSessionActivation", "callAsFunction", "UISceneConfiguration",
      "activateSceneSession", "Link", "widgetURL", "open", "openWindow", "openURL",
    ]

    /// Where the file's code holds one of ``interest`` or a name of its own it binds
    /// `openWindow` or `openURL` to, in order.
    package let interesting: [Int]

    /// The names of its own the file binds `openWindow` or `openURL` to: where the file writes
    /// them is read as where it writes ``interest``.
    package let renamedActions: Set<String>

    /// The tree being read.
    private let tree: SourceFileSyntax

    package init(
      file: AppSwiftFile, tree: SourceFileSyntax, bytes: [UInt8], module: ModuleIndex?,
      lookups: SwiftValues.TreeLookups? = nil
    ) {
      self.file = file
      self.tree = tree
      self.values = SwiftValues(tree, path: file.path, module: module, lookups: lookups)
      // In code only: a member whose comment says "main" holds nothing the scan reads, and the
      // sparse reading, which passes over comments, blanks it.
      let code = bytes.withUnsafeBufferPointer {
        SwiftSkeleton.codeOffsets($0, among: Self.interestPatterns.offsets(in: $0))
      }
      let bound = Self.environmentActions(in: tree, bytes: bytes, code: code)
      openWindowNames.formUnion(bound.window)
      openURLNames.formUnion(bound.url)
      let names = bound.window.union(bound.url)
      callees.formUnion(names)
      let renamed = names.subtracting(["openWindow", "openURL"])
      renamedActions = renamed
      interesting =
        renamed.isEmpty
        ? code
        : bytes.withUnsafeBufferPointer { buffer in
          let words = renamed.flatMap { SwiftSkeleton.wordOffsets($0, in: buffer) }
          return (code + SwiftSkeleton.codeOffsets(buffer, among: words.sorted())).sorted()
        }
      super.init(viewMode: .sourceAccurate)
    }

    /// The names `@Environment(\.openWindow) private var open` and `@Environment(\.openURL)
    /// var visit` bind, each key found among `code` (a `.open` of interest in code), before any
    /// node is visited: a call of the name is then read wherever it stands, before or after the
    /// property, and the members that write it are read as members of interest.
    private static func environmentActions(
      in tree: SourceFileSyntax, bytes: [UInt8], code: [Int]
    ) -> (window: Set<String>, url: Set<String>) {
      var bound: (window: Set<String>, url: Set<String>) = ([], [])
      for offset in code where bytes[offset] == UInt8(ascii: ".") {
        let window = bytes[offset...].starts(with: openWindowKey)
        guard window || bytes[offset...].starts(with: openURLKey),
          !bindsOwnName(bytes, after: offset + (window ? openWindowKey : openURLKey).count),
          let token = tree.token(at: AbsolutePosition(utf8Offset: offset))
        else { continue }
        // Up to the attribute whose arguments hold the key, within the declaration.
        var node = Syntax(token)
        while !node.is(AttributeSyntax.self), !node.is(MemberBlockItemSyntax.self),
          !node.is(CodeBlockItemSyntax.self), let parent = node.parent
        {
          node = parent
        }
        guard let attribute = node.as(AttributeSyntax.self),
          let arguments = attribute.arguments, arguments.position.utf8Offset <= offset,
          offset < arguments.endPosition.utf8Offset,
          let variable = attribute.parent?.parent?.as(VariableDeclSyntax.self)
        else { continue }
        for binding in variable.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
          else { continue }
          if window { bound.window.insert(name) } else { bound.url.insert(name) }
        }
      }
      return bound
    }

    /// The byte patterns one of which a declaration or statement must hold for this scanner
    /// to find anything inside it: what its `visit` methods look for (an assignment to
    /// `targetContentIdentifier` or `delegateClass`, `X.main()`, a scene-session request, a
    /// `UISceneConfiguration`, `openWindow`), the members `declare` keeps (`body`, `some Scene`,
    /// `contentIdentifier`) and the keywords of a type declared inside.
    ///
    /// Most of a file is members and statements that hold none of them: passing over those, as
    /// the lint's own prefilter passes over files, makes the scan cost what the few that do cost.
    package static let interest: [[UInt8]] = [
      "ontentIdentifier", "delegateClass", "sceneClass", "main", "Scene", "openWindow", "body",
      "struct",
      "class", "enum", "actor", "extension", "protocol", "Link", "openURL", "widgetURL", "open(",
      "openFile", "[URL]", "handlesExternalEvents",
      // `UIApplication.shared.open (url)`: a space may stand before the parenthesis.
      ".open",
    ].map { Array($0.utf8) }

    /// ``interest``, searched for together (one `memchr` pass per byte they share).
    package static let interestPatterns = BytePatterns(interest)

    /// Whether `node`'s code holds one of ``interesting``.
    package func mayHoldInterest(_ node: some SyntaxProtocol) -> Bool {
      let start = node.position.utf8Offset
      // The first offset at or after `start`.
      let low = interesting.partitioningIndex { $0 >= start }
      return low < interesting.count && interesting[low] < node.endPosition.utf8Offset
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
      // A type's members are read by `declare`; nested types are visited for their own.
      node.decl.isProtocol(DeclGroupSyntax.self) || mayHoldInterest(node)
        ? .visitChildren : .skipChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
      if case .decl(let declaration) = node.item, declaration.isProtocol(DeclGroupSyntax.self) {
        return .visitChildren
      }
      return mayHoldInterest(node) ? .visitChildren : .skipChildren
    }

    private func declare(
      _ node: some DeclSyntaxProtocol, keyword: String, name: String,
      inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
      members: MemberBlockSyntax
    ) {
      var declaration = AppTypeDeclaration(
        name: name, keyword: keyword, inherited: AppSwiftFile.inherited(inheritance),
        isMain: attributes.contains {
          $0.as(AttributeSyntax.self)?.attributeName.sourceText == "main"
        },
        file: file.path, line: file.line(node), platforms: CompiledPlatforms.of(node))
      let end = node.endPositionBeforeTrailingTrivia.utf8Offset
      declaration.endLine = file.lines.location(max(0, end - 1)).line
      for member in members.members where mayHoldInterest(member) {
        // `func documentWindow() -> some Scene { … }`: a scene built by a helper.
        if let function = member.decl.as(FunctionDeclSyntax.self),
          Self.namesScene(function.signature.returnClause?.type),
          let statements = function.body?.statements
        {
          declaration.sceneMembers[function.name.text] = statements
          continue
        }
        if let function = member.decl.as(FunctionDeclSyntax.self),
          let statements = function.body?.statements,
          function.signature.returnClause?.type.lastToken(viewMode: .sourceAccurate)?.tokenKind
            == .identifier("View")
        {
          // A view modifier's `func body(content: Content) -> some View`.
          if function.name.text == "body", declaration.body == nil,
            function.signature.parameterClause.parameters.count == 1
          {
            declaration.body = statements
          } else if keyword == "extension" {
            // `extension View { func routesNotes() -> some View { … } }`: a view's own modifier.
            declaration.viewMethods[function.name.text] = statements
          }
          continue
        }
        guard let variable = member.decl.as(VariableDeclSyntax.self),
          let binding = variable.bindings.first,
          let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        switch identifier {
        case "body":
          declaration.body = Self.getter(binding)
        case _ where Self.namesScene(binding.typeAnnotation?.type):
          // `private var settings: some Scene { … }`, named in `body`.
          if let statements = Self.getter(binding) {
            declaration.sceneMembers[identifier] = statements
          }
        case "contentIdentifier":
          declaration.contentIdentifier = binding
        default: break
        }
      }
      types.append(declaration)
    }

    /// Whether a type ends with `Scene` (`some Scene`, `some SwiftUI.Scene`), read from its last
    /// token (no string is built for the many types that do not).
    package static func namesScene(_ type: TypeSyntax?) -> Bool {
      type?.lastToken(viewMode: .sourceAccurate)?.tokenKind == .identifier("Scene")
    }

    /// The statements of a computed property's getter (`var body: some Scene { … }`).
    package static func getter(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
      guard let accessors = binding.accessorBlock?.accessors else { return nil }
      switch accessors {
      case .getter(let statements): return statements
      case .accessors(let list):
        return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
      }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node, keyword: "struct")
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node, keyword: "class")
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node, keyword: "enum")
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      declare(node, keyword: "actor")
    }

    /// A named type declaration, read by ``declare(_:keyword:name:inheritance:attributes:members:)``.
    private func declare(_ node: some DeclGroupSyntax & NamedDeclSyntax, keyword: String)
      -> SyntaxVisitorContinueKind
    {
      declare(
        node, keyword: keyword, name: node.name.text, inheritance: node.inheritanceClause,
        attributes: node.attributes, members: node.memberBlock)
      return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      let text = node.extendedType.sourceText
      declare(
        node, keyword: "extension",
        name: SwiftValues.lastComponent(text),
        inheritance: node.inheritanceClause, attributes: node.attributes,
        members: node.memberBlock)
      return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      if configurationChoice == nil, node.name.text == "application",
        let choice = ConfigurationChoice.read(
          node, values: values, path: file.path, lines: file.lines)
      {
        configurationChoice = choice
      }
      if node.name.text == "application", let handler = Self.fileHandler(node) {
        var producer = Producer(
          kind: .document, file: file.path, line: file.line(node), detail: handler)
        var template = Template(parts: [.text("file://"), .hole("path")])
        template.pathHoles = ["path"]
        producer.template = template
        producer.platforms = CompiledPlatforms.of(node)
        fileHandlers.append(producer)
      }
      return .visitChildren
    }

    /// The name of an AppKit app delegate method that receives files: Finder and the Dock hand
    /// them to `application(_:openFile:)`, `application(_:openFiles:)` and
    /// `application(_:open:)` (`[URL]`) (Apple's `NSApplicationDelegate`).
    package static func fileHandler(_ node: FunctionDeclSyntax) -> String? {
      let parameters = Array(node.signature.parameterClause.parameters)
      guard parameters.count == 2 else { return nil }
      let label = parameters[1].firstName.text
      switch label {
      case "openFile", "openFiles": return "application(_:\(label):)"
      case "open" where parameters[1].type.sourceText == "[URL]":
        return "application(_:open:)"
      default: return nil
      }
    }

    /// Whether the bytes after a key at `end` plainly bind the action to its own name: `)`,
    /// access modifiers, then `var openWindow` (`var openURL`). Most files write just that, and
    /// it binds nothing new: no node need be found for it (finding one costs a descent from the
    /// root).
    private static func bindsOwnName(_ bytes: [UInt8], after end: Int) -> Bool {
      guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return false }
      let own = bytes[end - 1] == UInt8(ascii: "w") ? ownWindowName : ownURLName
      var index = end + 1
      func word() -> ArraySlice<UInt8> {
        while index < bytes.count,
          bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09
        {
          index += 1
        }
        let start = index
        while index < bytes.count, bytes[index].isIdentifierByte { index += 1 }
        return bytes[start..<index]
      }
      var next = word()
      while accessModifiers.contains(where: { $0.elementsEqual(next) }) { next = word() }
      guard next.elementsEqual(varKeyword) || next.elementsEqual(letKeyword) else { return false }
      return word().elementsEqual(own)
    }

    private static let accessModifiers = [
      "private", "fileprivate", "internal", "public", "package",
    ]
    .map { Array($0.utf8) }
    private static let varKeyword = Array("var".utf8)
    private static let letKeyword = Array("let".utf8)
    private static let ownWindowName = Array("openWindow".utf8)
    private static let ownURLName = Array("openURL".utf8)

    private static let openWindowKey = Array(".openWindow".utf8)
    private static let openURLKey = Array(".openURL".utf8)

    /// The string value of `expression` as a producer's identifier, template or reason.
    private func value(_ expression: ExprSyntax) -> (String?, Template?, String?) {
      value(assigned: [expression])
    }

    /// The string value of what follows an assignment's `=` (its operands in the sequence), as
    /// a producer's identifier, template or reason.
    private func value(assigned parts: [ExprSyntax]) -> (String?, Template?, String?) {
      if parts.count == 1, parts[0].is(NilLiteralExprSyntax.self) {
        return (nil, nil, Producer.nilIdentifier)
      }
      // An activation request reads again the identifier its activity was given, which the
      // assignment's own visit has read (or will): each assignment is read once.
      let key = parts.first.map { $0.position.utf8Offset } ?? -1
      if let known = assignedValues[key] { return known }
      let read: (String?, Template?, String?)
      switch values.string(assigned: parts) {
      case .text(let text, _, _):
        read = text.value.map { ($0, nil, nil) } ?? (nil, nil, "the string is not valid UTF-8")
      case .template(let template, _): read = (nil, template, nil)
      case .runtime(let reason): read = (nil, nil, reason)
      }
      assignedValues[key] = read
      return read
    }

    /// The values of the assignments read so far, by the offset of the first operand.
    private var assignedValues: [Int: (String?, Template?, String?)] = [:]

    private func add(
      _ kind: Producer.Kind, at node: some SyntaxProtocol, value expression: ExprSyntax?,
      detail: String? = nil
    ) {
      add(kind, at: node, assigned: expression.map { [$0] }, detail: detail)
    }

    /// Adds the producers of `kind` at `node` whose identifier is `parts` (what follows an
    /// assignment's `=`), and says how many
    /// (``assignments(_:at:assigned:detail:activityType:relayedBy:)``).
    @discardableResult
    private func add(
      _ kind: Producer.Kind, at node: some SyntaxProtocol, assigned parts: [ExprSyntax]?,
      detail: String? = nil, activityType: String? = nil
    ) -> Int {
      let made = assignments(
        kind, at: Syntax(node), assigned: parts, detail: detail, activityType: activityType,
        relayedBy: [])
      producers += made
      return made.count
    }

    /// The producers of `kind` at `node` whose identifier is `parts`: one, or, when the
    /// identifier is a parameter of the function it is set in, those at the function's calls
    /// (``relayed(_:by:as:own:read:)``).
    private func assignments(
      _ kind: Producer.Kind, at node: Syntax, assigned parts: [ExprSyntax]?, detail: String?,
      activityType: String? = nil, relayedBy: [String]
    ) -> [Producer] {
      // `cond ? "recipe" : "recipe:\(id)"`: either value, each a producer.
      if let parts, let (then, otherwise) = Self.branches(of: parts) {
        return assignments(
          kind, at: node, assigned: then, detail: detail, activityType: activityType,
          relayedBy: relayedBy)
          + assignments(
            kind, at: node, assigned: otherwise, detail: detail, activityType: activityType,
            relayedBy: relayedBy)
      }
      func own() -> [Producer] {
        [assignment(kind, at: node, assigned: parts, detail: detail, activityType: activityType)]
      }
      guard let parts, parts.count == 1 else { return own() }
      return relayed(
        parts[0], by: relayedBy,
        as: .assignment(kind: kind, detail: detail, activityType: activityType), own: own,
        read: {
          assignments(
            kind, at: Syntax($1), assigned: [$0], detail: detail, activityType: activityType,
            relayedBy: $2)
        })
    }

    /// The two values of a conditional expression written as an assignment's operands
    /// (`cond ? a : b`, folded as the compiler folds it: the condition is everything before the
    /// first `?`, the `else` value everything after its `:`, itself perhaps conditional); nil
    /// for anything else.
    private static func branches(of parts: [ExprSyntax]) -> (
      then: [ExprSyntax], otherwise: [ExprSyntax]
    )? {
      guard let index = parts.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
        index > 0, index + 1 < parts.count,
        let ternary = parts[index].as(UnresolvedTernaryExprSyntax.self)
      else { return nil }
      return ([ternary.thenExpression], Array(parts[(index + 1)...]))
    }

    /// The one producer of `kind` at `node` whose identifier is `parts` (for a user activity, of
    /// `activityType`).
    private func assignment(
      _ kind: Producer.Kind, at node: Syntax, assigned parts: [ExprSyntax]?, detail: String?,
      activityType: String?
    ) -> Producer {
      var producer = Producer(kind: kind, file: file.path, line: file.line(node), detail: detail)
      producer.activityType = activityType
      producer.platforms = CompiledPlatforms.of(node)
      if !producer.platforms.undecided.isEmpty {
        diagnostics.append(
          file.note(
            .buildCondition,
            "the \(kind.rawValue) is under #if "
              + "\(producer.platforms.undecided.joined(separator: ", ")), which the source does not "
              + "fix: it is read as built where either branch may be", at: node))
      }
      if kind == .openWindowID, let id = parts?.first {
        producer.reference = SwiftValues.constantReference(id)
      }
      if let parts {
        (producer.identifier, producer.template, producer.unknown) = value(assigned: parts)
        if producer.unknown == Producer.nilIdentifier {
          producer.carriesIdentifier = false
        } else if let reason = producer.unknown {
          diagnostics.append(
            file.note(
              .runtimeValue, "the \(kind.rawValue) identifier is a run-time value: \(reason)",
              at: node))
        }
      }
      return producer
    }

    /// How many helpers deep a value handed on as an argument is followed to the calls that
    /// give it (`relay(identifier)` calling `post(identifier)`).
    private static let maximumRelay = 4

    /// What `read` makes of what each call passes, when `value` is a parameter of the function
    /// it is read in and the file calls that function (``callers(passing:recording:)``), with
    /// `own` (the reading of `value` where it is) first unless those calls are all there are;
    /// `own` alone when `value` is no such parameter, or `relayedBy` (the functions it came
    /// through, in order) is as deep as a value is followed. `read` gets the argument, the call
    /// and the functions the value came through.
    ///
    /// Bounded: a file's helpers give at most ``maximumRelayed`` producers in all (helpers that
    /// call each other from many places multiply them); past that, a value is read where it is.
    ///
    /// A function other files may call is recorded (``AppSwiftFile/relays``, as `what` is read),
    /// so that the calls of other files are read too (``producers(path:bytes:calling:module:)``).
    private func relayed(
      _ value: ExprSyntax, by relayedBy: [String], as what: HelperRelay.Reading,
      own: () -> [Producer], read: (ExprSyntax, FunctionCallExprSyntax, [String]) -> [Producer]
    ) -> [Producer] {
      guard relayedBy.count < Self.maximumRelay,
        let (function, calls, complete) = callers(passing: value, recording: what),
        calls.count <= relaysLeft
      else { return own() }
      relaysLeft -= calls.count
      let through = relayedBy + [function]
      let relayed = calls.flatMap { read($0.argument, $0.call, through) }
      return complete ? relayed : own() + relayed
    }

    /// The tree's identifiers by their text, made in one pass the first time the calls of a
    /// function are looked for: a file of thousands of helpers, each passing its parameter on,
    /// looks for the calls of each, and a pass over every token for each was quadratic.
    private lazy var namesWritten: [String: [TokenSyntax]] = {
      var found: [String: [TokenSyntax]] = [:]
      for token in tree.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let text) = token.tokenKind else { continue }
        found[text, default: []].append(token)
      }
      return found
    }()

    /// How many scene requests (`requestSceneSessionActivation`, `activateSceneSession(for:)`)
    /// the reading may still read.
    private var requestsLeft = maximumRequests
    /// The most scene requests a file's reading reads: each looks back through its body for the
    /// activity and its identifier, so a file repeating one request through a huge body costs
    /// at most this many looks; past it, the rest are not read. An app's file requests a few.
    private static let maximumRequests = 1_024
    /// The most statements before a request, in each block around it, read back for an
    /// assignment to it (``assigned(_:of:before:)``): a body sets up what it requests just
    /// before, and a huge one costs each request a bounded look.
    private static let maximumAssignmentLookBack = 256
    /// How many producers a file's helpers may still give at their calls.
    private var relaysLeft = maximumRelayed
    /// The most producers a file's helpers give at their calls.
    private static let maximumRelayed = 256
    /// The most helpers of a file whose calls in other files are read (``relays``).
    private static let maximumRelays = 64
    /// The calls of each function ``callers(passing:recording:)`` looked for, by the function's
    /// offset.
    private var callsFound: [Int: [FunctionCallExprSyntax]] = [:]

    /// The calls in this file of the function `expression` is a parameter of, each with what it
    /// passes for that parameter (the parameter's default where it passes none), and whether
    /// they are all its calls (``isFilePrivate(_:)``); nil when
    /// `expression` is no parameter of the function it is read in, or the file never calls it.
    ///
    /// A call is one ``calls(_:aFunctionOf:)`` counts whose arguments bind to the function's
    /// parameters by label. A function other files may call is recorded as a ``HelperRelay``
    /// (`what` says how its value is read), for their calls, and keeps its own reading (a
    /// run-time value) beside the calls'.
    private func callers(passing expression: ExprSyntax, recording what: HelperRelay.Reading)
      -> (
        function: String, calls: [(call: FunctionCallExprSyntax, argument: ExprSyntax)],
        complete: Bool
      )?
    {
      guard let reference = expression.as(DeclReferenceExprSyntax.self),
        reference.argumentNames == nil,
        let (function, index) = SwiftLocals.parameter(
          named: reference.baseName.text, before: Syntax(expression))
      else { return nil }
      let name = function.name.text
      // A call in a member the sparse reading blanked makes the file read whole.
      values.consultUses(of: name)
      let parameters = Array(function.signature.parameterClause.parameters)
      let labels = SwiftValues.argumentLabels(function.signature.parameterClause.parameters)
      let defaulted = parameters.map { $0.defaultValue != nil }
      let complete = Self.isFilePrivate(Syntax(function))
      if !complete {
        let relay = HelperRelay(
          name: name, type: SwiftTypes.enclosingName(of: Syntax(function)), labels: labels,
          defaulted: defaulted, index: index, file: file.path, reading: what)
        // Bounded: past the most a file records, a helper keeps its own reading alone.
        guard relays.contains(relay) || relays.count < Self.maximumRelays else { return nil }
        relays.insert(relay)
      }
      var calls: [(call: FunctionCallExprSyntax, argument: ExprSyntax)] = []
      for call in self.calls(of: function) {
        guard
          let passed = Self.argument(
            of: call, labels: labels, defaulted: defaulted, parameter: index),
          let argument = passed ?? parameters[index].defaultValue?.value
        else { continue }
        calls.append((call, argument))
      }
      guard !calls.isEmpty else { return nil }
      return (name, calls, complete)
    }

    /// The helpers of other files this file may call, recorded as they were met.
    var relays: Set<HelperRelay> = []

    /// What this file's calls of `relay` (a helper of another file) give: each call's argument
    /// for the helper's parameter, read here as the helper reads it. A call is one
    /// ``calls(_:aFunctionOf:)`` counts; a call that passes nothing for the parameter (its
    /// default is the helper's file's) is left to the helper's own reading.
    fileprivate func producers(calling relay: HelperRelay) -> [Producer] {
      var found: [Producer] = []
      for call in calls(named: relay.name, of: relay.type, through: values.module) {
        guard
          case .some(.some(let argument)) = Self.argument(
            of: call, labels: relay.labels, defaulted: relay.defaulted, parameter: relay.index),
          relaysLeft > 0
        else { continue }
        relaysLeft -= 1
        switch relay.reading {
        case .request(let session):
          found += activation(call, activity: argument, session: session, relayedBy: [relay.name])
        case .assignment(let kind, let detail, let activityType):
          found += assignments(
            kind, at: Syntax(call), assigned: [argument], detail: detail,
            activityType: activityType, relayedBy: [relay.name])
        case .url:
          found += urls(at: call, url: argument, relayedBy: [relay.name])
        }
      }
      return found
    }

    /// The calls of `function` in its file, found once: none in its own body (a recursion passes
    /// on what its callers gave).
    private func calls(of function: FunctionDeclSyntax) -> [FunctionCallExprSyntax] {
      let key = function.position.utf8Offset
      if let found = callsFound[key] { return found }
      let calls = calls(
        named: function.name.text, of: SwiftTypes.enclosingName(of: Syntax(function)),
        outside: function.range)
      callsFound[key] = calls
      return calls
    }

    /// The calls in this file of the function `name` of `type` (nil: at file level), as
    /// ``calls(_:aFunctionOf:)`` and ``callsAValue(_:of:through:)`` count them (the properties
    /// of `module`'s types for another file's helper, of this file's for its own), none with a
    /// trailing closure or within `excluded`.
    private func calls(
      named name: String, of type: String?, outside excluded: Range<AbsolutePosition>? = nil,
      through module: ModuleIndex? = nil
    ) -> [FunctionCallExprSyntax] {
      (namesWritten[name] ?? []).compactMap { token in
        guard let call = Self.call(naming: token),
          call.trailingClosure == nil, excluded?.contains(call.position) != true,
          Self.calls(call, aFunctionOf: type) || callsAValue(call, of: type, through: module)
        else { return nil }
        return call
      }
    }

    /// What `call` passes for the parameter at `index` of a function whose parameters have
    /// `labels` and `defaulted`, bound as the compiler binds
    /// (``SwiftValues/binding(labels:defaulted:arguments:)``): the argument, or `.some(nil)` when
    /// it passes none (the default applies); nil when the arguments do not bind.
    private static func argument(
      of call: FunctionCallExprSyntax, labels: [String?], defaulted: [Bool], parameter index: Int
    ) -> ExprSyntax?? {
      let arguments = Array(call.arguments)
      guard
        let binding = SwiftValues.binding(
          labels: labels, defaulted: defaulted, arguments: arguments.map { $0.label?.text })
      else { return nil }
      return .some(binding[index].map { arguments[$0].expression })
    }

    /// Whether `call` may call the function of its name declared in `type` (nil: at file
    /// level): written on the type (`SceneCoordinator.requestScene(with:)`) or on one of its
    /// static members (`UIApplication.shared.activateScene(…)`), from anywhere; with no
    /// receiver, `self` or `Self`, only within the type or an extension of it. A call on any
    /// other value may be another type's function of that name.
    private static func calls(_ call: FunctionCallExprSyntax, aFunctionOf type: String?) -> Bool {
      let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      if let type, let base {
        if base.sourceText == type { return true }
        if let member = base.as(MemberAccessExprSyntax.self), member.base?.sourceText == type,
          member.declName.baseName.text.first?.isLowercase == true
        {
          return true
        }
      }
      let written = base?.sourceText
      guard written == nil || written == "self" || written == "Self" else { return false }
      return type == nil || SwiftTypes.enclosingName(of: Syntax(call)) == type
    }

    /// Whether `call` is made on a value the file states is one of `type` (never for nil, a
    /// file-level function): a local or a parameter declared as one or made from it (`let
    /// coordinator = SceneCoordinator.shared`, `_ coordinator: SceneCoordinator?`), one `if let`
    /// or `guard let` casts to it or unwraps from such a value
    /// (``SwiftLocals/statedType(of:before:)``), or a property stated to be one
    /// (``SwiftTypes/properties(ofType:in:)``) of the type the call is written in
    /// (`coordinator?.requestScene(with:)`, `self.coordinator.…`) or of a value the file types
    /// (`delegate.coordinator?.…` after `as? SceneDelegate`), declared in this file or, with
    /// `module`, anywhere in the module. A value the file does not type (a call's result, a
    /// property of a property) is not counted.
    private func callsAValue(
      _ call: FunctionCallExprSyntax, of type: String?, through module: ModuleIndex?
    ) -> Bool {
      guard let type, let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      else { return false }
      let name: String
      let holder: String?
      switch SwiftLocals.statedType(of: receiver, before: Syntax(call)) {
      case .stated(let stated): return stated.map { SwiftTypes.sameType($0, type) } ?? false
      case .member(let property, let of):
        name = property
        holder = of ?? SwiftTypes.enclosingName(of: Syntax(call))
      }
      guard let holder else { return false }
      // The property's declaration may be a member the sparse reading blanked.
      values.consultUses(of: name)
      let properties = module?.properties(ofType: type) ?? ownProperties(ofType: type)
      return properties.contains { $0.name == name && SwiftTypes.sameType($0.holder, holder) }
    }

    /// The properties this file's types state are of a type, by the type, found once each.
    private var propertiesFound: [String: [SwiftTypes.Property]] = [:]

    /// The properties this file's types and extensions state are of `type`
    /// (``SwiftTypes/properties(ofType:in:)``).
    private func ownProperties(ofType type: String) -> [SwiftTypes.Property] {
      if let found = propertiesFound[type] { return found }
      let found = SwiftTypes.properties(ofType: type, in: tree)
      propertiesFound[type] = found
      return found
    }

    /// Whether no other file can name `node`'s declaration: it, or a type it is declared in, is
    /// `private` or `fileprivate`.
    private static func isFilePrivate(_ node: Syntax) -> Bool {
      var current: Syntax? = node
      while let step = current {
        if let modifiers = step.asProtocol(WithModifiersSyntax.self)?.modifiers,
          modifiers.contains(where: {
            $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
          })
        {
          return true
        }
        current = step.parent
      }
      return false
    }

    /// The call `token` is the called name of (`f` of `f(…)`, `x.f(…)`, `.f(…)`).
    private static func call(naming token: TokenSyntax) -> FunctionCallExprSyntax? {
      guard let name = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
      if let call = name.parent?.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == name.id
      {
        return call
      }
      if let member = name.parent?.as(MemberAccessExprSyntax.self), member.declName.id == name.id,
        let call = member.parent?.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == member.id
      {
        return call
      }
      return nil
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      // Most sequences are no assignment: looked at without copying them.
      guard node.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) else {
        return .visitChildren
      }
      let elements = Array(node.elements)
      for index in elements.indices.dropFirst() where index + 1 < elements.count {
        guard elements[index].is(AssignmentExprSyntax.self),
          let member = elements[index - 1].as(MemberAccessExprSyntax.self)
        else { continue }
        let property = member.declName.baseName.text
        if property == "delegateClass" || property == "sceneClass", let base = member.base {
          let value = elements[index + 1].sourceText
          let type = value.hasSuffix(".self") ? String(value.dropLast(5)) : value
          // Keyed by the configuration the name is bound to here (two cases of a switch may
          // each bind their own `configuration`), or by the name when it is no local.
          let key: ConfigurationBinding
          if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .some(.some(let local)) = SwiftLocals.initializer(
              named: name, before: Syntax(base))
          {
            key = .initializer(at: local.value.positionAfterSkippingLeadingTrivia.utf8Offset)
          } else {
            key = .name(base.sourceText)
          }
          if property == "delegateClass" {
            delegateClasses[key] = type
          } else {
            sceneClasses[key] = type
          }
          continue
        }
        guard property == "targetContentIdentifier", !Self.isOwnProperty(member) else { continue }
        let kind = Self.producerKind(receiver: member.base)
        add(
          kind, at: node, assigned: SwiftValues.operands(after: index, in: elements),
          detail: member.base?.sourceText,
          activityType: kind == .userActivity ? member.base.flatMap(activityType(of:)) : nil)
      }
      return .visitChildren
    }

    /// Whether `member` (`self.targetContentIdentifier`) is a property of the app's own type,
    /// not an event's: written on `self` in a struct, an enum or an actor (no activity,
    /// notification content or shortcut item is one), or in a class that declares its own property of that
    /// name (a subclass of one of those would override it). **Decision:** a model that keeps
    /// what a notification carried (`self.targetContentIdentifier =
    /// content.targetContentIdentifier`) makes no event.
    private static func isOwnProperty(_ member: MemberAccessExprSyntax) -> Bool {
      guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
      else { return false }
      let name = member.declName.baseName.text
      var current = member.parent
      while let step = current {
        if step.is(StructDeclSyntax.self) || step.is(EnumDeclSyntax.self)
          || step.is(ActorDeclSyntax.self)
        {
          return true
        }
        if let type = step.as(ClassDeclSyntax.self) {
          return type.memberBlock.members.contains { item in
            guard let variable = item.decl.as(VariableDeclSyntax.self),
              !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
            else { return false }
            return variable.bindings.contains {
              $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }
          }
        }
        if step.is(ExtensionDeclSyntax.self) || step.is(ProtocolDeclSyntax.self) { return false }
        current = step.parent
      }
      return false
    }

    /// What a `targetContentIdentifier` receiver is: from the type its local is made as
    /// (`UIApplicationShortcutItem(…)`), its name, its initializer (``Producer/Kind/receiver(_:)``).
    package static func producerKind(receiver: ExprSyntax?) -> Producer.Kind {
      guard let receiver else { return .targetContentIdentifier }
      var texts = [receiver.sourceText]
      if let reference = receiver.as(DeclReferenceExprSyntax.self),
        case .some(.some(let found)) = SwiftLocals.initializer(
          named: reference.baseName.text, before: Syntax(receiver))
      {
        if let call = found.value.as(FunctionCallExprSyntax.self) {
          texts.insert(call.calledExpression.sourceText, at: 0)
        }
        texts.append(found.value.sourceText)
      }
      return .receiver(texts)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let callee: String
      var base: ExprSyntax?
      if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
        callee = member.declName.baseName.text
        base = member.base
      } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
        callee = reference.baseName.text
      } else {
        return .visitChildren
      }
      // Only a few callees matter; every other call is passed over before any copy.
      guard callees.contains(callee) else { return .visitChildren }
      let arguments = Array(node.arguments)
      func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
      }
      // `X.main()`: an entry point chosen in code.
      if callee == "main", arguments.isEmpty, node.trailingClosure == nil,
        let type = base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
        type.first?.isUppercase == true
      {
        mainCalls.append((type, file.line(node)))
      }
      let isOpenWindow =
        (base == nil && openWindowNames.contains(callee))
        || (callee == "callAsFunction"
          && base.map { openWindowNames.contains($0.sourceText) } == true)
      if isOpenWindow {
        if let id = argument("id") {
          add(.openWindowID, at: node, value: id, detail: argument("value")?.sourceText)
        } else if let value = argument("value") {
          add(.openWindowValue, at: node, value: nil, detail: value.sourceText)
        }
      }
      // URLs the app opens itself.
      let opensURL =
        (base == nil && openURLNames.contains(callee))
        || (callee == "callAsFunction"
          && base.map { openURLNames.contains($0.sourceText) } == true)
        || (callee == "open" && base.map { Self.isSharedApplication($0) } == true)
        || (callee == "widgetURL" && base != nil)
      if opensURL, let url = arguments.first?.expression {
        addURL(at: node, url: url)
      }
      if callee == "Link", base == nil, let url = argument("destination") {
        addURL(at: node, url: url)
      }
      if callee == "UISceneConfiguration", base == nil {
        record(configuration: node, name: argument("name"), role: argument("sessionRole"))
      }
      // iOS 17's `activateSceneSession(for: UISceneSessionActivationRequest(…))`, the request
      // written in place or bound to a local.
      let requests = callee == "activateSceneSession" || callee == "requestSceneSessionActivation"
      if requests {
        guard requestsLeft > 0 else { return .visitChildren }
        requestsLeft -= 1
      }
      if callee == "activateSceneSession", let request = argument("for") {
        var initializer = request.as(FunctionCallExprSyntax.self)
        let name = request.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let name,
          case .some(.some(let local)) = SwiftLocals.initializer(
            named: name, before: Syntax(request))
        {
          initializer = local.value.as(FunctionCallExprSyntax.self)
        }
        // The request's own properties, set after it is made (`request.userActivity =
        // activity`), win over its initializer's arguments, as they do at run time.
        func set(_ property: String) -> ExprSyntax? {
          guard let name, initializer != nil,
            let value = Self.assigned(property, of: name, before: Syntax(node)).value,
            value.count == 1
          else { return nil }
          return value[0]
        }
        record(
          activation: node,
          activity: set("userActivity")
            ?? initializer?.arguments.first { $0.label?.text == "userActivity" }?.expression,
          session: initializer?.arguments.first { $0.label?.text == "session" }?.expression)
      }
      if callee == "requestSceneSessionActivation" {
        var activity = argument("userActivity")
        // The session to activate: the first argument, unlabeled.
        var session = arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
        // iOS 17's `requestSceneSessionActivation(UISceneSessionActivationRequest(…))`.
        if activity == nil,
          let request = arguments.first?.expression.as(FunctionCallExprSyntax.self)
        {
          activity = request.arguments.first { $0.label?.text == "userActivity" }?.expression
          session = request.arguments.first { $0.label?.text == "session" }?.expression
        }
        record(activation: node, activity: activity, session: session)
      }
      return .visitChildren
    }

    /// Whether `base` is the shared application object (`UIApplication.shared`), whose `open(_:)`
    /// hands a URL to the system.
    private static func isSharedApplication(_ base: ExprSyntax) -> Bool {
      let text = base.sourceText
      return text == "UIApplication.shared" || text == "UIKit.UIApplication.shared"
        || text == "application" || text == "app"
    }

    /// A URL the app opens, with its string value; when the URL is a parameter of the function
    /// it is opened in, the URLs its calls pass (``relayed(_:by:as:own:read:)``).
    private func addURL(at node: FunctionCallExprSyntax, url: ExprSyntax) {
      producers += urls(at: node, url: url, relayedBy: [])
    }

    /// The producers of ``addURL(at:url:)``.
    private func urls(at node: FunctionCallExprSyntax, url: ExprSyntax, relayedBy: [String])
      -> [Producer]
    {
      relayed(
        url, by: relayedBy, as: .url, own: { [urlProducer(at: node, url: url)] },
        read: { urls(at: $1, url: $0, relayedBy: $2) })
    }

    /// The one producer of a URL opened at `node`.
    private func urlProducer(at node: FunctionCallExprSyntax, url: ExprSyntax) -> Producer {
      var producer = Producer(
        kind: .openURL, file: file.path, line: file.line(node),
        detail: SwiftValues.abbreviated(url))
      producer.platforms = CompiledPlatforms.of(node)
      switch values.url(url) {
      case .text(let text, _, _):
        producer.identifier = text.value
        if text.value == nil { producer.unknown = "the string is not valid UTF-8" }
      case .template(let template, _): producer.template = template
      case .runtime(let reason): producer.unknown = reason
      }
      return producer
    }

    /// A scene configuration made in code: its name (when the file fixes it) and role, and the
    /// variable it is bound to, whose `delegateClass` the file may set.
    ///
    /// **Decision:** a role read from the connecting session (`connectingSceneSession.role`) is
    /// routed as `UIWindowSceneSessionRoleApplication`: events open application windows, and a
    /// configuration returned for a connecting session takes that session's role.
    private func record(
      configuration node: FunctionCallExprSyntax, name: ExprSyntax?, role: ExprSyntax?
    ) {
      var configurationName: String?
      if let name, case .text(let text, _, _) = values.string(name) {
        configurationName = text.value
      } else if let name, !name.is(NilLiteralExprSyntax.self) {
        // `name: nil` is a configuration with no name, known statically: no note.
        diagnostics.append(
          file.note(
            .runtimeValue,
            "the scene configuration's name '\(SwiftValues.abbreviated(name))' is a run-time value",
            at: node))
      }
      // A role the file names (`.windowExternalDisplayNonInteractive`); anything else,
      // `connectingSceneSession.role` included, is the application role.
      let roleKey =
        role.flatMap { SessionRoleKeys.key(swiftName: $0.sourceText) }
        ?? SessionRoleKeys.key(role: .windowApplication)
      // Matched with `x.delegateClass = …` by the initializer's position, or by the name of a
      // property it initializes.
      var variable = ConfigurationBinding.initializer(
        at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
      if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
        PatternBindingSyntax.self),
        binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      {
        variable = .name(name)
      }
      configurations.append(
        (
          SceneConfigurationEntry(
            role: roleKey, name: configurationName, file: file.path, line: file.line(node)),
          variable
        ))
    }

    /// The `activityType` of a user activity made in place (`NSUserActivity(activityType: t)`)
    /// or bound to a local made so, when the file fixes the string.
    private func activityType(of activity: ExprSyntax) -> String? {
      var made = activity.as(FunctionCallExprSyntax.self)
      if made == nil, let name = activity.as(DeclReferenceExprSyntax.self)?.baseName.text,
        case .some(.some(let local)) = SwiftLocals.initializer(
          named: name, before: Syntax(activity))
      {
        made = local.value.as(FunctionCallExprSyntax.self)
      }
      guard let made, SwiftValues.makesActivity(made),
        let type = made.arguments.first(where: { $0.label?.text == "activityType" })?.expression,
        case .text(let text, _, _) = values.string(type)
      else { return nil }
      return text.value
    }

    /// A `requestSceneSessionActivation`: the identifier of the user activity it passes, when
    /// the same body sets one on that name.
    private func record(
      activation node: FunctionCallExprSyntax, activity: ExprSyntax?, session: ExprSyntax?
    ) {
      // The session as written, unless none is named (`nil`, or a call that finds one).
      var written: String?
      if let session, !session.is(NilLiteralExprSyntax.self),
        !session.is(FunctionCallExprSyntax.self)
      {
        written = session.sourceText
      }
      producers += activation(node, activity: activity, session: written, relayedBy: [])
    }

    /// The request `node` makes with `activity`: one, or, when the activity is a parameter of
    /// the function the request is in and nothing there sets its identifier, one at each call of
    /// that function in the file (``callers(passing:recording:)``), read from what the call passes;
    /// `relayedBy` are the functions it came through (which set no identifier on it), in order.
    private func activation(
      _ node: FunctionCallExprSyntax, activity: ExprSyntax?, session: String?,
      relayedBy: [String]
    ) -> [Producer] {
      var producer = Producer(kind: .activationRequest, file: file.path, line: file.line(node))
      producer.platforms = CompiledPlatforms.of(node)
      producer.session = session
      if let activity {
        producer.activityType = activityType(of: activity)
      }
      guard let activity, !activity.is(NilLiteralExprSyntax.self) else {
        producer.unknown = Producer.withoutActivity(session: session)
        producer.carriesIdentifier = false
        producer.detail = "nil"
        producer.passesActivity = false
        return [producer]
      }
      producer.detail = activity.sourceText
      let (found, scope) = Self.assigned(
        "targetContentIdentifier", of: activity.sourceText, before: Syntax(node))
      if let found {
        (producer.identifier, producer.template, producer.unknown) = value(assigned: found)
        producer.carriesIdentifier = producer.unknown != Producer.nilIdentifier
        return [producer]
      }
      return relayed(
        activity, by: relayedBy, as: .request(session: session),
        own: {
          readMade(activity, in: scope, relayedBy: relayedBy, into: &producer)
          return [producer]
        },
        read: { activation($1, activity: $0, session: session, relayedBy: $2) })
    }

    /// The value last assigned to `name.property` (`activity.targetContentIdentifier`,
    /// `request.userActivity`) before `node`: among the statements before `node`'s in its block,
    /// else in each enclosing block's, the nearest first (`if let coordinator {
    /// request(activity) }` after the assignment in the function's body); and the body `node` is
    /// in, the outermost block below its member (nil at file level).
    private static func assigned(_ property: String, of name: String, before node: Syntax) -> (
      value: [ExprSyntax]?, body: Syntax?
    ) {
      var found: [ExprSyntax]?
      var body: Syntax?
      var current = node
      while let parent = current.parent, !parent.is(MemberBlockItemSyntax.self) {
        if parent.is(CodeBlockSyntax.self) { body = parent }
        if found == nil, let item = current.as(CodeBlockItemSyntax.self),
          let list = parent.as(CodeBlockItemListSyntax.self),
          !(list.parent?.is(SourceFileSyntax.self) ?? true)
        {
          // The nearest statements first, at most ``maximumAssignmentLookBack``; in each, its
          // last assignment.
          var looked = 0
          for earlier in list.reversed() where earlier.position < item.position {
            looked += 1
            guard found == nil, looked <= maximumAssignmentLookBack else { break }
            for token in earlier.tokens(viewMode: .sourceAccurate)
            where token.text == property {
              guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                member.base?.sourceText == name,
                let assignment = member.parent?.as(SequenceExprSyntax.self)
                  ?? member.parent?.parent?.as(SequenceExprSyntax.self)
              else { continue }
              let parts = Array(assignment.elements)
              if parts.count >= 3, parts[1].is(AssignmentExprSyntax.self) {
                found = SwiftValues.operands(after: 1, in: parts)
              }
            }
          }
        }
        current = parent
      }
      return (found, body)
    }

    /// What a request's user activity carries when the body sets no identifier on it: none, when
    /// it is made here by `NSUserActivity(activityType:)` (in place or as a local); what its
    /// maker sets, when a function of the file or the module makes it
    /// (``SwiftValues/madeActivity(_:)``); else a value known only at run time (a parameter, a
    /// property, a call not followed), never an activity presumed to carry none. `scope` is the
    /// body the request is in.
    private func readMade(
      _ activity: ExprSyntax, in scope: Syntax?, relayedBy: [String],
      into producer: inout Producer
    ) {
      let name = SwiftValues.abbreviated(activity)
      var made = activity.as(FunctionCallExprSyntax.self)
      // What the activity is read from when no call makes it: a computed property, maybe.
      var property = activity
      var why: String?
      if let reference = activity.as(DeclReferenceExprSyntax.self) {
        switch SwiftLocals.local(named: reference.baseName.text, before: Syntax(activity)) {
        case .value(let value, _)?:
          made = value.as(FunctionCallExprSyntax.self)
          property = value
        case .runtime(let reason)?: why = reason
        case nil: why = values.whyRuntime(activity)
        }
      }
      if let made, SwiftValues.makesActivity(made) {
        // A local the body hands to a function of the app (`configure(activity, for: note)`)
        // may get its identifier there.
        if let reference = activity.as(DeclReferenceExprSyntax.self), let scope,
          let callee = SwiftValues.passedOn(
            reference.baseName.text, in: scope,
            except: Set(relayedBy + ["requestSceneSessionActivation", "activateSceneSession"]))
        {
          producer.unknown =
            "the user activity '\(name)' is passed to '\(callee)(…)', which may set its identifier"
          return
        }
        producer.unknown =
          "the body sets no targetContentIdentifier on '\(name)'; routed by its webpageURL, if any"
        producer.carriesIdentifier = false
        return
      }
      // Made by a function of the app, or by a computed property (`note.userActivity`).
      guard
        let reading = made.map({ values.madeActivity($0) })
          ?? values.madeActivity(property: property)
      else {
        producer.unknown =
          why.map { "the user activity is a run-time value: \($0)" }
          ?? "the user activity '\(name)' is made where the reading does not follow"
        return
      }
      if producer.activityType == nil, case .text(let text, _, _) = reading.activityType {
        producer.activityType = text.value
      }
      guard let identifier = reading.identifier else {
        let maker =
          made.map { "'\(SwiftValues.abbreviated($0.calledExpression))(…)'" }
          ?? "'\(SwiftValues.abbreviated(property))'"
        producer.unknown =
          "\(maker) sets no targetContentIdentifier "
          + "on the activity it makes; routed by its webpageURL, if any"
        producer.carriesIdentifier = false
        return
      }
      switch identifier {
      case .text(let text, _, _):
        producer.identifier = text.value
        if text.value == nil { producer.unknown = "the string is not valid UTF-8" }
      case .template(let template, _): producer.template = template
      case .runtime(let reason): producer.unknown = reason
      }
    }
  }
}

/// What a `UISceneConfiguration(…)` is bound to, so that `x.delegateClass = T.self` finds it: the
/// call itself (by its offset, when a local holds it), or the name of a property it initializes
/// or of the receiver written.
enum ConfigurationBinding: Hashable {
  case initializer(at: Int)
  case name(String)
}

/// A helper other files may call whose parameter a producer's value is (an activity it requests
/// a scene for, an identifier it sets, a URL it opens): what the calls of other files are read
/// by (``AppSwiftFile/producers(path:bytes:calling:module:)``).
package struct HelperRelay: Sendable, Hashable {
  /// The function's name, and the type or extension it is declared in (nil at file level).
  package var name: String
  package var type: String?
  /// Each parameter's argument label (nil for `_`), and whether it has a default.
  package var labels: [String?]
  package var defaulted: [Bool]
  /// The parameter the value is.
  package var index: Int
  /// The file that declares the function (its own calls are read with it).
  package var file: String
  /// How the helper reads the value.
  package var reading: Reading

  /// A key that orders relays totally, by bytes (not canonical equivalence): by name and
  /// parameter, then every other field.
  var order: [UInt8] {
    let fields = [
      name, String(index), type ?? "", labels.map { $0 ?? "_" }.joined(separator: ":"),
      defaulted.map { $0 ? "1" : "0" }.joined(), file, String(describing: reading),
    ]
    return Array(fields.joined(separator: "\u{0}").utf8)
  }

  /// How a helper reads the value it is given, as a call elsewhere is read.
  package enum Reading: Sendable, Hashable {
    /// The activity of a request, and the session the request names as written.
    case request(session: String?)
    /// An identifier set on an event of `kind` (its receiver written `detail`, and for a user
    /// activity the type the helper's file gives it).
    case assignment(kind: Producer.Kind, detail: String?, activityType: String?)
    /// A URL it opens.
    case url
  }
}

/// A type or extension declared in a Swift file.
package struct AppTypeDeclaration: Sendable {
  package var name: String
  /// `struct`, `class`, `enum`, `actor` or `extension`.
  package var keyword: String
  package var inherited: [String]
  package var isMain: Bool
  package var file: String
  package var line: Int
  package var endLine: Int = 0
  package var platforms: CompiledPlatforms
  /// The statements of its `body` getter.
  package var body: CodeBlockItemListSyntax?
  /// Its `contentIdentifier` property (an App Intent's).
  package var contentIdentifier: PatternBindingSyntax?
  /// Computed properties and functions that return `some Scene`, by name: `body` may name them.
  package var sceneMembers: [String: CodeBlockItemListSyntax] = [:]
  /// For an extension, the functions that return `some View`, by name: for `extension View`,
  /// the modifiers an app writes for its views (`.routesNotes()`), which a view's code may call.
  package var viewMethods: [String: CodeBlockItemListSyntax] = [:]

  /// Everything the catalogue reads of it, as text: two readings of a file agree when these do.
  package var summary: String {
    let members =
      sceneMembers.keys.sorted().map { "\($0): \(sceneMembers[$0]!.description)" }
      + viewMethods.keys.sorted().map { "view \($0): \(viewMethods[$0]!.description)" }
    return [
      keyword, name, inherited.joined(separator: ","), "\(isMain)", "\(line)-\(endLine)",
      platforms.clauses.joined(separator: ","), body?.description ?? "-",
      contentIdentifier?.description ?? "-",
    ].joined(separator: "|") + members.joined(separator: "|")
  }
}
