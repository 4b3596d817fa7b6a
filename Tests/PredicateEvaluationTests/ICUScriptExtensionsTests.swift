import Foundation
import PredicateTestSupport
import Testing
import _FoundationICU

@testable import PredicateEvaluation

/// `\p{scx=…}` against the Script_Extensions of the ICU in this toolchain's Foundation, which
/// `ScriptExtensionsData` was generated from. A toolchain with newer Unicode data fails here
/// until `Scripts/generate-script-extensions.swift` is run again.
@Suite("Script_Extensions like ICU")
struct ICUScriptExtensionsTests {
  /// Every script ICU has a code for, by short name, with its compiled `\p{scx=…}` where PCRE2
  /// knows the script (scripts newer than PCRE2's data are rejected at compile time, by name).
  static func compiledScripts() -> [(code: UScriptCode, name: String, predicate: CompiledPredicate)]
  {
    var scripts: [(UScriptCode, String, CompiledPredicate)] = []
    for raw in 0..<USCRIPT_CODE_LIMIT.rawValue {
      let code = UScriptCode(rawValue: raw)
      guard let short = swift_uscript_getShortName(code) else { continue }
      let name = String(cString: short)
      let compilation = CompiledPredicate.compile(
        "SELF MATCHES %@", arguments: [.string("\\p{scx=\(name)}")], profile: .extended)
      if let compiled = compilation.compiled { scripts.append((code, name, compiled)) }
    }
    return scripts
  }

  /// Characters whose extensions differ from their Script, every one of them, and one in 101 of
  /// the rest; only those PCRE2's data has as assigned (newer ones are outside what can agree).
  static func subjects() -> [UInt32] {
    var subjects: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned
      else { continue }
      var error = U_ZERO_ERROR
      let script = swift_uscript_getScript(UChar32(value), &error)
      var buffer = [UScriptCode](repeating: USCRIPT_INVALID_CODE, count: 64)
      let count = swift_uscript_getScriptExtensions(UChar32(value), &buffer, 64, &error)
      let extended = Array(buffer[0..<Int(count)]) != [script]
      if (extended || value % 101 == 0) && ICUOracle.predatesPCRE2Data(String(scalar)) {
        subjects.append(value)
      }
    }
    return subjects
  }

  @Test("every script answers like ICU on every character with extensions")
  func agreesWithICU() throws {
    let scripts = Self.compiledScripts()
    #expect(scripts.count > 150, "PCRE2 should know most of ICU's scripts")
    let subjects = Self.subjects()
    #expect(subjects.count > 3_000)
    var checked = 0
    var differences: [String] = []
    for value in subjects {
      let subject = String(Unicode.Scalar(value)!)
      for script in scripts {
        let expected = swift_uscript_hasScript(UChar32(value), script.code) != 0
        let ours = try script.predicate.evaluate(with: subject)
        checked += 1
        if ours != expected && differences.count < 20 {
          differences.append(
            "U+\(String(value, radix: 16, uppercase: true)) scx=\(script.name): ICU \(expected)")
        }
      }
    }
    #expect(differences.isEmpty, "\(differences)")
    #expect(checked > 400_000)
  }

  @Test("the ICU function and ICU's regex agree, so the oracle above is the regex's")
  func functionIsTheRegex() throws {
    for (value, name) in [
      (0x301, "Greek"), (0x301, "Cherokee"), (0x301, "Inherited"),
      (0xB7, "Common"), (0x640, "Syriac"), (0x3A9, "Greek"), (0x41, "Cyrillic"),
    ] as [(UInt32, String)] {
      let subject = String(Unicode.Scalar(value)!)
      let regex = try #require(ICUOracle.regex("\\p{scx=\(name)}", caseInsensitive: false))
      let expected = ICUOracle.matches(regex, subject)
      let compiled = try #require(
        CompiledPredicate.compile(
          "SELF MATCHES %@", arguments: [.string("\\p{scx=\(name)}")], profile: .extended
        ).compiled)
      #expect(try compiled.evaluate(with: subject) == expected, "U+\(value) scx=\(name)")
    }
  }
}
