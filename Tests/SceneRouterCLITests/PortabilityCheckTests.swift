import Foundation
import PredicateTestSupport
import Testing

/// `Scripts/check-portability` reports exactly the lines marked `// ❌` in its samples, and the
/// repository itself passes it.
@Suite("Scripts/check-portability")
struct PortabilityCheckTests {
  static let samples = [
    "unguarded-import", "qualified-call", "no-darwin-branch", "newer-module", "portable",
  ]

  @Test("reports exactly the marked lines of each sample", arguments: samples)
  func sample(_ name: String) throws {
    let relative = "Fixtures/portability/\(name).swift"
    let source = try #require(Fixtures.read("portability/\(name).swift"))
    let marked = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.hasSuffix("// ❌") }.map { "\(relative):\($0.offset + 1)" }
    let result = try CLI.shell("Scripts/check-portability \(relative)")
    let reported = result.stdout.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: ": error: ") else { return nil }
      return String(line[..<range.lowerBound])
    }
    #expect(reported == marked, "\(result.stdout)\(result.stderr)")
    #expect(result.status == (marked.isEmpty ? 0 : 1), "\(result.stdout)\(result.stderr)")
  }

  @Test("an unguarded import Glibc fails the check and is named")
  func unguardedImport() throws {
    let result = try CLI.shell(
      "Scripts/check-portability Fixtures/portability/unguarded-import.swift")
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "unguarded-import.swift:3: error: 'import Glibc' is not guarded by '#if canImport(Glibc)'"))
  }

  @Test("the repository passes")
  func repository() throws {
    let result = try CLI.shell("Scripts/check-portability")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }
}
