/// Foundation's `[c]`, `[d]` and `[cd]` folding (width folding included), read from generated
/// tables instead of asking Foundation for every identifier.
///
/// Foundation folds a string in about a microsecond; the tables fold an identifier's bytes in
/// tens of nanoseconds, ASCII bytes without a lookup. They hold, for each scalar, what Foundation
/// makes of it (`FoldingData.swift`, written by `Scripts/generate-folding-tables.swift`, checked
/// against Foundation by `FoldingTablesTests`). Folding a string scalar by scalar is Foundation's
/// answer only where Foundation folds each scalar on its own; the scalars whose folding depends
/// on their neighbours (the combining marks `[d]` drops after a base and keeps at the start, a
/// halfwidth voiced mark after halfwidth katakana) are marked, and an identifier holding one is
/// left to Foundation (``fold(_:_:)`` returns nil).
///
/// For the NFKC forms each entry is the folded scalar's compatibility decomposition, so NFC of
/// the concatenation is NFKC of the folded text (NFKC is NFC of NFKD, and NFKD of a string is
/// canonically equivalent to the concatenation of its scalars' NFKD).
enum FoldingTables {
  /// Scalars per block of the two-stage index.
  private static let blockShift: UInt32 = 7
  private static let blockSize = 1 << blockShift
  /// A record slot for "this fold depends on the neighbours".
  private static let contextual: UInt32 = 0xFFFF_FFFF
  /// A record slot for "the scalar itself".
  private static let identity: UInt32 = 0xFFFF_FFFE

  /// The parsed tables: a block index over every scalar, then per listed scalar six slots, each
  /// an offset and length into `output` (or ``identity`` or ``contextual``).
  private struct Tables {
    /// For each block of 128 scalars, its first slot in `recordIndex`, or -1 when no scalar of
    /// the block is listed.
    var blocks: [Int32]
    /// For each scalar of a materialised block, its record number plus one (0: not listed).
    var recordIndex: [UInt16]
    /// Six slots per record: `offset << 8 | length`, or a marker.
    var records: [UInt32]
    /// The UTF-8 of every output, back to back.
    var output: [UInt8]
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
  /// compatibility-decomposed too), or nil when a scalar's folding depends on its neighbours
  /// and only Foundation can say.
  static func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm) -> [UInt8]? {
    guard let variant = variant(form) else { return Array(bytes) }
    let lowercasesASCII = form.folding.foldsCase
    let tables = self.tables
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        out.append(lowercasesASCII && lead &- 0x41 < 26 ? lead | 0x20 : lead)
        index += 1
        continue
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      let block = tables.blocks[Int(value >> blockShift)]
      let record =
        block < 0 ? 0 : Int(tables.recordIndex[Int(block) + Int(value) & (blockSize - 1)])
      if record == 0 {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
      } else {
        let slot = tables.records[(record - 1) * 6 + variant]
        if slot == contextual { return nil }
        if slot == identity {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        } else {
          let start = Int(slot >> 8)
          out.append(contentsOf: tables.output[start..<start + Int(slot & 0xFF)])
        }
      }
      index += length
    }
    return out
  }

  /// Reads the generated text (see `FoldingData.swift`) into the two-stage index.
  private static func parse(_ text: String) -> Tables {
    var tables = Tables(
      blocks: Array(repeating: -1, count: (0x110000 >> Int(blockShift))), recordIndex: [],
      records: [], output: [])
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 8, let value = UInt32(fields[0], radix: 16),
        let contextBits = Int(fields[1])
      else { preconditionFailure("FoldingData: malformed line '\(line)'") }
      let block = Int(value >> blockShift)
      if tables.blocks[block] < 0 {
        tables.blocks[block] = Int32(tables.recordIndex.count)
        tables.recordIndex += Array(repeating: 0, count: blockSize)
      }
      tables.records.reserveCapacity(tables.records.count + 6)
      for variant in 0..<6 {
        if contextBits & (1 << (variant / 2)) != 0 {
          tables.records.append(contextual)
          continue
        }
        switch fields[2 + variant] {
        case "=":
          tables.records.append(identity)
        case let spelled:
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
          tables.records.append(UInt32(tables.output.count) << 8 | UInt32(utf8.count))
          tables.output += utf8
        }
      }
      let recordNumber = tables.records.count / 6
      precondition(recordNumber < Int(UInt16.max), "FoldingData: too many records")
      tables.recordIndex[Int(tables.blocks[block]) + Int(value) & (blockSize - 1)] = UInt16(
        recordNumber)
    }
    return tables
  }
}
