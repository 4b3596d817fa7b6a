import PredicateEvaluation
import SceneRouting

/// Checks the conditions found in one file and maps every finding to the file's line:column.
package struct ConditionChecker {
  package let path: String
  package let lines: SourceLines
  package let profile: ValidationProfile

  package init(path: String, lines: SourceLines, profile: ValidationProfile) {
    self.path = path
    self.lines = lines
    self.profile = profile
  }

  /// UIKit drops a predicate whose archive is larger than this.
  package static let archiveLimit = 100_000

  package func check(_ condition: FoundCondition) -> LintedCondition {
    let position = lines.location(condition.offset)
    var diagnostics: [LintDiagnostic] = []
    var marks = RunTimeMarks()
    let result = evaluate(
      condition.source, at: condition.offset, marks: &marks, into: &diagnostics)
    if let name = condition.neverInstalled {
      diagnostics.append(
        diagnostic(
          .neverInstalled,
          "'\(name)' is a new UISceneActivationConditions that is never installed on a scene "
            + "(scene.activationConditions = \(name)), returned or handed on: this "
            + "\(condition.kind.rawValue) predicate has no effect", at: condition.offset))
    }
    // Run-time values stand in as marks while checking; the condition keeps them as variables.
    let (predicate, variables) = result.predicate.map(marks.typed) ?? (nil, [])
    if !marks.isEmpty {
      for index in diagnostics.indices {
        diagnostics[index].message = marks.readable(diagnostics[index].message)
      }
    }
    // A finding in a constant declared elsewhere in the file points back there, so the reader
    // sees both (a local is a few lines up, and needs no note).
    if diagnostics.contains(where: { $0.severity != .note }) {
      for origin in condition.origins {
        let message =
          "'\(origin.name)' is inlined from this declaration (\(origin.resolution.rawValue))"
        if origin.resolution == .sameFileConstant {
          diagnostics.append(diagnostic(.inlinedValue, message, at: origin.offset))
        } else if origin.resolution == .moduleConstant, let place = origin.place {
          // In the file that declares it, where the reader will change it.
          diagnostics.append(
            LintDiagnostic(
              file: place.file, line: place.line, column: place.column, endLine: place.line,
              endColumn: place.column, scalarColumn: place.column, scalarEndColumn: place.column,
              severity: LintRule.inlinedValue.severity,
              id: LintRule.inlinedValue.id,
              message: message + ", used at \(path):\(position.line)"))
        }
      }
    }
    return LintedCondition(
      file: path, line: position.line, column: position.column, kind: condition.kind,
      isStatic: result.isStatic, predicate: predicate, valid: result.valid,
      resolution: max(condition.resolution, condition.source.impliedResolution),
      origins: condition.origins.map { origin in
        if let place = origin.place {
          return (origin.name, origin.resolution, place.file, place.line, place.column)
        }
        let at = lines.location(origin.offset)
        return (origin.name, origin.resolution, path, at.line, at.column)
      }, variables: variables, diagnostics: diagnostics, inBuilder: condition.inBuilder,
      neverInstalled: condition.neverInstalled != nil, compiled: condition.compiled,
      runTime: condition.runTime, branch: condition.branch)
  }

  /// A finding of lint's own `rule` at file bytes `offset..<end`, at the rule's severity unless
  /// `severity` says otherwise.
  package func diagnostic(
    _ rule: LintRule, _ message: String, at offset: Int, end: Int? = nil,
    fix: SourceEdit? = nil, fixDescription: String? = nil, severity: DiagnosticSeverity? = nil
  ) -> LintDiagnostic {
    diagnostic(
      severity ?? rule.severity, rule.id, message, at: offset, end: end,
      fix: fix, fixDescription: fixDescription)
  }

  /// A finding at file bytes `offset..<end`.
  package func diagnostic(
    _ severity: DiagnosticSeverity, _ id: DiagnosticID, _ message: String, at offset: Int,
    end: Int? = nil,
    fix: SourceEdit? = nil, fixDescription: String? = nil
  ) -> LintDiagnostic {
    let start = lines.location(offset)
    let stop = lines.location(max(offset, end ?? offset))
    var fix = fix
    if let at = fix.map({ lines.location($0.offset) }) {
      fix?.line = at.line
      fix?.column = at.column
    }
    return LintDiagnostic(
      file: path, line: start.line, column: start.column, endLine: stop.line,
      endColumn: stop.column, scalarColumn: lines.scalarColumn(offset),
      scalarEndColumn: lines.scalarColumn(max(offset, end ?? offset)), severity: severity,
      id: id, message: message, fix: fix, fixDescription: fixDescription)
  }

  private struct Result {
    package var predicate: FormatPredicate?
    package var valid: Bool?
    package var isStatic: Bool
  }

  /// The predicate `source` builds, with each run-time value as a mark of `marks`, and its
  /// findings.
  private func evaluate(
    _ source: PredicateSource, at offset: Int, marks: inout RunTimeMarks,
    into diagnostics: inout [LintDiagnostic]
  ) -> Result {
    switch source {
    case .value(let value):
      return Result(predicate: .value(value), valid: true, isStatic: true)
    case .interpolated(let template, let fix):
      diagnostics.append(
        diagnostic(
          .interpolatedFormat,
          "predicate format built by string interpolation breaks when the value holds a quote; "
            + "pass the value as a %@ argument", at: offset, fix: fix,
          fixDescription: fix.map { "replace with '\($0.replacement)'" }))
      // With every hole inside quotes, the format is what `%@` with a run-time string gives
      // (for a value with no quote in it): checked so, its findings at the format.
      guard let marked = Self.quotedHoles(template, marks: &marks) else {
        return Result(predicate: nil, valid: nil, isStatic: false)
      }
      let compilation = CompiledPredicate.compile(marked, profile: profile)
      for found in compilation.diagnostics {
        diagnostics.append(
          diagnostic(
            found.severity, found.id,
            found.message + " (in the format with its interpolated values)", at: offset))
      }
      return Result(
        predicate: compilation.compiled?.predicate, valid: compilation.compiled != nil,
        isStatic: false)
    case .block:
      diagnostics.append(
        diagnostic(
          .blockPredicate,
          "a block predicate is not allowed in activation conditions; UIKit raises when it is "
            + "assigned", at: offset))
      return Result(predicate: nil, valid: false, isStatic: true)
    case .boxedBoolean(let word, let bytes):
      diagnostics.append(
        diagnostic(
          .boxedBoolean,
          "a boxed '\(word)' is an NSNumber object, not a BOOL: predicateWithValue: receives its "
            + "address, which is YES whenever it is not nil; pass '\(word)'",
          at: bytes.lowerBound, end: bytes.upperBound,
          fix: SourceEdit(offset: bytes.lowerBound, length: bytes.count, replacement: word),
          fixDescription: "replace with '\(word)'"))
      // Either value is a valid predicate; which one depends on the platform's BOOL.
      return Result(predicate: nil, valid: true, isStatic: false)
    case .templates(let templates):
      // Interpolated set elements are fine in SwiftUI, whatever their values; each becomes a
      // variable of the predicate, bound to its template.
      let values = templates.map { marks.text($0) }
      return Result(
        predicate: ExternalEventHandling.predicate(matching: values), valid: true, isStatic: false)
    case .notCheckable(let reason):
      diagnostics.append(
        diagnostic(
          .notCheckable, "predicate not checked: \(reason)", at: offset))
      return Result(predicate: nil, valid: nil, isStatic: false)
    case .strings(let strings):
      for string in strings where string.bytes.isEmpty {
        diagnostics.append(
          diagnostic(
            .emptySwiftUIString,
            "an empty string never matches in handlesExternalEvents", at: string.fileOffset(0)))
      }
      let values = strings.compactMap(\.value)
      return Result(
        predicate: ExternalEventHandling.predicate(matching: values), valid: true, isStatic: true)
    case .compound(let kind, let parts):
      let results = parts.map { evaluate($0, at: offset, marks: &marks, into: &diagnostics) }
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
            .notCheckable,
            "predicate not checked: the format is not valid UTF-8", at: offset))
        return Result(predicate: nil, valid: nil, isStatic: false)
      }
      if literal.bytes.count > Self.archiveLimit {
        diagnostics.append(
          diagnostic(
            .archiveTooLarge,
            "predicate is \(literal.bytes.count) bytes; UIKit ignores a predicate whose archive "
              + "exceeds \(Self.archiveLimit) bytes and keeps the previous one", at: offset))
      }
      let scan = FormatScan(literal.bytes)
      var missingPercent: Set<Int> = []
      for quoted in scan.quotedSpecifiers {
        let lower = quoted.lowerBound
        let upper = quoted.upperBound
        let specifier = String(decoding: literal.bytes[(lower + 1)..<(upper - 1)], as: UTF8.self)
        let edit =
          literal.isVerbatim(lower, upper)
          ? SourceEdit(
            offset: literal.fileOffset(lower), length: upper - lower, replacement: specifier)
          : nil
        diagnostics.append(
          diagnostic(
            .quotedFormatArgument,
            "'\(specifier)' inside quotes is literal text, never substituted; drop the quotes",
            at: literal.fileOffset(lower), end: literal.fileOffset(upper - 1) + 1, fix: edit,
            fixDescription: edit.map { _ in "replace with '\(specifier)'" }))
      }
      for at in scan.barePlaceholders {
        missingPercent.insert(at)
        let edit =
          literal.isVerbatim(at, at + 1)
          ? SourceEdit(offset: literal.fileOffset(at), length: 0, replacement: "%") : nil
        diagnostics.append(
          diagnostic(
            .missingPercent,
            "format argument '@' is missing its '%'; write '%@'", at: literal.fileOffset(at),
            end: literal.fileOffset(at) + 1, fix: edit,
            fixDescription: edit.map { _ in "insert '%'" }))
      }
      if !arguments.contains(.runtimeArray), scan.quotedSpecifiers.isEmpty,
        scan.barePlaceholders.isEmpty,
        scan.specifiers.count != arguments.count
      {
        let few = scan.specifiers.count > arguments.count
        diagnostics.append(
          diagnostic(
            .argumentCount,
            "the format has \(scan.specifiers.count) "
              + (scan.specifiers.count == 1 ? "specifier" : "specifiers") + " but "
              + "\(arguments.count) " + (arguments.count == 1 ? "argument" : "arguments")
              + (few
                ? "; NSPredicate reads past the arguments" : "; the extra ones are ignored"),
            at: offset, severity: few ? .error : nil))
      }
      let compilation = CompiledPredicate.compile(
        format, arguments: Self.placeholders(format, arguments, marks: &marks), profile: profile)
      // Only the first error's fix is offered: the parser recovers after an error, and what it
      // reports next may be a consequence that the first fix removes. `--fix` lints again after
      // each round, so independent errors are fixed in later rounds.
      var fixOffered = !missingPercent.isEmpty
      for found in compilation.diagnostics {
        // The parser's own word for a bare '@' is replaced by the clearer finding above.
        if found.id == DiagnosticID(rawValue: "syntax.unexpected-character"),
          missingPercent.contains(found.range.lowerBound)
        {
          continue
        }
        diagnostics.append(mapped(found, literal, offerFix: !fixOffered))
        if found.severity == .error { fixOffered = true }
      }
      let valid = compilation.compiled != nil
      let isStatic = !arguments.contains {
        switch $0 {
        case .runtime, .template: true
        case .string, .strings, .runtimeArray: false
        }
      }
      return Result(predicate: compilation.compiled?.predicate, valid: valid, isStatic: isStatic)
    }
  }

  /// A predicate diagnostic at the file bytes its range came from, with its fix-it as a source
  /// edit when it is the only one and replaces bytes written verbatim.
  private func mapped(_ found: Diagnostic, _ literal: LiteralText, offerFix: Bool)
    -> LintDiagnostic
  {
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
      found.severity, found.id, found.message, at: lower, end: upper,
      fix: edit,
      fixDescription: edit == nil ? nil : description)
  }

  /// `text` as it must be written inside the literal, or nil when a fix would need an escape.
  private func escaped(_ text: String) -> String? {
    text.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }
      ? nil : text
  }

  /// The format `template` stands for with each hole marked in `marks`, when every hole lies
  /// inside a quoted string of the format (so the value is a string constant, whatever it is,
  /// short of a quote) and the format has no `%` specifier; otherwise nil.
  package static func quotedHoles(_ template: Template, marks: inout RunTimeMarks) -> String? {
    var text = ""
    var quote: Character?
    var escaped = false
    for part in template.parts {
      switch part {
      case .text(let value):
        for character in value {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = quote != nil
          } else if let open = quote {
            if character == open { quote = nil }
          } else if character == "'" || character == "\"" {
            quote = character
          } else if character == "%" {
            return nil
          }
        }
        text += value
      case .hole(let source):
        guard quote != nil, !escaped else { return nil }
        text += marks.mark(source: source, reason: "'\(source)' is a run-time value")
      }
    }
    return text
  }

  /// The arguments to substitute: literal strings as themselves; a run-time value as a mark of
  /// `marks` of its specifier's type (a string for `%@` and `%K`, whose key path the parser then
  /// names as not `SELF`; a number for the numeric ones); a template as its text with each hole
  /// marked.
  package static func placeholders(
    _ format: String, _ arguments: [FormatArgument], marks: inout RunTimeMarks
  ) -> [PredicateArgument]? {
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
      var given =
        position < arguments.count
        ? arguments[position]
        : FormatArgument.runtime(
          source: "argument \(position + 1)",
          reason: "the format's specifier \(position + 1) has no argument in the source")
      if given == .runtimeArray {
        given = .runtime(
          source: "argument \(position + 1)",
          reason: "the arguments are a run-time array (argumentArray:)")
      }
      switch (given, conversion) {
      case (.string(let value), _): result.append(.string(value))
      case (.strings(let values), _): result.append(.array(values.map(PredicateArgument.string)))
      case (.template(let template), UInt8(ascii: "@")):
        result.append(.string(marks.text(template)))
      case (.template(let template), _):
        let source = template.description
        result.append(
          .integer(marks.markNumber(source: source, reason: "'\(source)' is a run-time value")))
      case (.runtime(let source, let reason), UInt8(ascii: "K")):
        result.append(.string(marks.mark(source: source, reason: reason)))
      case (.runtime(let source, let reason), UInt8(ascii: "@")):
        result.append(.string(marks.mark(source: source, reason: reason)))
      case (.runtime(let source, let reason), _):
        result.append(.integer(marks.markNumber(source: source, reason: reason)))
      case (.runtimeArray, _): break
      }
    }
    // Literal arguments past the specifiers still count (NSPredicate ignores extras).
    for extra in arguments.dropFirst(conversions.count) {
      switch extra {
      case .string(let value): result.append(.string(value))
      case .strings(let values): result.append(.array(values.map(PredicateArgument.string)))
      case .runtime, .runtimeArray, .template: break
      }
    }
    return result
  }
}

/// The format specifiers of a predicate format, read the way NSPredicate's lexer reads them:
/// outside quotes a `%` starts a specifier; inside quotes everything is text.
package struct FormatScan {
  /// The value byte offsets of each specifier outside quotes (`%@`, `%K`, `%d`, …).
  package var specifiers: [Int] = []
  /// Quoted strings whose whole content is one specifier (`'%@'`): the quotes included.
  package var quotedSpecifiers: [Range<Int>] = []
  /// Offsets of an `@` outside quotes with no `%` before it, where a value is expected.
  package var barePlaceholders: [Int] = []

  package init(_ bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        var end = index + 1
        while end < bytes.count, bytes[end] != byte {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        if end < bytes.count, Self.isSpecifier(bytes[(index + 1)..<end]) {
          quotedSpecifiers.append(index..<(end + 1))
        }
        index = end + 1
        continue
      }
      if byte == UInt8(ascii: "%") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
          index += 2
          continue
        }
        specifiers.append(index)
        index += 1
        while index < bytes.count, "0123456789.-+ #lhqzjtL".utf8.contains(bytes[index]) {
          index += 1
        }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "@"), index + 1 == bytes.count || !Self.isNameByte(bytes[index + 1]),
        Self.expectsValue(before: index, in: bytes)
      {
        barePlaceholders.append(index)
      }
      index += 1
    }
  }

  /// Whether `text` is exactly one specifier: `%@`, `%K`, `%d`, `%lld`, ….
  private static func isSpecifier(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.count >= 2, text.first == UInt8(ascii: "%"), let last = text.last else {
      return false
    }
    let middle = text.dropFirst().dropLast()
    return "@KdiuxXoeEfgGcsSp".utf8.contains(last)
      && middle.allSatisfy { "0123456789.-+ #lhqzjtL".utf8.contains($0) }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  /// Whether the last non-space text before `index` is an operator or an opening bracket, so a
  /// value is expected at `index`.
  private static func expectsValue(before index: Int, in bytes: [UInt8]) -> Bool {
    var position = index - 1
    while position >= 0, bytes[position] == UInt8(ascii: " ") || bytes[position] == 9 {
      position -= 1
    }
    guard position >= 0 else { return false }
    return "=<>!({,".utf8.contains(bytes[position]) || isNameByte(bytes[position])
  }
}
