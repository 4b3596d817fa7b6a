import AppModel
import ConditionLint
import PredicateEvaluation
import SceneJSON
import SourceReading

/// What the app fuzzer checks, as a plain function the replay test runs too: a small app of
/// several files, read and routed as `scene-router scenes` and `lint` read one.
public enum AppFuzzInvariants {
  /// The files an input is cut into, at each NUL byte, in this order; a property list part that
  /// starts with `bplist00` is read as a binary one.
  public static let paths = [
    "App/App.swift", "App/Views.swift", "App/SceneDelegate.swift", "App/AppDelegate.swift",
    "App/Legacy/Delegate.h", "App/Legacy/Delegate.m", "App/Info.plist", "App/push.apns",
  ]

  /// No trap, no hang; every producer, note, group and finding at a line of a file that
  /// exists; reading the same files twice gives the same catalogue; each Swift file's sparse
  /// readings say what its whole reading says; every three-valued answer agrees with the
  /// concrete evaluation of a filling; a scenes file is made exactly when every condition is
  /// known; the choice of a new scene's configuration answers for every connection.
  public static func app(_ input: [UInt8]) -> [String] {
    var parts: [[UInt8]] = [[]]
    for byte in input {
      if byte == 0, parts.count < paths.count {
        parts.append([])
      } else {
        parts[parts.count - 1].append(byte)
      }
    }
    let files = zip(paths, parts).map { (path: $0, bytes: $1) }
    var violations = sparseViolations(files)
    let read = reader(files)
    func catalogue() -> AppCatalog {
      let sources = files.filter { !$0.path.hasSuffix(".plist") && !$0.path.hasSuffix(".apns") }
      let module = ModuleIndex(sources: sources.map(\.path), read: read)
      // The delegates' conditions, as the lint finds them: the configurations' routing and the
      // conditions set outside every delegate class are reached too.
      var report = LintReport()
      for file in sources {
        Linter().lint(file: file.path, bytes: file.bytes, module: module, into: &report)
      }
      return AppCatalog.build(
        AppInputs(files: files), conditions: report.conditions, module: module, read: read)
    }
    let catalog = catalogue()
    let text = catalog.jsonValue.jsonText
    if catalogue().jsonValue.jsonText != text {
      violations.append("reading the same files twice gave two catalogues")
    }
    violations += catalogueViolations(catalog, files: files)
    return violations
  }

  /// Each Swift file's sparse readings (producers alone, followed views), and each
  /// Objective-C file's (the bodies that hold producers), against its whole reading.
  static func sparseViolations(_ files: [(path: String, bytes: [UInt8])]) -> [String] {
    files.filter {
      $0.path.hasSuffix(".swift") || $0.path.hasSuffix(".m") || $0.path.hasSuffix(".mm")
    }.compactMap { path, contents in
      AppInputs.sparseReadingDisagreement(path: path, bytes: contents).map {
        "sparse reading of \(path) differs: \($0)"
      }
    }
  }

  /// Reads `files` by path, as the index and the catalogue read the disk.
  static func reader(_ files: [(path: String, bytes: [UInt8])]) -> @Sendable (String) -> [UInt8]? {
    let contents = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
    return { contents[$0] }
  }

  /// What every catalogue must keep, read from `files`: every producer, note, group,
  /// configuration and rule at a line of a file that exists; a scenes file made exactly when
  /// every condition is known; every routing finding at a line that exists; every three-valued
  /// answer in agreement with concrete evaluation. Renders every output on the way (no trap).
  static func catalogueViolations(
    _ catalog: AppCatalog, files: [(path: String, bytes: [UInt8])]
  ) -> [String] {
    var violations: [String] = []
    let lineCounts = Dictionary(
      files.map { ($0.path, LintFuzzInvariants.lineLengths($0.bytes).count) },
      uniquingKeysWith: { a, _ in a })
    func check(_ file: String, _ line: Int, _ what: String) {
      let count = lineCounts[file] ?? 0
      if line < 1 || line > count {
        violations.append("\(what) at \(file):\(line), outside 1...\(count)")
      }
    }
    for producer in catalog.producers {
      check(producer.file, producer.line, producer.kind.rawValue)
    }
    for note in catalog.diagnostics { check(note.file, note.line, note.id.rawValue) }
    for app in catalog.apps {
      for group in app.windowGroups { check(group.file, group.line, group.kind.rawValue) }
      for entry in app.sceneConfigurations { check(entry.file, entry.line, "configuration") }
      if let choice = app.configurationChoice {
        check(choice.file, choice.line, "configurationForConnecting")
        for rule in choice.rules { check(choice.file, rule.line, "a configuration rule") }
      }
      let routing = AppRouting(app: app)
      if (routing.problem == nil) != (routing.file != nil) {
        violations.append(
          "a scenes file made \(routing.file == nil ? "not " : "")with every condition known")
      }
      let producers = AppRouting.producers(catalog.producers, of: app, among: catalog.apps)
      for finding in routing.findings(producers) {
        check(finding.file, finding.line, finding.id.rawValue)
      }
      for producer in producers {
        guard let value = producer.routedValue else { continue }
        violations += LintFuzzInvariants.threeValuedAgrees(routing, value)
        _ = routing.route(value, kind: producer.kind, connection: producer.connection)
      }
      _ = routing.scenesFile.jsonText
      _ = AppTable(routing, catalog: catalog, findings: []).jsonValue.jsonText
    }
    _ = catalog.jsonValue.jsonText
    _ = AppOutput.text(catalog)
    return violations
  }
}
