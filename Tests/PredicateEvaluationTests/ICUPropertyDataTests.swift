import Foundation
import PCRE2Regex
import PredicateTestSupport
import Testing
import _FoundationICU

@testable import PredicateEvaluation

/// Properties against the Unicode data of the ICU in this toolchain's Foundation, which
/// `ICUPropertyData` was generated from. A toolchain or PCRE2 with newer Unicode data fails here
/// until `Scripts/generate-icu-property-data.swift` is run again.
@Suite("Unicode properties like ICU")
struct ICUPropertyDataTests {
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

  /// Every character PCRE2 has as assigned (newer ones are outside what can agree: PCRE2 has no
  /// data for them), with its UTF-8 in one buffer: each check below runs over all of them.
  struct Characters: Sendable {
    var values: [UInt32] = []
    var utf8: [UInt8] = []
    var ends: [Int] = []

    /// Whether `regex` matches each character, in order.
    func answers(_ regex: CompiledRegex) throws -> [Bool] {
      try utf8.withUnsafeBufferPointer { bytes in
        var start = 0
        return try ends.map { end in
          defer { start = end }
          return try regex.matches(validUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
      }
    }
  }

  static let known: Characters = {
    var all = Characters()
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      all.values.append(value)
      all.utf8 += String(scalar).utf8
      all.ends.append(all.utf8.count)
    }
    let unassigned = try! all.answers(
      CompiledRegex(pattern: #"\p{Cn}"#, options: [.wholeString, .unicodeProperties]))
    var known = Characters()
    var start = 0
    for (index, end) in all.ends.enumerated() {
      defer { start = end }
      guard !unassigned[index] else { continue }
      known.values.append(all.values[index])
      known.utf8 += all.utf8[start..<end]
      known.ends.append(known.utf8.count)
    }
    return known
  }()

  /// ICU's general categories by PCRE2's name, as the `u_charType` values each holds.
  static let categoryTypes: [String: [Int8]] = {
    let single = [
      "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp",
      "Cc", "Cf", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf",
    ]
    var table: [String: [Int8]] = [:]
    for (value, name) in single.enumerated() { table[name] = [Int8(value)] }
    for group in ["C", "L", "M", "N", "P", "S", "Z"] {
      table[group] = single.indices.filter { single[$0].hasPrefix(group) }.map { Int8($0) }
    }
    table["L&"] = [1, 2, 3]
    return table
  }()

  /// ICU's answer for the PCRE2 property `name`, nil for the two ICU does not define as data.
  static func icuMembership(_ name: String) -> ((UInt32) -> Bool)? {
    if let types = categoryTypes[name] {
      return { types.contains(swift_u_charType(UChar32($0))) }
    }
    guard name != "Any" && name != "ASCII" else { return nil }
    let property = swift_u_getPropertyEnum(name)
    guard property.rawValue >= 0 else { return nil }
    return { swift_u_hasBinaryProperty(UChar32($0), property) != 0 }
  }

  @Test(
    "every category and binary property, and its complement, holds what ICU's does",
    arguments: Set(ICUCharacterSets.generalCategories.values).union(
      ICUCharacterSets.binaryProperties.values
    ).sorted())
  func propertyAgreesWithICU(_ name: String) throws {
    guard let icu = Self.icuMembership(name) else {
      #expect(name == "Any" || name == "ASCII", "ICU has no data for \(name)")
      return
    }
    let set = ICUCharacterSets.property(pcre2: name)
    let members = try CompiledRegex(
      pattern: set.members.regex, options: [.wholeString, .unicodeProperties])
    let nonMembers = try CompiledRegex(
      pattern: set.nonMembers.regex, options: [.wholeString, .unicodeProperties])
    let inMembers = try Self.known.answers(members)
    let inNonMembers = try Self.known.answers(nonMembers)
    var differences: [String] = []
    for (index, value) in Self.known.values.enumerated() {
      let expected = icu(value)
      if inMembers[index] != expected || inNonMembers[index] == expected, differences.count < 10 {
        differences.append("U+\(String(value, radix: 16, uppercase: true)): ICU \(expected)")
      }
    }
    #expect(differences.isEmpty, "\\p{\(name)}: \(differences)")
  }

  @Test("\\X on a consonant cluster ICU's Unicode 16 joins is not answered; anything else is ICU's")
  func graphemeClustersAcrossAVirama() throws {
    for pattern in ["\\X", "\\X\\X", "\\X+", "a|\\X"] {
      let compiled = try #require(
        CompiledPredicate.compile(
          "SELF MATCHES %@", arguments: [.string(pattern)], profile: .extended
        ).compiled)
      for linker in ICURegexDialect.clusterLinkers {
        let cluster = "\u{915}" + String(linker) + "\u{937}"
        let error = #expect(
          throws: PredicateEvaluationError.self, "\(pattern) on \(cluster.debugDescription)"
        ) { try compiled.evaluate(with: cluster) }
        #expect(error?.kind == .unlikeICU)
      }
      let regex = try #require(ICUOracle.regex(pattern, caseInsensitive: false))
      for subject in ["\u{915}\u{937}", "e\u{301}", "\u{915}\u{93F}", "ab", "\r\n", "👨\u{200D}👩"] {
        #expect(
          try compiled.evaluate(with: subject) == ICUOracle.matches(regex, subject),
          "\(pattern) on \(subject.debugDescription)")
      }
    }
  }

  @Test("closing a corrected set over case never adds back a character it removes")
  func closureKeepsRemovalsOut() throws {
    let sets =
      ICUPropertyData.removed.map { ("\\p{\($0.key)}", $0.value) }
      + ICUPropertyData.scriptExtendedOutOf.map { ("\\p{scx=\($0.key)}", $0.value) }
    #expect(sets.count >= 7)
    for (pattern, removed) in sets {
      guard case .set(let set) = ICUCharacterSets.property(String(pattern.dropFirst(3).dropLast()))
      else {
        Issue.record("\(pattern) names no set")
        continue
      }
      let additions = CaseClosure.additions(to: set.named.regex)
      guard !additions.isEmpty else { continue }
      let added = try CompiledRegex(
        pattern: "[\(additions)]", options: [.wholeString, .unicodeProperties])
      let taken = try CompiledRegex(
        pattern: "[\(removed)]", options: [.wholeString, .unicodeProperties])
      for value in UInt32(0)...CaseClosure.lastCasedPlaneEnd {
        guard let scalar = Unicode.Scalar(value), try taken.matches(String(scalar)) else {
          continue
        }
        #expect(
          try !added.matches(String(scalar)),
          "(?i)\(pattern) adds back U+\(String(value, radix: 16, uppercase: true))")
      }
    }
  }

  @Test("no union of properties names one ICU's data takes characters from")
  func unionsTakeNoRemovals() {
    for (name, union) in ICUCharacterSets.unions {
      for property in union.properties {
        #expect(
          ICUPropertyData.removed[property] == nil,
          "[[:\(name):]] names \(property), which ICU's data takes characters from")
      }
    }
  }
}
