import SourceReading

/// An Objective-C method that requests a scene for the user activity it is given
/// (`- (void)requestSceneWithActivity:(NSUserActivity *)activity { [UIApplication.sharedApplication
/// requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil]; }`):
/// the messages that call it, in any Objective-C file of the module, are read as requests of
/// the activities they pass (``ObjCExtractor/appReading(in:path:module:whole:calling:)``).
package struct ObjCRelay: Sendable, Hashable {
  /// The selector's labels (`["requestSceneWithActivity"]`), and the parameter the activity is.
  package var labels: [String]
  package var index: Int
  /// The class whose `@implementation` declares the method (a category's class included).
  package var className: String
  /// The session the request names, as written (nil for `nil`).
  package var session: String?
  /// The file that declares the method.
  package var file: String
}

extension ObjCExtractor {
  /// The labels and parameter names of the method whose body opens at `open` (a top-level
  /// `{`): `- (void)requestSceneWithActivity:(NSUserActivity *)activity {`. Nil when no method
  /// with parameters is declared there (a function, a class's instance variables).
  static func methodSignature(_ tokens: [Token], bodyAt open: Int) -> (
    labels: [String], parameters: [String]
  )? {
    guard open > 0, open < tokens.count else { return nil }
    // The `-` or `+` that starts it, with no statement or body between.
    var start = open - 1
    while start >= 0 {
      let token = tokens[start]
      if token.isPunctuation(UInt8(ascii: ";")) || token.isPunctuation(UInt8(ascii: "{"))
        || token.isPunctuation(UInt8(ascii: "}"))
      {
        return nil
      }
      if token.isPunctuation(UInt8(ascii: "-")) || token.isPunctuation(UInt8(ascii: "+")),
        start + 1 < open, tokens[start + 1].isPunctuation(UInt8(ascii: "("))
      {
        break
      }
      start -= 1
    }
    guard start >= 0 else { return nil }
    let selector = selectorParameters(tokens, from: closing(tokens, start + 1) + 1, before: open)
    guard !selector.labels.isEmpty, selector.end == open else { return nil }
    return (selector.labels, selector.parameters)
  }

  /// The labels and parameter names of a method's selector as its declaration writes them from
  /// `start` (its first label), `label:(Type)name …`, read up to `limit` at most; and where
  /// they end.
  static func selectorParameters(_ tokens: [Token], from start: Int, before limit: Int) -> (
    labels: [String], parameters: [String], end: Int
  ) {
    var labels: [String] = []
    var parameters: [String] = []
    var cursor = start
    while cursor < limit, let label = tokens[cursor].identifier,
      let name = parameterName(tokens, after: cursor)
    {
      labels.append(label)
      parameters.append(name)
      cursor = closing(tokens, cursor + 2) + 2
    }
    return (labels, parameters, cursor)
  }

  /// Whether the message whose receiver is `receiver` is sent to one of `className`, as the
  /// file states it: the class itself (`[SceneCoordinator requestScene…]`), what a message to
  /// the class gives (`[[SceneCoordinator shared] …]`), `self` or `super` within the class's
  /// `@implementation` (`implementation`), or a name declared a pointer to the class
  /// (`declared`, ``ModuleDeclarations/objCPointerNames(of:in:)``): `coordinator`, `_coordinator`, `self.coordinator`,
  /// `self->coordinator`. **Decision:** a message to any other receiver may be another class's
  /// method of that selector, and is not counted.
  static func receives(
    _ className: String, receiver: Range<Int>, in tokens: [Token], implementation: String?,
    declared: Set<String>
  ) -> Bool {
    guard let first = receiver.first else { return false }
    func isDeclared(_ name: String) -> Bool {
      declared.contains(name)
        || (name.hasPrefix("_") && declared.contains(String(name.dropFirst())))
    }
    if receiver.count == 1, let name = tokens[first].identifier {
      if name == className { return true }
      if name == "self" || name == "super" { return implementation == className }
      return isDeclared(name)
    }
    if tokens[first].isPunctuation(UInt8(ascii: "[")), first + 1 < receiver.upperBound,
      tokens[first + 1].identifier == className
    {
      return true
    }
    guard tokens[first].identifier == "self", let name = tokens[receiver.upperBound - 1].identifier
    else { return false }
    let between = (first + 1)..<(receiver.upperBound - 1)
    let dot = between.count == 1 && tokens[between.lowerBound].isPunctuation(UInt8(ascii: "."))
    let arrow =
      between.count == 2 && tokens[between.lowerBound].isPunctuation(UInt8(ascii: "-"))
      && tokens[between.lowerBound + 1].isPunctuation(UInt8(ascii: ">"))
    return (dot || arrow) && isDeclared(name)
  }
}
