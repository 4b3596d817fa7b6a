// Writes Sources/PredicateEvaluation/Text/FoldingData.swift: for every scalar, what Foundation's
// `[c]`, `[d]` and `[cd]` folding (with width folding, as TextForm applies it) makes of it, alone
// and followed by its compatibility decomposition (for the NFKC forms of LIKE and MATCHES), and
// whether its folding depends on its neighbours. Read from Foundation itself, so that the
// table-driven folding (FoldingTables) gives exactly Foundation's answers.
//   swift Scripts/generate-folding-tables.swift        (from the package root)
// FoldingTablesTests checks the committed data against the running toolchain's Foundation, so a
// toolchain whose folding changes fails the tests until this is run again.
import Foundation

let foldings: [String.CompareOptions] = [
  [.caseInsensitive, .widthInsensitive], [.diacriticInsensitive, .widthInsensitive],
  [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
]
/// Neighbours a scalar's folding is tried beside: a letter that takes marks, halfwidth katakana
/// (which takes halfwidth voiced marks), a letter that folds to two, a Hangul syllable, a newline.
let neighbours = ["a", "\u{FF76}", "ß", "\u{AC00}", "\n"]

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
/// Scalar for scalar: `String`'s `==` is canonical equivalence, and `ǰ` folds to `j` U+030C,
/// which it would call unchanged.
func same(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }
/// Canonical equivalence: Foundation sorts the marks of a cluster by combining class, and every
/// folded text is normalised (NFC or NFKC) before use, so the order of marks is NFC's to decide.
func equivalent(_ a: String, _ b: String) -> Bool {
  same(a.decomposedStringWithCanonicalMapping, b.decomposedStringWithCanonicalMapping)
}

// Every scalar past ASCII, unassigned and private-use ones included: the data then says what
// Foundation does with each (nothing, for those), so nothing is assumed.
let scalars = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init)

/// Each scalar folded between newlines, 256 to one Foundation call.
func foldEach(_ chunk: ArraySlice<Unicode.Scalar>, _ options: String.CompareOptions) -> [String] {
  let joined = chunk.map { String($0) }.joined(separator: "\n")
  let parts = joined.folding(options: options, locale: nil).split(
    separator: "\n", omittingEmptySubsequences: false)
  if parts.count == chunk.count { return parts.map(String.init) }
  return chunk.map { String($0).folding(options: options, locale: nil) }
}

/// Whether `x s x` folds as its pieces do, for each neighbour.
func isContextFree(_ scalar: Unicode.Scalar, _ fold: String, _ options: String.CompareOptions)
  -> Bool
{
  for x in neighbours {
    let foldedX = x.folding(options: options, locale: nil)
    let whole = (x + String(scalar) + x).folding(options: options, locale: nil)
    if !same(whole, foldedX + fold + foldedX) { return false }
  }
  return true
}

var folded = [[String]](repeating: [], count: 3)
var contextual = [Set<UInt32>](repeating: [], count: 3)
for (index, options) in foldings.enumerated() {
  var start = 0
  while start < scalars.count {
    let chunk = scalars[start..<min(start + 256, scalars.count)]
    let folds = foldEach(chunk, options)
    folded[index] += folds
    // Every scalar of the chunk beside each neighbour in one call; only a chunk that differs is
    // tried scalar by scalar.
    for x in neighbours {
      let foldedX = x.folding(options: options, locale: nil)
      let whole = chunk.map { x + String($0) }.joined() + x
      let expected = folds.map { foldedX + $0 }.joined() + foldedX
      if same(whole.folding(options: options, locale: nil), expected) { continue }
      for (scalar, fold) in zip(chunk, folds) where !isContextFree(scalar, fold, options) {
        contextual[index].insert(scalar.value)
      }
    }
    start += 256
  }
}

// Foundation's `[d]` folding of combining marks (CFStringFold's rule, as Linux's Foundation has
// it): the marks after a base are all dropped when the base — decomposed, and for `[cd]`
// case-folded — is below U+0510 (ASCII, Latin, Greek, Cyrillic). After any other base they are
// kept, decomposed; except that when the base folds to itself, the first mark after it is kept
// only if it is over U+050F. A mark that starts the text is folded as a base. Read back from
// Foundation rather than assumed: what each mark becomes alone and kept, which bases depart from
// the U+0510 default, and where the rule does not give Foundation's answer (then an identifier
// goes to Foundation).
let keeper = "\u{65E5}"  // 日: keeps marks, folds to itself
let high = "\u{64B}"  // a mark over U+050F
let low = "\u{301}"  // a mark below U+0510
var keepsException = [Set<UInt32>](repeating: [], count: 3)
var fallbackAfter = [Set<UInt32>](repeating: [], count: 3)
var unsupported = [Set<UInt32>](repeating: [], count: 3)
var alone = [[UInt32: String]](repeating: [:], count: 3)
var kept = [[UInt32: String]](repeating: [:], count: 3)
for index in 1...2 {
  let options = foldings[index]
  func fold(_ text: String) -> String { text.folding(options: options, locale: nil) }
  let keeperFolded = fold(keeper)
  let keeperHigh = fold(keeper + high)
  for value in contextual[index].sorted() {
    let scalar = Unicode.Scalar(value)!
    let mark = String(scalar)
    // Kept, a mark is decomposed and not case-folded: checked second after a base that keeps
    // marks (where none is filtered) and first (where only those over U+050F are kept).
    let keptForm = mark.decomposedStringWithCanonicalMapping
    let aloneForm = fold(mark)
    alone[index][value] = aloneForm
    kept[index][value] = keptForm
    let first = value > 0x50F ? keptForm : ""
    if !equivalent(fold(keeper + high + mark), keeperHigh + keptForm)
      || !equivalent(fold("a" + mark), "a") || !equivalent(fold(keeper + mark), keeperFolded + first)
      || !equivalent(fold(mark + "a"), aloneForm + "a")
    {
      unsupported[index].insert(value)
    }
  }
  let keptHigh = kept[index][Unicode.Scalar(high)!.value]!
  let keptLow = kept[index][Unicode.Scalar(low)!.value]!
  /// Whether `base` (which folds to `baseFold`, and `changed` says whether that is not itself)
  /// is a base the rule explains, given its folds with a high mark and with two low marks; and
  /// whether it keeps marks.
  func classify(_ value: UInt32, _ baseFold: String, changed: Bool, _ withHigh: String, _ withLows: String)
  {
    let keeps: Bool
    if equivalent(withHigh, baseFold) && equivalent(withLows, baseFold) {
      keeps = false
    } else if equivalent(withHigh, baseFold + keptHigh)
      && equivalent(withLows, baseFold + (changed ? keptLow : "") + keptLow)
    {
      keeps = true
    } else {
      fallbackAfter[index].insert(value)
      return
    }
    if keeps != (value >= 0x510) { keepsException[index].insert(value) }
  }
  // Marks that start the text, as bases.
  for value in contextual[index].sorted() where !unsupported[index].contains(value) {
    let mark = String(Unicode.Scalar(value)!)
    let aloneForm = alone[index][value]!
    classify(value, aloneForm, changed: !same(aloneForm, mark), fold(mark + high), fold(mark + low + low))
  }
  // Every other scalar as a base, ASCII included, 256 to a call.
  let bases = (UInt32(1)..<0x80).compactMap(Unicode.Scalar.init).filter { $0 != "\n" }
    + scalars.filter { !contextual[index].contains($0.value) }
  var start = 0
  while start < bases.count {
    let chunk = bases[start..<min(start + 256, bases.count)]
    start += 256
    func each(_ marks: String) -> [String] {
      let parts = fold(chunk.map { String($0) + marks }.joined(separator: "\n")).split(
        separator: "\n", omittingEmptySubsequences: false)
      if parts.count == chunk.count { return parts.map(String.init) }
      return chunk.map { fold(String($0) + marks) }
    }
    for (base, (withHigh, withLows)) in zip(chunk, zip(each(high), each(low + low))) {
      let baseFold = fold(String(base))
      classify(base.value, baseFold, changed: !same(baseFold, String(base)), withHigh, withLows)
    }
  }
  precondition(
    !(keepsException[index].union(fallbackAfter[index])).contains { $0 < 0x80 },
    "FoldingTables assumes ASCII drops the marks after it")
}

/// The compatibility decomposition of each folded text, 256 to one call.
func nfkd(_ texts: [String]) -> [String] {
  var out: [String] = []
  var start = 0
  while start < texts.count {
    let chunk = texts[start..<min(start + 256, texts.count)]
    let parts = chunk.joined(separator: "\n").decomposedStringWithCompatibilityMapping.split(
      separator: "\n", omittingEmptySubsequences: false)
    precondition(parts.count == chunk.count)
    out += parts.map(String.init)
    start += 256
  }
  return out
}
let decomposed = folded.map(nfkd)
/// The four mark forms of a folding: alone, alone then NFKD, kept, kept then NFKD.
func markForms(_ index: Int, _ scalar: Unicode.Scalar) -> [String] {
  guard let aloneForm = alone[index][scalar.value], let keptForm = kept[index][scalar.value] else {
    return ["=", "=", "=", "="]
  }
  let forms = nfkd([aloneForm, keptForm])
  return [spell(aloneForm, scalar), spell(forms[0], scalar), spell(keptForm, scalar), spell(forms[1], scalar)]
}

func spell(_ text: String, _ scalar: Unicode.Scalar) -> String {
  if same(text, String(scalar)) { return "=" }
  if text.isEmpty { return "-" }
  return text.unicodeScalars.map { hex($0.value) }.joined(separator: ".")
}

var lines: [String] = []
for (position, scalar) in scalars.enumerated() {
  var bits = 0
  for index in 0..<3 where contextual[index].contains(scalar.value) { bits |= 1 << index }
  for index in 1...2 {
    if keepsException[index].contains(scalar.value) { bits |= 1 << (2 + index) }
    if fallbackAfter[index].contains(scalar.value) { bits |= 1 << (4 + index) }
    if unsupported[index].contains(scalar.value) { bits |= 1 << (6 + index) }
  }
  // Variants in FoldingTables order: c, c+NFKD, d, d+NFKD, cd, cd+NFKD.
  var outputs = (0..<3).flatMap { index in
    [spell(folded[index][position], scalar), spell(decomposed[index][position], scalar)]
  }
  // A mark under [d] and [cd]: alone, alone+NFKD, kept, kept+NFKD for each.
  if bits & 0b110 != 0 { outputs += markForms(1, scalar) + markForms(2, scalar) }
  if bits == 0 && outputs.allSatisfy({ $0 == "=" }) { continue }
  lines.append("\(hex(scalar.value)) \(bits) " + outputs.joined(separator: " "))
}

var out = """
  // Generated by Scripts/generate-folding-tables.swift from this toolchain's Foundation. Do not
  // edit: run the script again (FoldingTablesTests fails when this disagrees with Foundation).
  // swift-format-ignore-file

  extension FoldingTables {
    /// One line per scalar past ASCII whose folding is not itself or depends on its neighbours:
    /// the scalar; its bits (0–2: a mark whose `[c]`, `[d]`, `[cd]` folding depends on the base
    /// before it; 3–4: under `[d]`, `[cd]`, a base that departs from the U+0510 rule for the
    /// marks after it; 5–6: a base after which marks go to Foundation; 7–8: a mark the rule does
    /// not explain — see FoldingTables for the rule); six outputs — `[c]`, `[c]` then NFKD, `[d]`, `[d]` then NFKD, `[cd]`,
    /// `[cd]` then NFKD; and for a mark eight more — under `[d]` then `[cd]`: alone (starting the
    /// text), alone then NFKD, kept (after a base that keeps marks), kept then NFKD. Each output is
    /// `=` (the scalar itself), `-` (nothing) or scalars in hex joined by `.`. Scalars not listed
    /// fold to themselves, whatever their neighbours, and follow the U+0510 rule as bases.
    static let data = \"\"\"

  """
for line in lines { out += "    " + line + "\n" }
out += "    \"\"\"\n}\n"
try! out.write(
  toFile: "Sources/PredicateEvaluation/Text/FoldingData.swift", atomically: true, encoding: .utf8)
print("\(lines.count) scalars listed; contextual: c \(contextual[0].count), d \(contextual[1].count), cd \(contextual[2].count)")
print("marks Foundation's rule does not explain: d \(unsupported[1].count), cd \(unsupported[2].count); bases whose marks go to Foundation: d \(fallbackAfter[1].count), cd \(fallbackAfter[2].count); exceptions to U+0510: d \(keepsException[1].count), cd \(keepsException[2].count)")
