import AppModel
import ConditionLint
import Foundation
import PredicateTestSupport
import SceneJSON
import SourceReading
import Testing

/// A binary property list of `objects` (each an encoded object), `top` the root's index.
private func binaryPropertyList(_ objects: [[UInt8]], top: Int = 0, count: Int? = nil) -> [UInt8] {
  var bytes = utf8("bplist00")
  var offsets: [Int] = []
  for object in objects {
    offsets.append(bytes.count)
    bytes += object
  }
  let table = bytes.count
  for offset in offsets { bytes.append(UInt8(offset)) }
  var trailer = [UInt8](repeating: 0, count: 6) + [1, 1]
  func eight(_ value: Int) -> [UInt8] {
    (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
  }
  trailer += eight(count ?? objects.count) + eight(top) + eight(table)
  return bytes + trailer
}

@Suite("app model: property lists, catalogue, producers, routing findings, hostile input")
struct AppModelTests {
  static let apps = Fixtures.root + "/apps"

  @Test("an XML property list keeps each value's line and decodes entities")
  func xmlLines() throws {
    let list = try PropertyList.read(
      utf8(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <!-- a comment -->
          <key>Name</key>
          <string>Tom &amp; Jerry &#x2764;</string>
          <key>Flag</key><true/>
          <key>List</key>
          <array>
            <string>a</string>
            <integer>7</integer>
          </array>
        </dict>
        </plist>
        """))
    #expect(list["Name"]?.string == "Tom & Jerry ❤")
    #expect(list["Name"]?.line == 7)
    #expect(list["Flag"]?.bool == true)
    #expect(list["List"]?.array?.map(\.line) == [11, 12])
  }

  @Test("the binary fixture reads as the keys python's plistlib wrote")
  func binaryFixture() throws {
    let bytes = try #require(Fixtures.readBytes(Self.apps + "/MixedReader/Info.plist"))
    let list = try PropertyList.read(bytes)
    #expect(list["CFBundleName"]?.string == "Reader")
    #expect(
      list["CFBundleURLTypes"]?.array?.first?["CFBundleURLSchemes"]?.array?.first?.string
        == "reader")
    #expect(
      list["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"]?.bool == true)
  }

  @Test("hostile property lists are errors that say why, never a trap or a hang")
  func hostileLists() {
    func message(_ bytes: [UInt8]) -> String {
      do {
        _ = try PropertyList.read(bytes)
        return "read"
      } catch {
        return error.description
      }
    }
    // An array (0xA1) whose one element is itself.
    #expect(message(binaryPropertyList([[0xA1, 0x00]])).contains("reference cycle"))
    // Two arrays that hold each other.
    #expect(
      message(binaryPropertyList([[0xA1, 0x01], [0xA1, 0x00]])).contains("reference cycle"))
    // An object count far past the file.
    #expect(message(binaryPropertyList([[0x08]], count: 1 << 40)).contains("does not fit"))
    // An array claiming 2^40 elements.
    #expect(
      message(binaryPropertyList([[0xAF, 0x13, 0, 0, 1, 0, 0, 0, 0, 0]])).contains("past its area"))
    // A reference past the table.
    #expect(message(binaryPropertyList([[0xA1, 0x09]])).contains("past the"))
    // Sharing without a cycle expands exponentially: bounded.
    var objects: [[UInt8]] = []
    for index in 0..<40 { objects.append([0xA2, UInt8(index + 1), UInt8(index + 1)]) }
    objects.append([0x08])
    #expect(message(binaryPropertyList(objects)).contains("more than"))
    // Deep XML nesting.
    let deep = utf8(
      String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000))
    #expect(message(deep).contains("nested more than"))
    #expect(message(utf8("this is not a plist")).contains("line 1"))
    #expect(message(utf8("<plist><dict><key>a</key></dict></plist>")).contains("has no value"))
  }

  @Test("a bad Info.plist is a finding at its file, and the run goes on")
  func badInfoPlist() throws {
    let root = try tree([
      "A/Info.plist": utf8("{ \"not\": \"a plist\" }"),
      "B/Info.plist": binaryPropertyList([[0xA1, 0x00]]),
      "A/App.swift": utf8(
        """
        import SwiftUI
        @main struct A: App {
          var body: some Scene { WindowGroup { Text("a") } }
        }
        func open() {
          let activity = NSUserActivity(activityType: "x")
          activity.targetContentIdentifier = "a/1"
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let notes = run.report.diagnostics.filter { $0.id == "app.property-list" }
    #expect(notes.count == 2)
    #expect(notes.allSatisfy { $0.severity == .warning && $0.file.hasSuffix("Info.plist") })
    #expect(run.catalog?.apps.map(\.name) == ["A"])
    #expect(run.catalog?.producers.map(\.identifier) == ["a/1"])
  }

  @Test("of nested matching sets, the one nearest the declaration applies (a decision)")
  func nestedMatching() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Advance: App {
          var body: some Scene {
            Collection().handlesExternalEvents(matching: [])
            Plain().handlesExternalEvents(matching: ["plain"])
          }
        }
        struct Collection: Scene {
          var body: some Scene {
            WindowGroup(id: "collection") { Text("c") }.handlesExternalEvents(matching: ["collection"])
          }
        }
        struct Plain: Scene {
          var body: some Scene { WindowGroup(id: "plain") { Text("p") } }
        }
        """)
    ])
    let groups = try #require(Linter.readApp(paths: [root]).catalog?.apps.first?.windowGroups)
    #expect(groups.map(\.id) == ["collection", "plain"])
    #expect(groups.map(\.matching) == [["collection"], ["plain"]])
  }

  @Test("a Scene whose body refers to itself is expanded once, with a note")
  func recursiveScene() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Loop: App {
          var body: some Scene { Outer() }
        }
        struct Outer: Scene {
          var body: some Scene {
            WindowGroup(id: "outer") { Text("x") }
            Inner()
          }
        }
        struct Inner: Scene {
          var body: some Scene { Outer() }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let catalog = try #require(run.catalog)
    // Outer → Inner → Outer again: the second Outer is refused, so its group is declared once.
    #expect(catalog.apps.first?.windowGroups.map(\.id) == ["outer"])
    #expect(catalog.diagnostics.contains { $0.id == "app.recursion" && $0.line == 12 })
  }

  @Test("a custom scene used three times gives three window groups with distinct names")
  func sceneUsedThrice() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Thrice: App {
          var body: some Scene {
            WindowGroup(id: "activity") { Text("a") }
            Inspector()
            Inspector()
          }
        }
        struct Inspector: Scene {
          var body: some Scene {
            WindowGroup(id: "activity") { Text("x").handlesExternalEvents(preferring: ["a"], allowing: ["a"]) }
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let app = try #require(run.catalog?.apps.first)
    #expect(app.windowGroups.count == 3)
    let routing = AppRouting(app: app)
    #expect(routing.problem == nil, "the scenes file is accepted")
    guard case .array(let groups)? = routing.scenesFile.objectValue?["windowGroups"] else {
      Issue.record("no window groups")
      return
    }
    let names = groups.compactMap { $0.objectValue?["configuration"]?.stringValue }
    #expect(names == ["activity", "activity (line 11)", "activity (line 11) #2"])
  }

  @Test("a 10,000-deep view chain stops at the depth limit: the views are unknown, not empty")
  func deepViewChain() throws {
    var source = """
      import SwiftUI
      @main struct Deep: App {
        var body: some Scene { WindowGroup { V0() } }
      }
      func open() {
        let activity = NSUserActivity(activityType: "x")
        activity.targetContentIdentifier = "deep/1"
      }

      """
    for level in 0..<10_000 {
      source += "struct V\(level): View { var body: some View { V\(level + 1)() } }\n"
    }
    source +=
      "struct V10000: View { var body: some View { Text(\"end\").handlesExternalEvents(preferring: [\"deep/\"], allowing: [\"*\"]) } }\n"
    let root = try tree(["App.swift": utf8(source)])
    let run = Linter.readApp(paths: [root])
    let group = try #require(run.catalog?.apps.first?.windowGroups.first)
    #expect(group.views == nil)
    #expect(group.viewsUnknown?.contains("stop at") == true)
    // Unknown views: no new-window-per-event finding is guessed.
    #expect(!run.report.diagnostics.contains { $0.id == "routing.new-window-per-event" })
  }

  @Test("a view type named like a scene type is followed as a view inside a scene")
  func viewNamedLikeScene() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Odd: App {
          var body: some Scene {
            WindowGroup { Window() }
            Settings { Settings() }
          }
        }
        struct Window: View {
          var body: some View { Text("w").handlesExternalEvents(preferring: ["w/"], allowing: ["*"]) }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let groups = try #require(run.catalog?.apps.first?.windowGroups)
    #expect(groups.map(\.kind) == [.windowGroup, .settings])
    #expect(groups.first?.views?.preferring == ["w/"])
  }

  @Test("views are followed into files without a marker, and a run-time root view is unknown")
  func viewsAcrossFiles() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Two: App {
          var body: some Scene {
            WindowGroup { RootView() }
            WindowGroup("Made") { makeRoot() }
          }
        }
        """),
      "Views/RootView.swift": utf8("struct RootView: View { var body: some View { Leaf() } }\n"),
      "Views/Leaf.swift": utf8(
        """
        struct Leaf: View {
          var body: some View {
            Text("x").handlesExternalEvents(preferring: ["a"], allowing: ["b"])
          }
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let groups = try #require(run.catalog?.apps.first?.windowGroups)
    #expect(groups[0].views?.preferring == ["a"])
    #expect(groups[0].views?.file.hasSuffix("Views/Leaf.swift") == true)
    #expect(groups[0].views?.line == 3)
    #expect(groups[1].views == nil)
    #expect(groups[1].viewsUnknown?.contains("makeRoot()") == true)
  }

  @Test("an app's own view modifiers are followed: extension View methods and ViewModifiers")
  func viewModifiers() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Notes: App {
          var body: some Scene {
            WindowGroup { Text("root").routesNotes() }
              .handlesExternalEvents(matching: ["notes://"])
            WindowGroup(id: "note") { Text("n").modifier(NoteRouting()) }
            WindowGroup(id: "plain") { Text("p").padding() }
          }
        }
        """),
      "Views/View+Routing.swift": utf8(
        """
        import SwiftUI
        extension View {
          func routesNotes() -> some View {
            handlesExternalEvents(preferring: ["notes://note"], allowing: ["notes://"])
          }
        }
        """),
      "Views/NoteRouting.swift": utf8(
        """
        import SwiftUI
        struct NoteRouting: ViewModifier {
          func body(content: Content) -> some View {
            content.handlesExternalEvents(preferring: ["notes://note/x"], allowing: [])
          }
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let groups = try #require(run.catalog?.apps.first?.windowGroups)
    #expect(groups[0].views?.preferring == ["notes://note"])
    #expect(groups[0].views?.allowing == ["notes://"])
    #expect(groups[0].views?.file.hasSuffix("Views/View+Routing.swift") == true)
    #expect(groups[0].views?.line == 4)
    #expect(groups[1].views?.preferring == ["notes://note/x"])
    #expect(groups[2].views == nil)
    // The scene that takes events has views that prefer them: no new window for each.
    #expect(!run.report.diagnostics.contains { $0.id == "routing.new-window-per-event" })
  }

  @Test("entry points: X.main() in main.swift, App types per platform")
  func entryPoints() throws {
    let root = try tree([
      "main.swift": utf8("MacApp.main()\n"),
      "Apps.swift": utf8(
        """
        import SwiftUI
        #if os(macOS)
          struct MacApp: App {
            var body: some Scene { Window("Main", id: "main") { Text("m") } }
          }
        #else
          @main struct PhoneApp: App {
            var body: some Scene { WindowGroup { Text("p") } }
          }
        #endif
        struct UnusedApp: App {
          var body: some Scene { WindowGroup { Text("u") } }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    #expect(catalog.apps.map(\.name) == ["MacApp", "PhoneApp"])
    #expect(
      catalog.apps.map(\.platforms.names) == [["macOS"], ["iOS", "tvOS", "watchOS", "visionOS"]])
  }

  @Test("each fixture app routes every producer; a concrete scenes file only without run-time sets")
  func fixtureAppsRoute() throws {
    // The apps whose conditions hold a run-time value (a set element built by interpolation).
    let runTime: Set = ["MultiWindowNotes", "Shop", "Coordinator"]
    for name in [
      "MultiWindowNotes", "NewWindowBug", "UIKitMail", "MixedReader", "SplitConstants", "Shop",
      "Ledger", "Coordinator",
    ] {
      let run = Linter.readApp(paths: [Self.apps + "/" + name])
      let catalog = try #require(run.catalog)
      #expect(!run.routings.isEmpty, "\(name)")
      for routing in run.routings {
        if runTime.contains(name) {
          #expect(routing.file == nil)
          #expect(routing.problem?.contains("depends on") == true, "\(name)")
        } else {
          #expect(routing.problem == nil, "\(name): \(routing.problem ?? "")")
          #expect(routing.file != nil, "\(name)")
        }
        for producer in AppRouting.producers(
          catalog.producers, of: routing.app, among: catalog.apps)
        {
          guard let value = producer.routedValue else { continue }
          #expect(
            !routing.route(value, kind: producer.kind).decisions.isEmpty,
            "\(name): \(producer.file):\(producer.line)")
        }
      }
    }
  }

  @Test(
    "onOpenURL in a group's views without view-level sets: a new window per URL, no plist needed")
  func openURLWithoutConditions() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Viewer: App {
          var body: some Scene {
            WindowGroup {
              ContentView()
            }
            WindowGroup("Other", id: "other") { ContentView() }
              .handlesExternalEvents(matching: ["other/"])
          }
        }
        struct ContentView: View {
          var body: some View {
            Text("x").onOpenURL { _ in }
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let findings = run.report.diagnostics.filter { $0.id == "routing.new-window-per-event" }
    // The group a URL falls back to (the first without handlesExternalEvents(matching:)), by its
    // onOpenURL; and the other, by its own matching set.
    #expect(findings.map(\.line) == [4, 7])
    #expect(findings.first?.message.contains("onOpenURL") == true)
    #expect(run.catalog?.apps.first?.windowGroups.first?.eventHandlers.count == 1)
  }

  @Test("an event is not called unhandled when a set it meets is a run-time value")
  func runTimeSetsAreNotGuessed() throws {
    func app(matching: String) -> [UInt8] {
      utf8(
        """
        import SwiftUI
        extension URL { static let main = URL(string: "x-example://main")! }
        @main struct Example: App {
          var body: some Scene {
            WindowGroup(id: "main") {
              Text("m").handlesExternalEvents(preferring: ["main/"], allowing: [])
            }
            .handlesExternalEvents(matching: \(matching))
          }
        }
        """)
    }
    let plist = utf8(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
      <key>CFBundleURLSchemes</key><array><string>x-example</string></array>
      </dict></array></dict></plist>
      """)
    // The same app with its matching set written as a literal that takes no URL: the scheme is
    // reported, since it holds for every URL of it.
    let known = Linter.readApp(paths: [
      try tree(["App.swift": app(matching: #"[]"#), "Info.plist": plist])
    ])
    #expect(known.report.diagnostics.contains { $0.id == "routing.unhandled" })
    let run = Linter.readApp(paths: [
      try tree(["App.swift": app(matching: "[Settings.shared.route]"), "Info.plist": plist])
    ])
    #expect(!run.report.diagnostics.contains { $0.id == "routing.unhandled" })
    // What it depends on is said instead, at the producer.
    let note = try #require(run.report.diagnostics.first { $0.id == "routing.depends-on-run-time" })
    #expect(note.message.contains("Settings.shared.route") || note.message.contains("matching set"))
    let routing = try #require(run.routings.first)
    #expect(routing.file == nil, "no concrete scenes file: a condition is a run-time value")
    let table = AppTable(routing, catalog: try #require(run.catalog), findings: [])
    #expect(table.rows.map(\.routed.value.description) == ["x-example://⟨URL⟩"])
    #expect(table.rows.first?.routed.decision == nil, "the row depends on the run-time set")
  }

  @Test(
    "a URL constant's absoluteString is its string, and a scheme whose URLs the sets name is handled"
  )
  func urlConstants() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        extension URL {
          static let auth = URL(string: "x-example-auth://oauth")!
          static let main = URL(string: "x-example://main")!
        }
        @main struct Example: App {
          var body: some Scene {
            WindowGroup(id: "main") {
              Text("m")
                .handlesExternalEvents(preferring: [URL.auth.absoluteString, URL.main.absoluteString], allowing: [])
            }
            .handlesExternalEvents(matching: [URL.auth.absoluteString, URL.main.absoluteString])
          }
        }
        """),
      "Info.plist": utf8(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
        <key>CFBundleURLSchemes</key><array><string>x-example-auth</string><string>x-example</string><string>x-other</string></array>
        </dict></array></dict></plist>
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let group = try #require(run.catalog?.apps.first?.windowGroups.first)
    #expect(
      group.matching == ["x-example-auth://oauth", "x-example://main"] && group.matchingIsKnown)
    #expect(group.views?.preferring == ["x-example-auth://oauth", "x-example://main"])
    // The two schemes whose URLs the sets name are handled; the third opens nothing.
    let unhandled = run.report.diagnostics.filter { $0.id == "routing.unhandled" }
    #expect(unhandled.count == 1 && unhandled.first?.message.contains("x-other://") == true)
  }

  @Test("groups under #if os(…) are routed per platform, and each finding says where it holds")
  func perPlatformSceneLists() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Photos: App {
          var body: some Scene {
            #if os(macOS)
              WindowGroup { Browser() }
              Window("Activity", id: "activity") { Text("a") }
                .handlesExternalEvents(matching: [])
            #else
              WindowGroup { Browser() }
            #endif
          }
        }
        struct Browser: View {
          @Environment(\\.openWindow) private var openWindow
          var body: some View {
            Button("Activity") { openWindow(id: "activity") }.onOpenURL { _ in }
          }
        }
        """),
      "Info.plist": utf8(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>CFBundleURLTypes</key>
          <array><dict><key>CFBundleURLSchemes</key><array><string>photos</string></array></dict></array>
        </dict></plist>
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let findings = run.report.diagnostics.filter { $0.id.rawValue.hasPrefix("routing.") }
    // The URL reaches the macOS list's first group, and on iPadOS and visionOS the other list's.
    let newWindow = findings.filter { $0.id == "routing.new-window-per-event" }
    #expect(newWindow.map(\.line) == [5, 9])
    #expect(newWindow.first?.message.contains("on macOS, where an app has several scenes") == true)
    #expect(newWindow.last?.message.contains("on iPadOS and visionOS, where") == true)
    // The macOS-only window's id opens nothing elsewhere; on macOS it is the call's.
    let opensNothing = findings.filter { $0.message.hasPrefix("openWindow(id: \"activity\")") }
    #expect(opensNothing.map(\.line) == [16])
    #expect(opensNothing.first?.message.hasSuffix("'activity' on iPadOS and visionOS") == true)
  }

  @Test("a producer under #if os(…) is routed only on its platforms")
  func producerPlatforms() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Photos: App {
          var body: some Scene {
            WindowGroup { Browser().handlesExternalEvents(preferring: [], allowing: ["*"]) }
            #if os(macOS)
              Window("Activity", id: "activity") { Text("a") }
            #endif
          }
        }
        struct Browser: View {
          @Environment(\\.openWindow) private var openWindow
          var body: some View {
            #if os(macOS)
              Button("Activity") { openWindow(id: "activity") }
            #endif
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    #expect(run.catalog?.producers.map(\.platforms.names) == [["macOS"]])
    #expect(run.report.diagnostics.filter { $0.id.rawValue.hasPrefix("routing.") }.isEmpty)
  }

  @Test(
    "#if is evaluated as the compiler does: !, &&, ||, parentheses, #elseif and #else negate",
    arguments: [
      ("#if os(macOS)", ["macOS"]),
      ("#if !os(iOS)", ["macOS", "tvOS", "watchOS", "visionOS"]),
      ("#if os(iOS) || os(xrOS)", ["iOS", "visionOS"]),
      ("#if os(iOS) && !targetEnvironment(macCatalyst)", ["iOS"]),
      ("#if (os(iOS) || os(macOS)) && !os(macOS)", ["iOS"]),
      ("#if os(iOS)\n#elseif os(macOS)", ["macOS"]),
      ("#if os(iOS) || os(tvOS)\n#elseif os(macOS)\n#else", ["watchOS", "visionOS"]),
      ("#if canImport(UIKit)", ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]),
      ("#if os(macOS)\n#else", ["iOS", "tvOS", "watchOS", "visionOS"]),
    ])
  func ifConfig(_ clauses: String, _ platforms: [String]) throws {
    // The declaration sits in the last clause written.
    let source =
      "import SwiftUI\n\(clauses)\nstruct Marked: View { var body: some View { Text(\"m\") } }\n#endif\n"
    let run = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          @main struct A: App { var body: some Scene { WindowGroup { Text("a") } } }
          """),
        "Marked.swift": utf8(
          source.replacingOccurrences(
            of: "struct Marked",
            with:
              "@main struct Marked: App { var body: some Scene { WindowGroup { Text(\"x\") } } }\nstruct Unused"
          )),
      ])
    ])
    let app = try #require(run.catalog?.apps.first { $0.name == "Marked" })
    let expected = platforms.count == 5 ? [] : platforms
    #expect(app.platforms.names == expected, "\(clauses)")
    if clauses.contains("canImport") { #expect(app.platforms.undecided == ["canImport(UIKit)"]) }
  }

  @Test(
    "an identifier only a catch-all takes, an edit from another scene's literal, is a near miss")
  func nearMiss() throws {
    func app(_ identifier: String) -> [UInt8] {
      utf8(
        """
        import SwiftUI
        @main struct Shop: App {
          var body: some Scene {
            WindowGroup { Text("main") }
            WindowGroup("Orders", id: "orders") {
              Text("o").handlesExternalEvents(preferring: ["orders/"], allowing: ["orders/"])
            }
            .handlesExternalEvents(matching: ["orders/"])
          }
        }
        func handoff(id: String) {
          let activity = NSUserActivity(activityType: "order")
          activity.targetContentIdentifier = \(identifier)
        }
        """)
    }
    let typo = Linter.readApp(paths: [try tree(["App.swift": app(#""order/\\(id)""#)])])
    let finding = try #require(typo.report.diagnostics.first { $0.id == "routing.near-miss" })
    #expect(finding.line == 13)
    #expect(finding.message.contains("did you mean 'orders/'"), "\(finding.message)")
    let right = Linter.readApp(paths: [try tree(["App.swift": app(#""orders/\\(id)""#)])])
    #expect(!right.report.diagnostics.contains { $0.id == "routing.near-miss" })
    let far = Linter.readApp(paths: [try tree(["App.swift": app(#""invoice/\\(id)""#)])])
    #expect(!far.report.diagnostics.contains { $0.id == "routing.near-miss" })
    // A typo inside a longer identifier, compared where the literal ends: still a near miss.
    let inside = Linter.readApp(paths: [try tree(["App.swift": app(#""ordres/items/\\(id)""#)])])
    #expect(inside.report.diagnostics.contains { $0.id == "routing.near-miss" })
    // A sibling route that goes on where the literal ends (`orders-archive/` cut to `orders-`)
    // is no typo of `orders/`.
    let sibling = Linter.readApp(
      paths: [try tree(["App.swift": app(#""orders-archive/\\(id)""#)])])
    #expect(!sibling.report.diagnostics.contains { $0.id == "routing.near-miss" })
  }

  @Test("a window id computed at run time is unstable; a constant from outside the tree is not")
  func unstableWindowID() throws {
    let run = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          @main struct Docs: App {
            var session = UUID().uuidString
            var body: some Scene {
              WindowGroup { Text("main") }
              WindowGroup("Doc", id: "doc-\\(session)") { Text("d") }
              WindowGroup("Logs", id: External.logs) { Text("l") }
            }
          }
          """)
      ])
    ])
    let unstable = run.report.diagnostics.filter { $0.id == "routing.unstable-window-id" }
    #expect(unstable.map(\.line) == [6])
    #expect(unstable.first?.message.contains("doc-") == true)
  }

  @Test("Objective-C producers are read by the tokenizer: templates, constants, no comments")
  func objectiveCProducers() throws {
    let run = Linter.readApp(paths: [
      try tree([
        "Routes.h": utf8("extern NSString *const kInboxIdentifier;\n"),
        "Routes.m": utf8("NSString *const kInboxIdentifier = @\"inbox\";\n"),
        "Handoff.m": utf8(
          """
          #import "Routes.h"
          @implementation Handoff
          - (void)go:(NSString *)orderID content:(UNMutableNotificationContent *)content {
            NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"x"];
            activity.targetContentIdentifier = [NSString stringWithFormat:@"order/%@", orderID];
            [activity setTargetContentIdentifier:[@"invoice/" stringByAppendingString:orderID]];
            activity.targetContentIdentifier = kInboxIdentifier;
            // activity.targetContentIdentifier = @"commented";
          #if 0
            activity.targetContentIdentifier = @"dead";
          #endif
            content.targetContentIdentifier = nil;
          }
          @end
          """),
      ])
    ])
    let producers = try #require(run.catalog?.producers.filter { $0.file.hasSuffix("Handoff.m") })
    #expect(producers.map(\.line) == [5, 6, 7, 12])
    #expect(producers[0].template == Template(parts: [.text("order/"), .hole("orderID")]))
    #expect(producers[0].kind == .userActivity)
    #expect(producers[1].template == Template(parts: [.text("invoice/"), .hole("orderID")]))
    #expect(producers[2].identifier == "inbox")
    #expect(producers[3].kind == .notification && !producers[3].carriesIdentifier)
  }

  @Test(
    "an Objective-C condition reads a string built by stringByAppendingString: as a template, as it reads stringWithFormat: and Swift's +"
  )
  func objectiveCAppendedStringsInConditions() throws {
    let source = """
      #define kDocPrefix @"com.example.docs/doc/"
      @implementation SceneDelegate
      - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(id)o {
        NSString *docID = session.persistentIdentifier;
        NSString *mine = [kDocPrefix stringByAppendingString:docID];
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:@"SELF == %@", mine];
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@",
            [@"com.example.docs/" stringByAppendingString:@"doc/"]];
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:[@"SELF == " stringByAppendingString:docID]];
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:@"SELF == %@", [docID stringByAppendingString:x]];
      }
      @end
      """
    let found = ObjCExtractor.conditions(in: Array(source.utf8)).map(\.source)
    guard found.count == 4 else {
      Issue.record("expected four conditions, found \(found)")
      return
    }
    func argument(_ source: PredicateSource) -> FormatArgument? {
      if case .format(_, let arguments) = source { return arguments.first }
      return nil
    }
    // Through a local the method assigns once, the macro inlined.
    #expect(
      argument(found[0])
        == .template(Template(parts: [.text("com.example.docs/doc/"), .hole("docID")])))
    // Two literals: every part known.
    #expect(argument(found[1]) == .template(Template(parts: [.text("com.example.docs/doc/")])))
    // A format built at run time is interpolated, as stringWithFormat:'s is.
    #expect(
      found[2] == .interpolated(Template(parts: [.text("SELF == "), .hole("docID")]), fix: nil))
    // Nothing literal: holes only, named by their source.
    #expect(
      argument(found[3]) == .template(Template(parts: [.hole("docID"), .hole("x")])))
    // The hole of a message names its receiver and selector with a space between a literal and
    // the selector, as the source has it.
    let printed = ObjCExtractor.conditions(
      in: Array(
        """
        - (void)f { x.canActivateForTargetContentIdentifierPredicate =
          [NSPredicate predicateWithFormat:@"SELF == %@", [[@"a" stringByAppendingString:b] lowercaseString]]; }
        """.utf8)
    ).map(\.source)
    guard case .runtime(let written, _)? = printed.first.flatMap(argument) else {
      Issue.record("expected a run-time argument, found \(printed)")
      return
    }
    #expect(written.hasPrefix(#"[[@"a" stringByAppendingString"#))
  }

  @Test("Objective-C producers under #if are compiled where their clauses are, as Swift's are")
  func objectiveCProducersUnderIf() throws {
    let run = Linter.readApp(paths: [
      try tree([
        "Handoff.m": utf8(
          """
          @implementation Handoff
          - (void)go:(UNMutableNotificationContent *)content {
          #if TARGET_OS_OSX
            content.targetContentIdentifier = @"mac";
          #elif 0
            content.targetContentIdentifier = @"never";
          #else
            [content setTargetContentIdentifier:@"elsewhere"];
          #endif
            content.targetContentIdentifier = @"everywhere";
          }
          @end
          """)
      ])
    ])
    let producers = try #require(run.catalog?.producers.filter { $0.file.hasSuffix("Handoff.m") })
    #expect(producers.map(\.identifier) == ["mac", "elsewhere", "everywhere"])
    #expect(producers[0].platforms.platforms == [.macOS])
    #expect(producers[0].platforms.clauses == ["TARGET_OS_OSX"])
    #expect(producers[1].platforms.platforms == [.iOS, .tvOS, .watchOS, .visionOS])
    #expect(producers[1].platforms.clauses == ["#else of TARGET_OS_OSX, 0"])
    #expect(producers[2].platforms.isEverywhere && producers[2].platforms.clauses.isEmpty)
  }

  @Test(
    "files of the app's document types are events: a window group without sets opens one per file")
  func documentTypes() throws {
    let plist = utf8(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDocumentTypes</key><array>
        <dict><key>CFBundleTypeName</key><string>PDF</string>
          <key>LSItemContentTypes</key><array><string>com.adobe.pdf</string></array></dict>
        <dict><key>CFBundleTypeName</key><string>Notes</string>
          <key>LSItemContentTypes</key><array><string>com.example.notes</string></array></dict>
      </array>
      <key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>com.example.notes</string>
        <key>UTTypeTagSpecification</key><dict>
          <key>public.filename-extension</key><array><string>notesdoc</string></array></dict>
      </dict></array>
      </dict></plist>
      """)
    let viewer = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          @main struct Viewer: App {
            var body: some Scene {
              WindowGroup { Text("v").onOpenURL { url in print(url) } }
            }
          }
          """),
        "Info.plist": plist,
      ])
    ])
    let documents = try #require(viewer.catalog?.producers.filter { $0.kind == .document })
    #expect(
      documents.map { $0.template?.description } == ["file://⟨path⟩.pdf", "file://⟨path⟩.notesdoc"])
    let finding = try #require(
      viewer.report.diagnostics.first { $0.id == "routing.new-window-per-event" })
    #expect(finding.message.contains("reached by 2 event source(s)"), "\(finding.message)")
    // A path holds '/': a set that names a folder may take it.
    let path = try #require(documents.first?.template)
    #expect(!path.isComponent(at: 1))

    // A DocumentGroup opens each document in its own window, by design.
    let editor = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          @main struct Editor: App {
            var body: some Scene { DocumentGroup(newDocument: TextFile()) { Text($0.document.text) } }
          }
          """)
      ])
    ])
    #expect(editor.catalog?.producers.map(\.kind) == [.document])
    #expect(!editor.report.diagnostics.contains { $0.id.rawValue.hasPrefix("routing.") })

    // The table and the findings read the one decision: a file opens in a new window of the
    // DocumentGroup, whatever the sets of the groups before it say (a browser that takes
    // anything would take it by SwiftUI's rules for URLs); with two DocumentGroups, one of them.
    func documentRows(_ scenes: String) throws -> [String] {
      let run = Linter.readApp(paths: [
        try tree([
          "App.swift": utf8(
            """
            import SwiftUI
            @main struct Editor: App {
              var body: some Scene {
                WindowGroup(id: "browser") { Text("b") }.handlesExternalEvents(matching: ["*"])
                \(scenes)
              }
            }
            """),
          "Info.plist": plist,
        ])
      ])
      let routing = try #require(run.routings.first)
      #expect(!run.report.diagnostics.contains { $0.message.contains("file://") })
      let table = AppTable(routing, catalog: try #require(run.catalog), findings: [])
      #expect(table.unhandled.isEmpty)
      return table.rows.filter { $0.routed.value.description.hasPrefix("file:") }.map { row in
        row.routed.decisions.map {
          "\($0.outcome) \($0.reason) \($0.windowGroup.map { "\($0.index) \($0.rule)" } ?? "-")"
        }.joined(separator: " | ")
      }
    }
    #expect(
      try documentRows("DocumentGroup(newDocument: TextFile()) { Text($0.document.text) }") == [
        "new scene with configuration 'DocumentGroup 1' newScene 1 document",
        "new scene with configuration 'DocumentGroup 1' newScene 1 document",
      ])
    #expect(
      try documentRows(
        """
        DocumentGroup(newDocument: TextFile()) { Text($0.document.text) }
            DocumentGroup(viewing: PDFFile.self) { Text($0.document.title) }
        """
      )
        == Array(
          repeating: "new scene with configuration 'DocumentGroup 1' newScene 1 document"
            + " | new scene with configuration 'DocumentGroup 2' newScene 2 document", count: 2))

    // An AppKit app delegate that receives files, with no document type in the tree: its
    // files are events, and a window group that takes them with no view-level sets opens a
    // window per file.
    let mac = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          final class AppDelegate: NSObject, NSApplicationDelegate {
            func application(_ sender: NSApplication, openFiles filenames: [String]) {}
          }
          @main struct Viewer: App {
            @NSApplicationDelegateAdaptor(AppDelegate.self) var delegate
            var body: some Scene {
              WindowGroup { Text("v").onOpenURL { url in print(url) } }
            }
          }
          """)
      ])
    ])
    let handler = try #require(mac.catalog?.producers.first { $0.kind == .document })
    #expect(handler.line == 3 && handler.detail == "application(_:openFiles:)")
    #expect(
      mac.report.diagnostics.contains { $0.id == "routing.new-window-per-event" },
      "\(mac.report.diagnostics.map(\.message))")
  }

  @Test("openURL(.auth) names the URL type's constant, in its own file or another")
  func implicitURLMember() throws {
    let urls = utf8(
      """
      import Foundation
      extension URL {
        static let auth = URL(string: "x-example-auth://oauth")!
      }
      """)
    let view = utf8(
      """
      import SwiftUI
      struct SignIn: View {
        @Environment(\\.openURL) var openURL
        var body: some View { Button("Sign in") { openURL(.auth) } }
      }
      """)
    let run = Linter.readApp(paths: [try tree(["URLs.swift": urls, "SignIn.swift": view])])
    let opened = try #require(run.catalog?.producers.first { $0.kind == .openURL })
    #expect(opened.identifier == "x-example-auth://oauth")
  }

  @Test("the Shop fixture: constants across files and ObjC headers, #if, links, files, a near miss")
  func shopFixture() throws {
    let run = Linter.readApp(paths: [Self.apps + "/Shop"])
    let catalog = try #require(run.catalog)
    let app = try #require(catalog.apps.first)
    // Window ids are constants of Constants/Routes.swift; #if !os(iOS) and #elseif os(iOS).
    #expect(app.windowGroups.map(\.id) == ["catalog", "order", "activity", "receipts"])
    #expect(app.windowGroups[1].matching == ["orders/"])
    #expect(!app.windowGroups[2].platforms.contains(.iOS))
    #expect(app.windowGroups[2].platforms.contains(.macOS))
    #expect(app.windowGroups[3].platforms.names == ["iOS"])
    // The order view's preferring set joins the constant into its template.
    #expect(
      app.windowGroups[1].views?.preferring
        == [Template(parts: [.text("orders/"), .hole(#"id ?? """#)])])
    func value(_ producer: Producer) -> String {
      producer.identifier ?? producer.template?.description ?? "?"
    }
    #expect(
      catalog.producers.map { "\($0.kind.rawValue) \(value($0))" } == [
        "urlScheme shop://", "document file://⟨path⟩.shopreceipt",
        "userActivity order/⟨order.id⟩", "notification orders/⟨order.id⟩",
        "notification receipts/⟨receiptID⟩", "notification invoices/⟨number⟩",
        "openURL https://example.com/shop/help", "openURL shop://orders/last",
        "openWindow.id activity",
      ])
    // What a careful reader finds: the typo, the receipts window nothing opens on the iPad, and
    // ties that depend on whether the open order window is the one the event names (a
    // receipt's path may hold 'orders/' too).
    let findings = run.report.diagnostics.filter { $0.id.rawValue.hasPrefix("routing.") }
    #expect(
      findings.map { "\($0.file.split(separator: "/").last ?? ""):\($0.line) \($0.id)" } == [
        "Info.plist:16 routing.depends-on-run-time", "Handoff.swift:12 routing.near-miss",
        "Handoff.swift:19 routing.depends-on-run-time",
        "ShopApp.swift:20 routing.group-unreachable",
        "CatalogView.swift:10 routing.depends-on-run-time",
      ])
    #expect(findings[1].message.contains("did you mean 'orders/'"))
    #expect(findings[3].message.hasSuffix("on iPadOS"))
    // The table has a row per identifier that comes back to the app: not the https link.
    let table = AppTable(try #require(run.routings.first), catalog: catalog, findings: findings)
    #expect(table.rows.count == 7)
    #expect(!table.rows.contains { $0.routed.value.description.hasPrefix("https") })
  }

  @Test("one app per platform with the same names: each platform reads its own declarations")
  func appPerPlatform() throws {
    let run = Linter.readApp(paths: [
      try tree([
        "Notes-iOS.swift": utf8(
          """
          import SwiftUI
          #if os(iOS)
          @main struct Notes: App {
            var body: some Scene { WindowGroup { RootView() } }
          }
          struct RootView: View {
            var body: some View { Text("i").handlesExternalEvents(preferring: ["ios/"], allowing: ["*"]) }
          }
          #endif
          """),
        "Notes-macOS.swift": utf8(
          """
          import SwiftUI
          #if os(macOS)
          @main struct Notes: App {
            var body: some Scene {
              WindowGroup { RootView() }
              Window("Inspector", id: "inspector") { Text("x") }
            }
          }
          struct RootView: View {
            @Environment(\\.openWindow) private var openWindow
            var body: some View { Button("Inspect") { openWindow(id: "inspector") } }
          }
          #endif
          """),
      ])
    ])
    let apps = try #require(run.catalog?.apps)
    #expect(apps.map(\.platforms.names) == [["iOS"], ["macOS"]])
    #expect(apps[0].windowGroups.count == 1)
    #expect(apps[0].windowGroups[0].views?.preferring == ["ios/"])
    #expect(apps[1].windowGroups.map(\.kind) == [.windowGroup, .window])
    #expect(apps[1].windowGroups[0].views == nil)
    // The macOS window is opened on macOS: nothing is reported, on either platform.
    #expect(!run.report.diagnostics.contains { $0.id.rawValue.hasPrefix("routing.") })
  }

  @Test("UIKit configurations whose delegates set no conditions keep the defaults, and tie")
  func uikitDefaults() throws {
    let main = ("Main", "$(PRODUCT_MODULE_NAME).MainSceneDelegate")
    let settings = ("Settings", "$(PRODUCT_MODULE_NAME).SettingsSceneDelegate")
    let plist = Self.manifest([
      main, settings, ("Legacy", "$(PRODUCT_MODULE_NAME).LegacySceneDelgate"),
    ])
    let run = Linter.readApp(paths: [
      try tree([
        "Info.plist": plist,
        "Delegates.swift": utf8(
          """
          import UIKit
          class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
          class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {}
          func handoff() {
            let activity = NSUserActivity(activityType: "x")
            activity.targetContentIdentifier = "inbox"
          }
          """),
      ])
    ])
    let routing = try #require(run.routings.first)
    #expect(routing.scenes.map(\.id) == ["Main", "Settings", "Legacy"])
    #expect(routing.scenes[0].canActivate.isCatchAll)
    let ids = run.report.diagnostics.map(\.id)
    #expect(ids.contains("app.missing-delegate-class"))
    // Main and Settings both take 'inbox' by default; Legacy, whose class UIKit cannot load,
    // is made without a delegate and keeps the defaults too: a three-way tie.
    let threeWay = try #require(
      run.report.diagnostics.first { $0.id == "routing.order-dependent" })
    #expect(threeWay.line == 6 && threeWay.message.contains("'Legacy'"))
    // Without Legacy, order alone decides between two.
    let twoScenes = Self.manifest([main, settings])
    let tied = Linter.readApp(paths: [
      try tree(["Info.plist": twoScenes, "Delegates.swift": utf8(Self.defaultDelegates)])
    ])
    let tie = try #require(tied.report.diagnostics.first { $0.id == "routing.order-dependent" })
    #expect(tie.line == 6)
  }

  static let defaultDelegates = """
    import UIKit
    class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
    class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {}
    func handoff() {
      let activity = NSUserActivity(activityType: "x")
      activity.targetContentIdentifier = "inbox"
    }
    """

  /// An Info.plist whose scene manifest lists `configurations` (name, delegate class) for the
  /// application role, several scenes allowed.
  static func manifest(_ configurations: [(name: String, delegate: String)]) -> [UInt8] {
    let entries = configurations.map {
      "<dict><key>UISceneConfigurationName</key><string>\($0.name)</string>"
        + "<key>UISceneDelegateClassName</key><string>\($0.delegate)</string></dict>"
    }.joined(separator: "\n")
    return utf8(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>UIApplicationSceneManifest</key><dict>
        <key>UIApplicationSupportsMultipleScenes</key><true/>
        <key>UISceneConfigurations</key><dict>
          <key>UIWindowSceneSessionRoleApplication</key><array>
      \(entries)
          </array>
        </dict>
      </dict>
      </dict></plist>
      """)
  }

  @Test("the Journal fixture: every link from its enum and its Objective-C routes is known")
  func journalFixture() throws {
    let catalog = try #require(
      Linter.readApp(paths: [Fixtures.root + "/apps/Journal"]).catalog)
    let app = try #require(catalog.apps.first)
    #expect(
      app.windowGroups.map { $0.matching?.map(\.description) } == [
        ["journal://entries"], ["journal://compose"],
      ])
    let shown = catalog.producers.map {
      "\($0.kind.rawValue) \($0.identifier ?? $0.template.map { "\($0)" } ?? "?")"
    }
    #expect(
      shown == [
        "urlScheme journal://", "notification journal://entries/⟨entryID⟩",
        "notification journal://compose", "openURL journal://compose",
        "userActivity journal://entries/⟨entryID.uuidString⟩",
      ], "\(shown)")
    #expect(!catalog.diagnostics.contains { $0.id == LintRule.runtimeValue.id })
  }

  @Test(
    "the Mailer fixture: links built with URL APIs, sets from allCases in another file, files in a DocumentGroup"
  )
  func mailerFixture() throws {
    let run = Linter.readApp(paths: [Fixtures.root + "/apps/Mailer"])
    let catalog = try #require(run.catalog)
    let app = try #require(catalog.apps.first)
    #expect(
      app.windowGroups.map { $0.matching?.map(\.description) } == [
        ["mailer://app/inbox", "mailer://app/compose"], ["mailer://app/thread"], nil, nil,
      ])
    #expect(app.windowGroups.allSatisfy { $0.matchingUnknown == nil && $0.viewsUnknown == nil })
    let shown = catalog.producers.map {
      "\($0.kind.rawValue) \($0.identifier ?? $0.template.map { "\($0)" } ?? "?")"
    }
    #expect(
      shown == [
        "urlScheme mailer://", "document file://⟨path⟩",
        "notification mailer://app/thread/⟨threadID⟩",
        "openURL mailer://app/thread/⟨message.threadID⟩", "openURL mailer://app/search?q=unread",
        "payload mailer://app/thread/42",
      ], "\(shown)")
    #expect(!catalog.diagnostics.contains { $0.id == LintRule.runtimeValue.id })
    #expect(!run.report.diagnostics.contains { $0.id.rawValue.hasPrefix("routing.") })
    // A mail file opens in the DocumentGroup; a thread's link in the thread window.
    let table = AppTable(try #require(run.routings.first), catalog: catalog, findings: [])
    func opens(_ prefix: String) -> [String] {
      table.rows.filter { $0.routed.value.description.hasPrefix(prefix) }.map(AppTable.opens)
    }
    #expect(opens("file:") == ["new scene 'DocumentGroup 1'"])
    #expect(opens("mailer://app/thread/") == Array(repeating: "scene 'open thread'", count: 3))
  }

  @Test("scenes shows a predicate UIKit raises on as invalid, with its first error and where")
  func invalidConditionShown() throws {
    let root = try tree([
      "Info.plist": Self.manifest([("Chat", "ChatSceneDelegate")]),
      "Chat.swift": utf8(
        """
        import UIKit
        class ChatSceneDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'chat/")
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", session.persistentIdentifier)
          }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let text = AppOutput.text(catalog)
    #expect(
      text.contains(
        "canActivate: unknown (invalid, UIKit raises when it is set: unterminated string literal "
          + "[syntax.unterminated-string] at 4:"),
      "\(text)")
    // A run-time value is no error: it stays a format with its variable.
    #expect(text.contains("prefersToActivate: SELF == $"), "\(text)")
    // The JSON says the same: the format is null and `unknown` says why; null beside a format.
    let json = catalog.jsonValue.jsonText
    #expect(
      json.contains(
        #""format":null,"unknown":"invalid, UIKit raises when it is set: unterminated string "#),
      "\(json)")
    #expect(json.contains(#"SELF == $"#) && json.contains(#","unknown":null,"#), "\(json)")
  }

  @Test("an activation request no scene prefers opens a new scene on every request")
  func activationRequestEveryTime() throws {
    func delegates(prefers: String) -> [UInt8] {
      utf8(
        """
        import UIKit
        class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
        class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == %@", "PREFERS")
          }
        }
        func showSettings() {
          let activity = NSUserActivity(activityType: "com.example.settings")
          activity.targetContentIdentifier = "settings"
          UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
        }
        """.replacingOccurrences(of: "PREFERS", with: prefers))
    }
    let plist = Self.manifest([
      ("Main", "MainSceneDelegate"), ("Settings", "SettingsSceneDelegate"),
    ])
    let typo = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": delegates(prefers: "setting")])
    ])
    let finding = try #require(
      typo.report.diagnostics.first { $0.id == "routing.new-window-per-event" })
    #expect(finding.line == 11)
    #expect(finding.message.contains("on every request"))
    let right = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": delegates(prefers: "settings")])
    ])
    #expect(!right.report.diagnostics.contains { $0.id == "routing.new-window-per-event" })
  }

  @Test("a custom scene's findings of its own source are said once, however often it is used")
  func customSceneBuildConditionNotedOnce() throws {
    let app = """
      import SwiftUI
      @main
      struct NotesApp: App {
        var body: some Scene {
          NoteScene(id: "note")
          NoteScene(id: "draft")
        }
      }
      struct NoteScene: Scene {
        let id: String
        var body: some Scene {
          WindowGroup(id: id) {
            Text("x")
          }
          #if DEBUG
          .handlesExternalEvents(matching: ["debug"])
          #endif
        }
      }
      """
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(app)])])
    let groups = try #require(run.catalog?.apps.first).windowGroups
    #expect(groups.count == 2)
    let catalog = try #require(run.catalog)
    let notes = catalog.diagnostics.filter { $0.id == "app.build-condition" }
    #expect(notes.count == 1)
    #expect(notes.first?.line == 16)
    // So is the id each group computes from the same declaration.
    #expect(run.report.diagnostics.filter { $0.id == "routing.unstable-window-id" }.count == 1)
  }

  @Test("modifiers under a postfix #if keep the scene, and apply where they are compiled")
  func postfixIfConfigModifiers() throws {
    let app = """
      import SwiftUI
      @main
      struct NotesApp: App {
        var body: some Scene {
          WindowGroup {
            ContentView()
              #if os(macOS)
              .handlesExternalEvents(preferring: ["*"], allowing: ["*"])
              #endif
          }
          #if os(macOS)
          .defaultSize(width: 760, height: 500)
          #endif
          WindowGroup(id: "editor") {
            EditorView()
          }
          #if os(visionOS)
          .handlesExternalEvents(matching: ["editor"])
          #endif
        }
      }
      struct ContentView: View { var body: some View { Text("x") } }
      struct EditorView: View { var body: some View { Text("y") } }
      func go() {
        let activity = NSUserActivity(activityType: "a")
        activity.targetContentIdentifier = "note/1"
      }
      """
    let run = Linter.readApp(paths: [try tree(["App.swift": utf8(app)])])
    let groups = try #require(run.catalog?.apps.first).windowGroups
    // The group followed by `#if os(macOS) .defaultSize(…) #endif` is one of the app's.
    #expect(groups.map(\.configuration) == ["WindowGroup 1", "editor", "editor"])
    #expect(groups[0].views?.platforms.names == ["macOS"])
    // The editor group matches "editor" where its modifier is compiled, everything elsewhere.
    #expect(groups[1].matching == [Template("editor")])
    #expect(groups[1].platforms.names == ["visionOS"])
    #expect(groups[2].matching == nil)
    #expect(!groups[2].platforms.contains(.visionOS))
    // On macOS the open window prefers every event; elsewhere it opens a new window each time.
    let unhandled = run.report.diagnostics.filter { $0.id == "routing.new-window-per-event" }
    let first = try #require(unhandled.first { $0.line == 5 })
    #expect(first.message.contains("on iPadOS and visionOS"))
    // One set for macOS, another elsewhere: each platform's views have their own.
    let elsewhere =
      "        #else\n        .handlesExternalEvents(preferring: [\"note/\"], allowing: [\"note/\"])"
      + "\n        #endif\n    }\n    #if os(macOS)"
    let split = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          app.replacingOccurrences(of: "        #endif\n    }\n    #if os(macOS)", with: elsewhere))
      ])
    ])
    let views = try #require(split.catalog?.apps.first?.windowGroups.first?.views)
    #expect(views.preferring == [Template("*"), Template("note/")])
    #expect(views.compiled(for: .macOS)?.preferring == [Template("*")])
    #expect(views.compiled(for: .iOS)?.preferring == [Template("note/")])
    // On iPadOS the open window prefers the note: no new window per event there either.
    #expect(
      !split.report.diagnostics.contains {
        $0.id == "routing.new-window-per-event" && $0.line == 5
      })
  }

  @Test("a root view declared once per platform keeps its sets on every platform")
  func rootViewPerPlatform() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct NotesApp: App {
          var body: some Scene { WindowGroup { ContentView() } }
        }
        func go() {
          let activity = NSUserActivity(activityType: "a")
          activity.targetContentIdentifier = "note/1"
        }
        """),
      "ContentView.swift": utf8(
        """
        import SwiftUI
        #if os(iOS)
        struct ContentView: View {
          var body: some View { Text("i").handlesExternalEvents(preferring: ["note/"], allowing: ["*"]) }
        }
        #else
        struct ContentView: View {
          var body: some View { Text("m").handlesExternalEvents(preferring: ["*"], allowing: ["*"]) }
        }
        #endif
        """),
    ])
    let run = Linter.readApp(paths: [root])
    // The type's own #if is not its modifier's: the view followed has its sets everywhere.
    let views = try #require(run.catalog?.apps.first?.windowGroups.first?.views)
    #expect(views.platforms.isEverywhere)
    #expect(!run.report.diagnostics.contains { $0.id == "routing.new-window-per-event" })
  }

  @Test("a delegate's conditions set on some paths are one of those paths' values")
  func conditionsOnRunTimePaths() throws {
    let delegates = """
      import UIKit
      enum Kind { case a, b }
      class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          guard let scene = scene as? UIWindowScene else { return }
          let conditions = scene.activationConditions
          conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == %@", "main")
          if let eventID = options.userActivities.first?.userInfo?["EventID"] as? String {
            conditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "self == %@", eventID)
          }
        }
      }
      class MailSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var kind = Kind.a
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          if options.userActivities.isEmpty {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(value: false)
          } else if kind == .a {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'mail/'")
          } else {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'mail/inbox'")
          }
          switch kind {
          case .a: scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'mail/a'")
          case .b: scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'mail/b'")
          }
        }
      }
      """
    let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Mail", "MailSceneDelegate")])
    let run = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": utf8(delegates)])
    ])
    let scenes = try #require(run.routings.first).scenes
    let main = try #require(scenes.first { $0.id == "Main" })
    let mail = try #require(scenes.first { $0.id == "Mail" })
    // After a guard, the assignment runs on every path that gets there.
    #expect(main.canActivate.format == #"SELF == "main""#)
    // Set only when the activity has an event: that, or UIKit's default.
    guard case .oneOf(let preferred, _, let reason) = main.prefersToActivate else {
      Issue.record("prefersToActivate is \(main.prefersToActivate)")
      return
    }
    #expect(preferred.map(\.format) == ["SELF == $eventID", "FALSEPREDICATE"])
    #expect(reason.contains("if let eventID = "))
    // Every branch of the `if … else` chain sets it: one of the three, never the default.
    guard case .oneOf(let can, _, _) = mail.canActivate else {
      Issue.record("canActivate is \(mail.canActivate)")
      return
    }
    #expect(can.count == 3 && !can.contains { $0.format == "TRUEPREDICATE" })
    // A switch is exhaustive: one of its cases' values.
    guard case .oneOf(let cases, _, _) = mail.prefersToActivate else {
      Issue.record("prefersToActivate is \(mail.prefersToActivate)")
      return
    }
    #expect(cases.map(\.format) == [#"SELF == "mail/b""#, #"SELF == "mail/a""#])
  }

  @Test("paths inside paths: #if in an if, catch after do, a switch's default")
  func nestedRunTimePaths() throws {
    let plist = Self.manifest([("Main", "MainSceneDelegate")])
    func canActivate(_ body: String) throws -> AppCondition {
      let source = """
        import UIKit
        class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
          var kind = 0
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            let conditions = scene.activationConditions
        \(body)
          }
        }
        """
      let run = Linter.readApp(paths: [
        try tree(["Info.plist": plist, "Delegates.swift": utf8(source)])
      ])
      return try #require(run.routings.first?.scenes.first).canActivate
    }
    func formats(_ condition: AppCondition) -> [String?] {
      if case .oneOf(let alternatives, _, _) = condition { return alternatives.map(\.format) }
      return [condition.format]
    }
    let set = "conditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "
    // An #if inside an if: neither alone decides, so UIKit's default stays possible.
    #expect(
      try formats(
        canActivate(
          """
          if kind == 1 {
            #if DEBUG
            \(set)"SELF == 'a'")
            #else
            \(set)"SELF == 'b'")
            #endif
          }
          """)) == [#"SELF == "b""#, #"SELF == "a""#, "TRUEPREDICATE"])
    // The do block's assignment runs unless something throws first; the catch's only then.
    #expect(
      try formats(
        canActivate(
          """
          do {
            try validate()
            \(set)"SELF == 'a'")
          } catch {
            \(set)"SELF == 'b'")
          }
          """)) == [#"SELF == "b""#, #"SELF == "a""#])
    // A case and the default: one of them runs.
    #expect(
      try formats(
        canActivate(
          """
          switch kind {
          case 1: \(set)"SELF == 'a'")
          default: \(set)"SELF == 'b'")
          }
          """)) == [#"SELF == "b""#, #"SELF == "a""#])
  }

  @Test("an Objective-C delegate's conditions set on some paths are one of those paths' values")
  func objectiveCConditionsOnRunTimePaths() throws {
    let delegates = """
      @implementation MainSceneDelegate
      - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
          scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'main/'"];
          if (options.userActivities.anyObject != nil) {
              scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == 'main/home'"];
          }
          dispatch_async(dispatch_get_main_queue(), ^{
              [scene.activationConditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'main'"]];
          });
      }
      @end
      @implementation MailSceneDelegate
      - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
          if (options.userActivities.count == 0)
              [scene.activationConditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithValue:NO]];
      }
      @end
      """
    let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Mail", "MailSceneDelegate")])
    let run = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.m": utf8(delegates)])
    ])
    let scenes = try #require(run.routings.first).scenes
    let main = try #require(scenes.first { $0.id == "Main" })
    let mail = try #require(scenes.first { $0.id == "Mail" })
    // A block's body runs, later: the last assignment is in force.
    #expect(main.canActivate.format == #"SELF BEGINSWITH "main""#)
    guard case .oneOf(let preferred, _, let reason) = main.prefersToActivate else {
      Issue.record("prefersToActivate is \(main.prefersToActivate)")
      return
    }
    #expect(preferred.map(\.format) == [#"SELF == "main/home""#, "FALSEPREDICATE"])
    #expect(reason.contains("if (…) at "))
    // Without braces, the statement after `if (…)` is its body.
    guard case .oneOf(let can, _, _) = mail.canActivate else {
      Issue.record("canActivate is \(mail.canActivate)")
      return
    }
    #expect(can.map(\.format) == ["FALSEPREDICATE", "TRUEPREDICATE"])
  }

  @Test("a delegate's conditions under #if are the ones a build compiles, not the last written")
  func conditionsUnderIfConfig() throws {
    func delegates(_ body: String) -> [UInt8] {
      utf8(
        """
        #if canImport(UIKit)
        import UIKit
        class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
        class MailSceneDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        \(body)
          }
        }
        #endif
        func notify() {
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = "main/home"
        }
        """)
    }
    let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Mail", "MailSceneDelegate")])
    func mail(_ body: String) throws -> (AppRouting.AppScene, LintReport) {
      let run = Linter.readApp(paths: [
        try tree(["Info.plist": plist, "Delegates.swift": delegates(body)])
      ])
      let routing = try #require(run.routings.first)
      return (try #require(routing.scenes.first { $0.id == "Mail" }), run.report)
    }
    let can = "scene.activationConditions.canActivateForTargetContentIdentifierPredicate"
    let prefers = "scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate"
    // Exactly one clause of `#if … #else` is compiled: one of the two, never UIKit's default.
    let (exclusive, report) = try mail(
      """
      #if targetEnvironment(macCatalyst)
      \(can) = NSPredicate(value: true)
      #else
      \(can) = NSPredicate(format: "SELF BEGINSWITH 'mail/'")
      #endif
      #if DEBUG
      \(prefers) = NSPredicate(format: "SELF == 'mail/debug'")
      #endif
      """)
    guard case .oneOf(let alternatives, _, let reason) = exclusive.canActivate else {
      Issue.record("canActivate is \(exclusive.canActivate)")
      return
    }
    #expect(alternatives.map(\.format) == [#"SELF BEGINSWITH "mail/""#, "TRUEPREDICATE"])
    #expect(
      reason.contains("#if targetEnvironment(macCatalyst), #else of targetEnvironment(macCatalyst)")
    )
    // Under `#if DEBUG` alone: set in a debug build, UIKit's default in a release one.
    guard case .oneOf(let preferred, _, _) = exclusive.prefersToActivate else {
      Issue.record("prefersToActivate is \(exclusive.prefersToActivate)")
      return
    }
    #expect(preferred.map(\.format) == [#"SELF == "mail/debug""#, "FALSEPREDICATE"])
    // The Mac Catalyst build's scene may take the notification; no other build's does.
    let note = try #require(
      report.diagnostics.first { $0.id == "routing.depends-on-run-time" })
    #expect(note.message.hasSuffix("on iPadOS"))
    // An assignment every build makes, after the `#if`, is the one in force; the file's own
    // `#if canImport(UIKit)` is not a branch of the delegate.
    let (settled, _) = try mail(
      """
      #if DEBUG
      \(can) = NSPredicate(value: true)
      #endif
      \(can) = NSPredicate(format: "SELF BEGINSWITH 'mail/'")
      """)
    #expect(settled.canActivate.format == #"SELF BEGINSWITH "mail/""#)
    guard case .known = settled.canActivate else {
      Issue.record("canActivate is \(settled.canActivate)")
      return
    }
    // `#if os(…)` decides per platform: visionOS's list has its own condition.
    let (platforms, platformReport) = try mail(
      """
      #if os(visionOS)
      \(can) = NSPredicate(value: true)
      #else
      \(can) = NSPredicate(format: "SELF BEGINSWITH 'mail/'")
      #endif
      """)
    guard case .oneOf = platforms.canActivate else {
      Issue.record("canActivate is \(platforms.canActivate)")
      return
    }
    #expect(
      !platformReport.diagnostics.contains { $0.id == "routing.depends-on-run-time" })
  }

  @Test("an Objective-C delegate's conditions under #if, #ifdef and #elif, as a build compiles")
  func objectiveCConditionsUnderIf() throws {
    func mail(_ body: String, around: (String, String) = ("", "")) throws -> (
      AppRouting.AppScene, LintReport
    ) {
      let source = """
        #import <UIKit/UIKit.h>
        \(around.0)
        @implementation MailSceneDelegate
        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
        \(body)
        }
        @end
        \(around.1)
        """
      let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Mail", "MailSceneDelegate")])
      let run = Linter.readApp(paths: [
        try tree([
          "Info.plist": plist, "MailSceneDelegate.m": utf8(source),
          "Notify.swift": utf8(
            """
            import UIKit
            class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
            func notify() {
              let content = UNMutableNotificationContent()
              content.targetContentIdentifier = "main/home"
            }
            """),
        ])
      ])
      let routing = try #require(run.routings.first)
      return (try #require(routing.scenes.first { $0.id == "Mail" }), run.report)
    }
    let can = "scene.activationConditions.canActivateForTargetContentIdentifierPredicate"
    let prefers = "scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate"
    // One clause of `#if … #else` is compiled, and `#if 0` never is.
    let (exclusive, report) = try mail(
      """
      #if TARGET_OS_MACCATALYST // the Mac build takes everything
      \(can) = [NSPredicate predicateWithValue:YES];
      #else
      \(can) = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'mail/'"];
      #endif
      #ifdef DEBUG
      \(prefers) = [NSPredicate predicateWithFormat:@"SELF == 'mail/debug'"];
      #endif
      #if 0
      \(prefers) = [NSPredicate predicateWithFormat:@"SELF == 'never'"];
      #endif
      """)
    guard case .oneOf(let alternatives, _, let reason) = exclusive.canActivate else {
      Issue.record("canActivate is \(exclusive.canActivate)")
      return
    }
    #expect(alternatives.map(\.format) == [#"SELF BEGINSWITH "mail/""#, "TRUEPREDICATE"])
    #expect(reason.contains("#if TARGET_OS_MACCATALYST, #else of TARGET_OS_MACCATALYST"))
    guard case .oneOf(let preferred, _, let preferredReason) = exclusive.prefersToActivate else {
      Issue.record("prefersToActivate is \(exclusive.prefersToActivate)")
      return
    }
    #expect(preferred.map(\.format) == [#"SELF == "mail/debug""#, "FALSEPREDICATE"])
    #expect(preferredReason.contains("#ifdef DEBUG"))
    // Only an iOS build may be Mac Catalyst's: elsewhere the `#else` is the one compiled.
    let note = try #require(
      report.diagnostics.first { $0.id == "routing.depends-on-run-time" })
    #expect(note.message.hasSuffix("on iPadOS"))
    // `TARGET_OS_IPHONE` decides per platform, `#elif` after it too; what every build sets
    // after the group is in force; a file wrapped in `#if` builds the class or not.
    let (platforms, _) = try mail(
      """
      #if !TARGET_OS_IPHONE
      \(can) = [NSPredicate predicateWithValue:NO];
      #elif defined(TARGET_OS_VISION) && TARGET_OS_VISION
      \(can) = [NSPredicate predicateWithValue:YES];
      #elif 0
      \(can) = [NSPredicate predicateWithFormat:@"SELF == 'never'"];
      #endif
      \(prefers) = [NSPredicate predicateWithFormat:@"SELF == 'mail/1'"];
      """, around: ("#if TARGET_OS_IOS || TARGET_OS_VISION", "#endif"))
    guard case .oneOf(let platformAlternatives, _, let platformReason) = platforms.canActivate
    else {
      Issue.record("canActivate is \(platforms.canActivate)")
      return
    }
    #expect(
      platformAlternatives.compactMap(\.format).sorted() == ["FALSEPREDICATE", "TRUEPREDICATE"])
    #expect(!platformReason.contains("never") && !platformReason.contains("TARGET_OS_IOS ||"))
    guard case .known = platforms.prefersToActivate else {
      Issue.record("prefersToActivate is \(platforms.prefersToActivate)")
      return
    }
    // One body of an `if … else if … else` runs: UIKit's default is never in force.
    func formats(_ scene: AppRouting.AppScene) -> [String] {
      guard case .oneOf(let alternatives, _, _) = scene.canActivate else { return [] }
      return alternatives.compactMap(\.format).sorted()
    }
    let chain = """
      if (session.role == nil) {
        \(can) = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'a/'"];
      } else if ([options.userActivities count] > 0) {
        \(can) = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'b/'"];
      } else {
        \(can) = [NSPredicate predicateWithValue:NO];
      }
      """
    #expect(
      try formats(mail(chain).0)
        == [
          #"SELF BEGINSWITH "a/""#, #"SELF BEGINSWITH "b/""#, "FALSEPREDICATE",
        ].sorted())
    // Without a last `else`, none may run; under `#if` too, two conditions decide.
    let open = chain.replacingOccurrences(of: "} else {", with: "} else if (scene) {")
    #expect(try formats(mail(open).0).contains("TRUEPREDICATE"))
    let underIf = "#ifdef DEBUG\n" + chain + "\n#endif"
    #expect(try formats(mail(underIf).0).contains("TRUEPREDICATE"))
    // Nested: the outer `else` is a branch of the outer chain; what an inner `if` or a block
    // holds has more than one condition, or none of its own, and is not grouped.
    let nested = """
      - (void)f {
        if (a) {
          if (b) { x.canActivateForTargetContentIdentifierPredicate = p; } else { }
          dispatch_async(q, ^{ x.prefersToActivateForTargetContentIdentifierPredicate = p; });
        } else {
          x.canActivateForTargetContentIdentifierPredicate = q;
        }
      }
      """
    let branches = ObjCExtractor.conditions(in: Array(nested.utf8)).map {
      $0.branch.map { [$0.branch, $0.branches] }
    }
    #expect(branches == [nil, nil, [1, 2]])
    // A chain longer than is read, and one cut off, are not grouped; neither traps.
    let long =
      "- (void)f { if (a) { x.canActivateForTargetContentIdentifierPredicate = p; }"
      + String(repeating: " else if (b) { }", count: 300) + " else { } }"
    let cut = "- (void)f { if (a) { x.canActivateForTargetContentIdentifierPredicate = p; } else {"
    for text in [long, cut] {
      let found = ObjCExtractor.conditions(in: Array(text.utf8))
      #expect(found.count == 1 && found.first?.branch == nil)
    }
  }

  @Test("the preprocessor's conditions: TargetConditionals' values, build settings, hostile text")
  func objectiveCPreprocessorConditions() {
    func platforms(_ condition: String) -> [Platform: Bool?] {
      var undecided: [String] = []
      return Dictionary(
        uniqueKeysWithValues: Platform.allCases.map {
          ($0, ObjCExtractor.Conditionals.evaluate(condition, on: $0, undecided: &undecided))
        })
    }
    #expect(platforms("TARGET_OS_IPHONE")[.macOS] == false)
    #expect(platforms("TARGET_OS_IPHONE")[.tvOS] == true)
    #expect(platforms("TARGET_OS_IOS && !TARGET_OS_MACCATALYST")[.iOS] == .some(nil))
    #expect(platforms("TARGET_OS_IOS && !TARGET_OS_MACCATALYST")[.macOS] == false)
    #expect(platforms("TARGET_OS_OSX || TARGET_OS_MACCATALYST")[.macOS] == true)
    #expect(platforms("(TARGET_OS_TV == 1)")[.tvOS] == true)
    #expect(platforms("DEBUG")[.iOS] == .some(nil))
    #expect(platforms("__IPHONE_OS_VERSION_MAX_ALLOWED >= 170000")[.iOS] == .some(nil))
    #expect(platforms("__has_include(<UIKit/UIKit.h>)")[.iOS] == .some(nil))
    // What the reader cannot read is undecided, never a trap: unbalanced, deep, cut off.
    #expect(platforms("(TARGET_OS_IOS")[.iOS] == .some(nil))
    #expect(platforms(String(repeating: "(", count: 10_000))[.iOS] == .some(nil))
    #expect(platforms(String(repeating: "!", count: 10_000) + "1")[.iOS] == .some(nil))
    #expect(platforms("TARGET_OS_IOS &&")[.iOS] == .some(nil))
    #expect(platforms("")[.iOS] == .some(nil))
    // Stray and unbalanced directives are read within bounds.
    let deep = String(repeating: "#if A\n", count: 200) + "x\n" + "#else\n#elif B\n#endif\n"
    let bytes = Array(("#endif\n#else\n" + deep).utf8)
    var directives: [Range<Int>] = []
    _ = ObjCExtractor.tokenize(bytes, directives: &directives)
    let conditionals = ObjCExtractor.Conditionals(bytes: bytes, directives: directives)
    let offset = bytes.count - 25
    #expect(!conditionals.around(offset, after: -1).compiled.platforms.isEmpty)
    // An `#else` names the conditions of the clauses before it, as Swift's does.
    let elseText = Array("#ifdef DEBUG\na\n#elif TARGET_OS_TV\nb\n#else\nc\n#endif\n".utf8)
    var elseDirectives: [Range<Int>] = []
    _ = ObjCExtractor.tokenize(elseText, directives: &elseDirectives)
    let inElse = ObjCExtractor.Conditionals(bytes: elseText, directives: elseDirectives)
      .around(elseText.count - 9, after: -1)
    #expect(inElse.compiled.clauses == ["#else of defined(DEBUG), TARGET_OS_TV"])
    #expect(inElse.compiled.platforms == [.iOS, .macOS, .watchOS, .visionOS])
    #expect(inElse.branch.map { [$0.group, $0.branch, $0.branches] } == [0, 2, 3])
  }

  @Test("a request whose content another configuration claims creates the wrong scene")
  func wrongConfiguration() throws {
    let delegates = """
      import UIKit
      class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {}
      class OrderSceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'order/'")
        }
      }
      func show(orderID: String) {
        let activity = NSUserActivity(activityType: "com.example.order")
        activity.targetContentIdentifier = "order/\\(orderID)"
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
      }
      """
    let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Order", "OrderSceneDelegate")])
    let run = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": utf8(delegates)])
    ])
    let finding = try #require(
      run.report.diagnostics.first { $0.id == "routing.wrong-configuration" })
    #expect(finding.line == 11)
    #expect(finding.message.contains("creates a scene of 'Main'"))
    // The app delegate returns "Order": the request opens the right scene.
    let coded =
      delegates + """

        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            UISceneConfiguration(name: "Order", sessionRole: session.role)
          }
        }
        """
    let chosen = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": utf8(coded)])
    ])
    #expect(!chosen.report.diagnostics.contains { $0.id == "routing.wrong-configuration" })
    #expect(!chosen.report.diagnostics.contains { $0.id == "routing.depends-on-run-time" })
    // A name the tool cannot know: a note that says why, no finding.
    let unknown =
      delegates + """

        class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_ application: UIApplication, configurationForConnecting session: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            UISceneConfiguration(name: Settings.shared.sceneName, sessionRole: session.role)
          }
        }
        """
    let unknowable = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": utf8(unknown)])
    ])
    #expect(!unknowable.report.diagnostics.contains { $0.id == "routing.wrong-configuration" })
    let note = try #require(
      unknowable.report.diagnostics.first { $0.id == "routing.depends-on-run-time" })
    #expect(note.line == 11)
    #expect(note.message.contains("'Settings.shared.sceneName' is a run-time value"))
  }

  @Test("a shortcut item an open scene takes needs its delegate's performActionFor handler")
  func shortcutHandler() throws {
    func delegates(handled: Bool) -> [UInt8] {
      utf8(
        """
        import UIKit
        class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
          func windowScene(
            _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
            completionHandler: @escaping (Bool) -> Void
          ) { completionHandler(true) }
        }
        class ComposeSceneDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF BEGINSWITH 'compose/'")
          }
          HANDLER
        }
        func addShortcut() {
          let shortcut = UIMutableApplicationShortcutItem(type: "compose", localizedTitle: "New")
          shortcut.targetContentIdentifier = "compose/new"
        }
        """.replacingOccurrences(
          of: "HANDLER",
          with: handled
            ? "func windowScene(_ w: UIWindowScene, performActionFor s: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}"
            : "// func windowScene(_ w: UIWindowScene, performActionFor s: …) is to come"))
    }
    let plist = Self.manifest([("Main", "MainSceneDelegate"), ("Compose", "ComposeSceneDelegate")])
    let missing = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": delegates(handled: false)])
    ])
    let finding = try #require(missing.report.diagnostics.first { $0.id == "routing.no-handler" })
    #expect(finding.line == 16)
    #expect(finding.message.contains("ComposeSceneDelegate"))
    let handled = Linter.readApp(paths: [
      try tree(["Info.plist": plist, "Delegates.swift": delegates(handled: true)])
    ])
    #expect(!handled.report.diagnostics.contains { $0.id == "routing.no-handler" })
  }

  @Test("URLs the app opens itself are events when their scheme is the app's own")
  func urlsTheAppOpens() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Notes: App {
          var body: some Scene {
            WindowGroup { Text("n").handlesExternalEvents(preferring: ["notes://note/"], allowing: []) }
            .handlesExternalEvents(matching: ["notes://note/"])
            WindowGroup("Settings", id: "settings") { Text("s") }
          }
        }
        struct Row: View {
          let id: String
          @Environment(\\.openURL) private var visit
          var body: some View {
            Link("Open", destination: URL(string: "notes://note/\\(id)")!)
            Button("Help") { visit(URL(string: "https://example.com/help")!) }
            Button("Settings") { UIApplication.shared.open(URL(string: "notes://settings")!) }
          }
        }
        struct Small: View {
          var body: some View { Text("w").widgetURL(URL(string: "notes://widget")) }
        }
        func help() { UIApplication.shared.open (URL(string: "notes://help")!) }
        """),
      "Info.plist": utf8(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
        <key>CFBundleURLSchemes</key><array><string>notes</string></array>
        </dict></array></dict></plist>
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let catalog = try #require(run.catalog)
    let opened = catalog.producers.filter { $0.kind == .openURL }
    // `open (…)` with a space is a call as `open(…)` is.
    #expect(opened.map(\.line) == [13, 14, 15, 19, 21])
    #expect(opened[0].template == Template(parts: [.text("notes://note/"), .hole("id")]))
    #expect(opened[1].identifier == "https://example.com/help")
    // The https link leaves the app; the others come back to it.
    let events = AppRouting.events(catalog.producers).filter { $0.kind == .openURL }
    #expect(events.map(\.line) == [13, 15, 19, 21])
    let table = AppTable(try #require(run.routings.first), catalog: catalog, findings: [])
    #expect(
      table.rows.map(\.routed.value.description).filter { $0.hasPrefix("notes://") }
        == [
          "notes://note/⟨id⟩", "notes://settings", "notes://widget", "notes://help",
          "notes://⟨URL⟩",
        ])
    // notes://settings and notes://widget: no set takes them, and every group has a matching
    // set but the Settings one, whose window opens for them.
    let settings = try #require(table.rows.first { $0.routed.value.text == "notes://settings" })
    #expect(AppTable.opens(settings) == "new scene 'settings'")
  }

  @Test("#if os(…) on a scene: each platform's list is routed; #if !os(iOS) is not iOS")
  func negatedPlatform() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Photos: App {
          var body: some Scene {
            WindowGroup { Text("b").handlesExternalEvents(preferring: [], allowing: ["*"]) }
            #if !os(iOS)
              Window("Activity", id: "activity") { Text("a") }
            #endif
          }
        }
        struct Browser: View {
          @Environment(\\.openWindow) private var openWindow
          var body: some View { Button("Activity") { openWindow(id: "activity") } }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let group = try #require(run.catalog?.apps.first?.windowGroups.last)
    #expect(!group.platforms.contains(.iOS))
    #expect(group.platforms.contains(.macOS) && group.platforms.contains(.visionOS))
    // The window opens nothing on iPadOS only, where the #if leaves it out.
    let finding = try #require(run.report.diagnostics.first { $0.id == "routing.unhandled" })
    #expect(finding.message.hasSuffix("on iPadOS"), "\(finding.message)")
  }

  @Test("each target's events go through its own app; an id nobody fixes silences unreachable")
  func targetsAndUnknownIDs() throws {
    let root = try tree([
      "Phone/App.swift": utf8(
        """
        import SwiftUI
        @main struct PhoneApp: App {
          var body: some Scene {
            WindowGroup { Text("p").handlesExternalEvents(preferring: ["phone/"], allowing: ["*"]) }
            WindowGroup("Detail", id: "detail") { Text("d") }
          }
        }
        struct Opener: View {
          @Environment(\\.openWindow) private var open
          var body: some View { Button("x") { open(id: Windows.detail) } }
        }
        func handoff() {
          let activity = NSUserActivity(activityType: "x")
          activity.targetContentIdentifier = "phone/1"
        }
        """),
      "Clip/Clip.swift": utf8(
        """
        import SwiftUI
        @main struct ClipApp: App {
          var body: some Scene {
            WindowGroup { Text("c").handlesExternalEvents(preferring: ["clip/"], allowing: []) }
          }
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let routing = run.report.diagnostics.filter { $0.id.rawValue.hasPrefix("routing.") }
    // "phone/1" is the phone app's: the clip, which would drop it, never sees it; the detail
    // window may be what 'Windows.detail' names, so it is not called unreachable.
    #expect(routing.map(\.message) == [])
    #expect(run.catalog?.producers.map(\.kind) == [.openWindowID, .userActivity])
  }

  @Test("the fixture apps read together give each app's findings, as read alone")
  func appsTogether() throws {
    func findings(_ paths: [String]) -> Set<String> {
      Set(
        Linter.readApp(paths: paths).report.diagnostics.filter {
          $0.id.rawValue.hasPrefix("routing.")
        }.map {
          "\($0.file):\($0.line) \($0.id)"
        })
    }
    let names = [
      "MultiWindowNotes", "NewWindowBug", "UIKitMail", "MixedReader", "SplitConstants", "Shop",
      "Ledger", "ArticleReader", "SharedRoutes", "HelperConditions", "BuildBranches",
      "PlatformModifiers", "Coordinator",
    ]
    let alone = names.map { findings([Self.apps + "/" + $0]) }.reduce(into: Set<String>()) {
      $0.formUnion($1)
    }
    #expect(!alone.isEmpty)
    #expect(findings([Self.apps]) == alone)
  }

  @Test("body names scene properties and functions of the App, in any file")
  func sceneMembers() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Split: App {
          var body: some Scene {
            mainWindow
            self.inspector
              .handlesExternalEvents(matching: ["inspect/"])
            documentWindow(named: "doc")
            loop
          }
          private var mainWindow: some Scene {
            WindowGroup(id: "main") { Text("m") }
          }
          private var loop: some Scene { loop }
        }
        """),
      "Split+Scenes.swift": utf8(
        """
        import SwiftUI
        extension Split {
          var inspector: some Scene { Window("Inspector", id: "inspector") { Text("i") } }
          @SceneBuilder func documentWindow(named name: String) -> some Scene {
            WindowGroup(id: "doc", for: String.self) { $id in Text(id ?? "") }
          }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let groups = try #require(catalog.apps.first?.windowGroups)
    #expect(groups.map(\.id) == ["main", "inspector", "doc"])
    #expect(groups[1].matching == ["inspect/"])
    #expect(groups[1].file.hasSuffix("Split+Scenes.swift") && groups[1].line == 3)
    #expect(catalog.diagnostics.contains { $0.id == "app.recursion" })
  }

  @Test("scene configurations made in code, with their delegate classes and conditions")
  func configurationsInCode() throws {
    let root = try tree([
      "AppDelegate.swift": utf8(
        """
        import UIKit
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(
            _ application: UIApplication,
            configurationForConnecting connectingSceneSession: UISceneSession,
            options: UIScene.ConnectionOptions
          ) -> UISceneConfiguration {
            if options.userActivities.first?.activityType == "compose" {
              let compose = UISceneConfiguration(name: "Compose", sessionRole: connectingSceneSession.role)
              compose.delegateClass = ComposeDelegate.self
              return compose
            }
            let main = UISceneConfiguration(name: "Main", sessionRole: .windowApplication)
            main.delegateClass = MainDelegate.self
            return main
          }
        }
        """),
      "Delegates.swift": utf8(
        """
        import UIKit
        final class ComposeDelegate: UIResponder, UIWindowSceneDelegate {
          func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'compose'")
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'compose'")
          }
        }
        final class MainDelegate: UIResponder, UIWindowSceneDelegate {}
        func draft() {
          let activity = NSUserActivity(activityType: "compose")
          activity.targetContentIdentifier = "compose"
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let app = try #require(run.catalog?.apps.first)
    #expect(app.name == "AppDelegate")
    #expect(app.sceneConfigurations.map(\.name) == ["Compose", "Main"])
    #expect(app.sceneConfigurations.map(\.delegateClass) == ["ComposeDelegate", "MainDelegate"])
    #expect(app.sceneConfigurations.map(\.line) == [9, 13])
    #expect(app.sceneConfigurations[0].activationConditions.count == 2)
    let routing = try #require(run.routings.first)
    #expect(routing.problem == nil)
    #expect(!run.report.diagnostics.contains { $0.id.rawValue.hasPrefix("routing.") })
  }

  @Test("a configuration made with 'name: nil' has no name, and no run-time note says otherwise")
  func unnamedConfiguration() throws {
    let root = try tree([
      "AppDelegate.swift": utf8(
        """
        import UIKit
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
          func application(_: UIApplication, configurationForConnecting session: UISceneSession, options _: UIScene.ConnectionOptions) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
            configuration.delegateClass = SceneDelegate.self
            return configuration
          }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {}
        """)
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let configuration = try #require(catalog.apps.first?.sceneConfigurations.first)
    #expect(configuration.name == nil && configuration.delegateClass == "SceneDelegate")
    #expect(!catalog.diagnostics.contains { $0.id == LintRule.runtimeValue.id })
  }

  @Test(
    "real shapes: App conformance in an extension, configurations per switch case, activateSceneSession, a request's userActivity set after it is made"
  )
  func realShapes() throws {
    let root = try tree([
      "App/App.swift": utf8(
        """
        import SwiftUI
        @main
        struct App {}
        extension App: SwiftUI.App {
          var body: some Scene { WindowGroup { Text("a") } }
        }
        """),
      "Kit/Scenes.swift": utf8(
        """
        import UIKit
        enum SceneIdentifier {
          case main, details
          var configuration: UISceneConfiguration {
            switch self {
            case .main:
              let configuration = UISceneConfiguration(name: "Default", sessionRole: .windowApplication)
              configuration.delegateClass = SceneDelegate.self
              return configuration
            case .details:
              let configuration = UISceneConfiguration(name: "Details", sessionRole: .windowApplication)
              configuration.delegateClass = DetailsDelegate.self
              return configuration
            }
          }
        }
        func open(_ id: String) {
          let activity = NSUserActivity(activityType: "details")
          activity.targetContentIdentifier = "details/\\(id)"
          let request = UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity, options: nil)
          UIApplication.shared.activateSceneSession(for: request)
        }
        func reopen(_ session: UISceneSession) {
          UIApplication.shared.activateSceneSession(for: UISceneSessionActivationRequest(session: session))
        }
        func compose(_ draft: String) {
          let activity = NSUserActivity(activityType: "compose")
          activity.targetContentIdentifier = "compose/\\(draft)"
          let request = UISceneSessionActivationRequest(role: .windowApplication)
          request.userActivity = activity
          UIApplication.shared.activateSceneSession(for: request) { error in print(error) }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    // The configurations made in code belong to the tree's one app.
    #expect(catalog.apps.map(\.name) == ["App"])
    #expect(catalog.apps.first?.windowGroups.count == 1)
    #expect(
      catalog.apps.first?.sceneConfigurations.map(\.delegateClass) == [
        "SceneDelegate", "DetailsDelegate",
      ])
    let requests = catalog.producers.filter { $0.kind == .activationRequest }
    try #require(requests.count == 3)
    #expect(requests[0].template?.parts == [.text("details/"), .hole("id")])
    // The activity set on the request after it is made, as UIKit reads it.
    #expect(requests[2].template?.parts == [.text("compose/"), .hole("draft")])
    #expect(requests[2].line == 31 && requests[2].activityType == "compose")
    #expect(requests[0].line == 21)
    // A request for a session passes no activity: it activates that session, not a new scene.
    #expect(requests[1].session == "session" && !requests[1].carriesIdentifier)
    #expect(
      requests[1].unknown == "no user activity: it activates the session it names ('session')")
  }

  @Test(
    "a route enum's per-case property with associated values is a template of its arguments, in the file and from another"
  )
  func perCaseAssociatedValues() throws {
    let root = try tree([
      "Model/Route.swift": utf8(
        """
        enum Route {
          case inbox
          case thread(String)
          case message(folder: String, id: Int)
          case search(String)
          case draft(Int)
          var identifier: String {
            switch self {
            case .inbox: return "mailbox/inbox"
            case .thread(let id): return "mailbox/thread/\\(id)"
            case let .message(folder, id): return "mailbox/\\(folder)/\\(id)"
            case .search(_): return "mailbox/search"
            case .draft(let number): return "mailbox/draft/" + String(number)
            }
          }
        }
        """),
      "Open.swift": utf8(
        """
        import UIKit
        func open(threadID: String, folder: String) {
          let activity = NSUserActivity(activityType: "thread")
          activity.targetContentIdentifier = Route.thread(threadID).identifier
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = Route.message(folder: folder, id: 7).identifier
          let item = UIApplicationShortcutItem(type: "compose", localizedTitle: "Search")
          item.targetContentIdentifier = Route.search(folder).identifier
          let other = NSUserActivity(activityType: "inbox")
          other.targetContentIdentifier = Route.inbox.identifier
          let draft = NSUserActivity(activityType: "draft")
          draft.targetContentIdentifier = Route.draft(draftID).identifier
        }
        """),
      "Local.swift": utf8(
        """
        import UIKit
        enum Place {
          case order(String)
          var id: String { switch self { case .order(let number): "orders/\\(number)" } }
        }
        func show(number: String) {
          let activity = NSUserActivity(activityType: "order")
          activity.targetContentIdentifier = Place.order(number).id
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    func producer(_ file: String, _ line: Int) -> Producer? {
      catalog.producers.first { $0.file.hasSuffix(file) && $0.line == line }
    }
    // `String(number)` of a bound value is the caller's argument, as `"\\(number)"` is.
    let draft = try #require(producer("Open.swift", 12))
    #expect(draft.template?.parts == [.text("mailbox/draft/"), .hole("draftID")])
    let thread = try #require(producer("Open.swift", 4))
    #expect(thread.kind == .userActivity)
    #expect(thread.template?.parts == [.text("mailbox/thread/"), .hole("threadID")])
    let message = try #require(producer("Open.swift", 6))
    #expect(message.kind == .notification)
    #expect(message.template?.parts == [.text("mailbox/"), .hole("folder"), .text("/7")])
    // A shortcut item, though made with an activity type's words nowhere near: by its type.
    let search = try #require(producer("Open.swift", 8))
    #expect(search.kind == .shortcutItem && search.identifier == "mailbox/search")
    #expect(producer("Open.swift", 10)?.identifier == "mailbox/inbox")
    let order = try #require(producer("Local.swift", 8))
    #expect(order.template?.parts == [.text("orders/"), .hole("number")])
    #expect(!catalog.diagnostics.contains { $0.id == LintRule.runtimeValue.id })
  }

  @Test(
    "a set mapped over an enum's allCases lists each case's raw value or per-case property, in declaration order; what the compiler would not synthesize is unknown"
  )
  func allCasesSets() throws {
    func matching(_ set: String, enums: String) throws -> (sets: [String]?, unknown: String?) {
      let run = Linter.readApp(paths: [
        try tree([
          "App.swift": utf8(
            """
            import SwiftUI
            \(enums)
            @main struct Mailer: App {
              var body: some Scene {
                WindowGroup { Text("m") }.handlesExternalEvents(matching: \(set))
              }
            }
            """)
        ])
      ])
      let group = try #require(run.catalog?.apps.first?.windowGroups.first)
      return (group.matching?.map(\.description), group.matchingUnknown)
    }
    let routes = """
      enum Route: String, CaseIterable {
        case inbox
        case compose = "new"
        case settings
        var path: String {
          switch self {
          case .inbox: "mail/inbox"
          case .compose: "mail/compose"
          case .settings: "mail/settings"
          }
        }
      }
      """
    #expect(
      try matching("Set(Route.allCases.map(\\.rawValue))", enums: routes).sets == [
        "inbox", "new", "settings",
      ])
    #expect(
      try matching("Set(Route.allCases.map { $0.path })", enums: routes).sets == [
        "mail/inbox", "mail/compose", "mail/settings",
      ])
    #expect(
      try matching("Set(Route.allCases.map { route in route.rawValue })", enums: routes).sets
        == ["inbox", "new", "settings"])
    // What the compiler would not synthesize, or the file does not say, is unknown and says why.
    let bound = try matching(
      "Set(Tab.allCases.map(\\.rawValue))",
      enums: "enum Tab: String, CaseIterable { case a\n#if os(iOS)\ncase b\n#endif\n}")
    #expect(bound.unknown?.contains("declares with the cases the compiler lists") == true)
    let custom = try matching(
      "Set(Tab.allCases.map(\\.rawValue))",
      enums: "enum Tab: String, CaseIterable { case a, b\nstatic var allCases: [Tab] { [.a] } }")
    #expect(custom.unknown?.contains("declares with the cases the compiler lists") == true)
    let elsewhere = try matching("Set(Other.allCases.map(\\.rawValue))", enums: "")
    #expect(elsewhere.unknown?.contains("declares with the cases the compiler lists") == true)
    // An enum of another file of the module.
    let run = Linter.readApp(paths: [
      try tree([
        "App.swift": utf8(
          """
          import SwiftUI
          @main struct Mailer: App {
            var body: some Scene {
              WindowGroup { Text("m") }.handlesExternalEvents(matching: Set(Route.allCases.map(\\.path)))
            }
          }
          """),
        "Route.swift": utf8(routes),
      ])
    ])
    #expect(
      run.catalog?.apps.first?.windowGroups.first?.matching?.map(\.description) == [
        "mail/inbox", "mail/compose", "mail/settings",
      ])
    let mapped = try matching(
      "Set(Route.allCases.map { \"x/\" + $0.rawValue })", enums: routes)
    #expect(mapped.unknown?.contains("maps the cases by what the reading does not follow") == true)
  }

  @Test(
    "URLs built step by step are read: URLComponents set part by part, a helper's locals, if let and guard let; what the reading cannot compose says why"
  )
  func urlsBuiltStepByStep() throws {
    let root = try tree([
      "Links.swift": utf8(
        """
        import Foundation
        enum Links {
          static let scheme = "mailer"
          static func thread(_ id: String) -> URL {
            var components = URLComponents()
            components.scheme = scheme
            components.host = "thread"
            components.path = "/\\(id)"
            return components.url!
          }
          static func compose(to address: String) -> URL? {
            var components = URLComponents(string: "mailer://compose")!
            components.queryItems = [URLQueryItem(name: "to", value: address), URLQueryItem(name: "draft", value: nil)]
            return components.url
          }
          static func spaced() -> URL {
            var c = URLComponents()
            c.scheme = "mailer"
            c.host = "thread"
            c.path = "a b"
            return c.url!
          }
          static func relative() -> URL {
            var c = URLComponents()
            c.scheme = "mailer"
            c.host = "thread"
            c.path = "inbox"
            return c.url!
          }
          static func changed(_ flag: Bool) -> URL {
            var c = URLComponents(string: "mailer://thread")!
            if flag { c.path = "/draft" }
            return c.url!
          }
          static func appended(_ id: String) -> String {
            var path = "mailer://thread/"
            path += id
            return path
          }
          static func prefixed(_ id: String) -> String {
            let base = "mailer://note/"
            return base + id
          }
        }
        """),
      "Open.swift": utf8(
        """
        import UIKit
        func open(id: String) {
          UIApplication.shared.open(Links.thread("42"))
          UIApplication.shared.open(Links.compose(to: id)!)
          UIApplication.shared.open(Links.spaced())
          UIApplication.shared.open(Links.relative())
          UIApplication.shared.open(Links.changed(true))
          UIApplication.shared.open(URL(string: Links.appended(id))!)
          UIApplication.shared.open(URL(string: Links.prefixed(id))!)
          guard let url = URL(string: "mailer://inbox") else { return }
          UIApplication.shared.open(url)
          var parts = URLComponents()
          parts.scheme = "mailer"
          parts.host = "settings"
          parts.fragment = "privacy"
          if let settings = parts.url { UIApplication.shared.open(settings) }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    func producer(_ line: Int) -> Producer? {
      catalog.producers.first { $0.file.hasSuffix("Open.swift") && $0.line == line }
    }
    func unknown(_ line: Int) -> String? { producer(line)?.unknown }
    // Set part by part, with a constant scheme and the caller's argument in the path.
    #expect(producer(3)?.identifier == "mailer://thread/42")
    // Made from a string, then given query items: the string's parts that no statement sets.
    #expect(
      producer(4)?.template?.parts == [.text("mailer://compose?to="), .hole("id"), .text("&draft")])
    // What URLComponents would percent-encode, or not make at all, is not guessed.
    #expect(
      unknown(5)?.contains("percent-encodes its path 'a b'") == true,
      "\(String(describing: unknown(5)))")
    #expect(unknown(6)?.contains("has a host and the path 'inbox', which makes no URL") == true)
    #expect(unknown(7)?.contains("is changed where the reading does not follow") == true)
    // A local var changed by `+=` is no constant; a helper's `let` local is.
    #expect(producer(8)?.identifier == nil && producer(8)?.template == nil)
    #expect(producer(9)?.template?.parts == [.text("mailer://note/"), .hole("id")])
    // `guard let` and `if let` bind the value they unwrap.
    #expect(producer(11)?.identifier == "mailer://inbox")
    #expect(producer(16)?.identifier == "mailer://settings#privacy")
  }

  @Test(
    "a local var changed after its declaration, and names if var or while let bind, are run-time values"
  )
  func changedLocals() throws {
    let root = try tree([
      "Open.swift": utf8(
        """
        import UIKit
        func mutate(_ s: inout String) {}
        func open() {
          var a = "mailer://a"
          a.append("/x")
          UIApplication.shared.open(URL(string: a)!)
          var b = "mailer://b"
          mutate(&b)
          UIApplication.shared.open(URL(string: b)!)
          var c = "mailer://c"
          if c == "mailer://x" || c != "mailer://y" {}
          UIApplication.shared.open(URL(string: c)!)
          if var u = URL(string: "mailer://d") { UIApplication.shared.open(u) }
          while let w = URL(string: "mailer://e") { UIApplication.shared.open(w) }
          var d = "mailer://f"
          d += "/g"
          UIApplication.shared.open(URL(string: d)!)
        }
        """)
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    func producer(_ line: Int) -> Producer? {
      catalog.producers.first { $0.file.hasSuffix("Open.swift") && $0.line == line }
    }
    #expect(producer(6)?.unknown?.contains("assigned again") == true)
    #expect(producer(9)?.unknown?.contains("assigned again") == true)
    // Compared, not changed: its value.
    #expect(producer(12)?.identifier == "mailer://c")
    #expect(producer(13)?.unknown?.contains("'u' is a URL known only at run time") == true)
    #expect(producer(14)?.unknown?.contains("'w' is a URL known only at run time") == true)
    #expect(producer(17)?.unknown?.contains("assigned again") == true)
  }

  @Test(
    "a URL appended to is read: path components, query items; what URL would encode or join otherwise says why"
  )
  func appendedURLs() throws {
    let root = try tree([
      "Open.swift": utf8(
        """
        import UIKit
        enum Deep {
          static let base = URL(string: "mailer://app")!
          static let bare = URL(string: "mailer://")!
        }
        func open(id: String, query: String) {
          UIApplication.shared.open(Deep.base.appendingPathComponent("thread").appendingPathComponent(id))
          UIApplication.shared.open(URL(string: "mailer://app/note/")!.appending(path: id))
          UIApplication.shared.open(URL(string: "mailer://app/search?v=1#top")!.appending(queryItems: [URLQueryItem(name: "q", value: query)]))
          UIApplication.shared.open(Deep.base.appending(component: "a/b"))
          UIApplication.shared.open(Deep.base.appendingPathComponent("a b"))
          UIApplication.shared.open(Deep.bare.appendingPathComponent("thread"))
          UIApplication.shared.open(URL(string: "mailer://app?v=1")!.appendingPathComponent(id))
        }
        """)
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    func producer(_ line: Int) -> Producer? {
      catalog.producers.first { $0.file.hasSuffix("Open.swift") && $0.line == line }
    }
    #expect(producer(7)?.template?.parts == [.text("mailer://app/thread/"), .hole("id")])
    #expect(producer(8)?.template?.parts == [.text("mailer://app/note/"), .hole("id")])
    #expect(
      producer(9)?.template?.parts == [
        .text("mailer://app/search?v=1&q="), .hole("query"), .text("#top"),
      ])
    // `appending(component:)` encodes '/', a space is encoded: not guessed.
    #expect(producer(10)?.unknown?.contains("percent-encodes or joins otherwise") == true)
    #expect(producer(11)?.unknown?.contains("percent-encodes or joins otherwise") == true)
    // `mailer://` has no host and no path: how URL joins to it is not guessed.
    #expect(producer(12)?.unknown?.contains("has no path and no host to join to") == true)
    // The path goes before the base's query.
    #expect(producer(13)?.template?.parts == [.text("mailer://app/"), .hole("id"), .text("?v=1")])
  }

  @Test(
    "a route enum's URL property and the properties computed from its per-case ones are read for the case, in the file and from another"
  )
  func perCaseURLs() throws {
    let root = try tree([
      "Model/Deeplink.swift": utf8(
        """
        import Foundation
        enum Deeplink {
          case entry(UUID)
          case compose
          case settings
          var path: String {
            switch self {
            case .entry(let id): return "entries/\\(id.uuidString)"
            case .compose: return "compose"
            case .settings: return "settings"
            }
          }
          var url: URL {
            switch self {
            case .entry(let id): return URL(string: "journal://entries/\\(id.uuidString)")!
            case .compose: return URL(string: "journal://compose")!
            case .settings: return URL(string: Deeplink.settingsURL)!
            }
          }
          var link: URL { URL(string: "journal://" + path)! }
          var identifier: String { "journal/\\(self.path)" }
          static let settingsURL = "journal://settings"
        }
        enum Tab: String {
          case inbox, archive = "archived"
          var address: String { "journal://tab/\\(rawValue)" }
        }
        """),
      "Open.swift": utf8(
        """
        import UIKit
        func open(entryID: UUID) {
          let a = NSUserActivity(activityType: "entry")
          a.targetContentIdentifier = Deeplink.entry(entryID).url.absoluteString
          let b = UNMutableNotificationContent()
          b.targetContentIdentifier = Deeplink.compose.link.absoluteString
          UIApplication.shared.open(Deeplink.settings.url)
          let c = UNMutableNotificationContent()
          c.targetContentIdentifier = Deeplink.entry(entryID).identifier
          let d = UNMutableNotificationContent()
          d.targetContentIdentifier = Tab.archive.address
        }
        """),
      "Local.swift": utf8(
        """
        import UIKit
        enum Place {
          case order(String)
          case cart
          var url: URL {
            switch self {
            case .order(let number): URL(string: "shop://orders/\\(number)")!
            case .cart: URL(string: "shop://cart")!
            }
          }
          var web: URL { URL(string: "https://example.com/" + UUID().uuidString)! }
        }
        func show(number: String) {
          let activity = NSUserActivity(activityType: "order")
          activity.targetContentIdentifier = Place.order(number).url.absoluteString
          UIApplication.shared.open(Place.cart.url)
          UIApplication.shared.open(Place.cart.web)
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    func producer(_ file: String, _ line: Int) -> Producer? {
      catalog.producers.first { $0.file.hasSuffix(file) && $0.line == line }
    }
    // A URL per case, its bound value the caller's argument.
    let entry = try #require(producer("Open.swift", 4))
    #expect(entry.template?.parts == [.text("journal://entries/"), .hole("entryID.uuidString")])
    // A URL computed from a per-case property, for that case.
    #expect(producer("Open.swift", 6)?.identifier == "journal://compose")
    // A per-case URL made from a constant, opened directly.
    #expect(producer("Open.swift", 7)?.identifier == "journal://settings")
    // `self.path` with a bound value: a hole filled by the caller's argument.
    let identifier = try #require(producer("Open.swift", 9))
    #expect(identifier.template?.parts == [.text("journal/entries/"), .hole("entryID.uuidString")])
    // `rawValue` of the case, inside a property of a String enum.
    #expect(producer("Open.swift", 11)?.identifier == "journal://tab/archived")
    let order = try #require(producer("Local.swift", 15))
    #expect(order.template?.parts == [.text("shop://orders/"), .hole("number")])
    #expect(producer("Local.swift", 16)?.identifier == "shop://cart")
    // A property that makes a URL from a run-time value stays unknown, and says why.
    let web = try #require(producer("Local.swift", 17))
    #expect(
      web.identifier == nil
        && web.template?.parts.contains { if case .hole = $0 { true } else { false } } == true)
  }

  @Test("the declared-type prefilter finds each struct and extension name that starts a word")
  func declaredTypeNames() {
    let source = """
      struct First: View {}
      extension Outer.Inner {}
      mystruct NotOne {}
      let x = "a struct Quoted" // an over-approximation the parse corrects
      extension  Spaced {}
      struct
      """
    #expect(
      Set(utf8(source).withUnsafeBufferPointer { DeclarationIndex.declaredNames($0) })
        == ["First", "Inner", "Quoted", "Spaced"])
  }

  @Test("an implicit member where a string is expected is String's constant, from any file")
  func implicitStringMember() throws {
    let root = try tree([
      "Names.swift": utf8("extension String {\n  static let browser = \"browser\"\n}\n"),
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Reconnect: App {
          var body: some Scene {
            WindowGroup { Text("x").handlesExternalEvents(preferring: [.browser], allowing: ["*"]) }
              .handlesExternalEvents(matching: [.browser, .missing])
          }
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let group = try #require(run.catalog?.apps.first?.windowGroups.first)
    #expect(group.views?.preferring.map(\.description) == ["browser"])
    #expect(!group.matchingIsKnown)
    #expect(
      run.report.diagnostics.map(\.message) == [
        "predicate not checked: an element of the set: '.missing' is a run-time value"
      ])
  }

  @Test("a view's preferring set with a run-time element leaves its literal allowing set known")
  func viewSetsKnownApart() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Journal: App {
          var body: some Scene {
            WindowGroup { Text("main").handlesExternalEvents(preferring: ["list/"], allowing: ["*"]) }
            WindowGroup(for: UUID.self) { $id in
              Text("entry").handlesExternalEvents(preferring: [id.map { "entry/\\($0)" } ?? ""], allowing: [])
            }
          }
        }
        func remind(_ id: String) {
          let content = UNMutableNotificationContent()
          content.targetContentIdentifier = "entry/\\(id)"
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let views = try #require(run.catalog?.apps.first?.windowGroups.last?.views)
    #expect(!views.preferringIsKnown && views.allowingIsKnown && views.allowing.isEmpty)
    // The entry window allows nothing and the main window prefers no entry (an id holds no `/`),
    // so the main window (which allows anything) or the entry window (if it prefers the entry)
    // takes it: never a tie decided by order.
    #expect(!run.report.diagnostics.contains { $0.id == "routing.depends-on-run-time" })
  }

  @Test(
    "a condition a view controller sets on its window's scene makes the configurations' condition unknown: no certain new-window finding"
  )
  func conditionSetAtRunTime() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>UIApplicationSceneManifest</key><dict>
      <key>UIApplicationSupportsMultipleScenes</key><true/>
      <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict>
      <key>UISceneConfigurationName</key><string>Default Configuration</string>
      <key>UISceneDelegateClassName</key><string>SceneDelegate</string>
      </dict></array></dict></dict></dict></plist>
      """
    let delegate = """
      import UIKit
      class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate(format: "SELF == 'docs/main'")
        }
      }
      func share(_ id: String) {
        let activity = NSUserActivity(activityType: "open")
        activity.targetContentIdentifier = "docs/document/\\(id)"
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
      }
      """
    let controller = """
      import UIKit
      class DocumentViewController: UIViewController {
        var documentID = ""
        override func viewDidAppear(_ animated: Bool) {
          view.window?.windowScene?.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
            NSPredicate(format: "SELF == %@", "docs/document/" + documentID)
        }
      }
      """
    // Without the view controller: every request opens a new window, for certain.
    let without = try tree(["Info.plist": utf8(plist), "SceneDelegate.swift": utf8(delegate)])
    let certain = Linter.readApp(paths: [without]).report.diagnostics.map(\.id)
    #expect(certain.contains("routing.new-window-per-event"))
    // With it: the window showing the document prefers it, so that depends on run-time values.
    let with = try tree([
      "Info.plist": utf8(plist), "SceneDelegate.swift": utf8(delegate),
      "DocumentViewController.swift": utf8(controller),
    ])
    let run = Linter.readApp(paths: [with])
    let ids = run.report.diagnostics.map(\.id)
    #expect(!ids.contains("routing.new-window-per-event"))
    #expect(ids.contains("routing.depends-on-run-time"))
    let app = try #require(run.catalog?.apps.first)
    #expect(app.runTimeConditions.map(\.line) == [6])
    // The scene holds the delegate's condition or the view controller's: what both answer alike
    // is known, the rest depends on which.
    let prefers = try #require(AppRouting(app: app).scenes.first?.prefersToActivate)
    #expect(prefers.answer(for: Template("notes/1")) == .never)
    #expect(prefers.answer(for: Template("docs/main")).value == nil)
    #expect(
      run.catalog?.diagnostics.contains {
        $0.id == LintRule.runtimeValue.id && $0.file.hasSuffix("DocumentViewController.swift")
      } == true)
    // A scene delegate no configuration names sets conditions for its own scenes, not these.
    let other = try tree([
      "Info.plist": utf8(plist), "SceneDelegate.swift": utf8(delegate),
      "OtherSceneDelegate.swift": utf8(
        controller.replacingOccurrences(
          of: "override func viewDidAppear(_ animated: Bool)",
          with:
            "func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions)"
        )
      ),
    ])
    #expect(Linter.readApp(paths: [other]).catalog?.apps.first?.runTimeConditions.isEmpty == true)
  }

  @Test(
    "a function that returns a URL is the template of its string; a parameter's member is named by the argument"
  )
  func urlFunction() throws {
    let root = try tree([
      "Deeplink.swift": utf8(
        """
        import Foundation
        enum Deeplink {
          static let notePrefix = "notes://note/"
          static func note(_ id: UUID) -> URL { URL(string: "\\(notePrefix)\\(id.uuidString)")! }
          static func folder(_ name: String) -> URL? { URL(string: "notes://folder/" + name) }
        }
        """),
      "Open.swift": utf8(
        """
        import SwiftUI
        struct Row: View {
          @Environment(\\.openURL) private var openURL
          let note: Note
          var body: some View {
            Button("Open") { openURL(Deeplink.note(note.id)) }
            Link("Folder", destination: Deeplink.folder("inbox")!)
          }
        }
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let urls = catalog.producers.filter { $0.kind == .openURL }.sorted { $0.line < $1.line }
    #expect(urls.count == 2)
    #expect(urls.first?.template?.parts == [.text("notes://note/"), .hole("note.id.uuidString")])
    #expect(urls.last?.identifier == "notes://folder/inbox")
  }

  @Test(
    "a receiver's kind comes from its type before the words of its arguments, in both languages")
  func producerKindByType() throws {
    let root = try tree([
      "Shortcuts.swift": utf8(
        """
        import UIKit
        enum ActivityType { static let compose = "compose" }
        func install(_ application: UIApplication) {
          let compose = UIApplicationShortcutItem(type: ActivityType.compose, localizedTitle: "New")
          compose.targetContentIdentifier = "compose"
        }
        """),
      "Shortcuts.m": utf8(
        """
        @implementation Installer
        - (void)install {
          UIMutableApplicationShortcutItem *activityItem = [[UIMutableApplicationShortcutItem alloc] initWithType:@"activity" localizedTitle:@"New"];
          activityItem.targetContentIdentifier = @"compose";
          NSUserActivity *handoff = [[NSUserActivity alloc] initWithActivityType:@"compose"];
          [handoff setTargetContentIdentifier:@"compose"];
        }
        @end
        """),
    ])
    let catalog = try #require(Linter.readApp(paths: [root]).catalog)
    let kinds = catalog.producers.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.map {
      "\($0.file.split(separator: "/").last!):\($0.line) \($0.kind.rawValue)"
    }
    #expect(
      kinds == [
        "Shortcuts.m:4 shortcutItem", "Shortcuts.m:6 userActivity",
        "Shortcuts.swift:5 shortcutItem",
      ])
  }

  @Test("an immersive space's id is opened by openImmersiveSpace: never called unreachable")
  func immersiveSpace() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Vision: App {
          var body: some Scene {
            WindowGroup { Text("w").handlesExternalEvents(preferring: [], allowing: ["*"]) }
            ImmersiveSpace(id: "space") { Text("s") }
            WindowGroup("Extra", id: "extra") { Text("e").handlesExternalEvents(preferring: [], allowing: []) }
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let unreachable = run.report.diagnostics.filter { $0.id == "routing.group-unreachable" }
    #expect(unreachable.map(\.line) == [6])
  }

  @Test("a Window or UtilityWindow built for macOS is in the Windows menu: never unreachable")
  func windowMenu() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Desk: App {
          var body: some Scene {
            WindowGroup { Text("w") }
            Window("Help", id: "help") { Text("h") }
            UtilityWindow("Inspector", id: "inspector") { Text("i") }
            #if os(visionOS)
            Window("Immersive Help", id: "vision-help") { Text("v") }
            #endif
            WindowGroup("Extra", id: "extra") { Text("e") }
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let unreachable = run.report.diagnostics.filter { $0.id == "routing.group-unreachable" }
    // The visionOS-only Window has no menu to list it; a WindowGroup is listed by no menu.
    #expect(unreachable.map(\.line) == [8, 10])
    #expect(unreachable.first?.message.contains("visionOS") == true)
  }

  @Test("a set the source does not fix is {\"unknown\": why} in the catalogue, never null")
  func unknownSetsInJSON() throws {
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        enum Route: String, CaseIterable { case chat }
        @main struct Chat: App {
          var current: Set<String> = []
          var body: some Scene {
            WindowGroup {
              Text("c").handlesExternalEvents(preferring: current, allowing: ["*"])
            }
            .handlesExternalEvents(matching: Set(Route.allCases.map { "x/" + $0.rawValue }))
            WindowGroup(id: "plain") { Text("p") }
          }
        }
        """)
    ])
    let run = Linter.readApp(paths: [root])
    let catalog = try #require(run.catalog?.jsonValue.objectValue)
    guard case .array(let apps)? = catalog["apps"],
      case .array(let groups)? = apps.first?.objectValue?["windowGroups"]
    else {
      Issue.record("no window groups in \(catalog)")
      return
    }
    let first = try #require(groups.first?.objectValue)
    let matching = first["handlesExternalEvents"]?.objectValue?["unknown"]
    #expect(
      matching
        == .string(
          "the set 'Route.allCases.map …' maps the cases by what the "
            + "reading does not follow"))
    let views = try #require(first["views"]?.objectValue)
    #expect(views["preferring"]?.objectValue?["unknown"] != nil, "\(views)")
    #expect(views["allowing"] == .array([.string("*")]))
    // No modifier at all is still null.
    #expect(groups.last?.objectValue?["handlesExternalEvents"] == .null)
  }

  @Test("two targets' apps that share a name are two apps, never branches of one")
  func appsSharingAName() throws {
    func app(_ group: String) -> [UInt8] {
      utf8(
        """
        import SwiftUI
        @main struct Chat: App {
          var body: some Scene {
            \(group)
          }
        }
        """)
    }
    let root = try tree([
      "iOS/Chat.swift": app("WindowGroup { Text(\"i\") }.handlesExternalEvents(matching: [\"x\"])"),
      "Mac/Chat.swift": app(
        "WindowGroup { Text(\"m\").handlesExternalEvents(preferring: [], allowing: [\"*\"]) }"),
      "Mac/Handoff.swift": utf8(
        """
        import Foundation
        func handoff() -> NSUserActivity {
          let activity = NSUserActivity(activityType: "x")
          activity.targetContentIdentifier = "x"
          return activity
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let findings = run.report.diagnostics.filter { $0.id == "routing.new-window-per-event" }
    #expect(findings.map { ($0.file as NSString).lastPathComponent } == ["Chat.swift"])
    // Before, the two read as branches of one app's body: "(only with body's  branch)".
    #expect(findings.allSatisfy { !$0.message.contains("only with") }, "\(findings)")
    // The Mac target's event is the Mac app's: the iOS group is not said to be reached by it.
    #expect(findings.allSatisfy { !$0.message.contains("Handoff.swift") }, "\(findings)")
  }

  @Test(
    "an id written as a constant declared elsewhere: matched by the constant, never guessed",
    arguments: [
      // What openWindow names; the lines of the groups reported unreachable, and of the
      // openWindow calls said to open nothing.
      (["WindowID.about", "WindowID.logs"], [6], [Int]()),
      // The implicit member names the same constant as String.stats.
      (["WindowID.about", "WindowID.logs", ".stats"], [], []),
      // A literal is matched against the constant's value, read from the file that declares
      // it: "logs" opens Logs, and Stats, which nothing opens, is unreachable.
      (["WindowID.about", "\"logs\""], [6], []),
      // An id the source does not fix may be any group's.
      (["WindowID.about", "current"], [], []),
    ])
  func constantIDs(opened: [String], unreachable: [Int], opensNothing: [Int]) throws {
    let calls = opened.map { "      Button(\"x\") { openWindow(id: \($0)) }" }
    let root = try tree([
      "App.swift": utf8(
        """
        import SwiftUI
        @main struct Keel: App {
          var body: some Scene {
            WindowGroup("About", id: WindowID.about) { Text("a") }
            WindowGroup("Logs", id: WindowID.logs) { Text("l") }
            WindowGroup("Stats", id: .stats) { MenuContent() }
          }
        }
        """),
      "WindowID.swift": utf8(
        """
        enum WindowID { static let about = "about"; static let logs = "logs" }
        extension String { static let stats = "stats" }
        """),
      "MenuContent.swift": utf8(
        """
        import SwiftUI
        struct MenuContent: View {
          @Environment(\\.openWindow) private var openWindow
          var current = "about"
          var body: some View {
            VStack {
        \(calls.joined(separator: "\n"))
            }
          }
        }
        """),
    ])
    let run = Linter.readApp(paths: [root])
    let found = { (id: String) in
      run.report.diagnostics.filter { $0.id.rawValue == id }.map(\.line)
    }
    #expect(found("routing.group-unreachable") == unreachable, "\(opened)")
    #expect(found("routing.unhandled") == opensNothing, "\(opened)")
    #expect(
      run.catalog?.apps.first?.windowGroups.map(\.idReference) == [
        "WindowID.about", "WindowID.logs", "String.stats",
      ])
  }
}
