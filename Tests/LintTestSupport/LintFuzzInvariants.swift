import AppModel
import ConditionLint
import PredicateEvaluation
import SceneJSON
import SourceReading
import SwiftParser

/// What the lint fuzzer checks, as a plain function the replay test runs too: arbitrary bytes as
/// a Swift or Objective-C file through extraction, checking, fixing and every output format.
public enum LintFuzzInvariants {
  /// The first byte picks the language (even: Swift, odd: Objective-C); the rest is the file.
  /// No trap; every finding at a line and column inside the file; every fix inside the file, on
  /// scalar boundaries and on one line; the fixed text lints again without a trap.
  /// Whether a byte breaks a line: LF or CR (CRLF is one break).
  static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

  /// The byte length of each line, with lines broken as the compilers (and the lint's location
  /// converters) break them: LF, CR or CRLF.
  static func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths: [Int] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if isLineBreak(bytes[index]) {
        lengths.append(index - start)
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        start = index + 1
      }
      index += 1
    }
    lengths.append(bytes.count - start)
    return lengths
  }

  public static func lint(_ input: [UInt8]) -> [String] {
    guard let selector = input.first else { return [] }
    if selector >= 0xF0 { return app(input) }
    let bytes = Array(input.dropFirst())
    let file = selector % 2 == 0 ? "Fuzz.swift" : "Fuzz.m"
    let lines = lineLengths(bytes)
    var violations: [String] = []
    let linter = Linter(profile: selector & 2 == 0 ? .uikit : .extended)
    var report = LintReport()
    linter.lint(file: file, bytes: bytes, into: &report)
    for diagnostic in report.diagnostics {
      let location = "\(diagnostic.line):\(diagnostic.column) [\(diagnostic.id)]"
      guard diagnostic.line >= 1, diagnostic.line <= lines.count else {
        violations.append("\(location): line outside 1...\(lines.count)")
        continue
      }
      if diagnostic.column < 1 || diagnostic.column > lines[diagnostic.line - 1] + 1 {
        violations.append("\(location): column outside the line")
      }
      if (diagnostic.endLine, diagnostic.endColumn) < (diagnostic.line, diagnostic.column) {
        violations.append("\(location): ends before it starts")
      }
      guard let fix = diagnostic.fix else { continue }
      if fix.offset < 0 || fix.length < 0 || fix.offset + fix.length > bytes.count {
        violations.append(
          "\(location): fix \(fix.offset)+\(fix.length) outside \(bytes.count) bytes")
        continue
      }
      for boundary in [fix.offset, fix.offset + fix.length]
      where splitsUTF8Sequence(bytes, at: boundary) {
        violations.append("\(location): fix boundary \(boundary) inside a UTF-8 sequence")
      }
      if fix.replacement.utf8.contains(where: isLineBreak)
        || bytes[fix.offset..<(fix.offset + fix.length)].contains(where: isLineBreak)
      {
        violations.append("\(location): fix spans lines")
      }
    }
    for reporter in LintReporters.all {
      _ = reporter.generateReport(report, toolVersion: "0")
    }
    violations += sparseConditionViolations(file: file, bytes: bytes)
    var current = bytes
    for _ in 0..<3 {
      let edits = Fixer.edits(in: report).first?.edits ?? []
      if edits.isEmpty { break }
      current = Fixer.apply(edits, to: current)
      report = LintReport()
      linter.lint(file: file, bytes: current, into: &report)
    }
    return violations
  }

  /// Whether `boundary` falls inside a multi-byte UTF-8 sequence of `bytes`: after a lead byte
  /// whose sequence, as far as its continuation bytes go, runs past it. A stray continuation
  /// byte after an ASCII one (a file that is not UTF-8) starts no sequence a boundary before it
  /// could split.
  public static func splitsUTF8Sequence(_ bytes: [UInt8], at boundary: Int) -> Bool {
    guard boundary > 0, boundary < bytes.count, bytes[boundary] & 0xC0 == 0x80 else {
      return false
    }
    var start = boundary - 1
    while start > 0, boundary - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let lead = bytes[start]
    let length = lead >= 0xF8 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    return start + length > boundary
  }

  /// A Swift file's conditions read from the sparse parse are the whole file's, whenever the
  /// sparse reading answers.
  public static func sparseConditionViolations(file: String, bytes: [UInt8]) -> [String] {
    guard file.hasSuffix(".swift"), SwiftExtractor.excessiveBracketNesting(bytes) == nil,
      let (found, external) = Linter.sparseConditions(file: file, bytes: bytes)
    else { return [] }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let whole = SwiftExtractor.conditions(in: tree, path: file, module: nil)
    var violations: [String] = []
    if found != whole.conditions {
      violations.append(
        "the sparse parse found \(found.count) conditions, the whole file \(whole.conditions.count)"
      )
    }
    if external != whole.external {
      violations.append(
        "the sparse parse looked elsewhere for \(external.sorted()), the whole file for "
          + "\(whole.external.sorted())")
    }
    return violations
  }

  /// The app model's readers, for a first byte of 0xF0 or more: the rest as an `Info.plist`
  /// (XML or binary; low bits 0), a Swift file declaring scenes (1), an APNs payload (2), a Swift
  /// file beside a plist made of the same bytes (3), or a module (4 to 7): the bytes cut at
  /// their first NUL (else their middle) into two Swift files, or into an Objective-C header
  /// and its implementation (bit 1), resolved through one module index. No trap, no hang;
  /// every note, finding and producer at a line of the file it names; a Swift file's sparse
  /// readings agree with its whole reading; every three-valued answer agrees with the
  /// concrete evaluation of a filling of its holes; a scenes file is made exactly when every
  /// condition is known.
  public static func app(_ input: [UInt8]) -> [String] {
    let bytes = Array(input.dropFirst())
    var files: [(path: String, bytes: [UInt8])]
    switch input[0] & 7 {
    case 0: files = [("App/Info.plist", bytes)]
    case 1, 5: files = [("App/App.swift", bytes)]
    case 2: files = [("App/push.apns", bytes)]
    case 3: files = [("App/App.swift", bytes), ("App/Info.plist", bytes)]
    default:
      let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
      let head = Array(bytes[..<cut])
      let tail = Array(bytes[min(cut + 1, bytes.count)...])
      files =
        input[0] & 2 == 0
        ? [("App/App.swift", head), ("App/Constants.swift", tail)]
        : [("App/Routes.h", head), ("App/Routes.m", tail), ("App/App.swift", bytes)]
    }
    _ = try? PropertyList.read(bytes)
    var violations = AppFuzzInvariants.sparseViolations(files)
    let read = AppFuzzInvariants.reader(files)
    let module =
      files.count > 1
      ? ModuleIndex(sources: files.map(\.path), read: read) : nil
    let catalog = AppCatalog.build(
      AppInputs(files: files), conditions: [], module: module, read: read)
    violations += AppFuzzInvariants.catalogueViolations(catalog, files: files)
    return violations
  }

  /// Each scene condition's three-valued answer for `value`, against the compiled predicate
  /// evaluated on one filling of the holes (and of the variables bound to templates).
  static func threeValuedAgrees(_ routing: AppRouting, _ value: TextTemplate) -> [String] {
    var violations: [String] = []
    // A value a path-component hole may hold, and that composes with nothing before it.
    let fill: (String) -> String = { _ in "x1" }
    let identifier = value.filled(fill)
    // A condition that is one of several: an answer for all of them is each one's answer.
    var conditions = routing.scenes.flatMap { [$0.prefersToActivate, $0.canActivate] }
    var index = 0
    while index < conditions.count {
      if case .oneOf(let alternatives, _, _) = conditions[index] {
        if let answer = conditions[index].answer(for: value).value,
          let differing = alternatives.first(where: { $0.answer(for: value).value != answer })
        {
          violations.append(
            "one of several conditions answered \(answer) for \(value), but the alternative "
              + "\(differing.format ?? "unknown") does not")
        }
        conditions += alternatives
      }
      index += 1
    }
    for condition in conditions {
      guard case .known(let predicate, let variables) = condition,
        let expected = condition.answer(for: value).value
      else { continue }
      var substitutions: [String: PredicateArgument] = [:]
      var bound = true
      for variable in variables {
        guard let template = variable.template else {
          bound = false
          break
        }
        substitutions[variable.name] = .string(template.filled(fill))
      }
      guard bound,
        let compiled = try? CompiledPredicate(
          predicate.substituting(variables: substitutions), profile: .extended)
      else { continue }
      let actual = (try? compiled.evaluate(with: identifier)) ?? false
      if actual != expected {
        violations.append(
          "\(predicate.predicateFormat) answered \(expected) for \(value), but \(actual) for "
            + "'\(identifier)'")
      }
    }
    return violations
  }
}
