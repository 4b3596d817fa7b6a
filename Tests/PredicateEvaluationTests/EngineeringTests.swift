import PCRE2Regex
import PredicateSyntax
import PredicateTestSupport
import Testing

@testable import PredicateEvaluation

@Suite("Engineering")
struct EngineeringTests {
  @Test("one compiled predicate, many threads at once")
  func concurrentEvaluation() async throws {
    let predicate = try CompiledPredicate(
      format: "SELF MATCHES[c] 'chat/[0-9]+' OR SELF BEGINSWITH[cd] 'DOC/' OR SELF LIKE '*/x?'")
    let identifiers = ["chat/1", "CHAT/22", "doc/3", "dóc/4", "a/xy", "nope", "éé/xé"]
    let expected = try identifiers.map { try predicate.evaluate(with: $0) }
    #expect(expected == [true, true, true, true, true, false, true])
    let allAgree = await withTaskGroup(of: Bool.self) { group in
      for worker in 0..<16 {
        group.addTask {
          for round in 0..<2_000 {
            let index = (round + worker) % identifiers.count
            if (try? predicate.evaluate(with: identifiers[index])) != expected[index] {
              return false
            }
          }
          return true
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(allAgree)
  }

  @Test("SELF as a pattern compiles once per identifier, from many threads")
  func concurrentSelfPatterns() async throws {
    let predicate = try CompiledPredicate(format: "'com.example.chat' MATCHES SELF")
    let ok = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for pattern in ["com.*", "c.m\\..*", "x", "[", "com[.]example[.]chat"] {
            let result = try? predicate.evaluate(with: pattern)
            let wanted: Bool? = pattern == "x" ? false : pattern == "[" ? nil : true
            if result != wanted { return false }
          }
          return true
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(ok)
  }

  @Test("patterns from SELF are cached by exact scalars, not canonical equivalence")
  func selfPatternCacheIsExact() throws {
    let predicate = try CompiledPredicate(format: "SELF MATCHES SELF")
    let decomposed = "cafe\u{301}"
    let precomposed = "caf\u{E9}"
    #expect(decomposed == precomposed, "Swift's String equality is canonical equivalence")
    #expect(try predicate.evaluate(with: decomposed))
    #expect(try predicate.evaluate(with: precomposed))
    let literal = try CompiledPredicate(format: #"'caf\u00e9' MATCHES SELF"#)
    #expect(try literal.evaluate(with: precomposed))
    #expect(try !literal.evaluate(with: decomposed))
  }

  @Test("catastrophic backtracking ends with a typed resource-limit error")
  func hostileRegex() throws {
    let predicate = try CompiledPredicate(format: "SELF MATCHES '(a+)+$'")
    let clock = ContinuousClock()
    let start = clock.now
    do {
      _ = try predicate.evaluate(with: String(repeating: "a", count: 40) + "b")
      Issue.record("expected a resource-limit error")
    } catch {
      #expect(error.kind == .resourceLimit)
      #expect(error.message.contains("limit"))
    }
    #expect(clock.now - start < .seconds(2))
    // The same predicate still answers ordinary identifiers.
    #expect(try predicate.evaluate(with: "aaaa"))
  }

  @Test("views of the identifier are computed once per context and shared")
  func contextSharesViews() throws {
    let first = try CompiledPredicate(format: "SELF BEGINSWITH[c] 'CAFÉ'")
    let second = try CompiledPredicate(format: "SELF ENDSWITH[c] 'NOIR' OR SELF CONTAINS[c] 'LE'")
    var context = EvaluationContext(targetContentIdentifier: "Café le noir")
    #expect(try first.evaluate(in: &context))
    #expect(try second.evaluate(in: &context))
    #expect(context.preparedViewCount == 1)
    var ascii = EvaluationContext(targetContentIdentifier: "chat/42")
    #expect(try !first.evaluate(in: &ascii))
    #expect(try !second.evaluate(in: &ascii))
    #expect(ascii.preparedViewCount == 0, "ASCII identifiers stay on the byte path")
  }

  @Test("the uikit profile accepts what UIKit accepts and names what it rejects")
  func profiles() {
    let accepted = "SELF BEGINSWITH[cd] 'chat/' OR SELF IN {'inbox'} OR SELF LIKE 'doc-*'"
    #expect(CompiledPredicate.compile(accepted, profile: .uikit).compiled != nil)
    let matches = CompiledPredicate.compile("SELF MATCHES 'a'", profile: .uikit)
    #expect(matches.diagnostics.map(\.id) == [.uikitMatches])
    #expect(matches.diagnostics[0].notes.contains { $0.message.contains("UIKit raises") })
    #expect(CompiledPredicate.compile("SELF MATCHES 'a'", profile: .extended).compiled != nil)
    let variable = CompiledPredicate.compile("SELF == $x", profile: .uikit)
    #expect(variable.diagnostics.map(\.id) == [.variable])
    #expect(variable.diagnostics[0].notes.contains { $0.message.contains("UIKit raises") })
  }

  @Test("predicates built in code validate and print like parsed ones")
  func constructedPredicates() throws {
    let built = FormatPredicate.or([
      .comparison(.evaluatedObject, .beginsWith, .string("chat/"), options: [.caseInsensitive]),
      .not(.comparison(.evaluatedObject, .equalTo, .string("x"))),
    ])
    let compiled = try CompiledPredicate(built)
    #expect(compiled.predicateFormat == #"SELF BEGINSWITH[c] "chat/" OR NOT SELF == "x""#)
    #expect(try compiled.evaluate(with: "CHAT/1"))
    let keyPath = FormatPredicate.comparison(FormatExpression(.key("name")), .equalTo, .string("x"))
    do {
      _ = try CompiledPredicate(keyPath)
      Issue.record("expected a validation error")
    } catch {
      #expect(error.diagnostics.map(\.id) == [.keyPath])
      #expect(error.diagnostics[0].range == SourceRange(0, 4), "points into the canonical form")
    }
    #expect(try CompiledPredicate(.and([])).constantValue == true)
    #expect(try CompiledPredicate(.or([])).constantValue == false)
    let formatted = try CompiledPredicate(FormatPredicate(format: "SELF == %@", "chat/42"))
    #expect(try formatted.evaluate(with: "chat/42"))
  }

  @Test("every compile-time error is reported before any evaluation")
  func compileTimeErrors() {
    for source in [
      "SELF > 5", "SELF BEGINSWITH 1", "SELF LIKE 'a\\\\'", "SELF MATCHES '('",
      "SELF BETWEEN {'a'}", "SELF IN 3",
    ] {
      #expect(CompiledPredicate.compile(source).compiled == nil, "\(source)")
    }
  }

  @Test("LIKE stays linear on patterns that make naive matchers exponential")
  func likeIsNotExponential() throws {
    let predicate = try CompiledPredicate(
      format: "SELF LIKE '" + String(repeating: "*a", count: 30) + "*b'")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try !predicate.evaluate(with: String(repeating: "a", count: 5_000)))
    #expect(clock.now - start < .seconds(2))
  }
}
