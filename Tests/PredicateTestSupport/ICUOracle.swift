import Foundation
import PCRE2Regex
import PredicateEvaluation

/// ICU's answer for `MATCHES`: swift-corelibs-foundation's `NSRegularExpression` is ICU, as
/// NSPredicate's MATCHES is on Apple platforms. The differential test and the FuzzICU fuzzer ask
/// it; it is a test oracle, never part of the library.
public enum ICUOracle {
  /// ICU's regex for `pattern` with NSPredicate's flags (whole string, DOTALL, MULTILINE, and
  /// case-insensitive for `[c]`); nil when ICU rejects the pattern.
  public static func regex(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
    var options: NSRegularExpression.Options = [.dotMatchesLineSeparators, .anchorsMatchLines]
    if caseInsensitive { options.insert(.caseInsensitive) }
    return try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: options)
  }

  /// Whether `regex` matches `subject`; nil when ICU's backtracking runs past `budget` seconds
  /// (ICU has no match limit, and a fuzzer must not hang on an exponential pattern).
  public static func matches(
    _ regex: NSRegularExpression, _ subject: String, budget: TimeInterval = 0.05
  ) -> Bool? {
    let start = Date()
    var matched = false
    var timedOut = false
    regex.enumerateMatches(
      in: subject, options: [.reportProgress], range: NSRange(subject.startIndex..., in: subject)
    ) { result, _, stop in
      if result != nil {
        matched = true
        stop.pointee = true
      } else if Date().timeIntervalSince(start) > budget {
        timedOut = true
        stop.pointee = true
      }
    }
    return timedOut ? nil : matched
  }

  /// PCRE2 10.42's Unicode data predates ICU's: a character it has as unassigned may be a letter
  /// to ICU. Inputs holding one are outside what can agree, and are skipped.
  public static func predatesPCRE2Data(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII || scalar.properties.generalCategory == .unassigned
        || !((try? unassigned.matches(String(scalar))) ?? false)
    }
  }

  private static let unassigned = try! CompiledRegex(
    pattern: #"\p{Cn}"#, options: [.wholeString, .unicodeProperties])

  /// One input for FuzzICU: a flag byte (bit 0: `[c]`), then the pattern, a NUL, the subject.
  /// A violation is a silent difference: a pattern accepted here that ICU rejects, or a different
  /// answer. Refusals by name (at compile time, or `unlikeICU` and limits at evaluation) are not.
  public static func violations(_ bytes: [UInt8]) -> [String] {
    guard let flags = bytes.first else { return [] }
    let rest = bytes.dropFirst()
    let cut = rest.firstIndex(of: 0) ?? rest.endIndex
    guard let pattern = String(validating: rest[..<cut], as: UTF8.self),
      let subject = String(validating: rest[cut...].dropFirst(), as: UTF8.self),
      !pattern.isEmpty, pattern.utf8.count <= 256, subject.utf8.count <= 64,
      predatesPCRE2Data(pattern), predatesPCRE2Data(subject)
    else { return [] }
    let caseInsensitive = flags & 1 == 1
    let flag = caseInsensitive ? "[c]" : ""
    let compilation = CompiledPredicate.compile(
      "SELF MATCHES\(flag) %@", arguments: [.string(pattern)], profile: .extended)
    guard let compiled = compilation.compiled else { return [] }
    guard let regex = regex(pattern, caseInsensitive: caseInsensitive) else {
      return ["MATCHES\(flag) \(pattern.debugDescription): ICU rejects it, it is accepted here"]
    }
    guard let ours = try? compiled.evaluate(with: subject),
      let expected = matches(regex, subject)
    else { return [] }
    guard ours != expected else { return [] }
    return [
      "MATCHES\(flag) \(pattern.debugDescription) on \(subject.debugDescription): ICU "
        + "\(expected), here \(ours)"
    ]
  }
}
