import SwiftParser
import SwiftSyntax

/// Finds activation conditions in Swift source with swift-syntax: assignments to the two UIKit
/// properties on any receiver, and SwiftUI's `handlesExternalEvents` modifiers.
enum SwiftExtractor {
  static func conditions(in bytes: [UInt8]) -> [FoundCondition] {
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let visitor = Visitor(viewMode: .sourceAccurate)
    visitor.walk(tree)
    return visitor.found
  }

  /// The deepest `[` nesting parsed. swift-syntax 603's type lookahead (`canParseInlineArrayType`)
  /// takes time exponential in it (20 deep: 0.4 s; 24: 6 s) and recursion without bound (1,000
  /// deep overflows the stack), whatever `maximumNestingLevel` says; real code nests a few.
  static let maximumBracketNesting = 14

  /// The `[` nesting depth of `bytes` when it is over ``maximumBracketNesting``, counted on the
  /// raw bytes (brackets in strings and comments count too: a file skipped for them is reported,
  /// never silently passed).
  static func excessiveBracketNesting(_ bytes: [UInt8]) -> Int? {
    var depth = 0
    var deepest = 0
    for byte in bytes {
      if byte == UInt8(ascii: "[") {
        depth += 1
        deepest = max(deepest, depth)
      } else if byte == UInt8(ascii: "]"), depth > 0 {
        depth -= 1
      }
    }
    return deepest > maximumBracketNesting ? deepest : nil
  }

  private final class Visitor: SyntaxVisitor {
    var found: [FoundCondition] = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      for index in elements.indices.dropFirst() where index + 1 < elements.count {
        guard elements[index].is(AssignmentExprSyntax.self),
          let member = elements[index - 1].as(MemberAccessExprSyntax.self),
          let kind = ConditionKind.property(member.declName.baseName.text)
        else { continue }
        let value = elements[index + 1]
        found.append(
          FoundCondition(
            offset: value.positionAfterSkippingLeadingTrivia.utf8Offset, kind: kind,
            source: SwiftExtractor.source(of: value, depth: 0)))
      }
      return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == "handlesExternalEvents"
      else { return .visitChildren }
      let offset = member.declName.positionAfterSkippingLeadingTrivia.utf8Offset
      for argument in node.arguments {
        let kind: ConditionKind
        switch argument.label?.text {
        case "matching": kind = .swiftUIMatching
        case "preferring": kind = .swiftUIPreferring
        case "allowing": kind = .swiftUIAllowing
        default: continue
        }
        found.append(
          FoundCondition(
            offset: offset, kind: kind, source: SwiftExtractor.strings(argument.expression)))
      }
      return .visitChildren
    }
  }

  /// A SwiftUI set: an array literal of string literals, possibly wrapped in `Set(…)`.
  static func strings(_ expression: ExprSyntax) -> PredicateSource {
    var expression = expression
    if let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedDescription.hasPrefix("Set"), call.arguments.count == 1,
      let only = call.arguments.first
    {
      expression = only.expression
    }
    guard let array = expression.as(ArrayExprSyntax.self) else {
      return .notCheckable("the set is not an array literal of string literals")
    }
    var strings: [LiteralText] = []
    for element in array.elements {
      guard let literal = element.expression.as(StringLiteralExprSyntax.self) else {
        return .notCheckable("an element of the set is not a string literal")
      }
      guard let text = decode(literal) else {
        return .notCheckable("an element of the set is built by interpolation")
      }
      strings.append(text)
    }
    return .strings(strings)
  }

  /// How `expression` builds a predicate, following local `let`/`var`s up to a few levels.
  static func source(of expression: ExprSyntax, depth: Int) -> PredicateSource {
    guard depth < 8 else { return .notCheckable("the predicate is defined too far from its use") }
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return source(of: unwrapped.expression, depth: depth + 1)
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return source(of: only.expression, depth: depth + 1)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      if let initializer = localInitializer(named: reference.baseName.text, before: expression) {
        return source(of: initializer, depth: depth + 1)
      }
      return .notCheckable("'\(reference.baseName.text)' is not a local constant built here")
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else {
      return .notCheckable("the predicate is a run-time value")
    }
    let callee = call.calledExpression.trimmedDescription
    let arguments = Array(call.arguments)
    switch callee {
    case "NSPredicate", "Foundation.NSPredicate":
      guard let first = arguments.first else { break }
      switch first.label?.text {
      case "format":
        guard let literal = first.expression.as(StringLiteralExprSyntax.self) else {
          return .notCheckable("the format is not a string literal")
        }
        guard let text = decode(literal) else { return .interpolated }
        var formatArguments: [FormatArgument] = []
        for argument in arguments.dropFirst() {
          if argument.label?.text == "argumentArray",
            let array = argument.expression.as(ArrayExprSyntax.self)
          {
            formatArguments += array.elements.map { formatArgument($0.expression) }
          } else if argument.label?.text == "argumentArray" {
            return .notCheckable("the argument array is a run-time value")
          } else {
            formatArguments.append(formatArgument(argument.expression))
          }
        }
        return .format(text, arguments: formatArguments)
      case "value":
        if let boolean = first.expression.as(BooleanLiteralExprSyntax.self) {
          return .value(boolean.literal.tokenKind == .keyword(.true))
        }
        return .notCheckable("the value is a run-time Boolean")
      default: break
      }
    case "NSCompoundPredicate", "Foundation.NSCompoundPredicate":
      guard let first = arguments.first else { break }
      func subpredicates(_ expression: ExprSyntax) -> [PredicateSource]? {
        expression.as(ArrayExprSyntax.self).map { array in
          array.elements.map { source(of: $0.expression, depth: depth + 1) }
        }
      }
      switch first.label?.text {
      case "andPredicateWithSubpredicates", "orPredicateWithSubpredicates":
        guard let parts = subpredicates(first.expression) else {
          return .notCheckable("the subpredicates are a run-time array")
        }
        return .compound(first.label?.text.hasPrefix("and") == true ? .and : .or, parts)
      case "notPredicateWithSubpredicate":
        return .compound(.not, [source(of: first.expression, depth: depth + 1)])
      case "type":
        let kind: CompoundKind? =
          switch first.expression.trimmedDescription {
          case ".and", "NSCompoundPredicate.LogicalType.and": .and
          case ".or", "NSCompoundPredicate.LogicalType.or": .or
          case ".not", "NSCompoundPredicate.LogicalType.not": .not
          default: nil
          }
        guard let kind, arguments.count == 2, let parts = subpredicates(arguments[1].expression)
        else { return .notCheckable("the compound predicate's type or parts are run-time values") }
        return .compound(kind, parts)
      default: break
      }
    default: break
    }
    return .notCheckable("'\(callee)(…)' is not a predicate built from a literal")
  }

  private static func formatArgument(_ expression: ExprSyntax) -> FormatArgument {
    if let literal = expression.as(StringLiteralExprSyntax.self), let text = decode(literal),
      let value = text.value
    {
      return .string(value)
    }
    if let array = expression.as(ArrayExprSyntax.self) {
      var values: [String] = []
      for element in array.elements {
        guard case .string(let value) = formatArgument(element.expression) else { return .runtime }
        values.append(value)
      }
      return .strings(values)
    }
    return .runtime
  }

  /// The initializer of the nearest `let`/`var` named `name` declared before `use` in an
  /// enclosing code block.
  private static func localInitializer(named name: String, before use: ExprSyntax) -> ExprSyntax? {
    var node: Syntax? = Syntax(use)
    while let current = node {
      if let item = current.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self)
      {
        for earlier in list.reversed() where earlier.position < item.position {
          guard let declaration = earlier.item.as(VariableDeclSyntax.self) else { continue }
          for binding in declaration.bindings {
            if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
              let value = binding.initializer?.value
            {
              return value
            }
          }
        }
      }
      node = current.parent
    }
    return nil
  }

  /// The literal's value and byte map, or nil when it has an interpolation.
  static func decode(_ literal: StringLiteralExprSyntax) -> LiteralText? {
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
