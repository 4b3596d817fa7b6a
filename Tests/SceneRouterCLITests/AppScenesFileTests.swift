import Foundation
import PredicateTestSupport
import SceneJSON
import Testing

extension JSONValue {
  /// The elements, when this is an array.
  fileprivate var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}

@Suite("scenes --format scenes-file is what route and table read")
struct AppScenesFileTests {
  static let apps = [
    "MultiWindowNotes", "NewWindowBug", "UIKitMail", "MixedReader", "SplitConstants", "Shop",
    "ArticleReader", "Coordinator", "Journal", "Mailer",
  ]

  @Test(
    "each fixture app: its scenes file, saved and read by --scenes, routes each producer as --app does",
    arguments: apps)
  func scenesFileRoutesLikeTheApp(_ app: String) throws {
    let path = "Fixtures/apps/\(app)"
    let written = try CLI.run(["scenes", "--format", "scenes-file", path])
    #expect(written.status == 0, "\(written.stderr)")
    let folder = URL(fileURLWithPath: TemporaryFolders.make("scenes"), isDirectory: true)
    let scenes = folder.appendingPathComponent("scenes.json").path
    try written.stdoutBytes.write(to: URL(fileURLWithPath: scenes))
    let file = try JSONValue.parse(Array(written.stdoutBytes))
    let sessions = file.objectValue?["scenes"]?.arrayValue ?? []
    let holdsVariables = sessions.contains { $0.objectValue?["variables"] != nil }
    let holdsTemplates = written.stdout.contains(#""template":"#)

    let fromApp = try CLI.run(["table", "--app", path, "--format", "json"])
    #expect(fromApp.status == 0, "\(fromApp.stderr)")
    let appTable = try JSONValue.parse(Array(fromApp.stdoutBytes))
    let rows = appTable.objectValue?["rows"]?.arrayValue ?? []
    #expect(!rows.isEmpty)
    let payloads =
      (try? FileManager.default.contentsOfDirectory(
        atPath: CLI.repositoryRoot + "/" + path + "/Payloads")) ?? []

    if holdsVariables || holdsTemplates {
      // A condition holds a run-time value: the file says so, `route --scenes` names the
      // variable or template rather than routing a made-up value, and `route --app` refuses.
      let routed = try CLI.run(
        ["route", "--scenes", scenes, "--format", "json", "-"],
        stdin: Data(#"{"aps": {"target-content-id": "x"}}"#.utf8))
      #expect(routed.status == 65, "\(routed.stdout)\(routed.stderr)")
      for payload in payloads.sorted() {
        let viaApp = try CLI.run([
          "route", "--app", path, "--format", "json", "\(path)/Payloads/\(payload)",
        ])
        #expect(viaApp.status == 65)
        #expect(viaApp.stderr.contains("run-time values"), "\(viaApp.stderr)")
      }
      return
    }

    // Every condition is known: each row the app table decides for every value is the
    // decision the saved file gives its identifier.
    for row in rows {
      guard let object = row.objectValue, let identifier = object["identifier"]?.stringValue,
        object["holdsForEveryValue"] == .bool(true),
        let decision = object["decisions"]?.arrayValue?.first?.objectValue
      else { continue }
      let fromFile = try CLI.run(["table", "--scenes", scenes, "--format", "json", identifier])
      #expect(fromFile.status == 0, "\(fromFile.stderr)")
      let fileRow = try JSONValue.parse(Array(fromFile.stdoutBytes)).objectValue?["rows"]?
        .arrayValue?.first?.objectValue
      for key in ["outcome", "scene", "configuration"] {
        #expect(fileRow?[key] == decision[key], "\(app) \(identifier) \(key)")
      }
    }
    // route: each payload file of the app, through --app and through the saved file.
    for payload in payloads.sorted() {
      let event = "\(path)/Payloads/\(payload)"
      let viaApp = try CLI.run(["route", "--app", path, "--format", "json", event])
      let viaFile = try CLI.run(["route", "--scenes", scenes, "--format", "json", event])
      #expect(viaApp.status == 0 && viaFile.status == 0)
      #expect(viaApp.stdout == viaFile.stdout)
    }
  }

  @Test("table or route given a folder and no source says --app reads the app in it")
  func folderWithoutApp() throws {
    let folder = "Fixtures/apps/Journal"
    for command in [["table", folder], ["route", folder]] {
      let run = try CLI.run(command)
      #expect(run.status == 64)
      #expect(
        run.stderr.contains(
          "give --scenes FILE or --app PATH: '\(folder)' is a folder, and --app \(folder) reads "
            + "the app in it"), "\(run.stderr)")
    }
    let plain = try CLI.run(["table", "chat/inbox"])
    #expect(plain.status == 64 && plain.stderr.contains("give --scenes FILE or --app PATH\n"))
    let both = try CLI.run(["table", "--scenes", "a.json", "--app", folder])
    #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
  }
}
