import PortableIO
import SwiftParser
import SwiftSyntax

/// Finds activation conditions in Swift source with swift-syntax: assignments to the two UIKit
/// properties on any receiver, and SwiftUI's `handlesExternalEvents` modifiers.
package enum SwiftExtractor {
  package static func conditions(in bytes: [UInt8]) -> [FoundCondition] {
    conditions(in: bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
  }

  /// The conditions of a parsed file (the app model parses a file once for both).
  package static func conditions(in tree: SourceFileSyntax) -> [FoundCondition] {
    conditions(in: tree, path: "", module: nil).conditions
  }

  /// The conditions of the parsed file at `path`, its names resolved through `module` where the
  /// file does not declare them; without a module, also the names it looked for and did not
  /// find (``SwiftValues/external``), which a reading with the module may know.
  ///
  /// Also the names it looked up among the file's declarations, found or not
  /// (``SwiftValues/consulted``): what a reading of a sparse copy of the file depends on.
  package static func conditions(in tree: SourceFileSyntax, path: String, module: ModuleIndex?) -> (
    conditions: [FoundCondition], external: Set<ModuleName>, consulted: Set<String>
  ) {
    let visitor = Visitor(values: SwiftValues(tree, path: path, module: module))
    visitor.walk(tree)
    // Defaults are reported at their initializer, which may come before the assignments
    // walked first: source order.
    let found = visitor.found.enumerated().sorted {
      ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
    }.map(\.element)
    return (found, visitor.values.external, visitor.values.consulted)
  }

  /// The deepest `[` nesting parsed. swift-syntax 603's type lookahead (`canParseInlineArrayType`)
  /// takes time exponential in it (20 deep: 0.4 s; 24: 6 s) and recursion without bound (1,000
  /// deep overflows the stack), whatever `maximumNestingLevel` says; real code nests a few.
  package static let maximumBracketNesting = 14

  /// The deepest `(` nesting parsed. The parser's recovery lookahead (`canRecoverTo`) inside
  /// unclosed parentheses takes time quadratic in their depth, and in a key path's type more
  /// (a 1.9 KB file found by FuzzLint, 390 deep: 0.7 s; 10 s under the sanitizers). The deepest
  /// in 1,285 real files (swift-syntax's own tests included) is 40; most stay under 20.
  package static let maximumParenthesisNesting = 64

  /// The deepest generic arguments parsed (`A<B<C>>`): swift-syntax's parser recurses into each
  /// level without counting it against its nesting limit (2,000 levels, a 6 KB file, overflowed
  /// the release build's 8 MB stack). Real types nest a few.
  package static let maximumGenericNesting = 256

  /// The most links one postfix chain parsed may have: `a.b`, `a(…)`, `a[…]`, `a!`, `a?` and a
  /// trailing closure each wrap the expression before them, so the tree is as deep as the
  /// chain is long, and every reader of the tree (swift-syntax's visitors and this package's)
  /// recurses a level at a time: 200,000 links of `.A` overflowed an 8 MB stack in the release
  /// build, and fewer in a debug one. The parser itself loops over a chain and never stops it.
  /// A view's modifiers make a chain of a few hundred links at most.
  package static let maximumChainLinks = 16_384

  /// A nesting deeper than the parser is given: which bracket (`.` for a postfix chain and `try`
  /// for a run of prefix keywords, which nest the tree as brackets do; `#if` for directives),
  /// how deep, and its limit.
  package struct Nesting: Equatable {
    package var bracket: String
    package var depth: Int
    package var limit: Int
  }

  /// The `[` or `(` nesting of `bytes` when it is over its limit, counted as the parser sees
  /// brackets: in code and in string interpolations, not in comments or string text (a file of
  /// log prefixes like `"["` is no deeper for them). An unterminated literal or comment runs to
  /// the end of its line or of the file, as the lexer reads it.
  ///
  /// Also when one line nests `[` deeper than the limit counting every byte
  /// (``excessiveLineBracketNesting(_:)``): where the parser's recovery reads a quote otherwise
  /// than the skeleton does, it may read that line's string text as code.
  package static func excessiveBracketNesting(_ bytes: [UInt8]) -> Nesting? {
    var brackets = BracketNesting()
    bytes.withUnsafeBufferPointer { buffer in
      _ = SwiftSkeleton.forEachCodeByte(buffer, wanted: bracketBytes) { index, byte in
        brackets.read(byte, after: index > 0 ? buffer[index - 1] : 0)
        return .max
      }
    }
    return brackets.excessive ?? excessiveLineBracketNesting(bytes) ?? excessiveDepth(bytes)
  }

  /// The depths a file's brackets do not show, when one is over its limit: a postfix chain
  /// (``excessiveChain(_:)``), a run of prefix keywords or nested `#if`s
  /// (``excessivePrefixes(_:)``).
  package static func excessiveDepth(_ bytes: [UInt8]) -> Nesting? {
    excessiveChain(bytes) ?? excessivePrefixes(bytes)
  }

  /// The most prefix keywords in a row parsed (`try await …`, `consume`, `copy`, `each`,
  /// `repeat`, `unsafe`): swift-syntax's parser recurses once for each, uncounted (10,000
  /// `try`s overflowed the release build's stack; 5,000 did not). And the deepest `#if` nesting
  /// parsed, which it also recurses through (20,000 levels overflowed it; 6,000 did not). Real
  /// code writes two or three in a row; at this limit only a file over 16 KB is searched.
  package static let maximumPrefixRun = 4_096

  /// The longest run of prefix keywords (separated only by white space, comments, and the `!`
  /// or `?` of `try!`, `try?`) or the deepest `#if` nesting, when over ``maximumPrefixRun``;
  /// nil without a look for a file too short to hold one (each takes four bytes or more). Read
  /// over the code bytes (``PrefixRuns``), as the parser reads them.
  package static func excessivePrefixes(_ bytes: [UInt8]) -> Nesting? {
    guard bytes.count > maximumPrefixRun * 4 else { return nil }
    // More in a row, or nested deeper, than the limit takes more of the words than the limit:
    // a byte search tells the few files that have that many (most have tens).
    let written = bytes.withUnsafeBufferPointer { prefixPatterns.offsets(in: $0).count }
    guard written > maximumPrefixRun else { return nil }
    var runs = PrefixRuns()
    bytes.withUnsafeBufferPointer { buffer in
      _ = SwiftSkeleton.forEachCodeByte(buffer, wanted: SwiftSkeleton.CodeBytes([])) {
        index, byte in
        runs.read(byte, at: index)
        return index + 1
      }
    }
    runs.finish()
    let (run, directives) = (runs.longestRun, runs.deepestDirective)
    if run > maximumPrefixRun {
      return Nesting(bracket: "try", depth: run, limit: maximumPrefixRun)
    }
    if directives > maximumPrefixRun {
      return Nesting(bracket: "#if", depth: directives, limit: maximumPrefixRun)
    }
    return nil
  }

  /// The keywords ``excessivePrefixes(_:)`` counts.
  fileprivate static let prefixKeywords: [[UInt8]] = [
    "try", "await", "consume", "copy", "each", "repeat", "unsafe", "_move", "_borrow",
  ].map { Array($0.utf8) }
  /// The keywords and `#if`, searched for together.
  private static let prefixPatterns = BytePatterns(prefixKeywords + [Array("#if".utf8)])

  /// The longest postfix chain of `bytes`' code when it has more than ``maximumChainLinks``
  /// links (counted by ``PostfixChains``); nil without a count for a file too short to hold
  /// one, as almost every file is.
  package static func excessiveChain(_ bytes: [UInt8]) -> Nesting? {
    guard bytes.count > maximumChainLinks else { return nil }
    // A chain longer than the limit has more link bytes than the limit: most files have fewer.
    let linkBytes = bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      for byte in buffer where chainLinkBytes.contains(byte) { count += 1 }
      return count
    }
    guard linkBytes > maximumChainLinks else { return nil }
    var chains = PostfixChains()
    bytes.withUnsafeBufferPointer { buffer in
      _ = SwiftSkeleton.forEachCodeByte(buffer, wanted: chainBytes) { index, byte in
        chains.read(byte) ? index + 1 : .max
      }
    }
    guard chains.longest > maximumChainLinks else { return nil }
    return Nesting(bracket: ".", depth: chains.longest, limit: maximumChainLinks)
  }

  /// The bytes a postfix chain's links start with.
  private static let chainLinkBytes = SwiftSkeleton.CodeBytes(Array(".!?([{".utf8))
  /// The bytes ``PostfixChains`` counts.
  private static let chainBytes = SwiftSkeleton.CodeBytes(Array("()[]{}.!?;,\n\r".utf8))

  /// The `[` nesting of the deepest line of `bytes`, counted over every byte of the line (string
  /// text and comments too), when it is over ``maximumBracketNesting``.
  ///
  /// swift-syntax's lexer ends a string literal at a quote that follows a member's dot or an
  /// operand inside an interpolation (`"\(Routes.") …`: the quote closes the outer literal and
  /// the rest of the line is code), where the skeleton, as the language reads it, opens a
  /// literal nested in the interpolation. The two readings differ on one line at most (a
  /// single-line literal ends at its line's end), so the line's raw nesting bounds what the
  /// parser may see there: a run of `[` the skeleton read as string text took the parser's type
  /// lookahead exponential time (FuzzApp's `timeout-interpolation-quote-after-dot`). Real code
  /// does not nest fifteen `[` on one line, in code or in a string.
  ///
  /// A line cannot nest deeper than it has `[`: the file is passed over from `[` to `[` with
  /// `memchr`, and only a line with more than the limit is counted byte by byte (from its first
  /// `[`, before which its depth is 0).
  package static func excessiveLineBracketNesting(_ bytes: [UInt8]) -> Nesting? {
    let deepest = bytes.withUnsafeBufferPointer { buffer in
      var deepest = 0
      var position = 0
      // The line of the last `[` found (up to its `\n`; a `\r` is a break the count below
      // sees), where it has its first `[`, and how many it has so far.
      var lineEnd = -1
      var lineFirst = 0
      var opened = 0
      while let open = System.firstIndex(of: UInt8(ascii: "["), in: buffer, from: position) {
        if open >= lineEnd {
          lineEnd =
            System.firstIndex(of: UInt8(ascii: "\n"), in: buffer, from: open)
            ?? buffer.count
          lineFirst = open
          opened = 0
        }
        opened += 1
        position = open + 1
        guard opened > maximumBracketNesting else { continue }
        var depth = 0
        for byte in buffer[lineFirst..<lineEnd] {
          switch byte {
          case UInt8(ascii: "["):
            depth += 1
            deepest = max(deepest, depth)
          case UInt8(ascii: "]"): depth = max(0, depth - 1)
          case UInt8(ascii: "\r"): depth = 0
          default: break
          }
        }
        position = lineEnd
      }
      return deepest
    }
    guard deepest > maximumBracketNesting else { return nil }
    return Nesting(bracket: "[", depth: deepest, limit: maximumBracketNesting)
  }

  /// The bytes ``BracketNesting`` counts.
  private static let bracketBytes = SwiftSkeleton.CodeBytes(Array("()[]{};<>".utf8))

  private final class Visitor: SyntaxVisitor {
    package let values: SwiftValues
    package var found: [FoundCondition] = []

    package init(values: SwiftValues) {
      self.values = values
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      for index in elements.indices.dropFirst() where index + 1 < elements.count {
        guard elements[index].is(AssignmentExprSyntax.self),
          let member = elements[index - 1].as(MemberAccessExprSyntax.self)
        else { continue }
        let value = elements[index + 1]
        let name = member.declName.baseName.text
        if let kind = ConditionKind.property(name) {
          var builder = SwiftSourceBuilder(values: values)
          let source = builder.predicate(value, depth: 0)
          found.append(
            FoundCondition(
              offset: value.positionAfterSkippingLeadingTrivia.utf8Offset, kind: kind,
              source: source, resolution: builder.resolution, origins: builder.origins,
              inBuilder: Self.inConditionsBuilder(node),
              neverInstalled: member.base.flatMap {
                SwiftDefaults(values: values).neverInstalled($0)
              }
            ).placed(at: node))
        } else if name == "activationConditions" {
          found += SwiftDefaults(values: values).installing(value).map { $0.placed(at: node) }
        }
      }
      return .visitChildren
    }

    /// Whether `node` is in the body of a function that returns a conditions object.
    private static func inConditionsBuilder(_ node: some SyntaxProtocol) -> Bool {
      var current = node.parent
      while let step = current {
        if let function = step.as(FunctionDeclSyntax.self) {
          return SwiftValues.conditionsTypes.contains(
            function.signature.returnClause?.type.sourceText ?? "")
        }
        current = step.parent
      }
      return false
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      // `.handlesExternalEvents(…)` on a scene or view, or `handlesExternalEvents(…)` with an
      // implicit `self` inside a wrapper modifier of an extension of View or Scene.
      let callee: TokenSyntax
      if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
        callee = member.declName.baseName
      } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
        callee = reference.baseName
      } else {
        return .visitChildren
      }
      guard callee.text == "handlesExternalEvents" else { return .visitChildren }
      let offset = callee.positionAfterSkippingLeadingTrivia.utf8Offset
      for argument in node.arguments {
        let kind: ConditionKind
        switch argument.label?.text {
        case "matching": kind = .swiftUIMatching
        case "preferring": kind = .swiftUIPreferring
        case "allowing": kind = .swiftUIAllowing
        default: continue
        }
        var builder = SwiftSourceBuilder(values: values)
        let source = builder.set(argument.expression, depth: 0)
        found.append(
          FoundCondition(
            offset: offset, kind: kind, source: source, resolution: builder.resolution,
            origins: builder.origins))
      }
      return .visitChildren
    }
  }

  /// The decoded text of one segment of a literal (for a template's parts); the source text
  /// when an escape cannot be decoded.
  package static func decodeSegment(_ segment: StringSegmentSyntax, pounds: Int) -> String {
    var text = LiteralText()
    let bytes = Array(segment.content.text.utf8)
    guard LiteralDecoder.appendSwift(bytes, at: 0, pounds: pounds, into: &text) else {
      return segment.content.text
    }
    return text.value ?? segment.content.text
  }

  /// The literal's value and byte map, or nil when it has an interpolation.
  package static func decode(_ literal: StringLiteralExprSyntax) -> LiteralText? {
    let pounds = literal.openingPounds?.text.count ?? 0
    var text = LiteralText()
    var end = literal.closingQuote.positionAfterSkippingLeadingTrivia.utf8Offset
    let multiline = literal.openingQuote.text == "\"\"\""
    let segments = Array(literal.segments)
    for (index, segment) in segments.enumerated() {
      guard case .stringSegment(let part) = segment else { return nil }
      var bytes = Array(part.content.text.utf8)
      // swift-syntax's text repairs bytes that are not UTF-8 (one byte becomes the three of
      // U+FFFD), so offsets after one would point past the literal: such a literal is marked
      // not UTF-8, and its predicate is reported as not checkable rather than at wrong columns.
      if bytes.count != part.content.trimmedLength.utf8Length { text.notUTF8 = true }
      let start = part.content.positionAfterSkippingLeadingTrivia.utf8Offset
      // A multi-line literal's last line break before the closing quotes is not part of it.
      if multiline && index == segments.count - 1 && bytes.last == UInt8(ascii: "\n") {
        bytes.removeLast()
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
      }
      guard LiteralDecoder.appendSwift(bytes, at: start, pounds: pounds, into: &text) else {
        return nil
      }
      end = start + bytes.count
    }
    text.finish(at: end)
    return text
  }
}

/// Runs of prefix keywords and `#if` nesting, read a code byte at a time (every one, from
/// ``SwiftSkeleton/forEachCodeByte(_:wanted:_:)``): a word ends where a byte is no identifier
/// byte or where a comment or a string left a gap, and what is between two keywords of a run is
/// white space, a comment, or the `!` or `?` of `try!`, `try?`.
struct PrefixRuns {
  private(set) var longestRun = 0
  private(set) var deepestDirective = 0
  private var run = 0
  private var depth = 0
  private var word: [UInt8] = []
  private var last = -2
  private var lineStart = true
  private var afterKeyword = false
  /// Whether the word being read follows a `#` that starts its line.
  private var directive = false

  mutating func read(_ byte: UInt8, at index: Int) {
    if index != last + 1 { finish() }
    last = index
    if byte.isIdentifierByte {
      word.append(byte)
      return
    }
    finish()
    switch byte {
    case 0x20, 0x09: break
    case 0x0A, 0x0D: lineStart = true
    case UInt8(ascii: "!") where afterKeyword, UInt8(ascii: "?") where afterKeyword:
      afterKeyword = false
    case UInt8(ascii: "#") where lineStart:
      directive = true
      lineStart = false
    default:
      run = 0
      afterKeyword = false
      lineStart = false
    }
  }

  /// Ends the word read so far: a keyword of a run, a directive's name, or another word.
  mutating func finish() {
    guard !word.isEmpty else { return }
    if directive {
      if word.elementsEqual("if".utf8) {
        depth += 1
        deepestDirective = max(deepestDirective, depth)
      } else if word.elementsEqual("endif".utf8) {
        depth = max(0, depth - 1)
      }
      run = 0
      afterKeyword = false
    } else if SwiftExtractor.prefixKeywords.contains(where: { word.elementsEqual($0) }) {
      run += 1
      longestRun = max(longestRun, run)
      afterKeyword = true
    } else {
      run = 0
      afterKeyword = false
    }
    directive = false
    lineStart = false
    word.removeAll(keepingCapacity: true)
  }
}
