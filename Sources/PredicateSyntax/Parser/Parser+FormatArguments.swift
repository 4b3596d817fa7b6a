// Format specifiers (`%@`, `%K`, `%d`, …) replaced by the arguments given, as NSPredicate does.

extension Parser {
  /// Replaces a format specifier with the next argument, or keeps it as a placeholder.
  mutating func substitute(_ token: Token) -> Parsed {
    guard let arguments else {
      return .expression(FormatExpression(.formatPlaceholder(token.text), range: token.range))
    }
    guard nextArgument < arguments.count else {
      report(
        Diagnostic(
          .missingFormatArgument(specifier: token.text),
          at: token.range,
          notes: [
            DiagnosticNote("\(arguments.count) argument\(arguments.count == 1 ? "" : "s") given")
          ]
        ))
      return .failed
    }
    let argument = arguments[nextArgument]
    nextArgument += 1
    let conversion = token.text.last!
    func expression(_ kind: FormatExpression.Kind) -> Parsed {
      .expression(FormatExpression(kind, range: token.range))
    }
    func mismatch(_ wanted: String) -> Parsed {
      report(
        Diagnostic(
          .formatArgumentType(
            specifier: token.text, wanted: wanted, got: argument.typeDescription),
          at: token.range))
      return .failed
    }
    switch conversion {
    case "@":
      return expression(argument.expressionKind)
    case "K":
      if case .string(let name) = argument, name.uppercased() == "SELF" {
        return expression(.evaluatedObject)
      }
      var shown = argument.typeDescription
      if case .string(let name) = argument { shown = "'\(name)'" }
      report(
        Diagnostic(
          .keyPathArgument(shown), at: token.range,
          notes: [
            DiagnosticNote(
              "activation conditions refer to the target content identifier only as SELF")
          ]))
      return .failed
    case "d", "i", "u", "o", "x", "X", "c", "C":
      switch argument {
      case .integer(let value): return expression(.constant(.integer(value)))
      case .boolean(let value): return expression(.constant(.integer(value ? 1 : 0)))
      default: return mismatch("an integer")
      }
    case "f", "F", "e", "E", "g", "G", "a", "A":
      switch argument {
      case .double(let value): return expression(.constant(.double(value)))
      case .integer(let value): return expression(.constant(.double(Double(value))))
      default: return mismatch("a floating-point number")
      }
    case "s", "S":
      guard case .string(let value) = argument else { return mismatch("a string") }
      return expression(.constant(.string(value)))
    default:
      return mismatch("a supported argument type")
    }
  }
}
