// Writes Sources/PredicateEvaluation/Regex/ICUPropertyData.swift: where the Unicode data of the
// ICU that ships with this toolchain's Foundation differs from PCRE2's, so that `\p{…}` answers
// as ICU does. PCRE2 10.42's data is Unicode 14's; Unicode 16 gave hundreds of marks and
// punctuation new Script_Extensions, made U+0363…U+036F Alphabetic, U+0CC0 Grapheme_Extend…
//   swiftc -O -I Sources/CPCRE2 Scripts/generate-icu-property-data.swift -l_FoundationICU \
//     -o /tmp/generate-icu-property-data && /tmp/generate-icu-property-data   (from the root)
// ICUPropertyDataTests checks the committed tables against the running toolchain's ICU and the
// installed PCRE2, so newer Unicode data in either fails the tests until this is run again.
import CPCRE2
import Foundation
import _FoundationICU

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

func shortName(_ code: UScriptCode) -> String {
  String(cString: swift_uscript_getShortName(code)).lowercased()
}
/// Every name ICU has for a script (short, long and aliases such as Qaai), loosely matched.
func allNames(_ code: UScriptCode) -> Set<String> {
  var names: Set<String> = [shortName(code)]
  for choice in 0..<8 {
    guard
      let name = swift_u_getPropertyValueName(
        UCHAR_SCRIPT, code.rawValue, UPropertyNameChoice(rawValue: UInt32(choice)))
    else { continue }
    names.insert(String(cString: name).lowercased().filter { $0 != "_" && $0 != " " && $0 != "-" })
  }
  return names
}

/// Scalars as PCRE2 class contents, consecutive ones joined into ranges.
func classContents(_ values: [UInt32]) -> String {
  var text = ""
  var index = 0
  let sorted = values.sorted()
  while index < sorted.count {
    var end = index
    while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
    text += "\\x{\(hex(sorted[index]))}"
    if end > index { text += (end == index + 1 ? "" : "-") + "\\x{\(hex(sorted[end]))}" }
    index = end + 1
  }
  return text
}

let common = USCRIPT_COMMON
let inherited = USCRIPT_INHERITED
/// Per script: characters of another Script whose extensions name it.
var into: [UScriptCode.RawValue: [UInt32]] = [:]
/// For Common and Inherited: their characters that have extensions of their own.
var outOf: [UScriptCode.RawValue: [UInt32]] = [:]
for value in UInt32(0)...0x10FFFF {
  if (0xD800...0xDFFF).contains(value) { continue }
  var error = U_ZERO_ERROR
  let script = swift_uscript_getScript(UChar32(value), &error)
  var buffer = [UScriptCode](repeating: USCRIPT_INVALID_CODE, count: 64)
  let count = swift_uscript_getScriptExtensions(UChar32(value), &buffer, 64, &error)
  guard error.rawValue <= 0 else { fatalError("U+\(hex(value)): \(error)") }
  let extensions = Array(buffer[0..<Int(count)])
  if extensions == [script] { continue }
  if script == common || script == inherited {
    guard !extensions.contains(script) else { fatalError("U+\(hex(value)) extends its own Script") }
    outOf[script.rawValue, default: []].append(value)
  } else if !extensions.contains(script) {
    fatalError("U+\(hex(value)): Script_Extensions leave out its Script")
  }
  for other in extensions where other != script { into[other.rawValue, default: []].append(value) }
}

// Properties: the characters ICU and PCRE2 put on different sides of each set the translation
// names to PCRE2. Characters PCRE2 has as unassigned are left out: they are newer than its data,
// and no table of a few lines can give them ICU's properties.
func compile(_ pattern: String) -> OpaquePointer {
  var error: Int32 = 0
  var offset = 0
  let options = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_ENDANCHORED)
  guard let code = pcre2_compile_8(pattern, pattern.utf8.count, options, &error, &offset, nil)
  else { fatalError("PCRE2 rejects \(pattern)") }
  return code
}
let matchData = pcre2_match_data_create_8(4, nil)
func pcre2Matches(_ code: OpaquePointer, _ value: UInt32) -> Bool {
  var text = String(Unicode.Scalar(value)!)
  return text.withUTF8 { pcre2_match_8(code, $0.baseAddress, $0.count, 0, 0, matchData, nil) >= 0 }
}
let unassigned = compile(#"\p{Cn}"#)
let known = (UInt32(0)...0x10FFFF).filter {
  Unicode.Scalar($0) != nil && !pcre2Matches(unassigned, $0)
}
/// General categories (PCRE2's names) by the `u_charType` values they hold.
let categories: [String: [Int8]] = {
  let single = [
    "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp", "Cc",
    "Cf", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf",
  ]
  var table: [String: [Int8]] = [:]
  for (value, name) in single.enumerated() { table[name] = [Int8(value)] }
  for group in ["C", "L", "M", "N", "P", "S", "Z"] {
    table[group] = single.indices.filter { single[$0].hasPrefix(group) }.map { Int8($0) }
  }
  table["L&"] = [1, 2, 3]
  return table
}()
/// Binary properties the translation names, by PCRE2's name (ICU knows each by it too).
let binaries = [
  "Alphabetic", "Lowercase", "Uppercase", "White_Space", "Hex_Digit", "ASCII_Hex_Digit", "Cased",
  "Case_Ignorable", "Dash", "Diacritic", "Extender", "Grapheme_Base", "Grapheme_Extend",
  "Ideographic", "ID_Start", "ID_Continue", "XID_Start", "XID_Continue", "Join_Control", "Math",
  "Noncharacter_Code_Point", "Pattern_Syntax", "Pattern_White_Space", "Quotation_Mark", "Radical",
  "Regional_Indicator", "Soft_Dotted", "Sentence_Terminal", "Terminal_Punctuation",
  "Unified_Ideograph", "Variation_Selector", "Default_Ignorable_Code_Point", "Deprecated",
  "Bidi_Control", "Bidi_Mirrored", "Logical_Order_Exception", "Emoji", "Emoji_Presentation",
  "Emoji_Modifier", "Emoji_Modifier_Base", "Emoji_Component", "Extended_Pictographic",
  "Changes_When_Casefolded", "Changes_When_Casemapped", "Changes_When_Lowercased",
  "Changes_When_Uppercased", "Changes_When_Titlecased",
]
var added: [String: [UInt32]] = [:]
var removed: [String: [UInt32]] = [:]
func compare(_ name: String, icu: (UInt32) -> Bool) {
  let code = compile("\\p{\(name)}")
  for value in known {
    let inICU = icu(value)
    if inICU != pcre2Matches(code, value) {
      if inICU {
        added[name, default: []].append(value)
      } else {
        removed[name, default: []].append(value)
      }
    }
  }
}
for (name, types) in categories { compare(name) { types.contains(swift_u_charType(UChar32($0))) } }
for name in binaries {
  let property = swift_u_getPropertyEnum(name)
  guard property.rawValue >= 0 else { fatalError("ICU has no property \(name)") }
  compare(name) { swift_u_hasBinaryProperty(UChar32($0), property) != 0 }
}

var version = UVersionInfo(0, 0, 0, 0)
swift_u_getUnicodeVersion(&version)
let codes = Set(into.keys).union(outOf.keys).sorted()
var names: [(String, String)] = []
for raw in codes {
  let code = UScriptCode(rawValue: raw)
  for name in allNames(code) { names.append((name, shortName(code))) }
}
func dictionary(_ table: [String: [UInt32]]) -> String {
  table.keys.sorted().map { name -> String in
    // Laid out as swift-format lays it out: the value on its own line when the pair is long.
    let key = "    \"\(name)\":"
    let value = "#\"\(classContents(table[name]!))\"#,"
    return key.count + 1 + value.count <= 100 ? "\(key) \(value)" : "\(key)\n      \(value)"
  }
  .joined(separator: "\n")
}
func byShortName(_ table: [UScriptCode.RawValue: [UInt32]]) -> [String: [UInt32]] {
  Dictionary(uniqueKeysWithValues: table.map { (shortName(UScriptCode(rawValue: $0)), $1) })
}

let output = """
  // Generated by Scripts/generate-icu-property-data.swift from ICU's Unicode \(version.0).\(version.1) \
  data. Do not edit.

  /// ICU's Unicode data where PCRE2's differs: PCRE2 10.42's is older, so ``ICUCharacterSets``
  /// corrects each property it names to PCRE2 with these characters, and writes `\\p{scx=…}` out
  /// from Script (on which both engines agree) and ICU's Script_Extensions.
  enum ICUPropertyData {
    /// The Unicode version the table was read from.
    static let unicodeVersion = "\(version.0).\(version.1)"

    /// A script's loosely matched long or short name to its short name, for the scripts below.
    static let scriptShortNames: [String: String] = [
  \(names.sorted { $0.0 < $1.0 }.map { "    \"\($0.0)\": \"\($0.1)\"," }.joined(separator: "\n"))
    ]

    /// Per PCRE2 property name (`Alphabetic`, `Mn`), the characters ICU has in the set and PCRE2
    /// does not, as class contents.
    static let added: [String: String] = [
  \(dictionary(added))
    ]

    /// Per PCRE2 property name, the characters PCRE2 has in the set and ICU does not.
    static let removed: [String: String] = [
  \(dictionary(removed))
    ]

    /// Per script, the characters of another Script whose extensions name it, as class contents.
    static let scriptExtendedInto: [String: String] = [
  \(dictionary(byShortName(into)))
    ]

    /// For Common and Inherited, their characters with extensions of their own: ICU leaves them
    /// out of `scx=Common` and `scx=Inherited`.
    static let scriptExtendedOutOf: [String: String] = [
  \(dictionary(byShortName(outOf)))
    ]
  }

  """
try! output.write(
  toFile: "Sources/PredicateEvaluation/Regex/ICUPropertyData.swift", atomically: true,
  encoding: .utf8)
print("\(into.values.map(\.count).reduce(0, +)) extensions into \(into.count) scripts")
print(
  "\(added.values.map(\.count).reduce(0, +)) added to and \(removed.values.map(\.count).reduce(0, +)) removed from \(Set(added.keys).union(removed.keys).count) properties"
)
