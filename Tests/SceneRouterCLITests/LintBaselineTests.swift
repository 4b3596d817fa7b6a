import Foundation
import PredicateTestSupport
import Testing

/// `lint --write-baseline` and `lint --baseline`, end to end in a scratch folder: the recorded
/// file is the golden `Fixtures/lint/baseline/baseline.json`, and after an edit that moves the
/// recorded findings down and adds one, only the new finding is reported (the golden
/// `Fixtures/lint/baseline/after.expected`).
@Suite("lint baselines")
struct LintBaselineTests {
  @Test("a finding moved down by an edit stays baselined; a new one is reported")
  func movedAndNew() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenes = folder.appendingPathComponent("App/Scenes.swift")
    try FileManager.default.copyItem(
      atPath: Fixtures.root + "/lint/baseline/before/App/Scenes.swift", toPath: scenes.path)

    let recording = try CLI.shell(
      #"cd "$1" && "$CLI" lint App --write-baseline baseline.json"#, folder.path)
    #expect(recording.status == 0, "\(recording.stderr)")
    #expect(recording.stderr == "lint: recorded 2 finding(s) in baseline.json\n")
    let written = try String(
      contentsOf: folder.appendingPathComponent("baseline.json"), encoding: .utf8)
    expectGolden(written, "lint/baseline/baseline.json")

    try FileManager.default.removeItem(at: scenes)
    try FileManager.default.copyItem(
      atPath: Fixtures.root + "/lint/baseline/after/App/Scenes.swift", toPath: scenes.path)
    let filtered = try CLI.shell(
      #"cd "$1" && "$CLI" lint App --baseline baseline.json"#, folder.path)
    expectGolden(
      "exit \(filtered.status)\n--- stdout\n\(filtered.stdout)--- stderr\n\(filtered.stderr)",
      "lint/baseline/after.expected")
    // Without the baseline, the moved findings are still there: the baseline hid them.
    let unfiltered = try CLI.shell(#"cd "$1" && "$CLI" lint App"#, folder.path)
    #expect(unfiltered.stdout.split(separator: "\n").count == 3)
  }
}

/// Compares `text` with the golden file at `path` under `Fixtures/` (re-recorded with
/// `RECORD_FIXTURES=1`).
private func expectGolden(_ text: String, _ path: String) {
  if Fixtures.isRecording {
    Fixtures.write(path, text)
  } else {
    #expect(text == Fixtures.read(path), "\(path)")
  }
}
