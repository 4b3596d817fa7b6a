import Foundation
import PredicateEvaluation
import SceneJSON
import SceneRouting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The JSON Lines protocol of `scene-router evaluate --batch`: each line's answer, N lines in, N
/// lines out, whatever the lines hold. The caller reads the lines and writes the answers.
package struct BatchEvaluator {
  /// The profile of a line that names none.
  package let defaultProfile: ValidationProfile
  private var cache: [CacheKey: PredicateCompilation] = [:]
  private static let cacheLimit = 10_000

  package init(defaultProfile: ValidationProfile) { self.defaultProfile = defaultProfile }

  /// A predicate's source and profile, compared and hashed by the source's exact UTF-8 bytes:
  /// `String` equality is canonical equivalence, and `SELF == 'café'` precomposed and
  /// decomposed are different predicates. Hashed as one block of bytes, not byte by byte (an
  /// `[UInt8]` key hashed each byte on its own: a tenth of a batch's time), and with no copy.
  private struct CacheKey: Hashable {
    let profile: ValidationProfile
    let source: String

    static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
      guard lhs.profile == rhs.profile, lhs.source.utf8.count == rhs.source.utf8.count else {
        return false
      }
      // Parsed strings are contiguous: compared with `memcmp`, not walked as two string views
      // (`elementsEqual` on the buffers still steps an iterator a byte at a time).
      let compared = lhs.source.utf8.withContiguousStorageIfAvailable { left in
        rhs.source.utf8.withContiguousStorageIfAvailable { right in
          left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }
      }
      return (compared ?? nil) ?? lhs.source.utf8.elementsEqual(rhs.source.utf8)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(profile)
      var source = source
      source.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  /// The answer to a line longer than the reader keeps: an error that says so.
  package func answer(overflowing message: String, lineNumber: Int) -> (text: String, isError: Bool)
  {
    errorLine(message, lineNumber: lineNumber, in: "input", line: lineNumber, column: 1)
  }

  private func errorLine(
    _ message: String, lineNumber: Int, in place: String, line: Int, column: Int,
    id: String? = nil, diagnostics: JSONValue? = nil
  ) -> (text: String, isError: Bool) {
    var error = JSONObject([
      ("message", .string(message)),
      ("line", .number(Double(line))),
      ("column", .number(Double(column))),
      ("in", .string(place)),
      ("inputLine", .number(Double(lineNumber))),
    ])
    if let id { error["id"] = .string(id) }
    if let diagnostics { error["diagnostics"] = diagnostics }
    return (JSONValue.object(JSONObject([("error", .object(error))])).jsonText, true)
  }

  /// The answer to one line: `{"result":…}`, or `{"error":{…}}` naming where the line, the
  /// predicate or the evaluation failed.
  package mutating func answer(_ line: ArraySlice<UInt8>, lineNumber: Int) -> (
    text: String, isError: Bool
  ) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(line)
    } catch {
      let message =
        line.isEmpty ? "empty line: expected a JSON object" : "invalid JSON: \(error.message)"
      return errorLine(
        "line \(lineNumber): \(message)", lineNumber: lineNumber, in: "input", line: lineNumber,
        column: error.column)
    }
    guard case .object(let object) = value else {
      return errorLine(
        "line \(lineNumber): expected a JSON object, found \(value.typeDescription)",
        lineNumber: lineNumber, in: "input", line: lineNumber, column: 1)
    }
    func fieldError(_ message: String) -> (text: String, isError: Bool) {
      errorLine(
        "line \(lineNumber): \(message)", lineNumber: lineNumber, in: "input", line: lineNumber,
        column: 1)
    }
    guard let predicateValue = object["predicate"] else {
      return fieldError("missing field 'predicate'")
    }
    guard case .string(let source) = predicateValue else {
      return fieldError(
        "field 'predicate': expected a string, found \(predicateValue.typeDescription)")
    }
    guard let identifierValue = object["identifier"] else {
      return fieldError("missing field 'identifier' (use null for no identifier)")
    }
    let identifier: String?
    switch identifierValue {
    case .string(let text): identifier = text
    case .null: identifier = nil
    default:
      return fieldError(
        "field 'identifier': expected a string or null, found \(identifierValue.typeDescription)")
    }
    var profile = defaultProfile
    if let profileValue = object["profile"] {
      guard case .string(let name) = profileValue, let named = ValidationProfile(rawValue: name)
      else {
        return fieldError("field 'profile': expected \(ValidationProfile.expectedNames)")
      }
      profile = named
    }

    let key = CacheKey(profile: profile, source: source)
    let compilation: PredicateCompilation
    if let cached = cache[key] {
      compilation = cached
    } else {
      compilation = CompiledPredicate.compile(source, profile: profile)
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[key] = compilation
    }
    guard let compiled = compilation.compiled else {
      let converter = SourceLocationConverter(source: source)
      let errors = compilation.diagnostics.filter { $0.severity == .error }
      let first = errors[0]
      let location = converter.location(of: first.range.lowerBound)
      return errorLine(
        first.message, lineNumber: lineNumber, in: "predicate", line: location.line,
        column: location.column, id: first.id.rawValue,
        diagnostics: .array(errors.map { DiagnosticJSON($0, converter: converter).jsonValue }))
    }
    do {
      return (
        try compiled.evaluate(with: identifier) ? "{\"result\":true}" : "{\"result\":false}", false
      )
    } catch {
      return errorLine(
        error.message, lineNumber: lineNumber, in: "evaluation", line: 1, column: 1,
        id: "evaluation.\(error.kind.rawValue)")
    }
  }
}
