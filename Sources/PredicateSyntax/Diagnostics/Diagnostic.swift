/// How serious a diagnostic is.
public enum DiagnosticSeverity: String, Sendable, Hashable, Codable, Comparable {
  /// The predicate is rejected.
  case error
  /// The predicate is accepted, but probably not what its author meant.
  case warning
  /// Extra context attached to another diagnostic.
  case note

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .note: 2
    }
  }
}

/// The stable identifier of a kind of diagnostic, such as `syntax.unterminated-string`.
///
/// Tools and tests match on the identifier, never on the message text, so messages can improve
/// without breaking anyone: `diagnostic.id == "syntax.unknown-operator"`. The namespace before
/// the dot names the stage that reports it (`syntax`, `validation`, `lint`), and every rendered
/// diagnostic shows its id (`error[syntax.unknown-operator]`).
public struct DiagnosticID: RawRepresentable, Sendable, Hashable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }
  public var description: String { rawValue }
}

/// A suggested edit that would fix a diagnostic: replace `range` with `replacement`.
public struct FixIt: Sendable, Hashable, Codable {
  /// The bytes to replace (empty to insert).
  public var range: SourceRange
  /// The text to put there.
  public var replacement: String

  /// Creates a fix-it.
  package init(range: SourceRange, replacement: String) {
    self.range = range
    self.replacement = replacement
  }
}

/// A secondary message attached to a diagnostic, optionally pointing at another place.
public struct DiagnosticNote: Sendable, Hashable, Codable {
  /// The note's text (lowercase, no final period).
  public var message: String
  /// Where the note points, if anywhere.
  public var range: SourceRange?

  /// Creates a note.
  package init(_ message: String, at range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }
}

/// One finding about a predicate: what, how serious, and exactly where.
///
/// Diagnostics are data: a stable ``id``, a ``severity``, a ``message`` written lowercase with no
/// final period and source text in single quotes, and a byte ``range`` into the source. Rendering
/// to `line:column` with the source line and a caret is the job of the errors' `description` (and the CLI's renderer).
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of finding this is.
  public var id: DiagnosticID
  /// How serious it is.
  public var severity: DiagnosticSeverity
  /// The message, e.g. `expected ')' to close '('` (never a position: see ``range``).
  public var message: String
  /// The bytes the diagnostic is about (empty when something is missing at that point).
  public var range: SourceRange
  /// Extra context.
  public var notes: [DiagnosticNote]
  /// Suggested edits.
  public var fixIts: [FixIt]

  /// Creates a diagnostic from its message, at `range`.
  package init(
    _ message: some DiagnosticMessage, at range: SourceRange, notes: [DiagnosticNote] = [],
    fixIts: [FixIt] = []
  ) {
    self.init(
      id: message.id, severity: message.severity, message: message.message, range: range,
      notes: notes, fixIts: fixIts)
  }

  /// Field by field, for the stages' concrete message overloads (which let a call site write
  /// `.unknownOperator(word)` with the type inferred).
  package init(
    id: DiagnosticID, severity: DiagnosticSeverity, message: String, range: SourceRange,
    notes: [DiagnosticNote], fixIts: [FixIt]
  ) {
    self.id = id
    self.severity = severity
    self.message = message
    self.range = range
    self.notes = notes
    self.fixIts = fixIts
  }

  public var description: String { "\(range): \(severity.rawValue)[\(id)]: \(message)" }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }
}

/// A predicate was rejected: every diagnostic found, with the source they point into.
///
/// Parsing, validation and compilation each throw this one error type holding all the
/// diagnostics they found, not only the first, so a user fixes everything in one pass.
public struct InvalidPredicateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The predicate text the diagnostics' ranges point into.
  public var source: String
  /// Every diagnostic, errors and warnings, in source order.
  public var diagnostics: [Diagnostic]

  /// Creates the error.
  package init(source: String, diagnostics: [Diagnostic]) {
    self.source = source
    self.diagnostics = diagnostics
  }

  /// The errors only.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  public var description: String {
    DiagnosticRenderer().render(diagnostics, in: source)
  }
}
