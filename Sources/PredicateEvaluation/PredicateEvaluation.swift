// The evaluation layer's API takes predicates (`FormatPredicate`, format arguments) and reports
// diagnostics (`Diagnostic`, `InvalidPredicateError`, `DiagnosticRenderer`), which the syntax
// layer defines: re-exported, so that a layer above (the router) names them through this one and
// never reaches into the syntax tree.
@_exported import PredicateSyntax
