import PredicateEvaluation
import PredicateSyntax

/// A `$variable` of a condition's printed predicate: a value the source does not fix, and what
/// is known of it.
///
/// A predicate built from a run-time value (`NSPredicate(format: "SELF BEGINSWITH %@",
/// Paths.orderPrefix)` with `Paths` unknown, or `"chat/thread/\(id)"` as an argument) is printed
/// with NSPredicate's own substitution variable where that value goes (`SELF BEGINSWITH
/// $orderPrefix`), never with made-up text that a reader, or the router, could take for the
/// value. The JSON lists each variable with its template or the reason it is unknown.
package struct ConditionVariable: Sendable, Hashable {
  /// The name after `$`: the run-time expression's last name (`orderPrefix`), made unique.
  package var name: String
  /// The expression the app writes for it (`Paths.orderPrefix`), abbreviated.
  package var source: String
  /// The known text and holes of the value, when it is a template; nil when nothing of it is
  /// known.
  package var template: Template?
  /// Why the value is not known statically.
  package var reason: String

  package init(name: String, source: String, template: Template?, reason: String) {
    self.name = name
    self.source = source
    self.template = template
    self.reason = reason
  }
}

/// Stands marked text in for run-time values while a predicate compiles (so the compiler checks
/// the predicate's shape with a string where a string goes), then turns each marked operand into
/// a ``ConditionVariable``.
///
/// The marks are private-use scalars that no identifier holds; they never leave this type: the
/// typed predicate holds variables, and messages show each value by its source.
package struct RunTimeMarks {
  /// A value marked: its source, and why it is unknown.
  private struct Mark {
    package var source: String
    package var reason: String
  }

  private var marks: [Mark] = []

  package init() {}

  /// The text that stands for a whole run-time value while compiling.
  package mutating func mark(source: String, reason: String) -> String {
    marks.append(Mark(source: source, reason: reason))
    return Self.marker(marks.count - 1)
  }

  /// The number that stands for a run-time numeric value (`%d`) while compiling: far from any
  /// number an app writes in a condition.
  package mutating func markNumber(source: String, reason: String) -> Int {
    marks.append(Mark(source: source, reason: reason))
    return Self.numberBase + marks.count - 1
  }

  /// `template`'s text with each hole marked.
  package mutating func text(_ template: Template) -> String {
    template.parts.map { part in
      switch part {
      case .text(let text): text
      case .hole(let source):
        mark(source: source, reason: "'\(source)' is a run-time value")
      }
    }.joined()
  }

  package var isEmpty: Bool { marks.isEmpty }

  private static func marker(_ index: Int) -> String { "\u{F8F0}\(index)\u{F8F1}" }
  private static let numberBase = -7_340_000_000_000_000_000

  /// `text` cut at its marks: its known parts and holes (by their marks' indices).
  private func split(_ text: String) -> [(text: String, mark: Int?)]? {
    guard text.unicodeScalars.contains("\u{F8F0}") else { return nil }
    var parts: [(String, Int?)] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "\u{F8F0}") {
      guard let close = rest[open...].firstIndex(of: "\u{F8F1}"),
        let index = Int(rest[rest.index(after: open)..<close]), marks.indices.contains(index)
      else { return nil }
      if open > rest.startIndex { parts.append((String(rest[..<open]), nil)) }
      parts.append(("", index))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append((String(rest), nil)) }
    return parts
  }

  /// `message` with each mark shown as its source (`⟨Paths.orderPrefix⟩`).
  package func readable(_ message: String) -> String {
    guard let parts = split(message) else { return message }
    return parts.map { part in part.mark.map { "⟨\(marks[$0].source)⟩" } ?? part.text }.joined()
  }

  /// `predicate` with every marked operand made a variable, and the variables.
  package func typed(_ predicate: FormatPredicate) -> (FormatPredicate, [ConditionVariable]) {
    var variables: [ConditionVariable] = []
    let typed = typed(predicate, &variables)
    return (typed, variables)
  }

  private func typed(_ predicate: FormatPredicate, _ variables: inout [ConditionVariable])
    -> FormatPredicate
  {
    var copy = predicate
    switch predicate.kind {
    case .constant: break
    case .not(let operand): copy.kind = .not(typed(operand, &variables))
    case .and(let operands): copy.kind = .and(operands.map { typed($0, &variables) })
    case .or(let operands): copy.kind = .or(operands.map { typed($0, &variables) })
    case .comparison(var comparison):
      comparison.lhs = typed(comparison.lhs, &variables)
      comparison.rhs = typed(comparison.rhs, &variables)
      copy.kind = .comparison(comparison)
    }
    return copy
  }

  private func typed(_ expression: FormatExpression, _ variables: inout [ConditionVariable])
    -> FormatExpression
  {
    var copy = expression
    switch expression.kind {
    case .aggregate(let elements):
      copy.kind = .aggregate(elements.map { typed($0, &variables) })
    case .constant(.integer(let value))
    where value >= Self.numberBase && value < Self.numberBase + marks.count:
      let mark = marks[value - Self.numberBase]
      copy.kind = .variable(variable(nil, mark, &variables))
    case .constant(.string(let text)):
      guard let parts = split(text) else { break }
      if parts.count == 1, let index = parts[0].mark {
        copy.kind = .variable(variable(nil, marks[index], &variables))
      } else {
        let template = Template(
          parts: parts.map { part in
            part.mark.map { .hole(marks[$0].source) } ?? .text(part.text)
          })
        let first = parts.compactMap(\.mark).first.map { marks[$0] }
        let reason = template.holes.map { "'\($0)' is a run-time value" }
          .joined(separator: "; ")
        copy.kind = .variable(
          variable(
            template, Mark(source: first?.source ?? "value", reason: reason), &variables))
      }
    default: break
    }
    return copy
  }

  /// The variable for a value, reused when the same value appears again.
  private func variable(
    _ template: Template?, _ mark: Mark, _ variables: inout [ConditionVariable]
  ) -> String {
    if let same = variables.first(where: { $0.template == template && $0.source == mark.source }) {
      return same.name
    }
    let name = Self.uniqueName(for: mark.source, among: variables)
    variables.append(
      ConditionVariable(name: name, source: mark.source, template: template, reason: mark.reason))
    return name
  }

  /// ``baseName(_:)`` of `source`, with a number after it when `variables` has that name.
  package static func uniqueName(for source: String, among variables: [ConditionVariable]) -> String
  {
    let base = baseName(source)
    var name = base
    var suffix = 2
    while variables.contains(where: { $0.name == name }) {
      name = "\(base)\(suffix)"
      suffix += 1
    }
    return name
  }

  /// A valid variable name from an expression: its last name (`Paths.orderPrefix` →
  /// `orderPrefix`, `note.id` → `id`, `[self threadID]` → `threadID`), else `value`.
  package static func baseName(_ source: String) -> String {
    let words = source.split { !($0.isLetter || $0.isNumber || $0 == "_") || !$0.isASCII }
    guard var word = words.last(where: { $0.first.map { !$0.isNumber } ?? false }).map(String.init)
    else { return "value" }
    // A name the grammar reserves would not read back as a variable (`$IN`).
    if reserved.contains(word.uppercased()) { word += "Value" }
    return word
  }

  private static let reserved: Set<String> = [
    "SELF", "AND", "OR", "NOT", "IN", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH",
    "BETWEEN", "ANY", "ALL", "NONE", "SOME", "TRUE", "FALSE", "YES", "NO", "NULL", "NIL",
    "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY", "FIRST", "LAST", "SIZE", "CAST", "FETCH",
    "ANYKEY", "FUNCTION",
  ]
}
