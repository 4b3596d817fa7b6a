import AppModel
import ConditionLint
import Foundation
import PredicateTestSupport
import SourceReading
import Testing

/// The module, not the file: names a file uses and another file declares are known, with their
/// origin; a name two files declare differently is unknown, with the reason.
@Suite("module index: constants across files, in Swift and Objective-C")
struct ModuleIndexTests {
  static let app = Fixtures.root + "/apps/SplitConstants"

  /// Writes `files` under a fresh folder and returns its path.
  private func tree(_ files: [String: String]) throws -> String {
    let root = try temporaryFolder()
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root.path
  }

  /// A scene delegate whose prefers condition is built from `Paths.order`, declared elsewhere.
  static let delegate = """
    import UIKit
    func configure(_ conditions: UISceneActivationConditions) {
      conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
        format: "SELF BEGINSWITH %@", Paths.order)
    }
    """

  private func lint(_ paths: [String]) -> LintReport {
    Linter().run(paths: paths).report
  }

  @Test(
    "each condition built from another file's constant is known, and names that declaration",
    arguments: [
      // file, line, the canonical format, the origin's name, its file and line
      (
        "SceneDelegate.swift", 9, #"SELF BEGINSWITH "order/""#, "Paths.orderPrefix",
        "Constants.swift", 10
      ),
      (
        "OrdersApp.swift", 13, #"SELF CONTAINS[cd] "app.viewer""#, "Activity.viewer.identifier",
        "Constants.swift", 21
      ),
      (
        "OrdersApp.swift", 28, #"SELF CONTAINS[cd] "draft/""#, "Paths.draftPrefix",
        "Constants.swift", 11
      ),
      (
        "InvoiceSceneDelegate.m", 9, #"SELF BEGINSWITH "invoice/""#, "kInvoicePrefix",
        "Identifiers.m", 3
      ),
    ])
  func acrossFiles(
    file: String, line: Int, format: String, name: String, declaredIn: String, declaredAt: Int
  ) throws {
    let report = lint([Self.app])
    let condition = try #require(
      report.conditions.first {
        $0.file.hasSuffix("/" + file) && $0.line == line && $0.format == format
      },
      "\(report.conditions.map { "\($0.file):\($0.line) \($0.format ?? "nil")" })")
    #expect(condition.resolution == .moduleConstant)
    let origin = try #require(condition.origins.first)
    #expect(origin.name == name)
    #expect(origin.file.hasSuffix("/" + declaredIn) && origin.line == declaredAt)
  }

  @Test("a mistake in a predicate whose value is another file's is reported, with the declaration")
  func findingsAcrossFiles() throws {
    let report = lint([Self.app])
    let typo = try #require(report.diagnostics.first { $0.id == "syntax.unknown-operator" })
    #expect(typo.file.hasSuffix("SceneDelegate.swift") && typo.line == 12)
    #expect(
      report.diagnostics.contains {
        $0.id == "lint.inlined-value" && $0.file.hasSuffix("Constants.swift") && $0.line == 11
          && $0.message.contains("'Paths.draftPrefix'")
      })
    // The header's string #define is read as the .m's extern constant is.
    #expect(
      report.conditions.contains {
        $0.format == #"(SELF BEGINSWITH "invoice/") OR (SELF BEGINSWITH "receipt/")"#
          || $0.format == #"SELF BEGINSWITH "invoice/" OR SELF BEGINSWITH "receipt/""#
      }, "\(report.conditions.map { $0.format ?? "nil" })")
  }

  @Test("the same file linted alone knows nothing of the others: the value stays unknown")
  func aloneIsUnknown() throws {
    let report = lint([Self.app + "/Sources/SceneDelegate.swift"])
    let prefers = try #require(report.conditions.first { $0.kind == .prefersToActivate })
    #expect(prefers.format == nil || prefers.resolution != .moduleConstant)
  }

  @Test("a name two files declare with different values is unknown: never one of them guessed")
  func declaredTwice() throws {
    let root = try tree([
      "A/Paths.swift": #"enum Paths { static let order = "order/" }"#,
      "B/Paths.swift": #"enum Paths { static let order = "orders/" }"#,
      "Delegate.swift": Self.delegate,
    ])
    let condition = try #require(lint([root]).conditions.first)
    #expect(condition.resolution == .runtime)
    #expect(condition.origins.isEmpty)
    #expect(
      condition.format?.contains("order/") != true && condition.format?.contains("orders/") != true)
  }

  @Test("the same value declared in two files (one per platform) is known")
  func declaredTwiceAlike() throws {
    let root = try tree([
      "iOS/Paths.swift": #"enum Paths { static let order = "order/" }"#,
      "macOS/Paths.swift": #"enum Paths { static let order = "order/" }"#,
      "Delegate.swift": Self.delegate,
    ])
    let condition = try #require(lint([root]).conditions.first)
    #expect(condition.format == #"SELF BEGINSWITH "order/""#)
  }

  @Test(
    "a constant is found in the file that declares or extends its type, in every shape of it",
    arguments: [
      #"enum Paths { static let order = "order/" }"#,
      #"extension Outer.Paths { static let order = "order/" }"#,
      #"enum Outer { enum Paths { static let order = "order/" } }"#,
      "public enum\n  Paths: String { case a\n static let order = \"order/\" }",
      #"struct Paths<T> { static var order: String { "order/" } }"#,
      #"extension /* the routes */ Paths { static let order = "order/" }"#,
    ])
  func typedSearch(declaration: String) throws {
    // Many files use the name and the type; one declares it.
    let qualified = declaration.contains("Outer") ? "Outer.Paths" : "Paths"
    var files = [
      "Outer.swift": "enum Outer { enum Paths {} }",
      "Paths.swift": declaration,
      "Delegate.swift": Self.delegate.replacingOccurrences(of: "Paths.", with: qualified + "."),
    ]
    for user in 0..<20 {
      files["Users/User\(user).swift"] = "let order\(user) = \(qualified).order + \"\(user)\""
    }
    let condition = try #require(lint([try tree(files)]).conditions.first)
    if declaration.contains("/*") {
      // A comment between the keyword and the type hides the declaration from the byte test:
      // the value is unknown, never another's.
      #expect(condition.resolution != .moduleConstant)
    } else {
      #expect(condition.format == #"SELF BEGINSWITH "order/""#, "\(declaration)")
    }
  }

  @Test("a property an enum computes per case is found by its type, whatever its cases' case")
  func typedSearchPerCase() throws {
    let root = try tree([
      "Windows.swift": """
      enum Windows {
        case Viewer
        var identifier: String { switch self { case .Viewer: "app.viewer" } }
      }
      """,
      "Delegate.swift": """
      import UIKit
      func configure(_ conditions: UISceneActivationConditions) {
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
          format: "SELF == %@", Windows.Viewer.identifier)
      }
      """,
    ])
    let condition = try #require(lint([root]).conditions.first)
    #expect(condition.format == #"SELF == "app.viewer""#)
  }

  @Test("a compound over a map of known strings has one subpredicate per string, in order")
  func mappedSubpredicates() throws {
    let root = try tree([
      "Routes.swift": """
      enum Routes {
        static let editor = "notes://editor"
        static let prefixes = ["notes://note/", "notes://list/"]
      }
      """,
      "Delegate.swift": """
      import UIKit
      func configure(_ conditions: UISceneActivationConditions, session: UISceneSession) {
        let ids = ["notes://lists", Routes.editor]
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
          orPredicateWithSubpredicates: ids.map { NSPredicate(format: "SELF == %@", $0) })
        conditions.canActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
          orPredicateWithSubpredicates: Routes.prefixes.map { prefix in
            NSPredicate(format: "SELF BEGINSWITH %@", prefix)
          })
        conditions.canActivateForTargetContentIdentifierPredicate = NSCompoundPredicate(
          orPredicateWithSubpredicates: session.persistentIdentifier.map { NSPredicate(format: "SELF == %@", $0) })
      }
      """,
    ])
    let conditions = lint([root]).conditions.sorted { $0.line < $1.line }
    try #require(conditions.count == 3)
    #expect(conditions[0].format == #"SELF == "notes://lists" OR SELF == "notes://editor""#)
    #expect(conditions[0].resolution == .moduleConstant)
    #expect(
      conditions[1].format
        == #"SELF BEGINSWITH "notes://note/" OR SELF BEGINSWITH "notes://list/""#)
    // Over a run-time value: not checkable, and says why.
    #expect(conditions[2].format == nil)
    #expect(conditions[2].resolution == .runtime)
  }

  @Test("a bare name Swift uses and only Objective-C declares is that constant or #define")
  func swiftReadsObjectiveCConstants() throws {
    let root = try tree([
      "Routes.h": """
      extern NSString *const DocRoutePrefix;
      #define DOC_ROUTE_INSPECTOR @"docs://inspector"
      """,
      "Routes.m": #"NSString *const DocRoutePrefix = @"docs://doc/";"#,
      "Delegate.swift": """
      import UIKit
      func configure(_ conditions: UISceneActivationConditions) {
        conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(
          format: "SELF BEGINSWITH %@", DocRoutePrefix)
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
          format: "SELF == %@", DOC_ROUTE_INSPECTOR)
      }
      func notify(id: String) {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier = DocRoutePrefix + id
      }
      """,
    ])
    let conditions = lint([root]).conditions.sorted { $0.line < $1.line }
    try #require(conditions.count == 2)
    #expect(conditions[0].format == #"SELF BEGINSWITH "docs://doc/""#)
    #expect(conditions[0].resolution == .moduleConstant)
    #expect(conditions[0].origins.first?.file.hasSuffix("Routes.m") == true)
    #expect(conditions[1].format == #"SELF == "docs://inspector""#)
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let producer = try #require(catalog.producers.first { $0.kind == .notification })
    #expect(producer.template?.parts == [.text("docs://doc/"), .hole("id")])
  }

  @Test("the search name of a lookup is its name with the nearest type written before it")
  func searchNames() {
    let cases: [([String], SwiftValues.Lookup, String)] = [
      (["Outer.Paths.order", "Paths.order"], .constant, "Paths.order"),
      (["V.item", "item"], .constant, "item"),
      (["V.item"], .constant, "V.item"),
      (
        ["App.Windows.viewer.identifier", "Windows.viewer.identifier"], .caseProperty,
        "Windows.identifier"
      ),
      (["Windows.Viewer.identifier"], .caseProperty, "Windows.identifier"),
      (["Route.inbox"], .rawValue, "Route.inbox"),
      (["shared.paths.order"], .constant, "order"),
      (["Paths.shared.order"], .constant, "Paths.order"),
      ([], .constant, ""),
    ]
    for (keys, kind, name) in cases {
      #expect(ModuleIndex.searchName(for: keys, kind: kind).description == name, "\(keys)")
    }
  }

  @Test("a file declares or extends a type only where a type keyword stands before its name")
  func declaresType() {
    func declares(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer {
        ModuleDeclarations.declaresType(Array("Paths".utf8), in: $0)
      }
    }
    for text in [
      "enum Paths {}", "struct Paths<T> {}", "final class Paths: NSObject {}", "actor Paths {}",
      "protocol Paths {}", "extension Paths {}", "extension Outer.Paths {}",
      "extension Outer . `Paths` {}", "enum\n\tPaths {}", "extension A.B.Paths where T: U {}",
    ] {
      #expect(declares(text), "\(text)")
    }
    for text in [
      "let a = Paths.order", "func f(_ p: Paths) {}", "enum PathsKind {}", "enum MyPaths {}",
      "var paths = [Paths]()", "class func Paths2() {}", "// enum Path",
    ] {
      #expect(!declares(text), "\(text)")
    }
  }

  @Test("a constant built from a constant of a third file resolves through both")
  func chained() throws {
    let root = try tree([
      "Base.swift": #"enum Base { static let scheme = "app" }"#,
      "Paths.swift": #"enum Paths { static let order = Base.scheme + "/order/" }"#,
      "Delegate.swift": Self.delegate,
    ])
    let condition = try #require(lint([root]).conditions.first)
    #expect(condition.format == #"SELF BEGINSWITH "app/order/""#)
  }

  /// An app whose scene and view sets live in a constants file, as teams write them.
  static let setsApp = [
    "Routes.swift": #"""
    enum Routes {
      static let scheme = "chat"
      static var main: Set<String> { ["\(scheme)://inbox", Other.home] }
      static let threads = Set(arrayLiteral: scheme + "://thread/")
      static let shared: Set<String> = Other.all
      static var mutable: Set<String> = ["x"]
      static let name = "chat://name"
      static let clock: Set<String> = [Date().description]
    }
    """#,
    "Other.swift": #"enum Other { static let home = "chat://home"; static let all = [home, "s"] }"#,
    "ChatApp.swift": """
    import SwiftUI
    @main struct ChatApp: App {
      var body: some Scene {
        WindowGroup { Text("") }.handlesExternalEvents(matching: Routes.main)
        WindowGroup(id: "thread") {
          Text("").handlesExternalEvents(preferring: Routes.shared, allowing: Routes.threads)
        }
        .handlesExternalEvents(matching: Routes.threads)
        WindowGroup(id: "a") { Text("") }.handlesExternalEvents(matching: Routes.mutable)
        WindowGroup(id: "b") { Text("") }.handlesExternalEvents(matching: Routes.name)
        WindowGroup(id: "c") { Text("") }.handlesExternalEvents(matching: Routes.clock)
      }
    }
    """,
  ]

  @Test("a set another file declares is known, element by element, with its declaration")
  func setsAcrossFiles() throws {
    let root = try tree(Self.setsApp)
    let report = lint([root])
    let formats = report.conditions.map { "\($0.line) \($0.kind.rawValue) \($0.format ?? "-")" }
    #expect(
      formats == [
        #"4 swiftui.matching SELF CONTAINS[cd] "chat://inbox" OR SELF CONTAINS[cd] "chat://home""#,
        #"6 swiftui.preferring SELF CONTAINS[cd] "chat://home" OR SELF CONTAINS[cd] "s""#,
        #"6 swiftui.allowing SELF CONTAINS[cd] "chat://thread/""#,
        #"8 swiftui.matching SELF CONTAINS[cd] "chat://thread/""#,
        "9 swiftui.matching -", "10 swiftui.matching -", "11 swiftui.matching -",
      ], "\(formats)")
    let main = try #require(report.conditions.first)
    #expect(main.resolution == .moduleConstant)
    #expect(main.origins.map(\.name) == ["Routes.main"])
    #expect(main.origins.first?.file.hasSuffix("/Routes.swift") == true)
    #expect(main.origins.first?.line == 3)
    // Each unknown says why, and the reason names the declaration's own problem.
    let notes = report.diagnostics.filter { $0.id == "lint.not-checkable" }.map(\.message)
    #expect(notes.count == 3)
    #expect(notes.contains { $0.contains("'Routes.mutable' is a var") })
    #expect(notes.contains { $0.contains("'Routes.name' is a string of the module, not a set") })
    #expect(notes.contains { $0.contains("an element of the set: 'Date().description'") })
    // The app model reads the same sets.
    let run = Linter.readApp(paths: [root])
    let groups = try #require(run.catalog?.apps.first?.windowGroups)
    #expect(groups.first?.matching == ["chat://inbox", "chat://home"])
    #expect(groups.dropFirst().first?.matching == ["chat://thread/"])
  }

  @Test("the search reads files through the index's reader, not from disk")
  func searchThroughReader() throws {
    // Paths no disk holds: the fuzzers' modules live in memory, and so may a caller's.
    let files: [String: [UInt8]] = [
      "memory/Paths.swift": Array(#"enum Paths { static let order = "order/" }"#.utf8),
      "memory/Ids.m": Array(#"NSString *const kInvoice = @"invoice/";"#.utf8),
      "memory/Delegate.swift": Array(Self.delegate.utf8),
    ]
    let module = ModuleIndex(sources: files.keys.sorted(), read: { files[$0] })
    let order = try #require(
      module.swiftConstant(["Paths.order"], kind: .constant, besides: "memory/Delegate.swift"))
    #expect(order.value == .text("order/"))
    #expect(order.place.file == "memory/Paths.swift")
    let invoice = try #require(module.objCConstant("kInvoice", besides: "memory/Delegate.swift"))
    #expect(invoice.value == .text("invoice/"))
  }

  @Test("an index that parsed another file's declarations is freed with its last user")
  func indexIsFreed() throws {
    // The parsed files' values ask the index in turn: a strong reference back would keep every
    // index, with its trees, alive (a fuzzer's run of many modules grew to gigabytes).
    let files: [String: [UInt8]] = [
      "memory/Paths.swift": Array(#"enum Paths { static let order = "order/" }"#.utf8),
      "memory/Delegate.swift": Array(Self.delegate.utf8),
    ]
    weak var freed: ModuleIndex?
    do {
      let module = ModuleIndex(sources: files.keys.sorted(), read: { files[$0] })
      let order = module.swiftConstant(
        ["Paths.order"], kind: .constant, besides: "memory/Delegate.swift")
      #expect(order?.value == .text("order/"))
      freed = module
    }
    #expect(freed == nil)
  }

  @Test("an Objective-C file without const or #define is not read again by the search")
  func objCFilesWithoutDeclarations() throws {
    for (text, declares) in [
      (#"NSString *const kName = @"n";"#, true), (#"#define kName @"n""#, true),
      ("static NSString * const\tkName = @\"n\";", true),
      (#"NSString *name = [NSString stringWithFormat:@"%@", kName];"#, false),
      ("- (void)viewDidLoad { [super viewDidLoad]; }", false),
    ] {
      let bytes = Array(text.utf8)
      #expect(
        bytes.withUnsafeBufferPointer { ModuleDeclarations.mayDeclareObjCConstants($0) }
          == declares, "\(text)")
    }
    // A tree whose header declares the constant and whose other files only use it resolves.
    let root = try tree([
      "Ids.h": #"#define kInvoicePrefix @"invoice/""#,
      "Other.m": "- (void)open { [self show:kInvoicePrefix]; }",
      "Delegate.m": """
      - (void)configure:(UISceneActivationConditions *)conditions {
        conditions.prefersToActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", kInvoicePrefix];
      }
      """,
    ])
    let condition = try #require(lint([root]).conditions.first)
    #expect(condition.format == #"SELF BEGINSWITH "invoice/""#)
  }

  @Test("the files that may call a helper: on its type or a static member, or in a file naming it")
  func filesCallingHelpers() {
    let files: [String: [UInt8]] = [
      "A.swift": Array("Notifier.post(\"a\")".utf8),
      "B.swift": Array("router.post(\"b\"); open(url)".utf8),
      "C.swift": Array("UIApplication.shared\n  .activateScene(userActivity: a)".utf8),
      "D.swift": Array("extension Notifier { func x() { post(\"d\") } }".utf8),
      "E.swift": Array("func y() { post (\"e\") }".utf8),
      "F.swift": Array("repost(\"f\"); self.post(\"f\")".utf8),
      "G.m": Array("[Notifier post:@\"g\"];".utf8),
      "H.swift": Array("let notifier: Notifier? = nil\nnotifier?.post(\"h\")".utf8),
    ]
    let module = ModuleIndex(sources: files.keys.sorted(), read: { files[$0] })
    // On the type, within it, or on a value of a file that names the type.
    #expect(
      module.swiftFiles(calling: [("post", "Notifier")]) == ["A.swift", "D.swift", "H.swift"])
    #expect(module.swiftFiles(calling: [("activateScene", "UIApplication")]) == ["C.swift"])
    // A file-level function: any call without a receiver.
    #expect(module.swiftFiles(calling: [("open", nil)]) == ["B.swift"])
    #expect(module.swiftFiles(calling: [("post", nil)]) == ["D.swift", "E.swift"])
  }

  @Test("a function returning a template of its parameters is a template at each call")
  func functionTemplates() throws {
    let root = try tree([
      "Routes.swift": """
      enum Routes {
        static let prefix = "orders/"
        static func order(_ id: String) -> String { prefix + id }
        static func invoice(number: String, year: String) -> String { "invoices/\\(year)/\\(number)" }
      }
      func thread(_ id: String) -> String { "chat/thread/" + id }
      """,
      "Handoff.swift": """
      import Foundation
      func handoff(orderID: String) {
        let activity = NSUserActivity(activityType: "order")
        activity.targetContentIdentifier = Routes.order(orderID)
        let known = NSUserActivity(activityType: "order")
        known.targetContentIdentifier = Routes.order("42")
        let invoice = NSUserActivity(activityType: "invoice")
        invoice.targetContentIdentifier = Routes.invoice(number: orderID, year: "2026")
        let chat = NSUserActivity(activityType: "chat")
        chat.targetContentIdentifier = thread(orderID)
      }
      func configure(_ conditions: UISceneActivationConditions, id: String) {
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
          format: "SELF == %@", Routes.order(id))
      }
      """,
    ])
    let run = Linter.readApp(paths: [root])
    let producers = try #require(run.catalog?.producers)
    #expect(
      producers.map { $0.identifier ?? $0.template?.description ?? "?" } == [
        "orders/⟨orderID⟩", "orders/42", "invoices/2026/⟨orderID⟩", "chat/thread/⟨orderID⟩",
      ])
    let condition = try #require(run.report.conditions.first)
    #expect(condition.format == "SELF == $id")
    #expect(
      condition.variables.first?.template == Template(parts: [.text("orders/"), .hole("id")]))
  }

  @Test(
    "a string helper's arguments bind to its parameters by label; a default is read where the helper is declared"
  )
  func helperArgumentsByLabel() throws {
    let helpers = """
      enum Routes {
        static let base = "shop/"
        static let open = "open"
        static func item(in section: String = "catalog", _ id: String) -> String {
          base + section + "/" + id
        }
        static func order(_ id: String, state: String = open, year: String = "2026") -> String {
          "orders/\\(year)/\\(state)/\\(id)"
        }
      }
      extension NSUserActivity {
        static func viewing(folder: String = "inbox", _ id: String) -> NSUserActivity {
          let activity = NSUserActivity(activityType: "com.example.mail")
          activity.targetContentIdentifier = "mail/\\(folder)/\\(id)"
          return activity
        }
      }
      """
    let uses = """
      import UIKit
      func handoff(orderID: String) {
        let a = NSUserActivity(activityType: "shop")
        a.targetContentIdentifier = Routes.item("42")
        let b = NSUserActivity(activityType: "shop")
        b.targetContentIdentifier = Routes.item(in: "sale", orderID)
        let c = NSUserActivity(activityType: "shop")
        c.targetContentIdentifier = Routes.order(orderID, year: "2025")
        let d = NSUserActivity(activityType: "shop")
        d.targetContentIdentifier = Routes.order("9", state: "closed")
        let e = NSUserActivity(activityType: "shop")
        e.targetContentIdentifier = Routes.order(year: "2025")
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: .viewing("7"), options: nil)
      }
      """
    // The helpers in the file that calls them, and in a file of their own (through the module).
    for files in [
      ["Handoff.swift": uses + helpers],
      ["Handoff.swift": uses, "Routes.swift": helpers],
    ] {
      let producers = try #require(Linter.readApp(paths: [try tree(files)]).catalog?.producers)
        .filter { $0.line < 14 }.sorted { $0.line < $1.line }
      #expect(
        producers.map { $0.identifier ?? $0.template?.description ?? $0.unknown ?? "?" } == [
          "shop/catalog/42", "shop/sale/⟨orderID⟩", "orders/2025/open/⟨orderID⟩",
          "orders/2026/closed/9",
          "the arguments of 'Routes.order(year: \"2025\")' do not match its parameters",
          "mail/inbox/7",
        ], "\(files.keys.sorted())")
    }
  }

  /// Predicate helpers, as apps write them: a type of static functions in its own file, an
  /// `NSPredicate` extension, a method of the delegate; labels, defaults and constants of the
  /// helper's file.
  static let helpersApp = [
    "Predicates.swift": #"""
    import Foundation
    enum Predicates {
      static let root = "com.example.mail/"
      static func prefix(_ prefix: String) -> NSPredicate {
        NSPredicate(format: "SELF BEGINSWITH %@", prefix)
      }
      static func thread(_ id: String, folder: String = "inbox") -> NSPredicate {
        NSPredicate(format: "SELF == %@", root + folder + "/" + id)
      }
      static func broken(_ value: String) -> NSPredicate {
        NSPredicate(format: "SELF BEGINSWITH[x] %@", value)
      }
      static func twice(_ value: String) -> NSPredicate { NSPredicate(format: "SELF == %@", value) }
    }
    """#,
    "Other.swift": #"""
    import Foundation
    extension Predicates {
      static func twice(_ value: String) -> NSPredicate { NSPredicate(format: "SELF == %@", "x") }
    }
    """#,
    "SceneDelegate.swift": #"""
    import UIKit
    extension NSPredicate {
      static func messages(in folder: String) -> NSPredicate {
        NSPredicate(format: "SELF BEGINSWITH %@", "com.example.mail/" + folder)
      }
    }
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
      func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                 options connectionOptions: UIScene.ConnectionOptions) {
        let c = scene.activationConditions
        c.canActivateForTargetContentIdentifierPredicate = Predicates.prefix("com.example.mail/")
        c.prefersToActivateForTargetContentIdentifierPredicate = Predicates.thread("7")
        c.prefersToActivateForTargetContentIdentifierPredicate = Predicates.thread("8", folder: "x")
        c.canActivateForTargetContentIdentifierPredicate = .messages(in: "drafts")
        c.canActivateForTargetContentIdentifierPredicate = self.own(session.persistentIdentifier)
        c.canActivateForTargetContentIdentifierPredicate = Predicates.broken("a")
        c.canActivateForTargetContentIdentifierPredicate = Predicates.twice("a")
        c.canActivateForTargetContentIdentifierPredicate = Predicates.thread(folder: "x")
      }
      func own(_ id: String) -> NSPredicate { NSPredicate(format: "SELF == %@", id) }
    }
    """#,
  ]

  @Test("a predicate a helper builds is read from its body, each parameter its argument here")
  func predicateHelpers() throws {
    let root = try tree(Self.helpersApp)
    let report = lint([root])
    let conditions = report.conditions.filter { $0.file.hasSuffix("SceneDelegate.swift") }
    #expect(
      conditions.map { "\($0.line) \($0.format ?? "-")" } == [
        #"11 SELF BEGINSWITH "com.example.mail/""#,
        #"12 SELF == "com.example.mail/inbox/7""#,
        #"13 SELF == "com.example.mail/x/8""#,
        #"14 SELF BEGINSWITH "com.example.mail/drafts""#,
        "15 SELF == $id", "16 -", "17 -", "18 -",
      ], "\(conditions.map { "\($0.line) \($0.format ?? "-")" })")
    // Another file's helper names its declaration; this file's, its own.
    #expect(conditions[0].resolution == .moduleConstant)
    let origin = try #require(conditions[1].origins.first { $0.name == "Predicates.thread" })
    #expect(origin.file.hasSuffix("/Predicates.swift") && origin.line == 7)
    #expect(conditions[3].resolution == .sameFileConstant)
    #expect(conditions[3].origins.map(\.name) == [".messages"])
    // A mistake in another file's helper is reported at the call, with the helper named.
    let mistake = try #require(report.diagnostics.first { $0.id == "syntax.unknown-option" })
    #expect(mistake.file.hasSuffix("SceneDelegate.swift") && mistake.line == 16)
    // Two files declare `twice` differently: unknown, never one guessed; arguments that match
    // no parameter list: unknown, with why.
    let notes = report.diagnostics.filter { $0.id == "lint.not-checkable" }.map(\.message)
    #expect(notes.contains { $0.contains("is declared in more than one file") })
    #expect(notes.contains { $0.contains("do not match its parameters") })
  }

  @Test("the catalogue reads window ids and sets from another file")
  func catalogue() throws {
    let run = Linter.readApp(paths: [Self.app])
    let groups = try #require(run.catalog?.apps.first?.windowGroups)
    #expect(groups.map(\.id) == ["orders", "viewer"])
    #expect(groups.map(\.matching) == [["order/"], ["app.viewer"]])
    let handoff = try #require(run.catalog?.producers.first { $0.file.hasSuffix("Handoff.swift") })
    #expect(handoff.template?.parts.first == .text("order/"))
    #expect(
      !run.report.diagnostics.contains {
        $0.id.rawValue.hasPrefix("routing.") && $0.message.contains("viewer")
      })
  }

  /// Every name the declaration scans read in `text`, with whether the search's byte test lets
  /// the file through for that name alone.
  private static func scannedNames(_ text: [UInt8], objectiveC: Bool) -> [(String, Bool)] {
    text.withUnsafeBufferPointer { bytes in
      let names =
        objectiveC ? ModuleDeclarations.objCNames(bytes) : ModuleDeclarations.swiftNames(bytes)
      return names.filter { $0.utf8.count >= 2 }.map {
        (
          $0,
          ModuleDeclarations.mayDeclare(any: [Array($0.utf8)], in: bytes, objectiveC: objectiveC)
        )
      }
    }
  }

  @Test("the search's byte test passes every file a scan finds a declaration in")
  func searchTestIsASuperset() throws {
    // The fixtures' sources, shapes written to be awkward, and random token soup.
    var texts: [(text: [UInt8], objectiveC: Bool)] = []
    let root = URL(fileURLWithPath: Fixtures.root)
    let walk = try #require(
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    for case let url as URL in walk where ["swift", "m", "h"].contains(url.pathExtension) {
      texts.append((Array(try Data(contentsOf: url)), url.pathExtension != "swift"))
    }
    let awkward = [
      "enum A { case `default`, b,c ,\td = \"x\" }", "static nonisolated let\tname = 1",
      "let`quoted` = 2", "éfunc helper() {}", "#define  kName @\"n\"",
      "NSString *const\tkOther = @\"o\";", "class var shared: A { A() }",
      "var body: some View { switch self { case .a: \"a\" } }", "func\n  broken()",
    ]
    texts += awkward.flatMap { [(Array($0.utf8), false), (Array($0.utf8), true)] }
    var random = SeededRandom(seed: 47)
    let tokens = [
      "let", "var", "func", "case", "static", "class", "#define", "const", "nonisolated", "`",
      ",", " ", "\t", "\n", "=", "name", "other", "é", "x1", "(", ")", "{", "}", ".", "\"s\"",
      "switch self", "NSString *",
    ]
    for _ in 0..<8_000 {
      let text = (0..<random.pick(Array(1...40))).map { _ in random.pick(tokens) }.joined()
      texts.append((Array(text.utf8), random.chance(0.3)))
    }
    var checked = 0
    for (text, objectiveC) in texts {
      for (name, passes) in Self.scannedNames(text, objectiveC: objectiveC) {
        #expect(passes, "\(name) in \(String(decoding: text, as: UTF8.self))")
        checked += 1
      }
    }
    #expect(checked > 500)
    // A file that uses names everywhere and declares none is not scanned for them.
    let user = Array(
      """
      NSString *title = [NSString stringWithFormat:@"%@", item.title];
      let items: [Item] = model.items; for item in items { open(item) }
      """.utf8)
    #expect(
      !user.withUnsafeBufferPointer {
        ModuleDeclarations.mayDeclare(
          any: [Array("NSString".utf8), Array("item".utf8)], in: $0, objectiveC: false)
      })
  }

  @Test("string #defines are found from # to #, as a line at a time finds them")
  func stringDefinesByHash() {
    var random = SeededRandom(seed: 1_147)
    let pieces = [
      "#", "#define", "# define", "define", " ", "\t", "\n", "\r", "\r\n", "kName", "NAME_2", "x",
      "@", "\"", "\"v\"", "@\"a\\\"b\"", "\\", "//", "/* c */", "(", "é", ";",
    ]
    var texts = [
      "#define kA @\"a\"\n  #define kB \"b\" // note\n\t# define kC @\"c\"\r#define kD @\"d\";",
      "x #define kA @\"a\"\n#define kA @\"b\"\n#define kE @\"e\"", "#define kF @\"f\"",
    ]
    // Lines that are defines (spaced, named and valued in every way), or noise, or both.
    let spaces = ["", " ", "\t", "  \t"]
    let names = ["kA", "kA", "NAME_2", "é", ""]
    let values = ["@\"a\"", "\"b\\\"c\"", "@\"\"", "\"open", "1", "@\"x\" // y", "@\"x\" + z"]
    let breaks = ["\n", "\r", "\r\n", "\\\n"]
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<random.pick(Array(1...5)) {
        var line =
          random.pick(spaces) + "#" + random.pick(spaces) + "define" + random.pick([" ", "\t"])
          + random.pick(names) + random.pick([" ", "  ", "\t", ""]) + random.pick(values)
        if random.chance(0.3) {
          line =
            (0..<random.pick(Array(1...8))).map { _ in random.pick(pieces) }.joined()
            + (random.chance(0.5) ? line : "")
        }
        text += line + random.pick(breaks)
      }
      texts.append(random.chance(0.5) ? String(text.dropLast()) : text)
    }
    var defined = 0
    for text in texts {
      let bytes = Array(text.utf8)
      let found = ObjCExtractor.stringDefines(bytes).mapValues { [$0.1] + $0.0.origins }
      #expect(found == Self.lineByLineDefines(bytes), "\(text)")
      defined += found.count
    }
    #expect(defined > 5_000)
  }

  /// Constants written as the preprocessor and the compiler join them: a define that names
  /// another (in any order), adjacent literals, a `const` whose value is a define and a literal.
  @Test("string defines and constants join adjacent literals and the file's string defines")
  func stringDefinesByName() {
    func defines(_ text: String) -> [String: String] {
      ObjCExtractor.stringDefines(Array(text.utf8)).compactMapValues { $0.0.value }
    }
    #expect(
      defines(
        """
        #define kThread kRoot @"/thread/"
        #define kRoot @"com.example" "."  @"chat"
        #define kBoth kRoot kRoot // twice
        """) == [
          "kRoot": "com.example.chat", "kThread": "com.example.chat/thread/",
          "kBoth": "com.example.chatcom.example.chat",
        ])
    // What is not a string: a cycle, an undefined name, a number, an expression, a function-like
    // macro, a name defined twice (under #if branches), and what names any of them.
    #expect(
      defines(
        """
        #define kA kB
        #define kB kA
        #define kC kUndefined @"x"
        #define kD 1
        #define kE @"x" + @"y"
        #define kF(x) @"f"
        #define kG NSLocalizedString(@"g", nil)
        #if DEBUG
        #define kH @"debug"
        #else
        #define kH @"release"
        #endif
        #define kI kH @"/i"
        #define kJ kA
        """) == [:])
    // A chain longer than the passes resolve stops there, in whatever order it is written: the
    // same defines resolve, reading after reading.
    let chain = (0..<40).map { "#define k\($0) k\($0 + 1) @\"\($0)\"" } + ["#define k40 @\"end\""]
    for lines in [chain, chain.reversed()] {
      let found = defines(lines.joined(separator: "\n"))
      #expect(found["k40"] == "end" && found["k39"] == "end39")
      #expect(found.count >= 32 && found.count <= 41)
      #expect(defines(lines.joined(separator: "\n")) == found)
    }
    // Each define naming the one before twice doubles the text: bounded, not gigabytes.
    let doubling =
      ["#define k0 @\"12345678\""] + (0..<64).map { "#define k\($0 + 1) k\($0) k\($0)" }
    let doubled = defines(doubling.joined(separator: "\n"))
    #expect(doubled["k9"]?.utf8.count == 4_096 && doubled["k10"] == nil && doubled.count == 10)
    let repeated = ObjCExtractor.fileConstants(
      in: Array(
        (doubling.prefix(10) + [
          "NSString *const kBig = " + String(repeating: "k9 ", count: 2) + ";"
        ])
        .joined(separator: "\n").utf8))
    #expect(repeated["kBig"] == nil && repeated["k9"] != nil)
    let constants = ObjCExtractor.fileConstants(
      in: Array(
        """
        #define kRoot @"com.example/"
        static NSString *const kThread = kRoot @"thread/";
        NSString *const kInbox = @"com.example/" @"inbox";
        NSString *const kAlias = kRoot;
        NSString *const kOther = kRoot + 1;
        NSString *const kLater = kUnknown @"x";
        """.utf8)
    ).compactMapValues { $0.0.value }
    #expect(
      constants == [
        "kRoot": "com.example/", "kThread": "com.example/thread/", "kInbox": "com.example/inbox",
        "kAlias": "com.example/",
      ])
  }

  /// A header's constant built from its define and a literal is read where another file uses
  /// it, in Objective-C and in Swift.
  @Test("a header constant joined from a define and a literal is read in every file")
  func joinedHeaderConstants() throws {
    let root = try tree([
      "Constants.h": """
      #define NT_ROOT @"com.example.notes"
      static NSString * const NTNotePrefix = NT_ROOT @"/note/";
      """,
      "Delegate.m": """
      #import "Constants.h"
      @implementation Delegate
      - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", NTNotePrefix];
      }
      @end
      """,
      "Notify.swift": """
      import UIKit
      func configure(_ conditions: UISceneActivationConditions) {
        conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(
          format: "SELF BEGINSWITH %@", NTNotePrefix)
      }
      """,
    ])
    let formats = lint([root]).conditions.map { $0.format ?? "nil" }.sorted()
    #expect(formats == Array(repeating: #"SELF BEGINSWITH "com.example.notes/note/""#, count: 2))
  }

  /// What `ObjCExtractor.stringDefines` finds, a line at a time: each line (broken at LF and CR)
  /// whose first byte after spaces and tabs is `#`, read alone, its define moved to the line's
  /// place; a name defined more than once is dropped. Each define's offset, then its value's
  /// byte origins. (No random value names another define: that is `stringDefinesByName`'s.)
  private static func lineByLineDefines(_ bytes: [UInt8]) -> [String: [Int]] {
    var defines: [String: [Int]] = [:]
    var written: [String: Int] = [:]
    var lineStart = 0
    while lineStart <= bytes.count {
      let lineEnd =
        bytes[lineStart...].firstIndex(where: { $0 == 10 || $0 == 13 }) ?? bytes.count
      let line = Array(bytes[lineStart..<lineEnd])
      let first = line.first { $0 != 32 && $0 != 9 }
      for (name, (text, offset)) in first == UInt8(ascii: "#")
        ? ObjCExtractor.stringDefines(line) : [:]
      {
        let found = [offset + lineStart] + text.origins.map { $0 + lineStart }
        defines[name] = found
        written[name, default: 0] += 1
      }
      lineStart = lineEnd + 1
    }
    return defines.filter { (written[$0.key] ?? 1) <= 1 }
  }

  @Test("a qualified name's last component is split's, for every shape of dots")
  func lastComponents() {
    for key in [
      "order", "Paths.order", "A.B.c", "Foo.", "Foo..", ".", "..", "", ".x", "a..b", "é.ü", "🙂.x.",
    ] {
      #expect(
        SwiftValues.lastComponent(key) == String(key.split(separator: ".").last ?? Substring(key)),
        "\(key)")
    }
  }
}
