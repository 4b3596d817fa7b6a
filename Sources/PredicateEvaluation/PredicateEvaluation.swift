@_exported import struct PredicateSyntax.Diagnostic
@_exported import struct PredicateSyntax.DiagnosticID
@_exported import protocol PredicateSyntax.DiagnosticKind
@_exported import protocol PredicateSyntax.DiagnosticMessage
@_exported import struct PredicateSyntax.DiagnosticNote
@_exported import struct PredicateSyntax.DiagnosticRenderer
// The evaluation layer's API takes predicates (`FormatPredicate`, format arguments) and reports
// diagnostics (`Diagnostic`, `InvalidPredicateError`), which the syntax layer defines: those
// public types are re-exported, by name, so that a layer above (the router) names them through
// this one, and with them the package's diagnostics machinery (messages declared by kind, their
// rendering, a stored property left out of equality). The syntax tree is not: a module that
// reads it (this one's compiler, the lint's readers) imports PredicateSyntax itself and says so.
@_exported import enum PredicateSyntax.DiagnosticSeverity
@_exported import struct PredicateSyntax.FixIt
@_exported import struct PredicateSyntax.FormatPredicate
@_exported import struct PredicateSyntax.IgnoredInComparison
@_exported import struct PredicateSyntax.InvalidPredicateError
@_exported import struct PredicateSyntax.ParsedPredicate
@_exported import enum PredicateSyntax.PredicateArgument
@_exported import protocol PredicateSyntax.PredicateArgumentConvertible
@_exported import enum PredicateSyntax.PredicateParser
@_exported import struct PredicateSyntax.SourceLocation
@_exported import struct PredicateSyntax.SourceLocationConverter
@_exported import struct PredicateSyntax.SourceRange
