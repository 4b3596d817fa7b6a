import SwiftSyntax

extension SyntaxProtocol {
  /// The node's source text without its leading and trailing trivia: what swift-syntax's
  /// `trimmedDescription` gives, sliced from the node's bytes rather than printed from a trimmed
  /// copy of the node, whose trivia is set through key paths (a dynamic lookup per node).
  package var sourceText: String {
    let bytes = syntaxTextBytes
    let start = leadingTriviaLength.utf8Length
    let end = bytes.count - trailingTriviaLength.utf8Length
    guard start < end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
