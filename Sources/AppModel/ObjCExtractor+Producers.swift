import PortableIO
import SourceReading

extension ObjCExtractor {
  /// What an Objective-C file gives the app model: its classes and the identifiers it sets.
  package struct AppReading {
    /// `@implementation X` … `@end`, each class by its name and its lines.
    package var classes: [(name: String, lines: ClosedRange<Int>)] = []
    package var producers: [Producer] = []
    /// The constant names a value used and the file does not define: a reading with the
    /// module's index may know them.
    package var external: Set<ModuleName> = []
    /// Its `application:configurationForConnectingSceneSession:options:`, read.
    package var configurationChoice: ConfigurationChoice?
    /// The scene configurations it makes in code
    /// (``codedConfigurations(_:path:lines:classes:)``).
    package var configurations: [SceneConfigurationEntry] = []
    /// Its methods that request a scene for the activity they are given.
    package var relays: [ObjCRelay] = []
    /// The requests its messages to `relays` make (``appReading(in:path:module:whole:calling:)``).
    package var relayed: [Producer] = []
  }

  /// The classes of a file and the identifiers it sets, read through the same tokens and values
  /// as its conditions: `x.targetContentIdentifier = v;` and `[x setTargetContentIdentifier:v]`,
  /// `v` a literal, a constant (the file's, or the module's through `module`), a local the
  /// method assigns once, `[NSString stringWithFormat:…]` or `[a stringByAppendingString:b]`
  /// (templates); nothing in a comment, a string or `#if 0`. Each producer is compiled for the
  /// platforms of the `#if` clauses around it, as a condition is (``Conditionals``).
  ///
  /// Only the bodies that hold a producer's name are tokenized
  /// (``tokenize(_:directives:keeping:)``) unless `whole`, or the file chooses or makes scene
  /// configurations (their readers follow helper methods); a reading reads the same either way
  /// (a test and FuzzApp compare them).
  ///
  /// - Parameter relays: methods of the module that request a scene for the activity they are
  ///   given (``ObjCRelay``): the file's messages to each, on a receiver the file states is one
  ///   of its class (``receives(_:receiver:in:implementation:declared:)``), are read as
  ///   requests of the activities they pass (``AppReading/relayed``).
  package static func appReading(
    in bytes: [UInt8], path: String, module: ModuleIndex?, whole: Bool = false,
    calling relays: [ObjCRelay] = []
  ) -> AppReading {
    var reading = AppReading()
    var directives: [Range<Int>] = []
    let keeping = bytes.withUnsafeBufferPointer { buffer -> [Int]? in
      guard !whole, !configurationPatterns.containsAny(buffer) else { return nil }
      return producerPatterns.offsets(in: buffer)
    }
    var tokens = tokenize(bytes, directives: &directives, keeping: keeping)
    inlineConstants(&tokens, defines: stringDefines(bytes)) { name, offset in
      guard let module else {
        reading.external.insert(ModuleName(objectiveC: name))
        return nil
      }
      return moduleConstant(name, at: offset, in: module, besides: path)
    }
    inlineLocalStrings(&tokens)
    let lines = SourceLines(objectiveC: bytes)
    // Each pass below starts from a name; a file whose bytes do not hold it has no token of that
    // name, and the pass's scan of every token is skipped (a `memchr` search costs a fraction).
    func holds(_ name: String) -> Bool {
      bytes.withUnsafeBufferPointer { System.contains($0, Array(name.utf8)) }
    }
    if holds("configurationForConnectingSceneSession") {
      reading.configurationChoice = configurationChoice(tokens, path: path, lines: lines)
    }
    let implementations = implementations(tokens)
    let conditionals = directives.isEmpty ? nil : Conditionals(bytes: bytes, directives: directives)
    // The builds that compile the token at `index`, from the `#if` clauses around it within its
    // `@implementation`, as a condition's are; nil when none does (`#elif 0`).
    func platforms(at index: Int) -> CompiledPlatforms? {
      guard let conditionals, !conditionals.isEmpty else { return .everywhere }
      let offset = tokens[index].offset
      let boundary = implementations.last { $0.start < offset }?.start ?? -1
      let compiled = conditionals.around(offset, after: boundary).compiled
      return compiled.platforms.isEmpty ? nil : compiled
    }
    for implementation in implementations {
      guard let end = implementation.end else { continue }
      let start = lines.location(implementation.start).line
      reading.classes.append((implementation.name, start...max(start, lines.location(end).line)))
    }
    // The value each receiver's `targetContentIdentifier` was last given, by method.
    var assigned: [ScopedName: Range<Int>] = [:]
    for index in tokens.indices {
      // The kind read in place (ObjCExtractor.isIdentifier(_:_:_:) says why).
      guard case .identifier(let name) = tokens[index].kind else { continue }
      let line = { lines.location(tokens[index].offset).line }
      // `@implementation`, `@end`, `@property`: read by implementations(_:) where they matter.
      if index > 0, tokens[index - 1].isPunctuation(UInt8(ascii: "@")) { continue }
      let receiver: Range<Int>
      let value: Range<Int>
      if isWord(name, "targetContentIdentifier"), index > 1,
        tokens[index - 1].isPunctuation(UInt8(ascii: ".")), index + 1 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: "=")),
        !(index + 2 < tokens.count && tokens[index + 2].isPunctuation(UInt8(ascii: "=")))
      {
        // receiver.targetContentIdentifier = value;
        var start = index - 1
        while start > 0,
          tokens[start - 1].identifier != nil || tokens[start - 1].isPunctuation(UInt8(ascii: "."))
        {
          start -= 1
        }
        receiver = start..<(index - 1)
        value = (index + 2)..<expressionEnd(tokens, from: index + 2)
      } else if isWord(name, "setTargetContentIdentifier"), index + 1 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: ":")),
        !isMethodDeclaration(tokens, nameAt: index),
        let bracket = enclosingOpener(tokens, before: index),
        tokens[bracket].isPunctuation(UInt8(ascii: "["))
      {
        // [receiver setTargetContentIdentifier:value]
        receiver = (bracket + 1)..<index
        value = (index + 2)..<expressionEnd(tokens, from: index + 2)
      } else {
        continue
      }
      guard let compiled = platforms(at: index) else { continue }
      var producer = Producer(kind: kind(tokens, receiver), file: path, line: line())
      producer.platforms = compiled
      setIdentifier(of: &producer, to: value, in: tokens)
      if producer.kind == .userActivity, receiver.count == 1,
        let name = tokens[receiver.lowerBound].identifier
      {
        producer.activityType = activityType(of: name, in: tokens, before: receiver.lowerBound)
      }
      assigned[ScopedName(scope: tokens[index].scope, name: sourceText(tokens, receiver))] = value
      reading.producers.append(producer)
    }
    // The request a message makes, its selector's first token at `index`, for the activity
    // `activity` (nil for none) and the session written `session` ("nil" for none): the
    // activity's identifier is what the method assigned to it.
    func request(
      at index: Int, activity: Range<Int>?, session: String, compiled: CompiledPlatforms
    ) -> Producer {
      var producer = Producer(
        kind: .activationRequest, file: path, line: lines.location(tokens[index].offset).line)
      producer.platforms = compiled
      if session != "nil" { producer.session = session }
      producer.detail = activity.map { sourceText(tokens, $0) } ?? "nil"
      guard let activity, producer.detail != "nil" else {
        producer.passesActivity = false
        producer.unknown = Producer.withoutActivity(session: producer.session)
        producer.carriesIdentifier = false
        return producer
      }
      if let value = assigned[
        ScopedName(scope: tokens[index].scope, name: sourceText(tokens, activity))]
      {
        setIdentifier(of: &producer, to: value, in: tokens)
        producer.carriesIdentifier = producer.unknown != Producer.nilIdentifier
      } else if makesActivity(tokens, activity, before: index) {
        producer.unknown =
          "the method sets no targetContentIdentifier on '\(producer.detail ?? "?")'; routed by "
          + "its webpageURL, if any"
        producer.carriesIdentifier = false
      } else {
        // A parameter, a property, a call: what it carries is not read here, and never
        // presumed to be no identifier.
        producer.unknown =
          "the user activity '\(producer.detail ?? "?")' is made where the reading does not "
          + "follow"
      }
      if activity.count == 1, let name = tokens[activity.lowerBound].identifier {
        producer.activityType = activityType(of: name, in: tokens, before: index)
      }
      return producer
    }
    // The class whose `@implementation` holds the token at `index`.
    func implementation(at index: Int) -> String? {
      let offset = tokens[index].offset
      return implementations.last { $0.start < offset && ($0.end ?? Int.max) > offset }?.name
    }
    // Bounded: each request costs a scan of its method; past ``maximumRequests`` messages of
    // either kind, the rest of a file's are not read.
    var requestsLeft = maximumRequests
    // The messages sending `selector` (its token's index each), not a method declaring it, with
    // at least `following` tokens after the selector, in file order, while requests are left.
    func requestMessages(_ selector: String, following: Int) -> [Int] {
      guard holds(selector) else { return [] }
      var found: [Int] = []
      for index in tokens.indices
      where isIdentifier(tokens, index, selector) && index + following < tokens.count
        && tokens[index + 1].isPunctuation(UInt8(ascii: ":"))
        && !isMethodDeclaration(tokens, nameAt: index)
      {
        guard requestsLeft > 0 else { break }
        requestsLeft -= 1
        found.append(index)
      }
      return found
    }
    // `[application requestSceneSessionActivation:session userActivity:activity options:…
    // errorHandler:…]`.
    for index in requestMessages("requestSceneSessionActivation", following: 1) {
      // The message's labels and arguments, within its method.
      let scope = tokens[index].scope
      let bodyEnd = tokens[index...].firstIndex { $0.scope != scope } ?? tokens.count
      guard
        let label = tokens[index..<min(bodyEnd, index + 64)].firstIndex(where: {
          $0.identifier == "userActivity"
        }), label + 2 < bodyEnd, tokens[label + 1].isPunctuation(UInt8(ascii: ":"))
      else { continue }
      guard let compiled = platforms(at: index) else { continue }
      let session = sourceText(tokens, (index + 2)..<label)
      // The argument ends at the next label or at the message's `]`, at its own level: a
      // message written as the argument (`[[NSUserActivity alloc] initWithActivityType:…]`)
      // is the argument whole.
      var nesting = 0
      let activityEnd =
        (label + 2..<bodyEnd).first {
          if tokens[$0].isPunctuation(UInt8(ascii: "[")) { nesting += 1 }
          if tokens[$0].isPunctuation(UInt8(ascii: "]")) {
            if nesting == 0 { return true }
            nesting -= 1
          }
          return nesting == 0
            && (tokens[$0].identifier == "options" || tokens[$0].identifier == "errorHandler")
        } ?? bodyEnd
      let activity = (label + 2)..<activityEnd
      var producer = request(at: index, activity: activity, session: session, compiled: compiled)
      // A method that requests a scene for the activity it is given: its callers' messages
      // are read as requests too (``ObjCRelay``); at most ``maximumRelays`` of a file.
      if reading.relays.count < maximumRelays, activity.count == 1,
        let name = tokens[activity.lowerBound].identifier,
        assigned[ScopedName(scope: scope, name: name)] == nil,
        localDefinition(tokens, named: name, before: index) == nil,
        let signature = methodSignature(tokens, bodyAt: scope),
        let parameter = signature.parameters.firstIndex(of: name),
        let className = implementation(at: index)
      {
        reading.relays.append(
          ObjCRelay(
            labels: signature.labels, index: parameter, className: className,
            session: session == "nil" ? nil : session, file: path))
        producer.unknown =
          "the user activity is a run-time value: '\(name)' is a parameter of '"
          + signature.labels.map { $0 + ":" }.joined() + "', known only at run time"
      }
      reading.producers.append(producer)
    }
    // iOS 17's `[application activateSceneSessionForRequest:request errorHandler:…]`, the
    // request a local the method makes (`[UISceneSessionActivationRequest requestWithRole:…]`, or
    // `requestWithSession:s`, which names a session) carrying the activity the method last sets
    // on it before the message (`request.userActivity = activity;` or `[request
    // setUserActivity:activity]`), else none.
    for index in requestMessages("activateSceneSessionForRequest", following: 3) {
      guard let compiled = platforms(at: index), let name = tokens[index + 2].identifier,
        tokens[index + 3].identifier == "errorHandler"
          || tokens[index + 3].isPunctuation(UInt8(ascii: "]"))
      else { continue }
      let scope = tokens[index].scope
      var session = "nil"
      if let (from, to) = localDefinition(tokens, named: name, before: index),
        let label = (from..<to).first(where: { tokens[$0].identifier == "requestWithSession" }),
        label + 2 < to, tokens[label + 1].isPunctuation(UInt8(ascii: ":"))
      {
        let end = (label + 2..<to).first { tokens[$0].isPunctuation(UInt8(ascii: "]")) } ?? to
        session = sourceText(tokens, (label + 2)..<end)
      }
      // Back through the method's tokens to its `{` (the body's tokens are contiguous, and its
      // scope is the `{`'s position), at most ``maximumRequestLookBack`` of them: a message
      // repeated through a huge hostile body costs each message a bounded scan.
      var activity: Range<Int>?
      let first = max(2, scope, index - maximumRequestLookBack)
      for at in stride(from: index - 1, through: first, by: -1) where scope >= 0 {
        let property =
          tokens[at].identifier == "userActivity" && tokens[at - 1].isPunctuation(UInt8(ascii: "."))
          && tokens[at - 2].identifier == name && at + 2 < tokens.count
          && tokens[at + 1].isPunctuation(UInt8(ascii: "="))
          && !tokens[at + 2].isPunctuation(UInt8(ascii: "="))
        let message =
          tokens[at].identifier == "setUserActivity" && tokens[at - 1].identifier == name
          && tokens[at - 2].isPunctuation(UInt8(ascii: "[")) && at + 2 < tokens.count
          && tokens[at + 1].isPunctuation(UInt8(ascii: ":"))
        guard property || message else { continue }
        let end = min(expressionEnd(tokens, from: at + 2), index)
        if end > at + 2 { activity = (at + 2)..<end }
        break
      }
      reading.producers.append(
        request(at: index, activity: activity, session: session, compiled: compiled))
    }
    // The messages that call `relays`, each read as the request its method makes: one pass
    // over the tokens, each selector's first label looked up.
    var declared: [String: Set<String>] = [:]
    var byLabel: [String: [ObjCRelay]] = [:]
    for relay in relays where holds(relay.labels[0]) {
      byLabel[relay.labels[0], default: []].append(relay)
    }
    // Bounded: each message is read from its `[` to its `]`; past the most a file's messages
    // are read, the rest are not.
    var messagesLeft = maximumRelayedMessages
    for index in byLabel.isEmpty ? 0..<0 : tokens.indices {
      guard messagesLeft > 0, case .identifier(let name) = tokens[index].kind,
        let candidates = byLabel[name], index + 1 < tokens.count,
        tokens[index + 1].isPunctuation(UInt8(ascii: ":")),
        !isMethodDeclaration(tokens, nameAt: index)
      else { continue }
      messagesLeft -= 1
      guard let bracket = enclosingOpener(tokens, before: index),
        tokens[bracket].isPunctuation(UInt8(ascii: "[")), bracket + 1 < index,
        let close = closing(tokens, bracket, within: tokens.count - bracket),
        let (labels, arguments) = messageParts(tokens, from: index, to: close)
      else { continue }
      for relay in candidates where labels == relay.labels && relay.index < arguments.count {
        if declared[relay.className] == nil {
          declared[relay.className] =
            bytes.withUnsafeBufferPointer {
              ModuleDeclarations.objCPointerNames(of: relay.className, in: $0)
            }
            .union(module?.objCPointerNames(of: relay.className) ?? [])
        }
        guard
          receives(
            relay.className, receiver: (bracket + 1)..<index, in: tokens,
            implementation: implementation(at: index), declared: declared[relay.className] ?? []),
          let compiled = platforms(at: index)
        else { continue }
        reading.relayed.append(
          request(
            at: index, activity: arguments[relay.index], session: relay.session ?? "nil",
            compiled: compiled))
      }
    }
    reading.producers = reading.producers.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }.map(\.element)
    if holds("UISceneConfiguration") {
      reading.configurations = codedConfigurations(
        tokens, path: path, lines: lines, classes: reading.classes)
    }
    return reading
  }

  /// The most methods of a file whose callers' messages are read (``ObjCRelay``).
  static let maximumRelays = 64
  /// The most scene requests (`requestSceneSessionActivation:…` and
  /// `activateSceneSessionForRequest:` messages) a file's reading reads: each looks back through
  /// its method for its activity, so a file repeating one request through a huge body (2.7 MB,
  /// 40,000 requests: 154 s before the bound) costs at most this many scans. An app's file
  /// requests a few scenes.
  static let maximumRequests = 1_024
  /// The most tokens before an `activateSceneSessionForRequest:` message read back for the
  /// activity set on its request (`request.userActivity = activity;`): a method's statements up
  /// to the message, in any method a person writes.
  static let maximumRequestLookBack = 4_096
  /// The most messages to those methods a file's reading reads.
  static let maximumRelayedMessages = 256

  /// The names the producer readings start from: the bodies a reading tokenizes.
  private static let producerPatterns = BytePatterns(
    ["ContentIdentifier", "requestSceneSessionActivation", "activateSceneSessionForRequest"].map {
      Array($0.utf8)
    })
  /// The names of what the configuration readers read (and the helper methods they follow).
  private static let configurationPatterns = BytePatterns(
    ["ForConnectingSceneSession", "UISceneConfiguration"].map { Array($0.utf8) })

  /// A name in one method body (``Token/scope``).
  struct ScopedName: Hashable {
    package var scope: Int
    package var name: String
  }

  /// Sets `producer`'s identifier, template or reason from the value in `value`.
  private static func setIdentifier(
    of producer: inout Producer, to value: Range<Int>, in tokens: [Token]
  ) {
    if value.count == 1, tokens[value.lowerBound].identifier == "nil" {
      producer.unknown = Producer.nilIdentifier
      producer.carriesIdentifier = false
    } else if let text = stringValue(tokens, value) {
      producer.identifier = text
    } else if let template = builtString(tokens, value, depth: 0) {
      producer.template = template
    } else {
      producer.unknown =
        "'\(SwiftValues.abbreviated(sourceText(tokens, value)))' is a run-time value"
    }
  }

  /// Whether the activity a request passes (`activity`, its tokens) is made in the method:
  /// `[[NSUserActivity alloc] initWithActivityType:…]` written there, or the initializer of a
  /// local of the method.
  private static func makesActivity(_ tokens: [Token], _ activity: Range<Int>, before use: Int)
    -> Bool
  {
    var made = activity
    if activity.count == 1, let name = tokens[activity.lowerBound].identifier,
      let (from, to) = localDefinition(tokens, named: name, before: use)
    {
      made = from..<to
    }
    return made.contains { tokens[$0].identifier == "initWithActivityType" }
  }

  /// The activity type of a local made by `[[NSUserActivity alloc] initWithActivityType:t]`,
  /// when the file fixes `t`.
  private static func activityType(of name: String, in tokens: [Token], before use: Int)
    -> String?
  {
    guard let (from, to) = localDefinition(tokens, named: name, before: use),
      let label = (from..<to).first(where: { tokens[$0].identifier == "initWithActivityType" }),
      label + 2 < to, tokens[label + 1].isPunctuation(UInt8(ascii: ":"))
    else { return nil }
    let end = (label + 2..<to).first { tokens[$0].isPunctuation(UInt8(ascii: "]")) } ?? to
    return stringValue(tokens, (label + 2)..<end)
  }

  /// The kind of event the receiver at `receiver` makes (``Producer/Kind/receiver(_:)``): from
  /// the type a local of that name is declared as (`UIApplicationShortcutItem *item`), its name,
  /// the value it is made from (`[[NSUserActivity alloc] initWithActivityType:…]`).
  private static func kind(_ tokens: [Token], _ receiver: Range<Int>) -> Producer.Kind {
    var texts = [sourceText(tokens, receiver)]
    if receiver.count == 1, let name = tokens[receiver.lowerBound].identifier {
      // `Type *name` written before the use, in the same method.
      let scope = tokens[receiver.lowerBound].scope
      var index = receiver.lowerBound - 1
      while index >= 2, tokens[index].scope == scope {
        if tokens[index].identifier == name, tokens[index - 1].isPunctuation(UInt8(ascii: "*")),
          let type = tokens[index - 2].identifier
        {
          texts.insert(type, at: 0)
          break
        }
        index -= 1
      }
      if let (from, to) = localDefinition(tokens, named: name, before: receiver.lowerBound) {
        texts.append(sourceText(tokens, from..<to))
      }
    }
    return .receiver(texts)
  }
}
