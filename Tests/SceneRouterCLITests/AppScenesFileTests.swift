import Foundation
import PredicateTestSupport
import SceneJSON
import Testing

@Suite("scenes --format scenes-file is what route and table read")
struct AppScenesFileTests {
  static let apps = ["MultiWindowNotes", "NewWindowBug", "UIKitMail", "MixedReader", "SplitConstants"]

  /// `value` without the table's `sources` member, which only `--app` adds.
  private func withoutSources(_ value: JSONValue) -> JSONValue {
    guard case .object(var object) = value else { return value }
    object["sources"] = nil
    return .object(object)
  }

  @Test(
    "each fixture app: its scenes file, saved and read by --scenes, routes each producer as --app does",
    arguments: apps)
  func scenesFileRoutesLikeTheApp(_ app: String) throws {
    let path = "Fixtures/apps/\(app)"
    let written = try CLI.run(["scenes", "--format", "scenes-file", path])
    #expect(written.status == 0, "\(written.stderr)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let scenes = folder.appendingPathComponent("scenes.json").path
    try written.stdoutBytes.write(to: URL(fileURLWithPath: scenes))

    // The app's own table lists its producers' identifiers; the saved file routes the same
    // identifiers to the same scenes, for the same reasons.
    let fromApp = try CLI.run(["table", "--app", path, "--format", "json"])
    #expect(fromApp.status == 0, "\(fromApp.stderr)")
    let appTable = try JSONValue.parse(Array(fromApp.stdoutBytes))
    guard case .array(let rows)? = appTable.objectValue?["rows"] else {
      Issue.record("no rows")
      return
    }
    let identifiers = rows.compactMap { $0.objectValue?["identifier"]?.stringValue }
    #expect(!identifiers.isEmpty)
    let fromFile = try CLI.run(["table", "--scenes", scenes, "--format", "json"] + identifiers)
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(try JSONValue.parse(Array(fromFile.stdoutBytes)) == withoutSources(appTable))

    // route: each payload file of the app, through --app and through the saved file.
    let payloads =
      (try? FileManager.default.contentsOfDirectory(
        atPath: CLI.repositoryRoot + "/" + path + "/Payloads")) ?? []
    for payload in payloads.sorted() {
      let event = "\(path)/Payloads/\(payload)"
      let viaApp = try CLI.run(["route", "--app", path, "--format", "json", event])
      let viaFile = try CLI.run(["route", "--scenes", scenes, "--format", "json", event])
      #expect(viaApp.status == 0 && viaFile.status == 0)
      #expect(viaApp.stdout == viaFile.stdout)
    }
  }
}
