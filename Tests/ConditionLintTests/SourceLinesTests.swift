import AppModel
import ConditionLint
import Foundation
import SourceReading
import Testing

@Suite("lint positions: lines broken as the compiler breaks them")
struct SourceLinesTests {
  /// The condition on the third line of each file.
  static func conditionLine(swift: Bool) -> String {
    swift
      ? "c.canActivateForTargetContentIdentifierPredicate = NSPredicate(format: \"SELF BEGINWITH 'é'\")"
      : "c.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@\"SELF BEGINWITH 'é'\"];"
  }

  /// A finding on the third line of a file, its lines ended by `ending`.
  private func findingLine(_ ending: String, swift: Bool) -> (line: Int, column: Int)? {
    let source = [
      swift ? "import UIKit" : "#import <UIKit/UIKit.h>", "// ü", Self.conditionLine(swift: swift),
    ]
    var report = LintReport()
    let bytes = Array((source.joined(separator: ending) + ending).utf8)
    Linter().lint(file: swift ? "A.swift" : "A.m", bytes: bytes, into: &report)
    let finding = report.diagnostics.first { $0.id == "syntax.unknown-operator" }
    return finding.map { ($0.line, $0.column) }
  }

  @Test(
    "LF, CRLF and a lone CR each end a line, in Swift and in Objective-C",
    arguments: ["\n", "\r\n", "\r"], [true, false])
  func lineEndings(ending: String, swift: Bool) throws {
    let found = try #require(findingLine(ending, swift: swift))
    #expect(found.line == 3)
    // The byte column of 'BEGINWITH' in the third line, whatever ended the lines before.
    let line = Self.conditionLine(swift: swift)
    let column =
      line.utf8.distance(
        from: line.utf8.startIndex,
        to: line.range(of: "BEGINWITH")!.lowerBound.samePosition(in: line.utf8)!) + 1
    #expect(found.column == column)
  }

  @Test("a directive continued by a backslash reads the same whatever ends its lines")
  func continuedDirective() {
    let lines = [
      "#define INSTALL(c) \\",
      "  c.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@\"SELF BEGINWITH 'x'\"]",
      "static int x;",
    ]
    func conditions(_ ending: String) -> Int {
      var report = LintReport()
      Linter().lint(
        file: "A.m", bytes: Array((lines.joined(separator: ending) + ending).utf8), into: &report)
      return report.conditions.count
    }
    #expect(conditions("\n") == conditions("\r\n"))
    #expect(conditions("\n") == conditions("\r"))
  }
}
