import AppModel
import Dispatch
import Foundation
import PortableIO
import PredicateEvaluation
import SceneRouting
import SourceReading
import SwiftParser
import SwiftSyntax

/// Walks paths, finds the source files that can hold an activation condition, and checks every
/// condition in them.
package struct Linter: Sendable {
  /// The profile predicates are validated under (`uikit`: what iOS accepts).
  package var profile: ValidationProfile
  /// Extra glob patterns of paths (or names) to skip.
  package var excludes: [String]
  /// Files larger than this are skipped with a warning.
  package var maximumFileSize: Int
  /// Absolute paths (or globs) a linted file must lie under; empty admits every file (a
  /// configuration's `included`).
  package var included: [String] = []
  /// Absolute paths (or globs) under which nothing is linted (a configuration's `excluded`).
  package var excluded: [String] = []
  /// Whether the walk also reads the app (scene declarations, Info.plist, producers) and
  /// reports routing findings.
  package var readsApp = false
  /// Whether the app model parses, of a file it reads for its producers or follows for its
  /// views, only the members that can matter (``SwiftSkeleton/sparse(_:around:)``); off, every
  /// such file is parsed whole. The two agree (tested); the switch is for that test.
  package var readsSparsely = true

  /// Folders skipped by default: build products and dependencies.
  package static let skippedFolders: Set<String> = [
    ".build", "DerivedData", "Pods", "Carthage", "node_modules",
  ]
  /// The extensions read: Swift, and the C family through the Objective-C scanner (C and C++
  /// files hold conditions as decompiler output, `objc_msgSend(…)` and the like).
  package static let extensions: Set<String> = [
    "swift", "m", "mm", "h", "c", "cc", "cpp", "cxx", "hh", "hpp", "hxx",
  ]

  package init(
    profile: ValidationProfile = .uikit, excludes: [String] = [],
    maximumFileSize: Int = 8 << 20
  ) {
    self.profile = profile
    self.excludes = excludes
    self.maximumFileSize = maximumFileSize
  }

  /// The outcome of a walk: the report, and the paths that do not exist.
  package struct Run: Sendable {
    package var report = LintReport()
    package var missingPaths: [String] = []
    /// The app model, when the linter reads the app.
    package var catalog: AppCatalog?
    /// Each app's routing, in catalogue order.
    package var routings: [AppRouting] = []
  }

  /// Lints every source file under `paths` (files or folders), in sorted path order.
  package func run(paths: [String], progress: (@Sendable (Int) -> Void)? = nil) -> Run {
    var run = Run()
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        run.missingPaths.append(path)
        continue
      }
      if isDirectory.boolValue {
        if admits(folder: path) { collect(folder: path, into: &files) }
      } else if admits(file: path) {
        files.append(path)
      }
    }
    // Files are independent: chunks of them are linted on every core, and the chunks' reports
    // are joined in path order, so the output does not depend on the schedule.
    let chunkSize = 64
    let chunkCount = (files.count + chunkSize - 1) / chunkSize
    let reports = Locked([LintReport?](repeating: nil, count: chunkCount))
    let done = Locked(0)
    let linter = self
    let paths = files
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      var report = LintReport()
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      for file in paths[(chunk * chunkSize)..<min(paths.count, (chunk + 1) * chunkSize)] {
        linter.lint(file: file, buffer: &buffer, into: &report)
      }
      let finished = done.withLock { count in
        count += report.files
        return count
      }
      reports.withLock { $0[chunk] = report }
      if let progress, finished / 500 != (finished - report.files) / 500 { progress(finished) }
    }
    for report in reports.withLock({ $0 }) {
      guard let report else { continue }
      run.report.append(report)
    }
    let module = resolveAcrossFiles(&run.report, order: paths)
    if readsApp { readApp(into: &run, module: module) }
    return run
  }

  /// Reads a file for the module index and the app model, outside the walk.
  private var reader: @Sendable (String) -> [UInt8]? {
    let maximumFileSize = maximumFileSize
    return { path in try? Files.read(path, maximumSize: maximumFileSize) }
  }

  /// Checks again, with the module's index, each file whose conditions used a name another
  /// file of the walk may declare, and puts its conditions and findings where the first reading
  /// had them (in walk order). Returns the index.
  ///
  /// The index searches the tree only for the names some file looks for and does not declare
  /// (first, at once, its conditions' and its app reading's): a tree whose files are
  /// self-contained pays nothing for it.
  private func resolveAcrossFiles(_ report: inout LintReport, order paths: [String])
    -> ModuleIndex
  {
    var needed = report.module.unresolved.reduce(into: Set<ModuleName>()) { $0.formUnion($1.names) }
    if readsApp {
      for file in report.app.swiftFiles { needed.formUnion(file.external) }
      for file in report.app.objCFiles { needed.formUnion(file.external) }
    }
    // An Objective-C or C file that holds neither `const` nor `define` declares no constant:
    // the walk saw it, and the search does not read it again.
    let declareNothing = Set(report.module.declareNothing)
    let module = ModuleIndex(
      sources: paths.filter { !AppInputs.isAppFile($0) }, declaringNothing: declareNothing,
      read: reader)
    module.search(needed)
    let again = report.module.unresolved.filter {
      module.mayDeclare(any: $0.names, besides: $0.path)
    }
    report.module = ModuleInputs()
    guard !again.isEmpty else { return module }
    var position: [String: Int] = [:]
    for (index, path) in paths.enumerated() where position[path] == nil { position[path] = index }
    for (path, _) in again {
      guard let bytes = reader(path) else { continue }
      var fresh = LintReport()
      check(file: path, bytes: bytes, module: module, into: &fresh)
      let at = position[path] ?? Int.max
      func replace<T>(_ list: inout [T], _ new: [T], file: (T) -> String) {
        list.removeAll { file($0) == path }
        let index = list.firstIndex { (position[file($0)] ?? Int.max) > at } ?? list.endIndex
        list.insert(contentsOf: new, at: index)
      }
      replace(&report.conditions, fresh.conditions) { $0.file }
      replace(&report.diagnostics, fresh.diagnostics) { $0.file }
    }
    return module
  }

  /// Builds the app model from what the walk gathered and adds its findings to the report:
  /// property lists it could not read, and the routing findings of every app.
  private func readApp(into run: inout Run, module: ModuleIndex) {
    let catalog = AppCatalog.build(
      run.report.app, conditions: run.report.conditions, sparsely: readsSparsely,
      module: module, read: reader)
    run.catalog = catalog
    var findings = catalog.diagnostics.filter { $0.severity != .note }
    // A finding every `#available` branch of an app has is reported once; one that only some
    // branches have says which.
    var order: [String] = []
    var found: [String: (finding: LintDiagnostic, app: String, variants: [String])] = [:]
    var variants: [String: [String]] = [:]
    for app in catalog.apps {
      let routing = AppRouting(app: app)
      run.routings.append(routing)
      let name = app.declaration
      variants[name, default: []].append(app.variant ?? "")
      let producers = AppRouting.producers(catalog.producers, of: app, among: catalog.apps)
      for finding in routing.findings(producers) {
        let key = "\(finding.id)\u{0}\(finding.file)\u{0}\(finding.line)\u{0}\(finding.message)"
        if found[key] == nil {
          order.append(key)
          found[key] = (finding, name, [])
        }
        found[key]!.variants.append(app.variant ?? "")
      }
    }
    for key in order {
      guard let (first, app, all) = found[key] else { continue }
      var finding = first
      if all.count < (variants[app]?.count ?? 0) {
        let branches = all.filter { !$0.isEmpty }
        finding.message += " (only with body's \(branches.joined(separator: ", ")) branch)"
      }
      findings.append(finding)
    }
    findings.sort { ($0.file, $0.line) < ($1.file, $1.line) }
    run.report.diagnostics += findings
    run.report.app = AppInputs()
  }

  /// Whether a configuration entry (an absolute path, or a glob over absolute paths) names
  /// `absolute` or a folder it lies in.
  private static func covers(_ entry: String, _ absolute: String) -> Bool {
    isGlob(entry) ? System.matches(absolute, pattern: entry) : LintPaths.isWithin(absolute, entry)
  }

  private static func isGlob(_ entry: String) -> Bool { entry.contains { "*?[".contains($0) } }

  /// Whether a configuration's `excluded` covers `absolute`.
  private func isExcludedByPath(_ absolute: String) -> Bool {
    excluded.contains { Self.covers($0, absolute) }
  }

  /// Whether the file at `path` is linted under `included` and `excluded`.
  private func admits(file path: String) -> Bool {
    if included.isEmpty && excluded.isEmpty { return true }
    let absolute = LintPaths.absolute(path)
    if isExcludedByPath(absolute) { return false }
    return included.isEmpty || included.contains { Self.covers($0, absolute) }
  }

  /// Whether the folder at `path` can hold a file linted under `included` and `excluded`: it is
  /// not excluded, and it lies in an included path or holds one.
  private func admits(folder path: String) -> Bool {
    if included.isEmpty && excluded.isEmpty { return true }
    let absolute = LintPaths.absolute(path)
    if isExcludedByPath(absolute) { return false }
    // A glob may match files anywhere below, so every folder is walked for it.
    return included.isEmpty
      || included.contains { entry in
        Self.isGlob(entry) || LintPaths.isWithin(absolute, entry)
          || LintPaths.isWithin(entry, absolute)
      }
  }

  private func isExcluded(_ path: String, name: String) -> Bool {
    excludes.contains { pattern in
      System.matches(path, pattern: pattern) || System.matches(name, pattern: pattern)
    }
  }

  /// Adds the source files under `folder` to `files`, in name order; symbolic links to folders
  /// are not followed (they can loop).
  private func collect(folder: String, into files: inout [String]) {
    guard let entries = System.folderEntries(folder) else { return }
    for (name, isFolder) in entries.sorted(by: { $0.name < $1.name }) {
      let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
      if !excludes.isEmpty && isExcluded(path, name: name) { continue }
      if isFolder {
        if name.hasPrefix(".") || Self.skippedFolders.contains(name) { continue }
        if admits(folder: path) { collect(folder: path, into: &files) }
      } else if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")),
        Self.extensions.contains(String(name[name.index(after: dot)...]))
          || (readsApp && AppInputs.isAppFile(name)), admits(file: path)
      {
        files.append(path)
      }
    }
  }

  /// Lints one file, read into `buffer`, into `report`.
  private func lint(file: String, buffer: inout [UInt8], into report: inout LintReport) {
    report.files += 1
    let count: Int
    do {
      count = try Files.read(file, into: &buffer, maximumSize: maximumFileSize)
    } catch {
      if case .tooLarge(let size) = error.kind {
        report.diagnostics.append(
          .fileNote(
            file, .fileTooLarge,
            "file is \(size) bytes, over the \(maximumFileSize)-byte cap; it is skipped"))
      } else {
        let reason = error.underlying.map { " (\($0))" } ?? ""
        report.diagnostics.append(
          .fileNote(file, .unreadable, "file could not be read\(reason); it is skipped"))
      }
      return
    }
    let holds = buffer.withUnsafeBufferPointer {
      ConditionMarkers.mayHoldConditions(UnsafeBufferPointer(rebasing: $0[..<count]))
    }
    if !file.hasSuffix(".swift"), !AppInputs.isAppFile(file),
      !buffer.withUnsafeBufferPointer({
        ModuleDeclarations.mayDeclareObjCConstants(UnsafeBufferPointer(rebasing: $0[..<count]))
      })
    {
      report.module.declareNothing.append(file)
    }
    if readsApp
      && gathersForApp(
        file: file, buffer: buffer, count: count, conditions: holds, into: &report)
    {
      return
    }
    guard holds else { return }
    check(file: file, bytes: Array(buffer[..<count]), into: &report)
  }

  /// Keeps what the app model needs from a file; true when the file is the app model's alone
  /// (a property list or payload) or was fully handled here (a Swift file parsed for both).
  private func gathersForApp(
    file: String, buffer: [UInt8], count: Int, conditions: Bool, into report: inout LintReport
  ) -> Bool {
    let name = LintPaths.fileName(file)
    if AppInputs.isAppFile(name) {
      if name.hasSuffix(".json") {
        guard count <= AppInputs.maximumPayloadFileSize else { return true }
        let key = Array(PushNotification.targetContentIDKey.utf8)
        guard AppCatalog.contains(Array(buffer[..<count]), key) else { return true }
        report.app.payloads.append((file, Array(buffer[..<count])))
      } else if name.hasSuffix(".apns") {
        report.app.payloads.append((file, Array(buffer[..<count])))
      } else {
        report.app.propertyLists.append((file, Array(buffer[..<count])))
      }
      return true
    }
    if file.hasSuffix(".swift") {
      let (marks, assigns) = buffer.withUnsafeBufferPointer { whole in
        let bytes = UnsafeBufferPointer(rebasing: whole[..<count])
        let marks = AppSwiftFile.marks(bytes)
        return (marks, marks.namesProducer && AppSwiftFile.assignsIdentifier(bytes))
      }
      let marked = marks.holdsMarker
      let holds = conditions || name == "main.swift" || marked || assigns
      // Where a followed view type may be declared: files the walk does not read whole.
      func index() {
        if marks.mentionsView {
          let names = buffer.withUnsafeBufferPointer {
            DeclarationIndex.declaredNames(UnsafeBufferPointer(rebasing: $0[..<count]))
          }
          if !names.isEmpty { report.app.declarations.append((file, names)) }
        }
      }
      guard holds else {
        index()
        return false
      }
      let bytes = Array(buffer[..<count])
      // A file read for the identifiers it assigns alone: its members that assign them.
      if readsSparsely, !conditions, !marked, name != "main.swift",
        let producers = AppSwiftFile.producers(path: file, bytes: bytes)
      {
        report.app.swiftFiles.append(producers)
        index()
        return true
      }
      // A file of the app with no condition: only its members that hold what the app model
      // reads are parsed (its types, scenes and producers read as from the whole file). A
      // sparse reading checks the nesting as it reads; the whole file's parse needs the check.
      if readsSparsely, !conditions, name != "main.swift",
        let sparse = AppSwiftFile.followed(path: file, bytes: bytes)
      {
        report.app.swiftFiles.append(sparse)
        return true
      }
      // A file with conditions: one parse of the members that hold them or what the app model
      // reads, for both, when that reads as the whole file does.
      if readsSparsely, conditions, name != "main.swift",
        let (app, tree, sparse) = AppSwiftFile.sparseWithConditions(
          path: file, bytes: bytes, conditionSites: ConditionMarkers.offsets(in: bytes)),
        let found = Self.sparseConditions(file: file, bytes: bytes, sparse: sparse, tree: tree)
      {
        report.app.swiftFiles.append(app)
        check(file: file, bytes: bytes, found: found, into: &report)
        return true
      }
      if SwiftExtractor.excessiveBracketNesting(bytes) != nil {
        return false
      }
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      report.app.swiftFiles.append(AppSwiftFile(path: file, bytes: bytes, tree: tree))
      if conditions {
        check(file: file, bytes: bytes, tree: tree, into: &report)
      }
      return true
    }
    // Objective-C: the classes of a file with conditions, and its identifiers.
    let marks = buffer.withUnsafeBufferPointer {
      AppObjCFile.marks(UnsafeBufferPointer(rebasing: $0[..<count]))
    }
    if marks.holdsMarker || conditions {
      report.app.objCFiles.append(AppObjCFile(path: file, bytes: Array(buffer[..<count])))
    } else if !file.hasSuffix(".h"), marks.implements {
      report.app.objCImplementations.append(file)
    }
    return false
  }

  /// The conditions of a Swift file read from a parse of the members that hold them alone
  /// (``SwiftSkeleton/sparse(_:around:)`` around the markers: other members are blanked, every
  /// offset and line kept), which costs what those members cost rather than the whole file.
  ///
  /// Nil — parse the whole file — when that reading might differ from the whole file's: braces
  /// or brackets that do not nest cleanly, a parse error, or a name the reading looked up among
  /// the file's declarations that a blanked member writes (a type's `static let`, a helper).
  package static func sparseConditions(file: String, bytes: [UInt8]) -> (
    [FoundCondition], external: Set<ModuleName>
  )? {
    guard let sparse = SwiftSkeleton.sparse(bytes, around: ConditionMarkers.offsets(in: bytes))
    else { return nil }
    let tree = sparse.withUnsafeBufferPointer { Parser.parse(source: $0) }
    guard !tree.hasError else { return nil }
    return sparseConditions(file: file, bytes: bytes, sparse: sparse, tree: tree)
  }

  /// The conditions read from `tree`, parsed from `sparse`, a sparse copy of `bytes` with its
  /// offsets kept; nil when a name the reading looked up is written where `sparse` is blank.
  static func sparseConditions(
    file: String, bytes: [UInt8], sparse: [UInt8], tree: SourceFileSyntax
  ) -> ([FoundCondition], external: Set<ModuleName>)? {
    let (found, external, consulted) = SwiftExtractor.conditions(
      in: tree, path: file, module: nil)
    guard
      !consulted.contains(where: {
        SwiftSkeleton.blankedWord($0, original: bytes, sparse: sparse)
      })
    else { return nil }
    return (found, external)
  }

  /// Lints `bytes` as the file `file` into `report` (`--fix` lints its fixed text this way),
  /// resolving names through `module` when given, as the walk's second pass does.
  package func lint(
    file: String, bytes: [UInt8], module: ModuleIndex? = nil, into report: inout LintReport
  ) {
    report.files += 1
    guard ConditionMarkers.mayHoldConditions(bytes) else { return }
    check(file: file, bytes: bytes, module: module, into: &report)
  }

  /// Finds and checks the conditions of `bytes`, which passed the prefilter; `tree` is the file
  /// already parsed, when the app model parsed it.
  ///
  /// Without `module` (in the walk), the names the file uses and does not declare are recorded,
  /// so that ``resolveAcrossFiles(_:order:)`` can check it again with the module's index.
  private func check(
    file: String, bytes: [UInt8], tree: SourceFileSyntax? = nil, module: ModuleIndex? = nil,
    found read: ([FoundCondition], external: Set<ModuleName>)? = nil, into report: inout LintReport
  ) {
    if String(validating: bytes, as: UTF8.self) == nil {
      report.diagnostics.append(
        .fileNote(
          file, .notUTF8,
          "file is not valid UTF-8; literals that are not are not checked"))
    }
    let isSwift = file.hasSuffix(".swift")
    // A sparse reading (given, or made here) has checked the nesting as it read.
    var read = read
    if isSwift, read == nil, tree == nil, module == nil {
      read = Self.sparseConditions(file: file, bytes: bytes)
    }
    if isSwift, read == nil, let nesting = SwiftExtractor.excessiveBracketNesting(bytes) {
      let message: String
      if nesting.bracket == "." {
        message =
          "a chain of \(nesting.depth) member accesses, calls and subscripts makes a syntax "
          + "tree as deep, whose readers recurse a level at a time (deep enough, they overflow "
          + "the stack); past \(nesting.limit) links the file is not checked"
      } else {
        let cost =
          switch nesting.bracket {
          case "[": "exponential time (and then overflows its stack)"
          case "(": "time that grows with the depth"
          default: "a recursion a level deep for each (and then overflows its stack)"
          }
        let what =
          nesting.bracket == "try"
          ? "\(nesting.depth) prefix keywords ('try', 'await', 'consume', …) in a row"
          : "'\(nesting.bracket)' nested \(nesting.depth) deep"
        message =
          "\(what); swift-syntax's parser takes \(cost) past \(nesting.limit), so the file is "
          + "not checked"
      }
      report.diagnostics.append(.fileNote(file, .notParsed, message))
      return
    }
    let found: [FoundCondition]
    let lines: SourceLines
    var external: Set<ModuleName>
    if isSwift {
      if let read {
        (found, external) = read
      } else {
        let tree = tree ?? bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        (found, external, _) = SwiftExtractor.conditions(in: tree, path: file, module: module)
      }
      lines = SourceLines(swift: bytes)
    } else {
      (found, external) = ObjCExtractor.conditions(in: bytes, path: file, module: module)
      lines = SourceLines(objectiveC: bytes)
    }
    if module == nil && !external.isEmpty { report.module.unresolved.append((file, external)) }
    let checker = ConditionChecker(path: file, lines: lines, profile: profile)
    // One predicate assigned to both conditions (`let p = NSPredicate(…)`, then `can… = p` and
    // `prefers… = p`) is checked for each, and its findings are the same: reported once.
    var reported: Set<LintDiagnostic> = []
    for condition in found {
      let checked = checker.check(condition)
      report.conditions.append(checked)
      report.diagnostics += checked.diagnostics.filter { reported.insert($0).inserted }
    }
  }
}
