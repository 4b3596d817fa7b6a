import PredicateSyntax

/// Checks that a predicate uses only what activation conditions allow, under a profile.
///
/// Every rejected construct gets its own diagnostic id and the construct's own source range, so
/// `name == 'x'` points at `name`, and `SELF.length == 4` at `SELF.length`.
struct PredicateValidator {
  let profile: ValidationProfile
  var diagnostics: [Diagnostic] = []

  init(profile: ValidationProfile) { self.profile = profile }

  private var uikitNote: DiagnosticNote {
    DiagnosticNote("UIKit raises when a predicate like this is set as an activation condition")
  }

  mutating func validate(_ predicate: FormatPredicate) {
    switch predicate.kind {
    case .constant:
      break
    case .not(let operand):
      validate(operand)
    case .and(let operands), .or(let operands):
      for operand in operands { validate(operand) }
    case .comparison(let comparison):
      validate(comparison, range: predicate.range)
    }
  }

  private mutating func validate(_ comparison: Comparison, range: SourceRange?) {
    if let qualifier = comparison.qualifier {
      report(
        .aggregateQualifier(qualifier.rawValue),
        at: comparison.qualifierRange ?? range)
    }
    switch comparison.op {
    case .utiConformsTo, .utiEquals:
      report(
        .utiOperator(comparison.op.canonicalSpelling),
        at: comparison.operatorRange ?? range)
    case .matches where profile == .uikit:
      report(
        .uikitMatches,
        at: comparison.operatorRange ?? range,
        extraNotes: [
          DiagnosticNote(
            "to evaluate MATCHES with PCRE2 off Apple platforms, opt in to the extended profile: "
              + "--profile extended, \"profile\": \"extended\" or profile: .extended")
        ])
    default:
      break
    }
    validate(comparison.lhs)
    validate(comparison.rhs)
  }

  private mutating func validate(_ expression: FormatExpression) {
    let range = expression.range
    switch expression.kind {
    case .evaluatedObject, .constant:
      break
    case .aggregate(let elements):
      for element in elements { validate(element) }
    case .key(let name):
      report(.keyPath(name), at: range)
    case .escapedKey(let name):
      report(
        .keyPath("#\(name)"),
        at: range,
        extraNotes: name.uppercased() == "SELF"
          ? [DiagnosticNote("'#SELF' is a key named SELF, not the identifier; write SELF")] : [])
    case .member:
      report(.memberKeyPath(expression.predicateFormat), at: range)
    case .collectionOperator(let name):
      report(.collectionOperator(name), at: range)
    case .index:
      report(.index(expression.predicateFormat), at: range)
    case .indexKeyword:
      break
    case .variable(let name):
      if profile == .uikit {
        report(.uikitVariable(name), at: range)
      } else {
        diagnostics.append(
          Diagnostic(
            .unsubstitutedVariable(name), at: range ?? .point(0),
            notes: [DiagnosticNote("substitute it before compiling, or use a literal")]))
      }
    case .formatPlaceholder(let specifier):
      diagnostics.append(
        Diagnostic(
          .formatPlaceholder(specifier),
          at: range ?? .point(0),
          notes: [DiagnosticNote("pass arguments with FormatPredicate(format:_:), or quote it")]))
    case .function(let name, _):
      report(.function(name), at: range)
    case .arithmetic, .negation:
      report(.arithmetic, at: range)
    case .subquery:
      report(.subquery, at: range)
    case .cast:
      report(.cast, at: range)
    case .fetch:
      report(.fetch, at: range)
    case .anyKey:
      report(.anyKey, at: range)
    }
  }

  private mutating func report(
    _ message: ValidationMessage, at range: SourceRange?, extraNotes: [DiagnosticNote] = []
  ) {
    diagnostics.append(
      Diagnostic(message, at: range ?? .point(0), notes: extraNotes + [uikitNote]))
  }
}
