import PredicateEvaluation
import SceneRouting

/// Checks the conditions found in one file and maps every finding to the file's line:column.
struct ConditionChecker {
  let path: String
  let lines: LineTable
  let profile: ValidationProfile

  /// UIKit drops a predicate whose archive is larger than this.
  static let archiveLimit = 100_000

  func check(_ condition: FoundCondition) -> LintedCondition {
    let position = lines.location(condition.offset)
    var diagnostics: [LintDiagnostic] = []
    let result = evaluate(condition.source, at: condition.offset, into: &diagnostics)
    return LintedCondition(
      file: path, line: position.line, column: position.column, kind: condition.kind,
      isStatic: result.isStatic, format: result.predicate?.predicateFormat,
      valid: result.valid, diagnostics: diagnostics)
  }

  /// A finding at file bytes `offset..<end`.
  func diagnostic(
    _ severity: LintSeverity, _ id: String, _ message: String, at offset: Int, end: Int? = nil,
    fix: SourceEdit? = nil, fixDescription: String? = nil
  ) -> LintDiagnostic {
    let start = lines.location(offset)
    let stop = lines.location(max(offset, end ?? offset))
    return LintDiagnostic(
      file: path, line: start.line, column: start.column, endLine: stop.line,
      endColumn: stop.column, scalarColumn: lines.scalarColumn(offset),
      scalarEndColumn: lines.scalarColumn(max(offset, end ?? offset)), severity: severity,
      id: id, message: message, fix: fix, fixDescription: fixDescription)
  }

  private struct Result {
    var predicate: FormatPredicate?
    var valid: Bool?
    var isStatic: Bool
  }

  private func evaluate(
    _ source: PredicateSource, at offset: Int, into diagnostics: inout [LintDiagnostic]
  ) -> Result {
    switch source {
    case .value(let value):
      return Result(predicate: .value(value), valid: true, isStatic: true)
    case .interpolated:
      diagnostics.append(
        diagnostic(
          .warning, LintRule.interpolatedFormat.rawValue,
          "predicate format built by string interpolation breaks on an apostrophe; pass the "
            + "value as a %@ argument", at: offset))
      return Result(predicate: nil, valid: nil, isStatic: false)
    case .notCheckable(let reason):
      diagnostics.append(
        diagnostic(
          .info, LintRule.notCheckable.rawValue, "predicate not checked: \(reason)", at: offset))
      return Result(predicate: nil, valid: nil, isStatic: false)
    case .strings(let strings):
      for string in strings where string.bytes.isEmpty {
        diagnostics.append(
          diagnostic(
            .warning, LintRule.emptySwiftUIString.rawValue,
            "an empty string never matches in handlesExternalEvents", at: string.fileOffset(0)))
      }
      let values = strings.compactMap(\.value)
      return Result(
        predicate: ExternalEventHandling.predicate(matching: values), valid: true, isStatic: true)
    case .compound(let kind, let parts):
      let results = parts.map { evaluate($0, at: offset, into: &diagnostics) }
      let isStatic = results.allSatisfy(\.isStatic)
      let valid: Bool? =
        results.contains { $0.valid == false }
        ? false : results.allSatisfy { $0.valid == true } ? true : nil
      let children = results.compactMap(\.predicate)
      guard children.count == results.count, valid == true else {
        return Result(predicate: nil, valid: valid, isStatic: isStatic)
      }
      let predicate: FormatPredicate =
        switch kind {
        case .and: .and(children)
        case .or: .or(children)
        case .not: children.count == 1 ? .not(children[0]) : .not(.and(children))
        }
      return Result(predicate: predicate, valid: true, isStatic: isStatic)
    case .format(let literal, let arguments):
      guard let format = literal.value else {
        diagnostics.append(
          diagnostic(
            .info, LintRule.notCheckable.rawValue,
            "predicate not checked: the format is not valid UTF-8", at: offset))
        return Result(predicate: nil, valid: nil, isStatic: false)
      }
      if literal.bytes.count > Self.archiveLimit {
        diagnostics.append(
          diagnostic(
            .warning, LintRule.archiveTooLarge.rawValue,
            "predicate is \(literal.bytes.count) bytes; UIKit ignores a predicate whose archive "
              + "exceeds \(Self.archiveLimit) bytes and keeps the previous one", at: offset))
      }
      let compilation = CompiledPredicate.compile(
        format, arguments: Self.placeholders(format, arguments), profile: profile)
      // Only the first error's fix is offered: the parser recovers after an error, and what it
      // reports next may be a consequence that the first fix removes. `--fix` lints again after
      // each round, so independent errors are fixed in later rounds.
      var fixOffered = false
      for found in compilation.diagnostics {
        diagnostics.append(mapped(found, literal, offerFix: !fixOffered))
        if found.severity == .error { fixOffered = true }
      }
      let valid = compilation.compiled != nil
      return Result(
        predicate: compilation.compiled?.predicate, valid: valid,
        isStatic: !arguments.contains(.runtime))
    }
  }

  /// A predicate diagnostic at the file bytes its range came from, with its fix-it as a source
  /// edit when it is the only one and replaces bytes written verbatim.
  private func mapped(_ found: Diagnostic, _ literal: LiteralText, offerFix: Bool)
    -> LintDiagnostic
  {
    let severity: LintSeverity =
      switch found.severity {
      case .error: .error
      case .warning: .warning
      case .note: .info
      }
    let lower = literal.fileOffset(found.range.lowerBound)
    let upper =
      found.range.upperBound > found.range.lowerBound
      ? literal.fileOffset(found.range.upperBound - 1) + 1 : lower
    var edit: SourceEdit?
    var description: String?
    if offerFix, found.fixIts.count == 1, let fixIt = found.fixIts.first,
      let replacement = escaped(fixIt.replacement)
    {
      let from = fixIt.range.lowerBound
      let to = fixIt.range.upperBound
      if from < to, literal.isVerbatim(from, to) {
        edit = SourceEdit(
          offset: literal.fileOffset(from), length: to - from, replacement: replacement)
      } else if from == to, from > 0, literal.isVerbatim(from - 1, from) {
        edit = SourceEdit(
          offset: literal.fileOffset(from - 1) + 1, length: 0, replacement: replacement)
      }
      description = fixIt.replacement.isEmpty ? "remove it" : "replace with '\(fixIt.replacement)'"
    }
    return diagnostic(
      severity, found.id.rawValue, found.message, at: lower, end: upper, fix: edit,
      fixDescription: edit == nil ? nil : description)
  }

  /// `text` as it must be written inside the literal, or nil when a fix would need an escape.
  private func escaped(_ text: String) -> String? {
    text.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }
      ? nil : text
  }

  /// The arguments to substitute: literal strings as themselves; a run-time value as a typed
  /// placeholder for its specifier — a string for `%@`, a key path for `%K` (which activation
  /// conditions reject), a number for the numeric ones.
  static func placeholders(_ format: String, _ arguments: [FormatArgument])
    -> [PredicateArgument]?
  {
    var conversions: [UInt8] = []
    let bytes = Array(format.utf8)
    var index = 0
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count else { continue }
      if bytes[index + 1] == UInt8(ascii: "%") {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, "0123456789.-+ #lhqzjtL".utf8.contains(bytes[end]) { end += 1 }
      if end < bytes.count { conversions.append(bytes[end]) }
      index = end
    }
    guard !conversions.isEmpty || !arguments.isEmpty else { return nil }
    var result: [PredicateArgument] = []
    for (position, conversion) in conversions.enumerated() {
      let given = position < arguments.count ? arguments[position] : FormatArgument.runtime
      switch (given, conversion) {
      case (.string(let value), _): result.append(.string(value))
      case (.strings(let values), _): result.append(.array(values.map(PredicateArgument.string)))
      case (.runtime, UInt8(ascii: "@")): result.append(.string("run-time value"))
      case (.runtime, UInt8(ascii: "K")): result.append(.string("run-time key path"))
      case (.runtime, let byte) where "fFeEgGaA".utf8.contains(byte): result.append(.double(0))
      case (.runtime, _): result.append(.integer(0))
      }
    }
    // Literal arguments past the specifiers still count (NSPredicate ignores extras).
    for extra in arguments.dropFirst(conversions.count) {
      switch extra {
      case .string(let value): result.append(.string(value))
      case .strings(let values): result.append(.array(values.map(PredicateArgument.string)))
      case .runtime: break
      }
    }
    return result
  }
}

/// Line starts of a file, for byte offset → line:column.
struct LineTable: Sendable {
  private let starts: [Int]
  private let bytes: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    self.starts = starts
  }

  /// 1-based line and UTF-8 column of `offset`.
  func location(_ offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - starts[low] + 1)
  }

  /// The 1-based column of `offset` counted in Unicode scalars (SARIF's `unicodeCodePoints`).
  func scalarColumn(_ offset: Int) -> Int {
    let (line, column) = location(offset)
    let start = starts[line - 1]
    let end = min(bytes.count, start + column - 1)
    // Continuation bytes do not start a scalar.
    return bytes[start..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }
}
