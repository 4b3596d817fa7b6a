import PredicateEvaluation
import PredicateSyntax

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The properties the fuzzers check, as plain functions: a fuzzer traps when one returns a
/// violation, and the root package's replay test runs every saved crasher through the same
/// functions without the fuzzer, so a fixed crash stays fixed.
public enum FuzzInvariants {
  /// The body of every `LLVMFuzzerTestOneInput`: runs `invariant` on the input and aborts (so
  /// libFuzzer saves the input) when it reports a violation.
  public static func check(
    _ data: UnsafePointer<UInt8>?, _ count: Int, _ name: String, _ invariant: ([UInt8]) -> [String]
  ) -> Int32 {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let violations = invariant(bytes)
    if !violations.isEmpty {
      let message = "FuzzInvariants.\(name) violated:\n" + violations.joined(separator: "\n") + "\n"
      message.withCString { _ = write(2, $0, strlen($0)) }
      abort()
    }
    return 0
  }

  /// Arbitrary bytes through the lexer and parser: no trap; every diagnostic range inside the
  /// input; an accepted predicate prints to a form that parses back to the same AST; rendering
  /// works.
  public static func parse(_ bytes: [UInt8]) -> [String] {
    let source = String(decoding: bytes, as: UTF8.self)
    let length = source.utf8.count
    let parsed = PredicateParser.parse(source)
    var violations: [String] = []
    for diagnostic in parsed.diagnostics
    where diagnostic.range.lowerBound < 0 || diagnostic.range.upperBound > length {
      violations.append("diagnostic \(diagnostic) is outside 0..<\(length)")
    }
    if let predicate = parsed.predicate {
      let printed = predicate.predicateFormat
      let reparsed = PredicateParser.parse(printed)
      if reparsed.predicate != predicate {
        violations.append(
          "round trip: \(printed) reparsed as \(reparsed.predicate?.predicateFormat ?? "nil") \(reparsed.diagnostics)"
        )
      }
    } else if !parsed.diagnostics.containsErrors {
      violations.append("rejected without an error")
    }
    if parsed.diagnostics.contains(where: { $0.id == .unparsed }) {
      violations.append("rejected with no specific reason (syntax.unparsed)")
    }
    _ = DiagnosticRenderer().render(parsed.diagnostics, in: source)
    return violations
  }

  /// Splits fuzz bytes at the first NUL: predicate, then identifier (no NUL: a nil identifier).
  static func split(_ bytes: [UInt8]) -> (String, String?) {
    guard let nul = bytes.firstIndex(of: 0) else {
      return (String(decoding: bytes, as: UTF8.self), nil)
    }
    return (
      String(decoding: bytes[..<nul], as: UTF8.self),
      String(decoding: bytes[(nul + 1)...], as: UTF8.self)
    )
  }

  /// A predicate and an identifier through compile and evaluate: no trap, and the compiled
  /// matcher agrees with the reference evaluator wherever the reference models the predicate.
  /// Resource-limit errors are allowed.
  public static func evaluate(_ bytes: [UInt8]) -> [String] {
    let (source, identifier) = split(bytes)
    var violations: [String] = []
    var extended: CompiledPredicate?
    for profile in ValidationProfile.allCases {
      let compilation = CompiledPredicate.compile(source, profile: profile)
      if profile == .extended { extended = compilation.compiled }
      if compilation.compiled == nil && !compilation.diagnostics.containsErrors {
        violations.append("\(profile): rejected without an error")
      }
      if compilation.diagnostics.contains(where: { $0.id == .unparsed }) {
        violations.append("\(profile): rejected with no specific reason (syntax.unparsed)")
      }
      for diagnostic in compilation.diagnostics
      where diagnostic.range.upperBound > source.utf8.count {
        violations.append("\(profile): diagnostic outside the source: \(diagnostic)")
      }
    }
    // The extended profile's compilation, from the loop: a third compilation of the same text
    // (most of it the lexer and parser) was a seventh of the fuzzer's time.
    guard let compiled = extended else { return violations }
    let actual: Bool?
    do {
      actual = try compiled.evaluate(with: identifier)
    } catch {
      if error.kind == .resourceLimit { return violations }
      actual = nil
    }
    var context = EvaluationContext(targetContentIdentifier: identifier)
    let shared = try? compiled.evaluate(in: &context)
    if shared != actual {
      violations.append(
        "shared context \(String(describing: shared)) != fresh \(String(describing: actual))")
    }
    guard ReferenceEvaluator.supports(compiled.predicate) else { return violations }
    let expected = ReferenceEvaluator.evaluate(compiled.predicate, identifier)
    if expected != actual {
      violations.append(
        "\(compiled.predicateFormat) on \(identifier.map { "\"\($0)\"" } ?? "nil"): compiled "
          + "\(actual.map(String.init) ?? "error"), reference \(expected.map(String.init) ?? "error")"
      )
    }
    return violations
  }
}
