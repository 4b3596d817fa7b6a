import PortableIO

/// A Swift file's code, read without parsing it: which bytes are code (not comments, not string
/// text), and the braces that nest them.
///
/// One pass that knows comments (nested `/* */`), string literals (raw `#"…"#`, multi-line
/// `"""`) and their interpolations, as swift-syntax's lexer reads them. The checks that must run
/// before the parser (how deep brackets nest) and the app model's sparse reading of a file
/// (``sparse(_:around:)``) stand on it.
package enum SwiftSkeleton {
  /// Calls `body` with the offset and value of the first code byte, of every code byte that
  /// `wanted` holds, and of every code byte at or after the offset `body` last returned (code
  /// bytes: bytes outside comments and outside string text; an interpolation's code is code, its
  /// delimiters are not). An unterminated single-line literal ends at its line's end, as the
  /// lexer reads it.
  ///
  /// A reader wants few bytes of a file (brackets, braces, the sites it looks for): the code
  /// between them is passed over a table lookup a byte, not a call. `body` returns where it
  /// next wants every byte (`index + 1` for the next, `Int.max` for none but `wanted`).
  ///
  /// - Returns: whether the file ends outside every literal and comment.
  @discardableResult
  package static func forEachCodeByte(
    _ bytes: UnsafeBufferPointer<UInt8>, wanted: CodeBytes, _ body: (Int, UInt8) -> Int
  ) -> Bool {
    /// An open string literal: its `#` count, whether it is `"""`, and, inside an
    /// interpolation, how many parentheses are open there (nil in the string's text).
    struct Literal {
      var pounds: Int
      var multiline: Bool
      var parentheses: Int?
    }
    var literals: [Literal] = []
    var index = 0
    func at(_ position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }
    /// The position after `count` `#`s from `position`, or nil when fewer follow.
    func pounds(_ count: Int, from position: Int) -> Int? {
      var end = position
      while end - position < count, at(end) == UInt8(ascii: "#") { end += 1 }
      return end - position == count ? end : nil
    }
    // Where `body` next wants every code byte.
    var everyFrom = 0
    // What stops each pass: over code, what `body` wants and what opens a comment or a literal;
    // over string text, an escape, a quote and a line break.
    let codeStop: UInt8 = 1
    let textStop: UInt8 = 2
    var stops = [UInt8](repeating: 0, count: 256)
    for byte in 0...255 where wanted.contains(UInt8(byte)) { stops[byte] = codeStop }
    for byte in "/#\"".utf8 { stops[Int(byte)] |= codeStop }
    for byte in "\\\"\n\r".utf8 { stops[Int(byte)] |= textStop }
    return stops.withUnsafeBufferPointer { stops in
      while index < bytes.count {
        // Code outside every literal, the most of a file: passed over up to the next byte that
        // stops it, or to where `body` wants every byte.
        if literals.isEmpty, index < everyFrom {
          let limit = min(bytes.count, everyFrom)
          while index < limit, stops[Int(bytes[index])] & codeStop == 0 { index += 1 }
          guard index < bytes.count else { break }
        }
        let byte = bytes[index]
        // A byte that opens no comment and no literal is code as it is.
        if literals.isEmpty, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "#"),
          byte != UInt8(ascii: "\"")
        {
          everyFrom = body(index, byte)
          index += 1
          continue
        }
        if let open = literals.last, open.parentheses == nil {
          // String text: passed over up to an escape, an interpolation's start, the closing
          // delimiter or a line break.
          if stops[Int(byte)] & textStop == 0 {
            index += 1
            while index < bytes.count, stops[Int(bytes[index])] & textStop == 0 { index += 1 }
            continue
          }
          if byte == UInt8(ascii: "\\"), let next = pounds(open.pounds, from: index + 1) {
            if at(next) == UInt8(ascii: "(") {
              literals[literals.count - 1].parentheses = 1
            }
            index = next + 1
            continue
          }
          if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), !open.multiline {
            literals.removeLast()
          } else if byte == UInt8(ascii: "\""),
            !open.multiline || (at(index + 1) == byte && at(index + 2) == byte),
            let end = pounds(open.pounds, from: index + (open.multiline ? 3 : 1))
          {
            literals.removeLast()
            index = end
            continue
          }
          index += 1
          continue
        }
        // Code, at the top level or in an interpolation.
        if let comment = comment(bytes, at: index) {
          guard comment.closed else { return false }
          index = comment.end
          continue
        }
        if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
          var quote = index
          while at(quote) == UInt8(ascii: "#") { quote += 1 }
          if at(quote) == UInt8(ascii: "\"") {
            var multiline =
              at(quote + 1) == UInt8(ascii: "\"") && at(quote + 2) == UInt8(ascii: "\"")
            // A raw `#"""` whose line holds a `"` and its `#`s after it opens a single-line
            // literal (`#"""#` is a quote), as the lexer reads it.
            if multiline, quote > index {
              var scan = quote + 2
              while scan < bytes.count, bytes[scan] != UInt8(ascii: "\n"),
                bytes[scan] != UInt8(ascii: "\r")
              {
                if bytes[scan] == UInt8(ascii: "\""), pounds(quote - index, from: scan + 1) != nil {
                  multiline = false
                  break
                }
                scan += 1
              }
            }
            literals.append(Literal(pounds: quote - index, multiline: multiline, parentheses: nil))
            index = quote + (multiline ? 3 : 1)
          } else {
            if index >= everyFrom || wanted.contains(byte) { everyFrom = body(index, byte) }
            index += 1
          }
          continue
        }
        if let open = literals.last, let parentheses = open.parentheses {
          if byte == UInt8(ascii: "(") {
            literals[literals.count - 1].parentheses = parentheses + 1
          } else if byte == UInt8(ascii: ")") {
            literals[literals.count - 1].parentheses = parentheses == 1 ? nil : parentheses - 1
            // The interpolation's closing parenthesis is the literal's, not code.
            if parentheses == 1 {
              index += 1
              continue
            }
          }
        }
        if index >= everyFrom || wanted.contains(byte) { everyFrom = body(index, byte) }
        index += 1
      }
      return literals.isEmpty
    }
  }

  /// A set of byte values, tested with one load: the bytes a reader of
  /// ``forEachCodeByte(_:wanted:_:)`` wants.
  /// The offsets among `sites` (ascending) that are code: a site in a comment or in a string's
  /// text is left out, as ``sparse(_:around:)`` passes over it.
  package static func codeOffsets(_ bytes: UnsafeBufferPointer<UInt8>, among sites: [Int])
    -> [Int]
  {
    guard !sites.isEmpty else { return [] }
    var code: [Int] = []
    var next = 0
    forEachCodeByte(bytes, wanted: noBytes) { index, _ in
      while next < sites.count, sites[next] < index { next += 1 }
      if next < sites.count, sites[next] == index {
        code.append(index)
        next += 1
      }
      return next < sites.count ? sites[next] : Int.max
    }
    return code
  }

  /// No byte: ``forEachCodeByte(_:wanted:_:)`` then stops only where its body asks.
  private static let noBytes = CodeBytes([])

  package struct CodeBytes: Sendable {
    private var members: [Bool]

    package init(_ bytes: [UInt8]) {
      members = Array(repeating: false, count: 256)
      for byte in bytes { members[Int(byte)] = true }
    }

    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
      members.withUnsafeBufferPointer { $0[Int(byte)] }
    }
  }
}

extension SwiftSkeleton {
  /// The comment that starts at `index` (`//` to the line's end, or `/*` to its matching `*/`,
  /// nested as the lexer nests them): where it ends, and whether a `/*` is closed before the
  /// file ends. Nil when no comment starts there.
  package static func comment(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    end: Int, closed: Bool
  )? {
    func at(_ position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }
    guard at(index) == UInt8(ascii: "/") else { return nil }
    var end = index
    switch at(index + 1) {
    case UInt8(ascii: "/"):
      // A line comment ends at a line break, which a lone CR is too (as swift-syntax reads it).
      end = System.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: index) ?? bytes.count
      if let carriageReturn = System.firstIndex(
        of: UInt8(ascii: "\r"), in: UnsafeBufferPointer(rebasing: bytes[index..<end]), from: 0)
      {
        end = index + carriageReturn
      }
      return (end, true)
    case UInt8(ascii: "*"):
      var nesting = 0
      repeat {
        if at(end) == UInt8(ascii: "/"), at(end + 1) == UInt8(ascii: "*") {
          nesting += 1
          end += 2
        } else if at(end) == UInt8(ascii: "*"), at(end + 1) == UInt8(ascii: "/") {
          nesting -= 1
          end += 2
        } else {
          end += 1
        }
      } while nesting > 0 && end < bytes.count
      return (min(end, bytes.count), nesting == 0)
    default:
      return nil
    }
  }

  /// The first offset from `start` past whitespace, line breaks, comments and everything else
  /// swift-syntax's lexer takes as trivia (`lexTrivia`): control bytes such as NUL, a version
  /// control conflict region, and past ASCII invalid UTF-8, U+00A0, the BOM and the characters
  /// that start no token. Past ASCII it passes over every byte, so it may skip a character the
  /// lexer makes a token of (a caller that asks whether the next token is `=` may be told yes
  /// where it is not, never no where it is), and it never stops inside what the lexer skips.
  package static func skippingTrivia(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var next = start
    while next < bytes.count {
      switch bytes[next] {
      case 0x00...0x20, 0x7F...0xFF:
        next += 1
      case UInt8(ascii: "<"), UInt8(ascii: ">"):
        guard let end = conflictRegionEnd(bytes, at: next) else { return next }
        next = end
      default:
        guard let comment = comment(bytes, at: next) else { return next }
        next = comment.end
      }
    }
    return next
  }

  /// Where the version control conflict region that starts at `index` ends, as the lexer reads
  /// one (`tryLexConflictMarker`): `<<<<<<< ` at a line's start, to the end of the line whose
  /// start is `>>>>>>> `, or `>>>> ` to the line after `<<<<`; nil when none starts there.
  private static func conflictRegionEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> Int?
  {
    func startsLine(_ position: Int) -> Bool {
      position == 0 || bytes[position - 1] == 0x0A || bytes[position - 1] == 0x0D
    }
    func holds(_ text: StaticString, at position: Int) -> Bool {
      let count = text.utf8CodeUnitCount
      guard position + count <= bytes.count else { return false }
      return (0..<count).allSatisfy { bytes[position + $0] == text.utf8Start[$0] }
    }
    // The lexer also takes a marker after a NUL byte as at a line's start.
    guard startsLine(index) || bytes[index - 1] == 0 else { return nil }
    let (introducer, terminator): (StaticString, StaticString) =
      holds("<<<<<<< ", at: index)
      ? ("<<<<<<< ", ">>>>>>> ") : holds(">>>> ", at: index) ? (">>>> ", "<<<<\n") : ("", "")
    guard introducer.utf8CodeUnitCount > 0 else { return nil }
    var position = index + introducer.utf8CodeUnitCount
    while position < bytes.count {
      if startsLine(position), holds(terminator, at: position) {
        var end = position + terminator.utf8CodeUnitCount
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return end
      }
      position += 1
    }
    return nil
  }

  /// `bytes` with the members and statements that cannot hold what the app model reads at
  /// `sites` turned to spaces, for a parse that costs what those few members cost; nil when the
  /// file's braces, brackets and parentheses do not nest cleanly (the caller parses the whole
  /// file).
  ///
  /// Kept: everything outside braces (imports, type headers, file-level declarations), the
  /// braces of top-level blocks, the `#if` lines, and for each site the whole member it lies in
  /// (the function, property or nested type of a type, a site in its signature included; a
  /// top-level function or statement whole), from the end of the member before it. A site at
  /// the top level in the header of a declaration's block (a function's signature) keeps that
  /// declaration whole; in a statement's that runs into a block (a closure it calls), it makes
  /// the result nil: the file is parsed whole. So a site's
  /// locals, its enclosing types and the file's own declarations are where they were; what is
  /// blanked is other members' text. Every offset and line stays where it was: only bytes other
  /// than line breaks change.
  ///
  /// What a reading may still need from a blanked member (a `static let` the value names) is for
  /// the caller to check (``blankedWord(_:original:sparse:)``).
  ///
  /// Nil also when `[` nests deeper than ``SwiftExtractor/maximumBracketNesting`` (the parser's
  /// limit; the whole file is then not parsed either).
  package static func sparse(_ bytes: [UInt8], around sites: [Int]) -> [UInt8]? {
    struct Block {
      var open: Int
      var close = -1
      /// Where the member or statement this block ends starts: after the previous `}`, `;` or
      /// `{` at its depth.
      var headerStart: Int
      var depth: Int
      /// Whether the header's last declaration keyword, in code (not a comment or a string),
      /// declares a type (``HeaderKeywords``); read for top-level blocks.
      var declaresType = false
      /// Whether the header holds a declaration keyword; read for top-level blocks.
      var declares = false
    }
    var blocks: [Block] = []
    var stack: [Int] = []
    // The boundary after which the next header starts, per depth.
    var boundaries: [Int] = [0]
    var siteStacks: [[Int]] = []
    var siteOffsets: [Int] = []
    var nextSite = 0
    let sorted = sites.sorted()
    var balanced = true
    // Every open `(`, `[` and `{`: each must be closed by its own kind before what encloses it.
    // Where they interleave (`@[` left open in one member), the parser's recovery over the
    // whole file can read the other members otherwise than the sparse copy's clean parse.
    var delimiters: [UInt8] = []
    var brackets = BracketNesting()
    var keywords = HeaderKeywords()
    let clean = bytes.withUnsafeBufferPointer { buffer in
      // The next site's offset, compared with each code byte's (a site in a comment or a
      // string is passed over).
      var upcoming = sorted.first ?? Int.max
      return SwiftSkeleton.forEachCodeByte(buffer, wanted: sparseBytes) { index, byte in
        if index >= upcoming {
          while nextSite < sorted.count, sorted[nextSite] < index { nextSite += 1 }
          if nextSite < sorted.count, sorted[nextSite] == index {
            siteStacks.append(stack)
            siteOffsets.append(index)
          }
          while nextSite < sorted.count, sorted[nextSite] <= index { nextSite += 1 }
          upcoming = nextSite < sorted.count ? sorted[nextSite] : Int.max
        }
        if stack.isEmpty { keywords.read(byte, at: index) }
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
          brackets.read(byte, after: index > 0 ? buffer[index - 1] : 0)
        case UInt8(ascii: "("), UInt8(ascii: "["):
          brackets.read(byte)
          delimiters.append(byte)
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          brackets.read(byte)
          let opening = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
          guard delimiters.popLast() == opening else {
            balanced = false
            return .max
          }
        case UInt8(ascii: "{"):
          brackets.read(byte)
          blocks.append(
            Block(
              open: index, headerStart: boundaries[stack.count], depth: stack.count,
              declaresType: stack.isEmpty && keywords.declaresType,
              declares: stack.isEmpty && keywords.declares))
          if stack.isEmpty { keywords = HeaderKeywords() }
          stack.append(blocks.count - 1)
          boundaries.append(index + 1)
          delimiters.append(byte)
        case UInt8(ascii: "}"):
          brackets.read(byte)
          guard delimiters.popLast() == UInt8(ascii: "{"), let last = stack.popLast() else {
            balanced = false
            return .max
          }
          blocks[last].close = index
          boundaries.removeLast()
          boundaries[stack.count] = index + 1
          if stack.isEmpty { keywords = HeaderKeywords() }
        case UInt8(ascii: ";"):
          brackets.read(byte)
          boundaries[stack.count] = index + 1
          if stack.isEmpty { keywords = HeaderKeywords() }
        default: break
        }
        // Every byte of a top-level header (its keywords); inside braces, the next site.
        return stack.isEmpty ? index + 1 : upcoming
      }
    }
    guard clean, balanced, delimiters.isEmpty, brackets.excessive == nil,
      SwiftExtractor.excessiveLineBracketNesting(bytes) == nil,
      SwiftExtractor.excessiveDepth(bytes) == nil
    else { return nil }

    // The ranges kept inside braces: each site's member.
    var kept: [Range<Int>] = []
    let topLevel = blocks.filter { $0.depth == 0 }
    for (chain, site) in zip(siteStacks, siteOffsets) {
      guard let first = chain.first else {
        // At the top level, in the header of a block that is not a type's: a declaration's
        // (a function's body, a property's closure) is kept whole, as a member is. A statement's
        // (`x = { … }()`) may run past that block (`c ? { … }() : { … }()`), where no boundary
        // says where it ends: the whole file is parsed instead.
        let low = topLevel.partitioningIndex { $0.open > site }
        if low < topLevel.count, topLevel[low].headerStart <= site, !topLevel[low].declaresType {
          guard topLevel[low].declares else { return nil }
          kept.append(topLevel[low].headerStart..<(topLevel[low].close + 1))
        }
        continue
      }
      let outer = blocks[first]
      guard outer.declaresType else {
        kept.append(outer.headerStart..<(outer.close + 1))
        continue
      }
      if chain.count > 1 {
        // Inside a member of a top-level type: the member whole.
        let member = blocks[chain[1]]
        kept.append(member.headerStart..<(member.close + 1))
        continue
      }
      // In the type's own braces, outside any member's: in the header of the member whose
      // braces come next (a signature, or members without braces before it, since only `}` and
      // `;` end a header), that member whole; after the last, the type's tail.
      var tailStart = outer.open + 1
      var member: Block? = nil
      for block in blocks[(first + 1)...] where block.open < outer.close {
        guard block.depth == outer.depth + 1 else { continue }
        if block.close < site {
          tailStart = block.close + 1
          continue
        }
        member = block
        break
      }
      if let member, member.headerStart <= site {
        kept.append(member.headerStart..<(member.close + 1))
      } else {
        kept.append(tailStart..<outer.close)
      }
    }
    // Blank the inside of each top-level block, but for the kept ranges, line breaks and
    // `#if` lines. The blocks and the ranges are walked in order, once: many sites in one
    // member (a method of thousands of statements) keep its range once in cost.
    let keptInOrder = kept.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var sparse = bytes
    sparse.withUnsafeMutableBufferPointer { out in
      var next = 0
      var keptEnd = 0
      for block in blocks where block.depth == 0 {
        // A line at a time: its break is kept, a directive line is kept whole, the rest is
        // blanked but for the kept ranges. The block's first line starts before the block.
        var offset = block.open + 1
        while offset < block.close {
          let previous = out[offset - 1]
          let directive =
            (previous == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r"))
            && isDirective(bytes, line: offset)
          var end = offset
          while end < block.close, out[end] != UInt8(ascii: "\n"), out[end] != UInt8(ascii: "\r") {
            end += 1
          }
          var at = directive ? end : offset
          while at < end {
            while next < keptInOrder.count, keptInOrder[next].lowerBound <= at {
              keptEnd = max(keptEnd, keptInOrder[next].upperBound)
              next += 1
            }
            if at < keptEnd {
              at = min(end, keptEnd)
              continue
            }
            let stop = next < keptInOrder.count ? min(end, keptInOrder[next].lowerBound) : end
            (out.baseAddress! + at).update(repeating: UInt8(ascii: " "), count: stop - at)
            at = stop
          }
          offset = end + 1
        }
      }
    }
    return sparse
  }

  /// The code bytes ``sparse(_:around:)`` reads inside braces: brackets, braces and `;`.
  private static let sparseBytes = CodeBytes(Array("()[]{};<>".utf8))

  /// `sparse` (from ``sparse(_:around:)``) with each line it blanked whole emptied: the parser
  /// need not read the blanks. Every kept token keeps its line and its byte column (a line
  /// partly blanked keeps its blanks), but not its offset: read positions with a
  /// ``SourceLines`` of the result.
  package static func compacted(_ sparse: [UInt8], original: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(sparse.count / 4)
    sparse.withUnsafeBufferPointer { sparse in
      original.withUnsafeBufferPointer { original in
        var start = 0
        while start <= sparse.count {
          let end =
            System.firstIndex(of: UInt8(ascii: "\n"), in: sparse, from: start) ?? sparse.count
          // A CR ends a line too (swift-syntax's reading): only the CR of a CRLF may go with a
          // blanked line; a line holding a lone CR is kept, so no line break is lost.
          let textEnd = end > start && sparse[end - 1] == 0x0D ? end - 1 : end
          var blank = true
          for offset in start..<textEnd where sparse[offset] != 0x20 && sparse[offset] != 0x09 {
            blank = false
            break
          }
          // Only a line blanking emptied: a kept line of spaces may be a multi-line string's
          // text.
          let line = UnsafeBufferPointer(rebasing: sparse[start..<end])
          if !blank || line.elementsEqual(UnsafeBufferPointer(rebasing: original[start..<end])) {
            result.append(contentsOf: line)
          }
          if end < sparse.count { result.append(UInt8(ascii: "\n")) }
          start = end + 1
        }
      }
    }
    return result
  }

  /// Whether the line starting at `start` is a compilation directive (`#if`, `#elseif`,
  /// `#else`, `#endif`), kept so that blanked members leave its clauses whole.
  private static func isDirective(_ bytes: [UInt8], line start: Int) -> Bool {
    var offset = start
    while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
    guard offset + 3 <= bytes.count, bytes[offset] == UInt8(ascii: "#") else { return false }
    for keyword in ["#if", "#elseif", "#else", "#endif"] {
      let pattern = Array(keyword.utf8)
      let end = offset + pattern.count
      if end <= bytes.count, bytes[offset..<end].elementsEqual(pattern),
        end == bytes.count || !bytes[end].isIdentifierByte
      {
        return true
      }
    }
    return false
  }

  /// Whether `word` is written, as a whole word, where `sparse` blanked `original`, or declared
  /// where the sparse file kept its name and blanked its body: a name a reading of the sparse
  /// file looked up may be declared there. ``sparse(_:around:)`` keeps every top-level header, so
  /// a file-level `func route() -> String { "inbox" }` or `var prefix: String { "notes/" }` it
  /// does not keep whole keeps its name, and a reading would find it without its value.
  package static func blankedWord(_ word: String, original: [UInt8], sparse: [UInt8]) -> Bool {
    guard sparse.count == original.count else { return false }
    let length = word.utf8.count
    return original.withUnsafeBufferPointer { bytes in
      firstWord(word, in: bytes) { offset in
        sparse[offset] != bytes[offset]
          || declaresWithBlankedBody(bytes, sparse, name: offset, end: offset + length)
      } != nil
    }
  }

  /// Where `word` is written in `bytes` as a whole word (no identifier byte on either side), in
  /// order, in code, comments and literals alike.
  package static func wordOffsets(_ word: String, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var found: [Int] = []
    _ = firstWord(word, in: bytes) { offset in
      found.append(offset)
      return false
    }
    return found
  }

  /// The first place `word` is written in `bytes` as a whole word where `wanted` holds: the
  /// places in order, memchr finding each, and no more asked once one is wanted.
  private static func firstWord(
    _ word: String, in bytes: UnsafeBufferPointer<UInt8>, where wanted: (Int) -> Bool
  ) -> Int? {
    let pattern = Array(word.utf8)
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
    var from = 0
    while let offset = pattern.count >= 2
      ? System.firstOffset(of: pattern, in: bytes, from: from)
      : System.firstIndex(of: pattern[0], in: bytes, from: from)
    {
      if offset == 0 || !bytes[offset - 1].isIdentifierByte,
        offset + pattern.count == bytes.count || !bytes[offset + pattern.count].isIdentifierByte,
        wanted(offset)
      {
        return offset
      }
      from = offset + 1
    }
    return nil
  }

  /// Whether the name at `name..<end` is declared there (after `func`, `var`, `let`, as the
  /// module search reads a declared name:
  /// ``ModuleDeclarations/standsAsDeclaredName(at:count:in:)``) and the first block of its
  /// header (`{` after the signature, the type or `=`, on its line or, where the header goes on,
  /// a later one) starts with a byte `sparse` blanked.
  private static func declaresWithBlankedBody(
    _ bytes: UnsafeBufferPointer<UInt8>, _ sparse: [UInt8], name: Int, end: Int
  ) -> Bool {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    guard ModuleDeclarations.standsAsDeclaredName(at: name, count: end - name, in: bytes)
    else { return false }
    // The header's first `{`: within parentheses and brackets anything; outside, a line break
    // ends the header unless the next line goes on with it (`{`, `->`, `where`, `throws`, …).
    var nesting = 0
    var index = end
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"): nesting = max(0, nesting - 1)
      case UInt8(ascii: ";"), UInt8(ascii: "}"): if nesting == 0 { return false }
      case UInt8(ascii: "{") where nesting == 0:
        var inside = index + 1
        while inside < bytes.count, isSpace(bytes[inside]) || isBreak(bytes[inside]) {
          inside += 1
        }
        return inside < bytes.count && bytes[inside] != UInt8(ascii: "}")
          && sparse[inside] != bytes[inside]
      case _ where isBreak(byte) && nesting == 0:
        var next = index + 1
        while next < bytes.count, isSpace(bytes[next]) || isBreak(bytes[next]) { next += 1 }
        guard next < bytes.count else { return false }
        let rest = UnsafeBufferPointer(rebasing: bytes[next...])
        guard
          rest.first == UInt8(ascii: "{") || rest.starts(with: Array("->".utf8))
            || Self.headerContinuations.contains(where: { rest.starts(with: $0) })
        else { return false }
        index = next
        continue
      default: break
      }
      index += 1
    }
    return false
  }

  /// The words a declaration's header goes on with on a line of its own.
  private static let headerContinuations = ["where", "throws", "rethrows", "async"].map {
    Array($0.utf8)
  }
}

/// The declaration keywords of a top-level header, read a code byte at a time: whether the last
/// is `struct`, `class`, `enum`, `actor`, `extension` or `protocol` (not `func`, `var`, …;
/// `import class X` before a function is passed). Words are only ever code, outside
/// parentheses and brackets (`func f(class: Int)` is a function): a comment or a string between
/// two bytes ends the word before it.
package struct HeaderKeywords {
  private(set) var declaresType = false
  /// Whether the header holds a declaration keyword at all (a type's, or `func`, `var`, …): a
  /// block after none is a statement's (a closure, an `if`'s body).
  private(set) var declares = false
  private var word: [UInt8] = []
  private var last = -2
  private var nesting = 0

  /// The keywords that declare or extend a type (also what the module search looks for before a
  /// type's name, ``ModuleDeclarations/declaresType(_:in:)``).
  package static let types: Set<[UInt8]> = Set(
    ["struct", "class", "enum", "actor", "extension", "protocol"].map { Array($0.utf8) })
  private static let others: Set<[UInt8]> = Set(
    ["func", "init", "var", "let", "subscript", "deinit", "macro"].map { Array($0.utf8) })

  package mutating func read(_ byte: UInt8, at index: Int) {
    if index != last + 1 { finish() }
    last = index
    if byte.isIdentifierByte {
      word.append(byte)
      return
    }
    finish()
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["): nesting += 1
    case UInt8(ascii: ")"), UInt8(ascii: "]"): nesting = max(0, nesting - 1)
    default: break
    }
  }

  private mutating func finish() {
    guard !word.isEmpty else { return }
    if nesting > 0 {
      word.removeAll(keepingCapacity: true)
      return
    }
    if Self.types.contains(word) {
      declaresType = true
      declares = true
    } else if Self.others.contains(word) {
      declaresType = false
      declares = true
    }
    word.removeAll(keepingCapacity: true)
  }
}

/// How deep `[` and `(` nest, read a code byte at a time as the parser sees them (in code and in
/// interpolations, from ``SwiftSkeleton/forEachCodeByte(_:_:)``): the one count both the guard
/// before a parse and the sparse reading apply.
package struct BracketNesting {
  private var brackets = 0
  private var deepestBracket = 0
  private var parentheses = 0
  private var deepestParenthesis = 0
  /// The `<` of generic arguments (written right after a name) open in the statement read.
  private var generics = 0
  private var deepestGeneric = 0

  /// Reads a code byte; `previous` is the byte before it in the file (a `<` right after a name
  /// opens generic arguments, one after a space is an operator).
  @inline(__always)
  package mutating func read(_ byte: UInt8, after previous: UInt8 = 0) {
    switch byte {
    case UInt8(ascii: "<") where previous.isIdentifierByte:
      generics += 1
      deepestGeneric = max(deepestGeneric, generics)
    case UInt8(ascii: ">") where generics > 0:
      generics -= 1
    // A statement or a block ends what a `<` of a comparison left open.
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
      generics = 0
    case UInt8(ascii: "["):
      brackets += 1
      deepestBracket = max(deepestBracket, brackets)
    case UInt8(ascii: "]") where brackets > 0:
      brackets -= 1
    case UInt8(ascii: "("):
      parentheses += 1
      deepestParenthesis = max(deepestParenthesis, parentheses)
    case UInt8(ascii: ")") where parentheses > 0:
      parentheses -= 1
    default: break
    }
  }

  /// The deepest nesting read that is over its limit (``SwiftExtractor/maximumBracketNesting``,
  /// ``SwiftExtractor/maximumParenthesisNesting``, ``SwiftExtractor/maximumGenericNesting``).
  package var excessive: SwiftExtractor.Nesting? {
    if deepestBracket > SwiftExtractor.maximumBracketNesting {
      return .init(bracket: "[", depth: deepestBracket, limit: SwiftExtractor.maximumBracketNesting)
    }
    if deepestParenthesis > SwiftExtractor.maximumParenthesisNesting {
      return .init(
        bracket: "(", depth: deepestParenthesis, limit: SwiftExtractor.maximumParenthesisNesting)
    }
    if deepestGeneric > SwiftExtractor.maximumGenericNesting {
      return .init(
        bracket: "<", depth: deepestGeneric, limit: SwiftExtractor.maximumGenericNesting)
    }
    return nil
  }
}

/// How long postfix chains run (`a.b(…)[…]!?.c { … }`), read a code byte at a time: at each
/// depth of brackets, braces and parentheses, the links since that depth's last `;`, `,` or line
/// break (a line that goes on with `.`, a view's next modifier, goes on with the chain). An
/// over-count (a `!=`, a `? :`, a statement's own block) errs toward the longer, and a real
/// line holds far fewer links than ``SwiftExtractor/maximumChainLinks``.
package struct PostfixChains {
  /// The links at each open depth, outermost first (up to ``maximumDepths``; deeper ones share
  /// the last).
  private var links = [0]
  private var depth = 0
  /// The most links read in one chain.
  package private(set) var longest = 0
  /// Whether a line break was read and the next line's first code byte was not yet.
  private var lineBreak = false
  private static let maximumDepths = 4_096

  package init() {}

  /// Reads a code byte of ``SwiftExtractor``'s chain bytes (or, after a line break, any); returns
  /// whether the next code byte must be read too: after a line break, until the next line's
  /// first byte that is not white space says whether the chain goes on.
  @inline(__always)
  package mutating func read(_ byte: UInt8) -> Bool {
    if lineBreak {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: return true
      case UInt8(ascii: "."): lineBreak = false
      default:
        lineBreak = false
        links[links.count - 1] = 0
      }
    }
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      link()
      depth += 1
      if depth < Self.maximumDepths { links.append(0) }
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
      guard depth > 0 else { break }
      if depth < Self.maximumDepths { links.removeLast() }
      depth -= 1
    case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"): link()
    case UInt8(ascii: ";"), UInt8(ascii: ","): links[links.count - 1] = 0
    case 0x0A, 0x0D:
      lineBreak = true
      return true
    default: break
    }
    return false
  }

  @inline(__always)
  private mutating func link() {
    links[links.count - 1] += 1
    longest = max(longest, links[links.count - 1])
  }
}

/// Whether a byte may be part of a Swift identifier (a letter, digit, `_`, or any byte of a
/// multi-byte scalar).
extension UInt8 {
  package var isIdentifierByte: Bool {
    (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A)
      || (self >= 0x61 && self <= 0x7A)
      || self == 0x5F || self >= 0x80
  }
}
