import Foundation
import LintTestSupport
import PredicateTestSupport
import Testing

@testable import AppModel
@testable import ConditionLint
@testable import SourceReading

/// The app model parses a file it reads for its producers alone, or follows for its views, with
/// the members that cannot matter blanked (`SwiftSkeleton.sparse`). These tests hold it to the
/// invariant that makes that safe: the sparse reading says what the whole file's reading says,
/// or is not used.
@Suite("app model: sparse readings agree with whole-file readings")
struct SparseReadingTests {
  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// Sources the sparse reading must take (a member of its own, nothing looked up elsewhere).
  static let sparse: [(String, String)] = [
    (
      "members and a producer, as in the benchmark",
      """
      import UIKit

      final class Type1 {
        /// Loads the value for the given key.
        func load(_ key: String, from store: Store) throws -> Value? { store[key] }
        private var cache: [String: Value] = [:]
        let title = NSLocalizedString("title", comment: "The screen's {title}")
        // MARK: - Helpers }
        func advertise(_ id: String) -> NSUserActivity {
          let activity = NSUserActivity(activityType: "com.example.chat.open")
          activity.targetContentIdentifier = "com.example.chat/thread/\\(id)"
          return activity
        }
      }
      """
    ),
    (
      "braces in strings, raw strings, multi-line strings, comments and interpolated closures",
      """
      let kPrefix = "com.example/"
      struct Strings {
        let a = "{"
        let b = #"}"#
        let c = \"\"\"
          } {{
          \"\"\"
        /* } /* nested { */ */
        func join(_ items: [Int]) -> String { "\\(items.map { "\\($0)}" })" }
        func advertise(_ content: UNMutableNotificationContent) {
          content.targetContentIdentifier = kPrefix + "inbox"
        }
      }
      """
    ),
    (
      "a producer in a nested type, with #if around members and an attribute line",
      """
      enum Outer {
        #if os(iOS)
          static func helper() -> Int { 1 }
        #else
          static func helper() -> Int { 2 }
        #endif
        struct Inner {
          @MainActor
          func make() -> NSUserActivity {
            let item = NSUserActivity(activityType: "x")
            item.targetContentIdentifier = "nested"
            return item
          }
        }
      }
      """
    ),
    (
      "a top-level function after an `import class`, and a top-level statement",
      """
      import class Foundation.NSUserActivity
      func share(_ shortcut: UIApplicationShortcutItem) {
        if true { shortcut.targetContentIdentifier = "top" }
      }
      let activity = NSUserActivity(activityType: "y")
      activity.targetContentIdentifier = "statement"
      struct Later { func f() -> Int { 3 } }
      """
    ),
  ]

  /// A constant declared between the member before and the producer's is kept, and read.
  @Test("a constant kept with the producer's member is read from the sparse file")
  func keptConstant() throws {
    let source = Self.bytes(
      """
      struct Links {
        func unrelated() -> Int { 1 }
        static let prefix = "chat/"
        func advertise(_ activity: NSUserActivity, id: String) {
          activity.targetContentIdentifier = Self.prefix + "thread/" + id
        }
      }
      """)
    let file = try #require(AppSwiftFile.producers(path: "A.swift", bytes: source))
    #expect(file.producers.first?.template?.parts == [.text("chat/thread/"), .hole("id")])
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
  }

  /// A helper's parameter is read at the helper's calls: wherever those are written (a member
  /// the sparse reading keeps, one it blanks, a closure, an extension, a computed property, a
  /// file-level function), the sparse reading reads what the whole file does.
  @Test("the calls a helper's parameter is read at are read alike sparsely and whole")
  func helperCallsSparsely() throws {
    let helper = """
      enum Coordinator {
        private static func present(_ activity: NSUserActivity) {
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
        static func post(_ identifier: String) {
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = identifier
        }
      """
    // Each caller, and what the whole reading reads at its call (after the helper's lines).
    for (callers, read) in [
      ("  static func help() { present(NSUserActivity(activityType: \"help\")) }\n}", "-"),
      (
        "  static var about: Int { present(NSUserActivity(activityType: \"a\")); return 1 }\n}", "-"
      ),
      ("  static func later() { DispatchQueue.main.async { Self.post(\"later\") } }\n}", "later"),
      ("}\nextension Coordinator { static func more() { post(\"more\") } }", "more"),
      ("}\nfunc remind() { Coordinator.post(\"remind\") }", "remind"),
      ("}\nstruct Other { func post(_ s: String) {}; func go() { post(\"other\") } }", nil),
    ] {
      let source = utf8("import UIKit\n" + helper + "\n" + callers + "\n")
      let whole = AppSwiftFile(path: "A.swift", bytes: source)
      #expect(
        whole.producers.filter { $0.line >= 10 }.map { $0.identifier ?? "-" }
          == (read.map { [$0] } ?? []), "\(callers)")
      #expect(
        AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil, "\(callers)")
    }
  }

  /// The skeleton keeps every top-level header: a file-level function or computed property the
  /// reading does not keep whole keeps its name with its body blanked. A value that names it is
  /// read from the whole file, never from the empty body.
  @Test("a file-level function or computed property kept by name alone is read from the whole file")
  func fileLevelBodies() throws {
    let source = Self.bytes(
      """
      import UIKit
      func inboxID() -> String { "mail/inbox" }
      var archiveID: String {
        "mail/archive"
      }
      func routeID(
        _ folder: String
      ) -> String
      {
        "mail/" + folder
      }
      func notify() {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier = inboxID()
        let other = UNMutableNotificationContent()
        other.targetContentIdentifier = archiveID
        let third = UNMutableNotificationContent()
        third.targetContentIdentifier = routeID("sent")
      }
      func open() {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
      }
      """)
    // Read as the walk reads a file with a marker (followed) or with producers alone (nil: the
    // sparse reading gives way to the whole file's).
    let followed = try #require(AppSwiftFile.followed(path: "A.swift", bytes: source))
    #expect(
      followed.producers.prefix(3).map(\.identifier) == [
        "mail/inbox", "mail/archive", "mail/sent",
      ])
    #expect(AppSwiftFile.producers(path: "A.swift", bytes: source) == nil)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
  }

  /// A header whose comment or label names a type keyword after `func`: the function is kept whole, so
  /// the receiver's local initializer still gives its kind.
  @Test("a type keyword in a header's comment does not make a function a type")
  func commentInHeader() throws {
    let source = Self.bytes(
      """
      func helper() -> Int { 1 }
      func advertise(class: Int) -> Foo /* makes a class */ {
        let item = NSUserActivity(activityType: "x")
        for _ in 0..<1 {}
        if true { item.targetContentIdentifier = "y" }
        return Foo()
      }
      """)
    let file = try #require(AppSwiftFile.producers(path: "A.swift", bytes: source))
    #expect(file.producers.map(\.kind) == [.userActivity])
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
  }

  /// A member whose comment names what the scan looks for ("main", "Scene") holds nothing the
  /// scan reads: both readings pass over it (found by FuzzLint:
  /// `FailCases/FuzzLint/crash-10ae4b2cf0a22ceb8c275a6a1b1de76ad9d7bd28`, a view modifier whose
  /// body held only a doc comment about the app's main window).
  @Test("a word of interest in a member's comment keeps it in neither reading")
  func interestInComment() throws {
    let source = Self.bytes(
      """
      import SwiftUI
      extension View {
        func routes() -> some View {
          padding()
          /// The main window's Scene, and "body" in a string.
          let text = "body"
        }
      }
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
    let code = source.withUnsafeBufferPointer {
      SwiftSkeleton.codeOffsets($0, among: AppSwiftFile.interestOffsets(source))
    }
    // Only `extension` is in code; the comment's words and the string's are left out.
    #expect(code.count == 1)
  }

  /// A file that binds `openWindow` to a name of its own is read whole in both readings, and a
  /// `\\.openWindow` in a comment binds nothing (found by the CI's FuzzLint smoke run:
  /// `FailCases/FuzzLint/crash-2e6b8e256e0400a55069effebfc595fc32a5d76d`, a doc comment naming
  /// the key above a view modifier).
  @Test("a renamed openWindow is read alike sparsely and whole; one in a comment renames nothing")
  func renamedOpenWindow() throws {
    let renamed = Self.bytes(
      """
      import SwiftUI
      struct Library: View {
        @Environment(\\.openWindow) private var launch
        var body: some View { Button("Show") { show() } }
        func show() { launch(id: "library") }
      }
      """)
    // Declared after the helper that calls it: the name is known before any call is read.
    let after = Self.bytes(
      """
      import SwiftUI
      struct Library: View {
        var body: some View { Button("Show") { show() } }
        func show() { launch(id: "library") }
        @Environment(\\EnvironmentValues.openWindow) private var launch
      }
      """)
    for source in [renamed, after] {
      #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
      let followed = try #require(AppSwiftFile.followed(path: "A.swift", bytes: source))
      #expect(followed.producers.map(\.identifier) == ["library"])
      #expect(
        AppSwiftFile(path: "A.swift", bytes: source).producers.map(\.identifier) == ["library"])
    }
    let commented = Self.bytes(
      """
      import SwiftUI
      extension View {
        /// Opened with `\\.openWindow` when no window prefers it.
        func routesLibrary() -> some View {
          handlesExternelEvents(preferring: Routes.library, allowing: ["*"])
        }
      }
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: commented) == nil)
  }

  /// The plain spelling (`private var openWindow`) is read from its bytes, any other from the
  /// tree: each binds what the compiler binds.
  @Test(
    "each spelling of an environment action's property binds its name",
    arguments: [
      ("@Environment(\\.openWindow) private var openWindow", "openWindow"),
      ("@Environment(\\.openWindow) var openWindow", "openWindow"),
      ("@Environment(\\.openWindow)\n  fileprivate   let openWindow", "openWindow"),
      ("@Environment(\\.openWindow)\n  private var launch", "launch"),
      ("@Environment(\\.openWindow) private(set) var go", "go"),
      ("@Environment(\\EnvironmentValues.openWindow) public var present", "present"),
      ("@Environment(\\.openWindow) private var openWindowLater", "openWindowLater"),
    ])
  func environmentActionSpellings(property: String, name: String) throws {
    let source = Self.bytes(
      """
      import SwiftUI
      struct Library: View {
        \(property)
        var body: some View { Button("Show") { show() } }
        func show() { \(name)(id: "library") }
      }
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
    let whole = AppSwiftFile(path: "A.swift", bytes: source)
    #expect(whole.producers.map(\.identifier) == ["library"], "\(property)")
  }

  /// An assignment whose `=` is on the next line or after a comment is found by the byte test
  /// that decides whether the file is read at all, as the parser reads it (found by FuzzLint:
  /// `FailCases/FuzzLint/assignment-across-lines`).
  @Test("an assignment broken across lines or around a comment is a producer")
  func assignmentAcrossLines() throws {
    let source = Self.bytes(
      """
      func reminder() -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.targetContentIdentifier
          = "notes/library"
        return content
      }
      func link() -> NSUserActivity {
        let activity = NSUserActivity(activityType: "x")
        activity.targetContentIdentifier /* the board */ // shared
          /* nested /* twice */ */ = "shared/board"
        return activity
      }
      """)
    #expect(source.withUnsafeBufferPointer(AppSwiftFile.assignsIdentifier))
    let file = try #require(AppSwiftFile.producers(path: "A.swift", bytes: source))
    #expect(file.producers.map(\.identifier) == ["notes/library", "shared/board"])
    #expect(file.producers.map(\.line) == [3, 9])
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
  }

  /// What swift-syntax's lexer takes as trivia besides spaces and comments, between the name
  /// and `=` (`FailCases/FuzzLint/assignment-across-nul-bytes`: NUL bytes there hid the
  /// assignment from the sparse reading, which dropped its producer).
  @Test("an assignment with NUL, invalid UTF-8 or a conflict region before = is a producer")
  func assignmentAcrossLexerTrivia() {
    let trivia: [[UInt8]] = [
      [0, 0, 0], [1, 0x7F, 0x1F], Array("\u{A0}\u{A0}".utf8), [0xEF, 0xBB, 0xBF],
      [0xB2, 0xAC, 0x9A],
      Array("\n<<<<<<< HEAD\nlet x = 1 }\n=======\n>>>>>>> other\n".utf8),
      Array("\n>>>> ours\n}\n<<<<\n\n".utf8),
    ]
    for between in trivia {
      let source =
        Self.bytes(
          """
          func link() -> NSUserActivity {
            let activity = NSUserActivity(activityType: "x")
            activity.targetContentIdentifier
          """) + between
        + Self.bytes(
          """
          = "shared/board"
            return activity
          }
          """)
      let shown = String(decoding: between, as: UTF8.self)
      #expect(source.withUnsafeBufferPointer(AppSwiftFile.assignsIdentifier), "\(shown)")
      // Read sparsely, or declined (a character the lexer reports as an error): never without
      // the producer.
      if let file = AppSwiftFile.producers(path: "A.swift", bytes: source) {
        #expect(file.producers.map(\.identifier) == ["shared/board"], "\(shown)")
      }
      #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
    }
    // A conflict marker that does not start its line, or has no end, is a token.
    for text in ["x <<<<<<< a\n>>>>>>> b\n= 1", "x\n<<<<<<< a\n= 1"] {
      let bytes = Self.bytes(text)
      let next = bytes.withUnsafeBufferPointer { SwiftSkeleton.skippingTrivia($0, from: 1) }
      #expect(bytes[next] == UInt8(ascii: "<"), "\(text)")
    }
  }

  /// A top-level statement whose condition is built by a closure it calls
  /// (`FailCases/FuzzLint/sparse-top-level-closure`): the sparse copy blanked the closure's body,
  /// and the predicate read as one no expression returns.
  @Test("a condition built by a closure a top-level statement calls is read from the whole file")
  func topLevelClosure() {
    let source = Self.bytes(
      """
      import UIKit

      conditions.canActivateForTargetContentIdentifierPredicate = {
        let prefix = "d/"
        return NSPredicate(format: "SELF BEGINSWITH %@", prefix)
      }()
      func helper() -> Int { 42 }
      struct Routes { static let inbox = "inbox/" }
      """)
    #expect(Linter.sparseConditions(file: "main.swift", bytes: source) == nil)
    #expect(LintFuzzInvariants.sparseConditionViolations(file: "A.swift", bytes: source).isEmpty)
    // A site at the top level before a type or in a function's signature keeps the sparse
    // reading (the function kept whole).
    let typed = Self.bytes(
      """
      let shared = UISceneActivationConditions()
      struct Routes { static let inbox = "inbox/" }
      func make(_ conditions: UISceneActivationConditions) -> Int { 42 }
      final class Delegate {
        func configure(_ scene: UIWindowScene) {
          scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            NSPredicate(format: "SELF BEGINSWITH %@", "inbox/")
        }
        func other() -> Int { 42 }
      }
      """)
    #expect(Linter.sparseConditions(file: "A.swift", bytes: typed) != nil)
  }

  /// Sources the sparse reading must hand back to the whole file.
  static let whole: [(String, String)] = [
    (
      "the value names a static let in another member",
      """
      struct Links {
        static let prefix = "chat/"
        func unrelated() -> Int { 1 }
        func advertise(_ activity: NSUserActivity) {
          activity.targetContentIdentifier = Self.prefix + "inbox"
        }
      }
      """
    ),
    (
      "the value is a raw value of an enum the file declares",
      """
      enum Route: String { case thread = "route/thread" }
      func advertise(_ activity: NSUserActivity) {
        activity.targetContentIdentifier = Route.thread.rawValue
      }
      """
    ),
    (
      "braces that do not nest",
      """
      struct Broken {
        func advertise(_ activity: NSUserActivity) {
          activity.targetContentIdentifier = "x"
      }
      """
    ),
    (
      "member-level code the parser rejects, in the member kept",
      """
      final class Odd {
        func f() -> Int { 1 }
        if let value = cache[key], value.isFresh { return value }
        print("member-level code")
        func advertise(_ activity: NSUserActivity) { activity.targetContentIdentifier = "x" }
      }
      """
    ),
    (
      "an entry point chosen in code",
      """
      func start() { ChatApp.main() }
      func advertise(_ activity: NSUserActivity) { activity.targetContentIdentifier = "x" }
      """
    ),
  ]

  @Test("sources with a member of their own are read sparsely, and say what the whole says")
  func sparseAgrees() {
    for (what, source) in Self.sparse {
      let bytes = Self.bytes(source)
      #expect(AppSwiftFile.producers(path: "A.swift", bytes: bytes) != nil, "\(what)")
      #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: bytes) == nil, "\(what)")
    }
  }

  @Test("a reading that needs a blanked member, or a file that does not nest, is read whole")
  func fallsBack() {
    for (what, source) in Self.whole {
      let bytes = Self.bytes(source)
      #expect(AppSwiftFile.producers(path: "A.swift", bytes: bytes) == nil, "\(what)")
      #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: bytes) == nil, "\(what)")
    }
  }

  @Test(
    "cases listed by allCases and URLs built in a helper's statements read alike sparse and whole")
  func stepwiseValuesAgree() throws {
    let source = Self.bytes(
      """
      import SwiftUI
      enum Route: String, CaseIterable {
        case inbox
        case compose
        func unrelated() -> Int { 42 }
      }
      enum Links {
        static func thread(_ id: String) -> URL {
          var components = URLComponents()
          components.scheme = "mailer"
          components.host = "thread"
          components.path = "/\\(id)"
          return components.url!
        }
      }
      struct InboxView: View {
        @Environment(\\.openURL) private var openURL
        var body: some View {
          Button("Open") { openURL(Links.thread("42")) }
            .handlesExternalEvents(preferring: Set(Route.allCases.map(\\.rawValue)), allowing: ["*"])
        }
      }
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: source) == nil)
    let followed = try #require(AppSwiftFile.followed(path: "A.swift", bytes: source))
    #expect(followed.producers.map(\.identifier) == ["mailer://thread/42"])
    // The lint's sparse reading of the set agrees with the whole file's, or falls back to it.
    #expect(LintFuzzInvariants.sparseConditionViolations(file: "A.swift", bytes: source) == [])
    // An `allCases` of its own, in a member the sparse reading blanks beside cases it keeps.
    let custom = Self.bytes(
      """
      import SwiftUI
      enum Route: String, CaseIterable {
        case inbox = "Window/inbox"
        static var allCases: [Route] { [] }
      }
      struct InboxView: View {
        var body: some View {
          Text("x").handlesExternalEvents(preferring: Set(Route.allCases.map(\\.rawValue)), allowing: ["*"])
        }
      }
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "A.swift", bytes: custom) == nil)
    #expect(LintFuzzInvariants.sparseConditionViolations(file: "A.swift", bytes: custom) == [])
  }

  /// `FailCases/FuzzApp/sparse-objc-bracket-open-across-body`: a `[` a body leaves open when
  /// its `}` comes was the opener of a `setTargetContentIdentifier:` written after the body, in
  /// the whole reading only (the sparse one does not tokenize a body without a producer's name).
  @Test("an Objective-C message does not reach back across a closed body, sparse or whole")
  func objCBracketAcrossBody() {
    let source = Self.bytes(
      """
      @implementation Delegate
      - (void)notifyInvoice:(NSString *)number content:(UNMutableNotificationContent *)content {
        content.title = [SHPReceiptPrefix stringByAppendingString:number}

      - (void)notifyInvoice:(NSString *)n setTargetContentIdentifier:[NSString stringWithFormat:@"%@%@", SHP_INVOICE_PREFIX, n]];
      }
      @end
      """)
    #expect(AppInputs.sparseReadingDisagreement(path: "Delegate.m", bytes: source) == nil)
    #expect(AppObjCFile(path: "Delegate.m", bytes: source, whole: true).producers.isEmpty)
  }

  /// `FailCases/FuzzApp/nondeterministic-catalogue`: overloads of one helper name recorded in
  /// a set came out in the set's order, which changes from one reading to the next, and so did
  /// the producers other files' calls of them give (two catalogues of one app, one run in
  /// about a thousand).
  @Test("overloads of one helper come out in one order, reading after reading")
  func overloadedRelaysInOneOrder() {
    let source = Self.bytes(
      """
      enum Predicates {
        static func exactly(_ identifier: String, caseInsensitive: Bool = false) {
          activity.targetContentIdentifier = identifier
        }
        static func exactly(_ identifier: String) {
          content.targetContentIdentifier = identifier
        }
        static func thread(_ id: String) {
          content.targetContentIdentifier = id
        }
      }
      """)
    for _ in 0..<200 {
      let relays = AppSwiftFile(path: "A.swift", bytes: source).relays
      #expect(relays.map(\.name) == ["exactly", "exactly", "thread"])
      #expect(relays.map(\.labels.count) == [1, 2, 1])
      guard relays.map(\.labels.count) == [1, 2, 1] else { break }
    }
  }

  @Test("the values a fallback exists for are the whole file's")
  func fallbackValues() throws {
    let file = AppSwiftFile(path: "A.swift", bytes: Self.bytes(Self.whole[0].1))
    #expect(file.producers.map(\.identifier) == ["chat/inbox"])
    let route = AppSwiftFile(path: "A.swift", bytes: Self.bytes(Self.whole[1].1))
    #expect(route.producers.map(\.identifier) == ["route/thread"])
  }

  /// The first sparse source (the benchmark's shape), and its sparse copy around the producer.
  private static func benchmarkShapeSparse() throws -> (source: [UInt8], sparse: [UInt8]) {
    let source = bytes(sparse[0].1)
    let site = try #require(
      source.withUnsafeBufferPointer { AppSwiftFile.identifierAssignments($0) }.first)
    return (source, try #require(SwiftSkeleton.sparse(source, around: [site])))
  }

  @Test("blanking keeps every offset and line, the kept member and the file's own declarations")
  func blanking() throws {
    let (source, sparse) = try Self.benchmarkShapeSparse()
    #expect(sparse.count == source.count)
    #expect(sparse.indices.allSatisfy { (source[$0] == 0x0A) == (sparse[$0] == 0x0A) })
    let text = String(decoding: sparse, as: UTF8.self)
    #expect(text.contains("final class Type1 {"))
    #expect(text.contains("activity.targetContentIdentifier"))
    // The member before the producer's is blank; what follows its brace is kept.
    #expect(!text.contains("func load"))
    #expect(text.contains("let title = NSLocalizedString"))
    #expect(SwiftSkeleton.sparse(Self.bytes("struct A { func f() { }"), around: [0]) == nil)
    #expect(SwiftSkeleton.sparse(Self.bytes("let a = \"\"\"\n{"), around: [0]) == nil)
  }

  @Test("brackets left open across a brace make the file read whole")
  func interleavedBrackets() {
    // The parser's recovery from `@[` in one member can read the next members otherwise than a
    // clean parse of the sparse copy (found by FuzzLint; kept in FailCases/FuzzLint).
    for source in [
      "struct A { var a: Int { @[ b }\n  func f() { } }",
      "func f() { g( }\nfunc h() { }",
      "func f() { let a = [1, 2) }",
      "func f() { g(] }",
      "func f() { g(x) { ) } }",
    ] {
      #expect(SwiftSkeleton.sparse(Self.bytes(source), around: [0]) == nil, "\(source)")
    }
    let nested = "func f() { g([1, 2].map { (x) in [x] }) }\nlet s = \"\\(f([1]))\""
    #expect(SwiftSkeleton.sparse(Self.bytes(nested), around: [0]) != nil)
  }

  @Test("a line's raw bracket nesting is the byte-by-byte count's, however lines and runs fall")
  func lineBracketNesting() {
    /// The definition: every byte counted, the depth reset at each line break.
    func counted(_ bytes: [UInt8]) -> Int? {
      var depth = 0
      var deepest = 0
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "["):
          depth += 1
          deepest = max(deepest, depth)
        case UInt8(ascii: "]"): depth = max(0, depth - 1)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): depth = 0
        default: break
        }
      }
      return deepest > SwiftExtractor.maximumBracketNesting ? deepest : nil
    }
    var random = SeededRandom(seed: 14)
    let tokens = ["[", "[", "[", "]", "\n", "\r", "\r\n", "a", "\"", " [[[[[", "]]"]
    var deep = 0
    for round in 0..<6_000 {
      let length = random.pick(Array(1...(round % 3 == 0 ? 120 : 40)))
      let bytes = Array((0..<length).map { _ in random.pick(tokens) }.joined().utf8)
      let expected = counted(bytes)
      #expect(SwiftExtractor.excessiveLineBracketNesting(bytes)?.depth == expected)
      if expected != nil { deep += 1 }
    }
    #expect(deep > 100)
    let line = String(repeating: "[", count: 15)
    #expect(SwiftExtractor.excessiveLineBracketNesting(Array((line + "]\n").utf8))?.depth == 15)
    #expect(
      SwiftExtractor.excessiveLineBracketNesting(Array((line.dropLast() + "\r[").utf8)) == nil)
  }

  @Test(
    "a raw literal that ends on its opening line is a single-line literal, as the lexer reads it")
  func rawQuoteLiteral() {
    // `#"""#` is a quote and `#""""a""#` the text `"""a"`: code follows each.
    let source = "let q = #\"\"\"#\nlet r = #\"\"\"\"a\"\"#\nfunc f() { }\n"
    var braces: [Int] = []
    let bytes = Self.bytes(source)
    _ = bytes.withUnsafeBufferPointer { buffer in
      SwiftSkeleton.forEachCodeByte(buffer, wanted: .init(Array("{}".utf8))) { index, byte in
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { braces.append(index) }
        return .max
      }
    }
    #expect(braces.map { bytes[$0] } == Array("{}".utf8))
    // A raw `#"""` with no closing `"#` on its line still opens a multi-line literal.
    let multiline = Self.bytes("let m = #\"\"\"\n{ \"# }\n\"\"\"#\nfunc f() { }\n")
    #expect(SwiftSkeleton.sparse(multiline, around: [0]) != nil)
  }

  @Test("a followed view file nested too deep for the parser is not read, and the run goes on")
  func deepFollowedFile() throws {
    let root = try temporaryFolder()
    let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    let files = [
      "App.swift":
        "import SwiftUI\n@main struct A: App {\n  var body: some Scene { WindowGroup { Deep() } }\n}\n",
      "Deep.swift":
        "struct Deep: View {\n  let x = \(deep)\n  var body: some View { Text(\"d\") }\n}\n",
    ]
    for (path, text) in files {
      try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }
    for sparsely in [true, false] {
      let run = Linter.readApp(paths: [root.path], sparsely: sparsely)
      let group = try #require(run.catalog?.apps.first?.windowGroups.first)
      #expect(group.views == nil)
    }
    #expect(
      AppSwiftFile.followed(path: "Deep.swift", bytes: Array(files["Deep.swift"]!.utf8)) == nil)
  }

  @Test("compacting empties the lines blanking emptied, and keeps every kept token's place")
  func compacting() throws {
    let (source, sparse) = try Self.benchmarkShapeSparse()
    let compact = SwiftSkeleton.compacted(sparse, original: source)
    #expect(compact.count < sparse.count)
    let lines = { (bytes: [UInt8]) in
      bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    }
    let (kept, all) = (lines(compact), lines(sparse))
    #expect(kept.count == all.count)
    for (compacted, sparse) in zip(kept, all) {
      #expect(compacted.isEmpty || compacted == sparse)
    }
    // A kept line of spaces (a multi-line string's text) stays.
    let text = Self.bytes("let s = \"\"\"\n      \n  \"\"\"\nfunc f() {}\n")
    #expect(SwiftSkeleton.compacted(text, original: text) == text)
  }

  @Test("passing over unwanted code calls for exactly the code bytes a byte-by-byte pass gives")
  func codeBytesPassedOver() throws {
    var texts = try Self.fixtureFiles(["swift"]).map(\.bytes)
    var random = SeededRandom(seed: 1127)
    let tokens = [
      "\"", "#\"", "\"#", "\"\"\"", "\\(", "\\#(", "\\", "//", "/*", "*/", "/", "#", "{", "}",
      "(", ")", "[", "]", ";", "a", "b1", " ", "\n", "\r", "\t", "é", "let x = ", "struct S ",
    ]
    for _ in 0..<4_000 {
      texts.append(
        Array(
          (0..<random.pick(Array(1...60))).map { _ in random.pick(tokens) }
            .joined().utf8))
    }
    let wanted = Array("()[]{};".utf8)
    let set = SwiftSkeleton.CodeBytes(wanted)
    for text in texts {
      text.withUnsafeBufferPointer { bytes in
        var every: [Int] = []
        let ended = SwiftSkeleton.forEachCodeByte(bytes, wanted: set) { index, _ in
          every.append(index)
          return index + 1
        }
        // The first code byte, then only the wanted bytes.
        var some: [Int] = []
        let endedToo = SwiftSkeleton.forEachCodeByte(bytes, wanted: set) { index, _ in
          some.append(index)
          return .max
        }
        #expect(ended == endedToo)
        #expect(
          some
            == every.enumerated().filter { $0.offset == 0 || wanted.contains(bytes[$0.element]) }
            .map(\.element))
        // Every byte from a point on, asked for at random: the wanted bytes, and every code
        // byte at or after each offset asked for, until the next call.
        var mixed: [Int] = []
        var asked: [Int] = []
        SwiftSkeleton.forEachCodeByte(bytes, wanted: set) { index, _ in
          mixed.append(index)
          let next = index + random.pick([1, 2, 7, 40, Int.max - index])
          asked.append(next)
          return next
        }
        var expected: [Int] = []
        var from = 0
        for index in every where index >= from || wanted.contains(bytes[index]) {
          expected.append(index)
          from = asked[expected.count - 1]
        }
        #expect(mixed == expected, "\(String(decoding: text, as: UTF8.self))")
      }
    }
  }

  /// The fixtures' files with one of `extensions`, and their bytes.
  private static func fixtureFiles(_ extensions: [String]) throws -> [(url: URL, bytes: [UInt8])] {
    let root = URL(fileURLWithPath: Fixtures.root)
    let files = try #require(
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [(url: URL, bytes: [UInt8])] = []
    for case let url as URL in files where extensions.contains(url.pathExtension) {
      found.append((url, try [UInt8](Data(contentsOf: url))))
    }
    return found
  }

  @Test("every Swift file in the fixtures reads the same sparsely and whole")
  func fixtures() throws {
    var count = 0
    for (url, bytes) in try Self.fixtureFiles(["swift"]) {
      guard SwiftExtractor.excessiveBracketNesting(bytes) == nil else { continue }
      count += 1
      #expect(
        AppInputs.sparseReadingDisagreement(path: url.path, bytes: bytes) == nil, "\(url.path)")
    }
    #expect(count > 20)
  }

  @Test("every Objective-C file in the fixtures reads the same with only its producers' bodies")
  func objectiveCFixtures() throws {
    var count = 0
    for (url, bytes) in try Self.fixtureFiles(["m", "mm"]) {
      count += 1
      #expect(
        AppInputs.sparseReadingDisagreement(path: url.path, bytes: bytes) == nil, "\(url.path)")
    }
    #expect(count > 10)
  }

  @Test("an Objective-C file's other bodies make no tokens, and its reading is the same")
  func objectiveCBodies() {
    let source = Array(
      #"""
      #import "Archive.h"
      static NSString *const kPrefix = @"archive/";
      #define kOther @"other/"
      NSString *Helper(void) { return @"{"; /* } */ }
      @implementation ArchiveViewController {
        NSInteger _count;
      }
      - (void)viewDidLoad {
        [super viewDidLoad];
        if (x) { y(); } // targetContentIdentifier in a comment keeps this body
      }
      - (void)reload {
        NSString *s = @"}";
      #if DEBUG
        [self log:'}'];
      #endif
      }
      - (void)open:(NSString *)identifier {
        NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"a.b"];
      #if TARGET_OS_OSX
        activity.targetContentIdentifier = kOther;
      #else
        activity.targetContentIdentifier = [kPrefix stringByAppendingString:identifier];
      #endif
        [UIApplication.sharedApplication requestSceneSessionActivation:nil
          userActivity:activity options:nil errorHandler:nil];
      }
      - (void)later { NSString *t = kPrefix; }
      - (void)misleading {
        // By its raw braces this body ends in the string below, before the producer: the
        // body is lexed without tokens, then again with them on reaching the producer.
        NSString *s = @"}";
        self.activity.targetContentIdentifier = @"misleading";
      }
      @end
      @implementation Second
      - (void)a { [self setTargetContentIdentifier:@"second"]; }
      - (void)b { {{ }} }
      @end
      """#.utf8)
    #expect(AppInputs.sparseReadingDisagreement(path: "Archive.m", bytes: source) == nil)
    let sparse = AppObjCFile(path: "Archive.m", bytes: source)
    #expect(sparse.producers.count == 5)
    #expect(sparse.classes.map(\.name) == ["ArchiveViewController", "Second"])
    var directives: [Range<Int>] = []
    let all = ObjCExtractor.tokenize(source, directives: &directives)
    var kept: [Range<Int>] = []
    let offsets = source.indices.filter {
      source[$0...].starts(with: "ContentIdentifier".utf8)
        || source[$0...].starts(with: "requestSceneSessionActivation".utf8)
    }
    let some = ObjCExtractor.tokenize(source, directives: &kept, keeping: offsets)
    #expect(kept == directives)
    #expect(some.count < all.count)
    // The bodies of `reload`, `later`, `b`, the ivars and the helper keep only their braces.
    let skipped = ObjCExtractor.tokenize(source, directives: &kept, keeping: [])
    #expect(
      skipped.allSatisfy {
        $0.scope == -1 || $0.isPunctuation(UInt8(ascii: "{")) || $0.isPunctuation(UInt8(ascii: "}"))
      })
    // A body left open at the end of the file, and one that holds an offset at its last byte.
    for cut in [source.count - 30, source.count - 5] {
      let bytes = Array(source[..<cut])
      #expect(AppInputs.sparseReadingDisagreement(path: "Archive.m", bytes: bytes) == nil)
    }
  }

  @Test("malformed Objective-C reads the same with only its producers' bodies")
  func objectiveCMalformed() {
    let sources = [
      // A message left open: its value ends with its method, not in the next one.
      """
      @implementation A
      - (void)a { activity.targetContentIdentifier = [self valueFor:
      }
      - (void)b { [self other]; x = @"b"; }
      @end
      """,
      // A request whose labels would be in the next method.
      """
      @implementation A
      - (void)a { [app requestSceneSessionActivation:nil
      }
      - (void)b { [self userActivity:activity options:nil]; }
      @end
      """,
      // A body left open holds the class's `@end` and the next class.
      """
      @implementation A
      - (void)a { self.activity.targetContentIdentifier = @"a"; }
      - (void)b {
        [self other];
      @end
      @implementation B
      - (void)c { }
      @end
      """,
      // A body left open holds `@` and `end` apart (a line break, a comment, a directive):
      // tokens the whole file reads as the class's `@end` (FuzzLint's crash-1631f0ba).
      """
      @implementation A
      - (void)a { self.activity.targetContentIdentifier = @"a"; }
      - (void)b { {
        [self other]; }@

      /* x */
      #pragma mark -
      end
      """,
      // `@end` inside a body that closes.
      """
      @implementation A
      - (void)a { self.activity.targetContentIdentifier = @"a"; }
      - (void)b { @end }
      @implementation B
      @end
      """,
      // A file-level assignment whose value is a block: the value's tokens, not a body's
      // (FuzzApp's crash-6095fb75), and a block after `^` or `(`.
      """
      x.targetContentIdentifier =  {
        [self other]; x = @"b";
      }
      y.targetContentIdentifier = ^{ return @"c"; }();
      z.targetContentIdentifier = ({ @"d"; });
      """,
    ]
    for source in sources {
      let bytes = Array(source.utf8)
      #expect(AppInputs.sparseReadingDisagreement(path: "A.m", bytes: bytes) == nil, "\(source)")
    }
    let open = AppObjCFile(path: "A.m", bytes: Array(sources[2].utf8))
    #expect(open.classes.map(\.name) == ["A", "B"])
    let apart = AppObjCFile(path: "A.m", bytes: Array(sources[3].utf8))
    #expect(apart.classes.map(\.name) == ["A"])
  }

  /// `SPARSE_CORPUS=FOLDER swift test --filter SparseReadingTests`: the same check on a tree of
  /// real code kept outside the repository (public apps, say); skipped without it.
  @Test(
    "every Swift and Objective-C file of SPARSE_CORPUS reads the same sparsely and whole",
    .enabled(if: ProcessInfo.processInfo.environment["SPARSE_CORPUS"] != nil))
  func corpus() throws {
    let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SPARSE_CORPUS"] ?? "")
    let files = try #require(
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    for case let url as URL in files where ["swift", "m", "mm"].contains(url.pathExtension) {
      let bytes = try [UInt8](Data(contentsOf: url))
      #expect(
        AppInputs.sparseReadingDisagreement(path: url.path, bytes: bytes) == nil, "\(url.path)")
    }
  }

  @Test("the catalogue and its findings are the same read sparsely or whole")
  func catalogues() throws {
    let apps = Fixtures.root + "/apps"
    var roots = [
      "MultiWindowNotes", "NewWindowBug", "UIKitMail", "MixedReader", "SharedRoutes",
      "HelperConditions", "Coordinator",
    ].map {
      apps + "/" + $0
    }
    // Followed views in files without a marker, producers in files of their own.
    let root = try temporaryFolder()
    let files: [String: String] = [
      "App/ChatApp.swift": """
      import SwiftUI
      @main struct ChatApp: App {
        var body: some Scene {
          WindowGroup { Root() }
          WindowGroup("Thread", id: "thread") { Thread() }
            .handlesExternalEvents(matching: ["chat/thread/"])
        }
      }
      """,
      "Views/Root.swift": """
      import SwiftUI
      struct Root: View {
        let formatter = DateFormatter()
        func label(_ date: Date) -> String { formatter.string(from: date) }
        var body: some View { Middle().onOpenURL { _ in } }
      }
      extension Root { struct Badge: View { var body: some View { Text("{") } } }
      """,
      "Views/Middle.swift": """
      import SwiftUI
      struct Middle: View {
        #if os(macOS)
          var body: some View { Leaf() }
        #else
          var body: some View { Leaf().padding() }
        #endif
        func unrelated() { print("}") }
      }
      """,
      "Views/Leaf.swift": """
      import SwiftUI
      struct Leaf: View {
        var body: some View { Text("leaf").handlesExternalEvents(preferring: ["a"], allowing: ["*"]) }
      }
      """,
      // Read sparsely: the producer's member is all it needs.
      "Model/Share.swift": """
      import Foundation
      final class Share {
        func helper() -> Int { 42 }
        func open(_ id: String) -> NSUserActivity {
          let activity = NSUserActivity(activityType: "open")
          activity.targetContentIdentifier = "chat/thread/\\(id)"
          return activity
        }
      }
      """,
      // Read whole: the value names a constant of a blanked member.
      "Model/Links.swift": """
      import Foundation
      final class Links {
        static let prefix = "chat/thread/"
        func helper() -> Int { 42 }
        func other(_ activity: NSUserActivity) {
          activity.targetContentIdentifier = Self.prefix + "7"
        }
      }
      """,
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    roots.append(root.path)
    for file in ["Model/Share.swift", "Views/Root.swift", "Views/Middle.swift"] {
      let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
      let sites = Set(
        bytes.withUnsafeBufferPointer { AppSwiftFile.identifierAssignments($0) }
          + AppSwiftFile.interestOffsets(bytes))
      #expect(SwiftSkeleton.sparse(bytes, around: Array(sites)) != nil, "\(file)")
    }
    #expect(
      AppSwiftFile.producers(
        path: "Share.swift",
        bytes: try [UInt8](Data(contentsOf: root.appendingPathComponent("Model/Share.swift"))))
        != nil)
    for path in roots {
      let sparse = Linter.readApp(paths: [path])
      let whole = Linter.readApp(paths: [path], sparsely: false)
      let json = { (run: Linter.Run) in
        run.catalog?.jsonValue.jsonText ?? ""
      }
      #expect(!json(sparse).isEmpty)
      #expect(json(sparse) == json(whole), "\(path)")
      #expect(sparse.report.diagnostics == whole.report.diagnostics, "\(path)")
    }
  }

  @Test("the lint reads a file's conditions from the members that hold them, or from the whole")
  func sparseConditions() throws {
    let local = """
      import UIKit

      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        private var cache: [String: Int] = [:]
        func helper() -> Int { cache.count }
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
          let prefix = "com.example.chat/"
          scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            NSPredicate(format: "SELF BEGINSWITH %@", prefix)
          scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
            NSPredicate(format: "SELF BEGINWITH 'x'")
        }
      }
      """
    let sparse = try #require(Linter.sparseConditions(file: "A.swift", bytes: Self.bytes(local)))
    #expect(sparse.0.count == 2)
    #expect(
      LintFuzzInvariants.sparseConditionViolations(file: "A.swift", bytes: Self.bytes(local)) == [])
    // A name another member declares: the whole file is read, and the constant is known.
    let member = local.replacingOccurrences(
      of: "private var cache: [String: Int] = [:]",
      with: "static let prefix = \"com.example.mail/\""
    )
    .replacingOccurrences(of: "let prefix = \"com.example.chat/\"", with: "")
    .replacingOccurrences(of: "%@\", prefix)", with: "%@\", Self.prefix)")
    #expect(Linter.sparseConditions(file: "A.swift", bytes: Self.bytes(member)) == nil)
    var report = LintReport()
    Linter(profile: .uikit).lint(file: "A.swift", bytes: Self.bytes(member), into: &report)
    #expect(report.conditions.map(\.format).contains("SELF BEGINSWITH \"com.example.mail/\""))
  }
}
