/// Foundation's `[c]`, `[d]` and `[cd]` folding (width folding included), read from generated
/// tables instead of asking Foundation for every identifier.
///
/// Foundation folds a string in about a microsecond; the tables fold an identifier's bytes in
/// tens of nanoseconds, ASCII bytes without a lookup. They hold, for each scalar, what Foundation
/// makes of it (`FoldingData.swift`, written by `Scripts/generate-folding-tables.swift`, checked
/// against Foundation by `FoldingTablesTests`).
///
/// Foundation folds most scalars on their own. The exception is `[d]` and combining marks
/// (CFStringFold's rule, as Linux's Foundation has it): the marks after a base are all dropped
/// when the base, decomposed (and for `[cd]` case-folded), is below U+0510 — ASCII, Latin,
/// Greek, Cyrillic. After any other base they are kept, decomposed; except that when the base
/// folds to itself, the first mark after it is kept only if it is over U+050F. A mark that
/// starts the text is folded as a base. The tables carry that rule as data read back from
/// Foundation (what each mark becomes alone, the bases that depart from the U+0510 default) and
/// mark what it does not explain (Foundation sorts a cluster's marks by a class in which some
/// Indic vowel signs move, which NFC would not do; a run of more than ``longestMarkRun`` marks):
/// an identifier holding one is left to Foundation (``fold(_:_:)`` returns nil).
///
/// For the NFKC forms each entry is the folded scalar's compatibility decomposition, so NFC of
/// the concatenation is NFKC of the folded text (NFKC is NFC of NFKD, and NFKD of a string is
/// canonically equivalent to the concatenation of its scalars' NFKD).
enum FoldingTables {
  /// Scalars per block of the two-stage index.
  private static let blockShift: UInt32 = 7
  private static let blockSize = 1 << blockShift
  /// A record slot for "the scalar itself".
  private static let identity: UInt32 = 0xFFFF_FFFE
  /// Slots per record: six outputs, the bits, the first of the mark's eight forms.
  private static let recordSize = 8
  /// Foundation folds a cluster in a bounded buffer, and a longer run of kept marks starts a new
  /// cluster; runs longer than this go to Foundation.
  static let longestMarkRun = 8

  /// The bits of a record (see `FoldingData.swift`).
  private enum Bit {
    /// A mark under folding `f` (0 `[c]`, 1 `[d]`, 2 `[cd]`).
    static func mark(_ folding: Int) -> UInt32 { 1 << UInt32(folding) }
    static func keepsException(_ folding: Int) -> UInt32 { 1 << UInt32(2 + folding) }
    static func fallbackAfter(_ folding: Int) -> UInt32 { 1 << UInt32(4 + folding) }
    static func unsupported(_ folding: Int) -> UInt32 { 1 << UInt32(6 + folding) }
  }

  /// The parsed tables: a block index over every scalar, then per listed scalar a record of
  /// ``recordSize`` slots, each output an offset and length into `output` (or ``identity``).
  /// A class, so that a fold holds one reference rather than one per array.
  private final class Tables: Sendable {
    /// For each block of 128 scalars, its first slot in `recordIndex`, or -1 when no scalar of
    /// the block is listed.
    let blocks: [Int32]
    /// For each scalar of a materialised block, its record number plus one (0: not listed).
    let recordIndex: [UInt16]
    let records: [UInt32]
    /// Eight outputs per mark (alone, alone+NFKD, kept, kept+NFKD under `[d]`, then `[cd]`).
    let markForms: [UInt32]
    /// The UTF-8 of every output, back to back.
    let output: [UInt8]

    init(
      blocks: [Int32], recordIndex: [UInt16], records: [UInt32], markForms: [UInt32],
      output: [UInt8]
    ) {
      self.blocks = blocks
      self.recordIndex = recordIndex
      self.records = records
      self.markForms = markForms
      self.output = output
    }
  }

  private static let tables: Tables = parse(data)

  /// The variant of the data a form reads: `[c]`, `[c]`+NFKD, `[d]`, `[d]`+NFKD, `[cd]`,
  /// `[cd]`+NFKD; nil for a form that does not fold.
  @inline(__always)
  static func variant(_ form: TextForm) -> Int? {
    guard form.folding != .none else { return nil }
    return (form.folding.rawValue - 1) * 2 + (form.normalization == .compatibility ? 1 : 0)
  }

  /// `bytes` (valid UTF-8) folded as `form` folds (before its normalisation; for an NFKC form,
  /// compatibility-decomposed too), or nil when only Foundation can say.
  static func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm) -> [UInt8]? {
    guard let variant = variant(form) else { return Array(bytes) }
    let folding = variant / 2
    let decomposes = variant & 1
    let lowercasesASCII = form.folding.foldsCase
    let tables = self.tables
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    /// Under `[d]`/`[cd]`: whether the base before keeps the marks after it; nil at the start.
    var keepsMarks: Bool? = nil
    /// Whether the base before folds to itself, so that its first mark is kept only if it is
    /// over U+050F.
    var filtersFirstMark = false
    var marksGoToFoundation = false
    var run = 0
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        out.append(lowercasesASCII && lead &- 0x41 < 26 ? lead | 0x20 : lead)
        keepsMarks = false
        marksGoToFoundation = false
        run = 0
        index += 1
        continue
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      let scalar = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
      index += length
      let block = tables.blocks[Int(value >> blockShift)]
      let record =
        block < 0 ? 0 : Int(tables.recordIndex[Int(block) + Int(value) & (blockSize - 1)])
      guard record != 0 else {
        out.append(contentsOf: scalar)
        keepsMarks = value >= 0x510
        filtersFirstMark = true
        marksGoToFoundation = false
        run = 0
        continue
      }
      let base = (record - 1) * recordSize
      let bits = tables.records[base + 6]
      if bits & Bit.mark(folding) != 0 {
        if folding == 0 || bits & Bit.unsupported(folding) != 0 || marksGoToFoundation {
          return nil
        }
        let forms = Int(tables.records[base + 7]) + (folding - 1) * 4
        if let keeps = keepsMarks {
          run += 1
          if run > longestMarkRun { return nil }
          if keeps && !(run == 1 && filtersFirstMark && value < 0x510) {
            append(tables.markForms[forms + 2 + decomposes], scalar, tables, &out)
          }
        } else {
          // The mark starts the text: folded as a base, and it decides for the marks after it.
          let alone = tables.markForms[forms]
          append(tables.markForms[forms + decomposes], scalar, tables, &out)
          keepsMarks = (value >= 0x510) != (bits & Bit.keepsException(folding) != 0)
          filtersFirstMark = alone == identity
          marksGoToFoundation = bits & Bit.fallbackAfter(folding) != 0
          run = 0
        }
        continue
      }
      append(tables.records[base + variant], scalar, tables, &out)
      if folding > 0 {
        keepsMarks = (value >= 0x510) != (bits & Bit.keepsException(folding) != 0)
        filtersFirstMark = tables.records[base + folding * 2] == identity
        marksGoToFoundation = bits & Bit.fallbackAfter(folding) != 0
        run = 0
      }
    }
    return out
  }

  @inline(__always)
  private static func append(
    _ slot: UInt32, _ scalar: UnsafeBufferPointer<UInt8>, _ tables: Tables, _ out: inout [UInt8]
  ) {
    if slot == identity {
      out.append(contentsOf: scalar)
    } else {
      let start = Int(slot >> 8)
      out.append(contentsOf: tables.output[start..<start + Int(slot & 0xFF)])
    }
  }

  /// Reads the generated text (see `FoldingData.swift`) into the two-stage index.
  private static func parse(_ text: String) -> Tables {
    var blocks = [Int32](repeating: -1, count: 0x110000 >> Int(blockShift))
    var recordIndex: [UInt16] = []
    var records: [UInt32] = []
    var markForms: [UInt32] = []
    var output: [UInt8] = []
    func slot(_ spelled: Substring, _ line: Substring) -> UInt32 {
      if spelled == "=" { return identity }
      var utf8: [UInt8] = []
      if spelled != "-" {
        for part in spelled.split(separator: ".") {
          guard let scalar = UInt32(part, radix: 16).flatMap(Unicode.Scalar.init) else {
            preconditionFailure("FoldingData: malformed scalar in '\(line)'")
          }
          utf8 += Array(String(scalar).utf8)
        }
      }
      precondition(utf8.count < 256, "FoldingData: output too long in '\(line)'")
      defer { output += utf8 }
      return UInt32(output.count) << 8 | UInt32(utf8.count)
    }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 8 || fields.count == 16, let value = UInt32(fields[0], radix: 16),
        let bits = UInt32(fields[1])
      else { preconditionFailure("FoldingData: malformed line '\(line)'") }
      let block = Int(value >> blockShift)
      if blocks[block] < 0 {
        blocks[block] = Int32(recordIndex.count)
        recordIndex += Array(repeating: 0, count: blockSize)
      }
      for variant in 0..<6 { records.append(slot(fields[2 + variant], line)) }
      records.append(bits)
      records.append(UInt32(markForms.count))
      if fields.count == 16 {
        for form in 8..<16 { markForms.append(slot(fields[form], line)) }
      }
      let recordNumber = records.count / recordSize
      precondition(recordNumber < Int(UInt16.max), "FoldingData: too many records")
      recordIndex[Int(blocks[block]) + Int(value) & (blockSize - 1)] = UInt16(
        recordNumber)
    }
    return Tables(
      blocks: blocks, recordIndex: recordIndex, records: records, markForms: markForms,
      output: output)
  }
}
