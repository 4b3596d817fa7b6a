import Foundation
import PredicateEvaluation
import PredicateTestSupport
import SceneJSON
import SceneRouting
import Testing

@Suite("What the library writes, the CLI reads")
struct LibraryWritesCLIReadsTests {
  @Test("a ScenesFile encoded with JSONEncoder is read by check --scenes and route")
  func encodedScenesFileRoutes() throws {
    let file = ScenesFile(
      sessions: [
        SceneSession(
          persistentIdentifier: "inbox", lastActiveAt: Date(timeIntervalSince1970: 1_800_000_100),
          activationConditions: try ActivationConditions(
            canActivateForTargetContentIdentifierPredicate: "SELF BEGINSWITH 'mail/'",
            prefersToActivateForTargetContentIdentifierPredicate: "SELF == 'mail/inbox'",
            profile: .extended)),
        SceneSession(
          persistentIdentifier: "thread", lastActiveAt: Date(timeIntervalSince1970: 1_800_000_000),
          isVisible: true,
          activationConditions: ActivationConditions(
            canActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
              format: "SELF BEGINSWITH 'mail/thread/'", profile: .uikit),
            prefersToActivateForTargetContentIdentifierPredicate: try CompiledPredicate(
              format: "SELF MATCHES 'mail/thread/[0-9]+'", profile: .extended))),
      ],
      defaultConfigurations: [.windowApplication: "Default Configuration"])
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("scenes-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenes.json").path
    try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: path))

    let check = try CLI.run(["check", "--scenes", path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("2 scenes"))

    let events = ["mail/inbox", "mail/thread/7", "mail/other", "news/1"].map {
      SceneEvent(
        .notification(PushNotification(targetContentIdentifier: $0)))
    }
    let lines = try events.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    for (listing, explanation) in [
      ("matches", ActivationRouter.Explanation.matches), ("all", .all),
    ] {
      let routed = try CLI.run(
        ["route", "--scenes", path, "--jsonl", "--candidates", listing], stdin: input)
      #expect(routed.status == 0, "\(routed.stderr)")
      let decisions = try routed.stdout.split(separator: "\n").map {
        try JSONDecoder().decode(RoutingDecision.self, from: Data($0.utf8))
      }
      #expect(decisions == events.map { file.router.route($0, explanation: explanation) })
    }
  }
}
