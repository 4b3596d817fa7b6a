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
  /// Made once and kept for the life of the process, in memory of its own: a fold reads it
  /// through plain pointers, with no reference counting and no array bounds checks (every index
  /// comes from the tables themselves, checked when they were parsed).
  private struct Tables: @unchecked Sendable {
    /// For each block of 128 scalars, its first slot in `recordIndex`, or -1 when no scalar of
    /// the block is listed.
    let blocks: UnsafeBufferPointer<Int32>
    /// For each scalar of a materialised block, its record number plus one (0: not listed).
    let recordIndex: UnsafeBufferPointer<UInt16>
    let records: UnsafeBufferPointer<UInt32>
    /// Eight outputs per mark (alone, alone+NFKD, kept, kept+NFKD under `[d]`, then `[cd]`).
    let markForms: UnsafeBufferPointer<UInt32>
    /// The UTF-8 of every output, back to back.
    let output: UnsafeBufferPointer<UInt8>

    init(
      blocks: [Int32], recordIndex: [UInt16], records: [UInt32], markForms: [UInt32],
      output: [UInt8]
    ) {
      func keep<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let copy = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = copy.initialize(from: array)
        return UnsafeBufferPointer(rebasing: copy[..<array.count])
      }
      self.blocks = keep(blocks)
      self.recordIndex = keep(recordIndex)
      self.records = keep(records)
      self.markForms = keep(markForms)
      self.output = keep(output)
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
  /// compatibility-decomposed too), or nil when only Foundation can say. `form` must fold.
  static func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm) -> [UInt8]? {
    // Written straight into the array's storage: most folds are about as long as the input.
    // A longer one (each scalar can become up to 255 bytes) is measured first, then written.
    var outcome = FoldOutcome.deferred
    let guess = [UInt8](unsafeUninitializedCapacity: bytes.count * 2 + 32) { buffer, count in
      outcome = fold(bytes, form, into: buffer)
      if case .folded(let length) = outcome { count = length } else { count = 0 }
    }
    switch outcome {
    case .folded: return guess
    case .deferred: return nil
    case .overflowed: break
    }
    let variant = variant(form)!
    var counter = CountingSink()
    _ = run(bytes, form, variant, &counter)
    return [UInt8](unsafeUninitializedCapacity: counter.count) { buffer, count in
      var sink = BufferSink(buffer)
      _ = run(bytes, form, variant, &sink)
      count = sink.count
    }
  }

  /// What a fold into a buffer did.
  enum FoldOutcome {
    /// The fold is the buffer's first `count` bytes.
    case folded(count: Int)
    /// Only Foundation can say (see ``fold(_:_:)``).
    case deferred
    /// The buffer is too small: nothing usable was written.
    case overflowed
  }

  /// Folds `bytes` as ``fold(_:_:)`` does, into `buffer`: for callers with storage of their own
  /// (stack memory for a one-off evaluation, with no allocation).
  @inline(__always)
  static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> FoldOutcome {
    guard let variant = variant(form) else { preconditionFailure("\(form) does not fold") }
    var sink = BufferSink(buffer)
    switch run(bytes, form, variant, &sink) {
    case .folded: return .folded(count: sink.count)
    case .deferred: return .deferred
    case .overflowed: return .overflowed
    }
  }

  private enum Outcome { case folded, deferred, overflowed }

  /// The fold itself, into `out`.
  @inline(__always)
  private static func run<Out: ByteSink>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ form: TextForm, _ variant: Int, _ out: inout Out
  ) -> Outcome {
    let folding = variant / 2
    let decomposes = variant & 1
    let lowercasesASCII = form.folding.foldsCase
    let tables = self.tables
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
        // The whole run of ASCII up to the next scalar the tables may change, at once.
        let end = ASCIIBytes.endOfASCII(bytes, from: index &+ 1)
        out.appendASCII(
          UnsafeBufferPointer(rebasing: bytes[index..<end]), lowercased: lowercasesASCII)
        keepsMarks = false
        marksGoToFoundation = false
        run = 0
        index = end
        continue
      }
      let (value, length) = UTF8Scalars.decode(bytes, at: index)
      let scalar = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
      index += length
      if out.overflowed { return .overflowed }
      let block = tables.blocks[Int(value >> blockShift)]
      let record =
        block < 0 ? 0 : Int(tables.recordIndex[Int(block) + Int(value) & (blockSize - 1)])
      guard record != 0 else {
        out.append(scalar)
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
          return .deferred
        }
        let forms = Int(tables.records[base + 7]) + (folding - 1) * 4
        if let keeps = keepsMarks {
          run += 1
          if run > longestMarkRun { return .deferred }
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
    return out.overflowed ? .overflowed : .folded
  }

  @inline(__always)
  private static func append<Out: ByteSink>(
    _ slot: UInt32, _ scalar: UnsafeBufferPointer<UInt8>, _ tables: Tables, _ out: inout Out
  ) {
    if slot == identity {
      out.append(scalar)
    } else {
      out.append(
        UnsafeBufferPointer(
          start: tables.output.baseAddress! + Int(slot >> 8), count: Int(slot & 0xFF)))
    }
  }

  /// Reads the generated text (see `FoldingData.swift`) into the two-stage index: byte by byte,
  /// since it runs at the first folded identifier of a process (about 20,000 lines;
  /// `String.split` took half a second). The reader is a value with its own position, not
  /// closures over the parse's locals: captured variables live in boxes, and reading each byte
  /// through one made the parse about 50 instructions a byte, 15 ms of a short batch's start.
  private static func parse(_ text: String) -> Tables {
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  /// A cursor over the generated text.
  private struct DataReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 1

    var atEnd: Bool { position >= bytes.count }
    /// The byte at the position; the caller checks ``atEnd`` first.
    var current: UInt8 { bytes[position] }

    func fail(_ what: String) -> Never {
      preconditionFailure("FoldingData: \(what) on data line \(line)")
    }

    /// A number in `radix`, ending at a space, newline, `.` or the end.
    mutating func number(_ radix: UInt32) -> UInt32 {
      var value: UInt32 = 0
      let start = position
      while position < bytes.count {
        let byte = bytes[position]
        let digit: UInt32
        if byte &- UInt8(ascii: "0") < 10 {
          digit = UInt32(byte &- UInt8(ascii: "0"))
        } else if radix == 16, byte &- UInt8(ascii: "A") < 6 {
          digit = UInt32(byte &- UInt8(ascii: "A")) + 10
        } else {
          break
        }
        value = value &* radix &+ digit
        position += 1
      }
      guard position > start else { fail("a number expected") }
      return value
    }

    /// One output field: `=`, `-` or hex scalars joined by `.`; as a slot into `output`.
    mutating func slot(into output: inout [UInt8]) -> UInt32 {
      guard !atEnd else { fail("a field expected") }
      if current == UInt8(ascii: "=") {
        position += 1
        return identity
      }
      let start = output.count
      if current == UInt8(ascii: "-") {
        position += 1
      } else {
        while true {
          guard let scalar = Unicode.Scalar(number(16)) else { fail("not a scalar") }
          UTF8Scalars.append(scalar.value, to: &output)
          guard !atEnd, current == UInt8(ascii: ".") else { break }
          position += 1
        }
      }
      let length = output.count - start
      guard length < 256 else { fail("an output too long") }
      return UInt32(start) << 8 | UInt32(length)
    }

    mutating func skipSpaces() {
      while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
    }
  }

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Tables {
    var blocks = [Int32](repeating: -1, count: 0x110000 >> Int(blockShift))
    var recordIndex: [UInt16] = []
    var records: [UInt32] = []
    var markForms: [UInt32] = []
    var output: [UInt8] = []
    var reader = DataReader(bytes: bytes)
    var fields: [UInt32] = []
    fields.reserveCapacity(14)
    while true {
      reader.skipSpaces()
      guard !reader.atEnd else { break }
      if reader.current == UInt8(ascii: "\n") {
        reader.position += 1
        reader.line += 1
        continue
      }
      let value = reader.number(16)
      guard value < 0x110000 else { reader.fail("not a scalar") }
      reader.skipSpaces()
      let bits = reader.number(10)
      fields.removeAll(keepingCapacity: true)
      while true {
        reader.skipSpaces()
        guard !reader.atEnd, reader.current != UInt8(ascii: "\n") else { break }
        fields.append(reader.slot(into: &output))
      }
      guard fields.count == 6 || fields.count == 14 else {
        reader.fail("6 or 14 outputs expected")
      }
      let block = Int(value >> blockShift)
      if blocks[block] < 0 {
        blocks[block] = Int32(recordIndex.count)
        recordIndex += repeatElement(0, count: blockSize)
      }
      records += fields[..<6]
      records.append(bits)
      records.append(UInt32(markForms.count))
      markForms += fields[6...]
      let recordNumber = records.count / recordSize
      guard recordNumber < Int(UInt16.max) else { reader.fail("too many records") }
      recordIndex[Int(blocks[block]) + Int(value) & (blockSize - 1)] = UInt16(recordNumber)
    }
    return Tables(
      blocks: blocks, recordIndex: recordIndex, records: records, markForms: markForms,
      output: output)
  }
}
