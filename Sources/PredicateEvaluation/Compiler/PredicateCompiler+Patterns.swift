import PredicateSyntax

// Stage 2 of compiling a comparison: LIKE and MATCHES literals, compiled once, and checked even
// when the comparison is constant, so a bad literal is always reported.
extension PredicateCompiler {
  /// A comparison's compiled pattern literals.
  struct Patterns {
    var like: GlobPattern?
    var regex: RegexProgram?
  }

  /// Compiles the pattern literal of LIKE or MATCHES, if there is one; reports an invalid one and
  /// returns nil.
  mutating func compilePatterns(
    _ comparison: Comparison, _ rhs: Matcher.Operand, operatorRange: SourceRange
  ) -> Patterns? {
    let op = comparison.op
    let options = comparison.options
    var patterns = Patterns()
    if case .like = op, case .value(.string(let pattern)) = rhs {
      do {
        patterns.like = try GlobPattern(prepared: TextForm.pattern(options).apply(pattern))
      } catch {
        diagnostics.append(
          Diagnostic(
            .likeTrailingBackslash,
            at: comparison.rhs.range ?? operatorRange,
            notes: [DiagnosticNote("write '\\\\\\\\' in the literal for a literal backslash")]))
        return nil
      }
    }
    if case .matches = op, case .value(.string(let pattern)) = rhs, !pattern.isEmpty {
      switch RegexProgram.make(pattern: pattern, options: options) {
      case .success(let program):
        patterns.regex = program
      case .failure(let problem):
        diagnostics.append(
          Diagnostic(
            problem.message,
            at: patternRange(problem, in: comparison.rhs) ?? operatorRange,
            notes: problem.notes.map { DiagnosticNote($0) }))
        return nil
      }
    }
    return patterns
  }

  /// Maps a pattern problem's offset back into the predicate source.
  func patternRange(_ problem: RegexProgram.Problem, in literal: FormatExpression)
    -> SourceRange?
  {
    guard let range = literal.range else { return nil }
    guard let decoded = StringLiteral.decode(in: source, at: range) else { return range }
    let lower = decoded.sourceOffset(forValueOffset: problem.offset)
    let upper = decoded.sourceOffset(forValueOffset: problem.offset + problem.length)
    return SourceRange(
      min(lower, range.upperBound), min(max(lower, upper), range.upperBound))
  }
}
