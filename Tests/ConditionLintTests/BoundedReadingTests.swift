import AppModel
import ConditionLint
import Foundation
import LintTestSupport
import PredicateTestSupport
import SourceReading
import Testing

/// A value is read anew at every use (a function's body with that call's arguments), so depth
/// alone does not bound the work: a file of a few lines whose constants or helpers use each
/// other many times would ask for work exponential in the depth. Each of these files took
/// minutes (the chain across files, more than five) before reading was counted; each now ends
/// with the rest of the value unknown, and says why where the value is not a template.
@Suite("reading is bounded: constants and helpers that use each other many times")
struct BoundedReadingTests {
  /// Writes `files` under a fresh folder and returns its path.
  private func tree(_ files: [String: String]) throws -> String {
    let root = try temporaryFolder()
    for (path, text) in files {
      try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }
    return root.path
  }

  /// `count` uses of `name` joined by `separator`.
  private static func repeated(_ name: String, _ count: Int, _ separator: String = " + ") -> String
  {
    Array(repeating: name, count: count).joined(separator: separator)
  }

  /// A producer whose identifier is `value`, with `declarations` before it.
  private static func producer(_ declarations: String, _ value: String) -> String {
    """
    import Foundation
    \(declarations)
    func advertise() -> NSUserActivity {
      let activity = NSUserActivity(activityType: "chat")
      activity.targetContentIdentifier = \(value)
      return activity
    }
    """
  }

  /// The one producer the app of `files` holds.
  private func onlyProducer(_ files: [String: String]) throws -> Producer {
    let run = Linter.readApp(paths: [try tree(files)])
    let producers = try #require(run.catalog?.producers)
    try #require(producers.count == 1)
    return producers[0]
  }

  @Test("constants that each join the next many times: the rest of the value is unknown")
  func constantsJoiningConstants() throws {
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"]
    let declarations =
      "enum R {\n"
      + zip(names, names.dropFirst()).map {
        "  static let \($0) = \"p/\" + \(Self.repeated($1, 40))\n"
      }.joined() + "  static let h = \"end\"\n}"
    let producer = try onlyProducer(["Chat.swift": Self.producer(declarations, "R.a")])
    let template = try #require(producer.template)
    #expect(template.description.hasPrefix("p/p/p/"))
    #expect(template.description.contains("⟨"))
  }

  @Test("a string function whose body calls itself many times: the rest of the value is unknown")
  func selfCallingStringFunction() throws {
    let declarations = """
      enum R {
        static func route(_ id: String) -> String { "p/" + \(Self.repeated("route(id)", 40)) }
      }
      """
    let producer = try onlyProducer(["Chat.swift": Self.producer(declarations, "R.route(\"x\")")])
    let template = try #require(producer.template)
    #expect(template.description.hasPrefix("p/p/"))
    #expect(template.description.contains("⟨route(id)⟩"))
  }

  @Test("helpers in seven files, each calling the next twelve times: the chain stops, known")
  func chainAcrossFiles() throws {
    var files: [String: String] = [:]
    for index in 0..<7 {
      let body =
        index == 6
        ? "\"end/\" + id" : "\"p\(index)/\" + " + Self.repeated("R\(index + 1).route(id)", 12)
      files["R\(index).swift"] =
        "enum R\(index) {\n  static func route(_ id: String) -> String { \(body) }\n}\n"
    }
    files["Chat.swift"] = Self.producer("", "R0.route(\"x\")")
    let producer = try onlyProducer(files)
    let template = try #require(producer.template)
    #expect(template.description.hasPrefix("p0/p1/p2/p3/p4/p5/end/x"))
    #expect(template.description.contains("⟨R6.route(id)⟩"))
  }

  @Test("a predicate helper whose body calls itself many times is not checked, and says why")
  func selfCallingPredicateHelper() throws {
    let parts = Self.repeated("all(id)", 30, ", ")
    let source = """
      import UIKit
      enum P {
        static func all(_ id: String) -> NSPredicate {
          NSCompoundPredicate(andPredicateWithSubpredicates: [\(parts)])
        }
      }
      func configure(_ conditions: UISceneActivationConditions) {
        conditions.prefersToActivateForTargetContentIdentifierPredicate = P.all("x")
      }
      """
    let report = Linter().run(paths: [try tree(["Scene.swift": source])]).report
    #expect(
      report.diagnostics.contains { $0.message.contains(SwiftValues.readsExhausted) },
      "\(report.diagnostics.map(\.message))")
  }

  @Test("Objective-C locals that each join the next many times: not checked, and says why")
  func objectiveCLocals() throws {
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"]
    var lines = [
      "#import <UIKit/UIKit.h>", "@implementation SceneDelegate",
      "- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session "
        + "options:(UISceneConnectionOptions *)options {",
      "  NSPredicate *h = [NSPredicate predicateWithFormat:@\"SELF == 'x'\"];",
    ]
    for (name, next) in zip(names, names.dropFirst()).reversed() {
      lines.append(
        "  NSPredicate *\(name) = [NSCompoundPredicate andPredicateWithSubpredicates:@["
          + Self.repeated(next, 30, ", ") + "]];")
    }
    lines += [
      "  scene.activationConditions.canActivateForTargetContentIdentifierPredicate = a;", "}",
      "@end",
    ]
    let source = lines.joined(separator: "\n")
    let report = Linter().run(paths: [try tree(["SceneDelegate.m": source])]).report
    #expect(report.diagnostics.contains { $0.message.contains(SwiftValues.readsExhausted) })
  }

  /// A chain of locals, each appending to the one before (`s1 = [s0
  /// stringByAppendingString:docID]`): the appended string's reading counted the message's
  /// bracket nesting in a local that shadowed its recursion depth, so the bound of eight levels
  /// restarted at each message and the chain was followed to its end (20,000 locals, 1.2 MB: 34 s).
  @Test(
    "Objective-C locals that each append to the one before: the chain is read eight levels deep")
  func objectiveCAppendedChain() throws {
    let count = 40
    let source =
      "@implementation H\n- (void)f:(NSString *)docID content:(UNMutableNotificationContent *)c {\n"
      + "  NSString *s0 = docID;\n"
      + (1..<count).map { "  NSString *s\($0) = [s\($0 - 1) stringByAppendingString:docID];\n" }
      .joined()
      + "  c.targetContentIdentifier = s\(count - 1);\n}\n@end\n"
    let producers = AppObjCFile(path: "H.m", bytes: Array(source.utf8)).producers
    let template = try #require(producers.first?.template)
    // Four locals and their four appends, then the local the reading stops at, as a hole.
    #expect(template.parts == [.hole("s\(count - 5)")] + Array(repeating: .hole("docID"), count: 4))
  }

  /// Thousands of helpers, each requesting a scene for the activity it is given and passing
  /// it on to the next: every helper's calls were looked for by a pass over every token (95 s
  /// for a 415 KB Swift file, 13.5 s for a 510 KB Objective-C one). The calls are now found
  /// through one index of the file's names, and a file's helpers followed into other files are
  /// bounded.
  @Test("thousands of helpers that request a scene and call each other: their calls are bounded")
  func manyHelpers() throws {
    let count = 300
    let swift =
      "import UIKit\nfinal class C {\n"
      + (0..<count).map {
        "  func req\($0)(_ a: NSUserActivity) { "
          + "UIApplication.shared.requestSceneSessionActivation("
          + "nil, userActivity: a, options: nil); "
          + "req\(($0 + 1) % count)(a) }"
      }.joined(separator: "\n") + "\n}\n"
    let objC =
      "@implementation D\n"
      + (0..<count).map {
        "- (void)req\($0):(NSUserActivity *)a { [UIApplication.sharedApplication "
          + "requestSceneSessionActivation:nil userActivity:a options:nil errorHandler:nil]; "
          + "[self req\(($0 + 1) % count):a]; }"
      }.joined(separator: "\n") + "\n@end\n"
    let swiftFile = AppSwiftFile(path: "C.swift", bytes: Array(swift.utf8))
    #expect(swiftFile.relays.count == 64)
    let objCFile = AppObjCFile(path: "D.m", bytes: Array(objC.utf8))
    #expect(objCFile.relays.count == 64)
    #expect(objCFile.producers.count == count)
    // The messages to the 64 followed methods, read where they are sent, at most 256.
    let relayed = AppObjCFile.requests(
      path: "D.m", bytes: Array(objC.utf8), calling: objCFile.relays,
      module: ModuleIndex(sources: [], read: { _ in nil }))
    #expect(relayed.count == 64)
  }

  /// A body that repeats one scene request thousands of times: each request looked back through
  /// the whole body for its activity (a 1.2 MB Swift file of 20,000 `activateSceneSession(for:)`
  /// calls took 31 s, more once the request's own `userActivity` was read; a 2.7 MB Objective-C
  /// one of 40,000 `requestSceneSessionActivation:` messages 154 s). A file's reading now reads at
  /// most 1,024 requests, and Swift looks back at most 256 statements for each one's assignment.
  @Test("a body repeating one scene request thousands of times: the requests read are bounded")
  func manyRequests() throws {
    let count = 1_500
    let swift =
      "import UIKit\nfunc f(activity: NSUserActivity) {\n"
      + "  let request = UISceneSessionActivationRequest(role: .windowApplication)\n"
      + "  request.userActivity = activity\n"
      + String(
        repeating: "  UIApplication.shared.activateSceneSession(for: request)\n", count: count)
      + "}\n"
    let swiftFile = AppSwiftFile(path: "C.swift", bytes: Array(swift.utf8))
    let swiftRequests = swiftFile.producers.filter { $0.kind == .activationRequest }
    #expect(swiftRequests.count == 1_024)
    // The first reads its activity; one past the 256 statements looked back does not.
    #expect(swiftRequests.first?.detail == "activity")
    #expect(swiftRequests.last?.detail == "nil")
    let objC =
      "@implementation D\n- (void)f {\n"
      + "  NSUserActivity *a = [[NSUserActivity alloc] initWithActivityType:@\"x\"];\n"
      + String(
        repeating: "  [UIApplication.sharedApplication requestSceneSessionActivation:nil "
          + "userActivity:a options:nil errorHandler:nil];\n", count: count)
      + "}\n@end\n"
    let objCFile = AppObjCFile(path: "D.m", bytes: Array(objC.utf8))
    #expect(objCFile.producers.filter { $0.kind == .activationRequest }.count == 1_024)
  }

  @Test("an app of such files keeps the app fuzzer's invariants: sparse and whole readings agree")
  func invariantsHold() {
    let app = Self.producer(
      "enum R {\n  static func route(_ id: String) -> String { \"p/\" + "
        + Self.repeated("route(id)", 40) + " }\n}",
      "R.route(\"x\")")
    let views = """
      import SwiftUI
      enum S {
        static let a = "p/" + \(Self.repeated("b", 40))
        static let b = "q/" + \(Self.repeated("c", 40))
        static let c = "r/" + \(Self.repeated("d", 40))
        static let d = "s/" + \(Self.repeated("e", 40))
        static let e = "end"
      }
      struct Root: View {
        var body: some View { Text("x").handlesExternalEvents(preferring: [S.a], allowing: [S.a]) }
      }
      """
    let input = Array(app.utf8) + [0] + Array(views.utf8)
    #expect(AppFuzzInvariants.app(input) == [])
  }

  @Test(
    "properties computed for a case that use each other, or chain far, and a map of thousands of ids, end bounded"
  )
  func caseReadingsBounded() throws {
    let chain = (0..<500).map { "  var p\($0): String { p\($0 + 1) + \"/\($0)\" }\n" }.joined()
    let declarations = """
      import UIKit
      enum Loop {
        case a
        var x: String { y }
        var y: String { self.x }
      }
      enum Chain {
        case only
      \(chain)  var p500: String { "end" }
      }
      """
    // Each other's value, read for a case: the cycle ends, unknown and saying why.
    let loop = try onlyProducer(["Loop.swift": Self.producer(declarations, "Loop.a.x")])
    #expect(loop.identifier == nil && loop.template == nil && loop.unknown != nil)
    // 500 properties deep: the rest of the value is a hole past the depth bound.
    let deep = try onlyProducer(["Chain.swift": Self.producer(declarations, "Chain.only.p0")])
    #expect(deep.identifier == nil)
    #expect(deep.template?.parts.last == .text("/2/1/0"))
    #expect(deep.template?.parts.contains { if case .hole = $0 { true } else { false } } == true)
    // One subpredicate per id costs a step each: past the budget, not checkable, and why.
    let ids = (0..<5_000).map { "\"id\($0)\"" }.joined(separator: ", ")
    let root = try tree([
      "Many.swift": """
      import UIKit
      func configure(_ scene: UIScene) {
        let many = [\(ids)]
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
          NSCompoundPredicate(orPredicateWithSubpredicates: many.map { NSPredicate(format: "SELF == %@", $0) })
      }
      """
    ])
    let condition = try #require(Linter().run(paths: [root]).report.conditions.first)
    #expect(condition.format == nil)
    #expect(condition.whyNoFormat.contains("steps"), "\(condition.whyNoFormat)")
  }

  @Test(
    "links built in steps stay bounded: 500 appended components, 5,000 query items, 5,000 cases in allCases"
  )
  func stepwiseReadingsBounded() throws {
    // A URL appended to 500 times: each base is read one level deeper, so the chain ends at
    // the depth bound, unknown and saying why.
    let appended =
      "URL(string: \"mailer://app\")!"
      + String(repeating: ".appendingPathComponent(\"x\")", count: 500)
    let chain = try onlyProducer([
      "Chain.swift": Self.producer("", "\(appended).absoluteString")
    ])
    #expect(chain.identifier == nil && chain.template == nil && chain.unknown != nil)
    // A few levels are read whole.
    let short =
      "URL(string: \"mailer://app\")!"
      + String(repeating: ".appendingPathComponent(\"x\")", count: 3)
    let three = try onlyProducer(["Short.swift": Self.producer("", "\(short).absoluteString")])
    #expect(three.identifier == "mailer://app/x/x/x")
    // 5,000 query items: each value is a read of the one budget, past which the rest is a
    // hole; the reading ends.
    let items = (0..<5_000).map { "URLQueryItem(name: \"k\($0)\", value: \"v\")" }
      .joined(separator: ", ")
    let components = """
      enum Links {
        static func many() -> URL {
          var c = URLComponents(string: "mailer://app/search")!
          c.queryItems = [\(items)]
          return c.url!
        }
      }
      """
    let query = try onlyProducer([
      "Query.swift": Self.producer(components, "Links.many().absoluteString")
    ])
    #expect(query.identifier == nil)
    let parts = try #require(query.template?.parts)
    // Its known head, then the items past the budget as holes.
    if case .text(let head)? = parts.first {
      #expect(head.hasPrefix("mailer://app/search?k0=v&k1=v&"))
    } else {
      Issue.record("the query's first part is not its known head: \(parts.prefix(2))")
    }
    #expect(parts.contains { if case .hole = $0 { true } else { false } })
    // 5,000 cases mapped to their raw values: one read each, bounded by the same budget.
    let cases = (0..<5_000).map { "  case c\($0)\n" }.joined()
    let root = try tree([
      "Routes.swift": """
      import SwiftUI
      enum Route: String, CaseIterable {
      \(cases)}
      @main struct Many: App {
        var body: some Scene {
          WindowGroup { Text("m") }.handlesExternalEvents(matching: Set(Route.allCases.map(\\.rawValue)))
        }
      }
      """
    ])
    let group = try #require(Linter.readApp(paths: [root]).catalog?.apps.first?.windowGroups.first)
    // Every case, in declaration order: a raw value that is a case's name costs no read.
    #expect(group.matchingUnknown == nil)
    #expect(group.matching?.count == 5_000 && group.matching?.last?.description == "c4999")
  }
}
