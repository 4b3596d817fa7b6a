/// What a diagnostic says, apart from where: its stable id, its severity and its text.
///
/// Each stage defines its messages as one type whose cases carry what the text names, so every
/// id has one definition with its severity and wording, and no call site writes a message of its
/// own (swift-syntax's `DiagnosticMessage` shape). Messages never contain a position: where a
/// diagnostic is, and where its notes point, are ranges that rendering turns into `line:column`.
package protocol DiagnosticMessage: Sendable {
  /// The stable identifier tools and tests match on.
  var id: DiagnosticID { get }
  /// How serious it is.
  var severity: DiagnosticSeverity { get }
  /// The text: lowercase, no final period, source text in single quotes.
  var message: String { get }
}

/// The ids one stage reports, each with its severity: the single list of a stage's ids, so
/// coverage tests and documentation derive from the type and nothing keeps a copy by hand.
package protocol DiagnosticKind: RawRepresentable<String>, CaseIterable, Sendable {
  /// How serious a diagnostic of this kind is.
  var severity: DiagnosticSeverity { get }
}

extension DiagnosticKind {
  /// The kind's stable identifier.
  package var id: DiagnosticID { DiagnosticID(rawValue: rawValue) }
}
