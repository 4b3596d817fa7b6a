import PredicateSyntax
for arg in CommandLine.arguments.dropFirst() {
  let r = PredicateParser.parse(arg)
  print(r.predicate?.predicateFormat ?? "<nil>")
  print(DiagnosticRenderer().render(r.diagnostics, in: arg), terminator: "")
}
