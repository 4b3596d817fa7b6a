import Foundation
import PredicateEvaluation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Walks paths, finds the source files that can hold an activation condition, and checks every
/// condition in them.
package struct Linter: Sendable {
  /// The profile predicates are validated under (`uikit`: what iOS accepts).
  package var profile: ValidationProfile
  /// Extra glob patterns of paths (or names) to skip.
  package var excludes: [String]
  /// Files larger than this are skipped with a warning.
  package var maximumFileSize: Int

  /// Folders skipped by default: build products and dependencies.
  package static let skippedFolders: Set<String> = [
    ".build", "DerivedData", "Pods", "Carthage", "node_modules",
  ]
  /// The extensions read.
  package static let extensions: Set<String> = ["swift", "m", "mm", "h"]

  package init(
    profile: ValidationProfile = .uikit, excludes: [String] = [],
    maximumFileSize: Int = 8 << 20
  ) {
    self.profile = profile
    self.excludes = excludes
    self.maximumFileSize = maximumFileSize
  }

  /// The outcome of a walk: the report, the paths that do not exist, and the files read with
  /// their bytes (for `--fix`).
  package struct Run: Sendable {
    package var report = LintReport()
    package var missingPaths: [String] = []
  }

  /// Lints every source file under `paths` (files or folders), in sorted path order.
  package func run(paths: [String], progress: ((Int) -> Void)? = nil) -> Run {
    var run = Run()
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        run.missingPaths.append(path)
        continue
      }
      if isDirectory.boolValue {
        collect(folder: path, into: &files)
      } else {
        files.append(path)
      }
    }
    for (index, file) in files.enumerated() {
      lint(file: file, into: &run.report)
      if index % 500 == 499 { progress?(index + 1) }
    }
    return run
  }

  private func isExcluded(_ path: String, name: String) -> Bool {
    excludes.contains { pattern in
      fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, name, 0) == 0
    }
  }

  private func collect(folder: String, into files: inout [String]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names.sorted() {
      let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
      if isExcluded(path, name: name) { continue }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        if name.hasPrefix(".") || Self.skippedFolders.contains(name) { continue }
        // Symbolic links to folders are not followed: they can loop.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil { continue }
        collect(folder: path, into: &files)
      } else if let dot = name.lastIndex(of: "."),
        Self.extensions.contains(String(name[name.index(after: dot)...]))
      {
        files.append(path)
      }
    }
  }

  /// The byte patterns one of which every condition's source contains.
  private static let markers: [[UInt8]] = [
    Array("ForTargetContentIdentifierPredicate".utf8), Array("handlesExternalEvents".utf8),
  ]

  /// Whether `bytes` can hold a condition: a byte search before any parsing.
  static func mayHoldConditions(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return markers.contains { marker in
        // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
        var position = 0
        let last = buffer.count - marker.count
        while position <= last {
          guard
            let hit = memchr(base + position, Int32(marker[0]), last - position + 1)
          else { return false }
          let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + at, marker, marker.count) == 0 { return true }
          position = at + 1
        }
        return false
      }
    }
  }

  /// Lints one file into `report`.
  package func lint(file: String, into report: inout LintReport) {
    report.files += 1
    func note(_ severity: LintSeverity, _ rule: LintRule, _ message: String) {
      report.diagnostics.append(
        LintDiagnostic(
          file: file, line: 1, column: 1, endLine: 1, endColumn: 1, scalarColumn: 1,
          scalarEndColumn: 1, severity: severity,
          id: rule.rawValue, message: message))
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    if size > maximumFileSize {
      note(
        .warning, .fileTooLarge,
        "file is \(size) bytes, over the \(maximumFileSize)-byte cap; it is skipped")
      return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      note(.warning, .unreadable, "file could not be read; it is skipped")
      return
    }
    lint(file: file, bytes: [UInt8](data), into: &report, counted: true)
  }

  /// Lints `bytes` as the file `file` into `report` (the file already counted unless `counted`
  /// is false).
  package func lint(file: String, bytes: [UInt8], into report: inout LintReport, counted: Bool) {
    if !counted { report.files += 1 }
    func note(_ severity: LintSeverity, _ rule: LintRule, _ message: String) {
      report.diagnostics.append(
        LintDiagnostic(
          file: file, line: 1, column: 1, endLine: 1, endColumn: 1, scalarColumn: 1,
          scalarEndColumn: 1, severity: severity, id: rule.rawValue, message: message))
    }
    guard Self.mayHoldConditions(bytes) else { return }
    if String(validating: bytes, as: UTF8.self) == nil {
      note(.warning, .notUTF8, "file is not valid UTF-8; literals that are not are not checked")
    }
    let isSwift = file.hasSuffix(".swift")
    let found = isSwift ? SwiftExtractor.conditions(in: bytes) : ObjCExtractor.conditions(in: bytes)
    let checker = ConditionChecker(
      path: file, lines: LineTable(bytes), profile: profile, isSwift: isSwift)
    for condition in found {
      let checked = checker.check(condition)
      report.conditions.append(checked)
      report.diagnostics += checked.diagnostics
    }
  }
}
