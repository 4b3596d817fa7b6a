import SourceReading

extension ObjCExtractor {
  /// The scene configurations a file makes in code, as the Swift reader reads
  /// `UISceneConfiguration(name:sessionRole:)`: `[[UISceneConfiguration alloc]
  /// initWithName:@"Compose" sessionRole:role]` and `[UISceneConfiguration
  /// configurationWithName:…]`, with the delegate and scene classes the method gives the local it
  /// is bound to (`configuration.delegateClass = [ComposeSceneDelegate class];`,
  /// `[configuration setSceneClass:ComposeScene.class];`).
  ///
  /// A role the file names (`UIWindowSceneSessionRoleExternalDisplayNonInteractive`) is that
  /// role; any other (`connectingSceneSession.role`) is the application role, as in Swift (the
  /// decision is the Swift reader's, ``SessionRoleKeys``). `classes` are the file's
  /// implementations by line (``AppReading/classes``): `[self class]` names the one it is in.
  static func codedConfigurations(
    _ tokens: [Token], path: String, lines: SourceLines,
    classes: [(name: String, lines: ClosedRange<Int>)]
  ) -> [SceneConfigurationEntry] {
    var entries: [SceneConfigurationEntry] = []
    // The entry each local holds, by method.
    var bound: [ScopedName: Int] = [:]
    for index in tokens.indices {
      guard case .identifier(let label) = tokens[index].kind,
        isWord(label, "initWithName") || isWord(label, "configurationWithName"),
        index + 2 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: ":")),
        !isMethodDeclaration(tokens, nameAt: index),
        let bracket = enclosingOpener(tokens, before: index),
        tokens[bracket].isPunctuation(UInt8(ascii: "[")), index - bracket <= 8,
        (bracket..<index).contains(where: { tokens[$0].identifier == "UISceneConfiguration" }),
        let close = closing(tokens, bracket, within: Self.messageLimit),
        tokens[close].isPunctuation(UInt8(ascii: "]"))
      else { continue }
      let roleLabel = (index + 2..<close).first {
        tokens[$0].identifier == "sessionRole" && $0 + 1 < close
          && tokens[$0 + 1].isPunctuation(UInt8(ascii: ":"))
      }
      var role = SessionRoleKeys.key(role: .windowApplication)
      if let roleLabel, roleLabel + 3 == close, let key = tokens[roleLabel + 2].identifier,
        SessionRoleKeys.table.contains(where: { $0.key == key })
      {
        role = key
      }
      entries.append(
        SceneConfigurationEntry(
          role: role, name: stringValue(tokens, (index + 2)..<(roleLabel ?? close)), file: path,
          line: lines.location(tokens[index].offset).line))
      // `UISceneConfiguration *configuration = [...]` or `configuration = [...]`.
      if bracket >= 2, tokens[bracket - 1].isPunctuation(UInt8(ascii: "=")),
        let name = tokens[bracket - 2].identifier
      {
        bound[ScopedName(scope: tokens[index].scope, name: name)] = entries.count - 1
      }
    }
    guard !bound.isEmpty else { return entries }
    for index in tokens.indices {
      guard case .identifier(let property) = tokens[index].kind, index + 2 < tokens.count
      else { continue }
      let receiver: String
      let value: Range<Int>
      if isWord(property, "delegateClass") || isWord(property, "sceneClass"), index >= 2,
        tokens[index - 1].isPunctuation(UInt8(ascii: ".")),
        let name = tokens[index - 2].identifier,
        !(index >= 3 && tokens[index - 3].isPunctuation(UInt8(ascii: "."))),
        tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !tokens[index + 2].isPunctuation(UInt8(ascii: "="))
      {
        // configuration.delegateClass = value;
        receiver = name
        value = (index + 2)..<expressionEnd(tokens, from: index + 2)
      } else if isWord(property, "setDelegateClass") || isWord(property, "setSceneClass"),
        tokens[index + 1].isPunctuation(UInt8(ascii: ":")),
        !isMethodDeclaration(tokens, nameAt: index),
        let bracket = enclosingOpener(tokens, before: index), bracket + 2 == index,
        tokens[bracket].isPunctuation(UInt8(ascii: "[")),
        let name = tokens[bracket + 1].identifier,
        let close = closing(tokens, bracket, within: Self.messageLimit),
        tokens[close].isPunctuation(UInt8(ascii: "]"))
      {
        // [configuration setDelegateClass:value]
        receiver = name
        value = (index + 2)..<close
      } else {
        continue
      }
      guard let entry = bound[ScopedName(scope: tokens[index].scope, name: receiver)],
        var type = className(tokens, value)
      else { continue }
      if type == "self" {
        let line = lines.location(tokens[index].offset).line
        guard let enclosing = classes.first(where: { $0.lines.contains(line) }) else { continue }
        type = enclosing.name
      }
      if property == "delegateClass" || property == "setDelegateClass" {
        entries[entry].delegateClass = type
      } else {
        entries[entry].sceneClass = type
      }
    }
    return entries
  }

  /// How many tokens a configuration's message may span: its name and role are short, and a
  /// hostile file of nested messages costs each label this much, not the file's length.
  private static let messageLimit = 256

  /// The class a value names: `[X class]`, `[X self]`, `X.class`, `NSClassFromString(@"X")`
  /// (`self` for `[self class]`, the class the method is implemented in).
  private static func className(_ tokens: [Token], _ range: Range<Int>) -> String? {
    let value = range.map { tokens[$0] }
    if value.count == 4, value[0].isPunctuation(UInt8(ascii: "[")),
      let name = value[1].identifier,
      value[2].identifier == "class" || value[2].identifier == "self",
      value[3].isPunctuation(UInt8(ascii: "]"))
    {
      return name
    }
    if value.count == 3, let name = value[0].identifier,
      value[1].isPunctuation(UInt8(ascii: ".")), value[2].identifier == "class"
    {
      return name
    }
    if value.count == 4, value[0].identifier == "NSClassFromString",
      value[1].isPunctuation(UInt8(ascii: "(")), value[3].isPunctuation(UInt8(ascii: ")"))
    {
      return stringValue(tokens, (range.lowerBound + 2)..<(range.lowerBound + 3))
    }
    return nil
  }
}
