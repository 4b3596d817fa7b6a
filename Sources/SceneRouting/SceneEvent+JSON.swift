import SceneJSON

/// An event or scenes file field that is missing or of the wrong type, named by its path.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with a field, for code that handles some problems differently: a struct of
  /// named values rather than an enum, so that a new kind is not a breaking change (STYLE 6).
  public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A required field (or, for an event, any field that names its kind) is absent.
    public static let missing = Kind(rawValue: "missing")
    /// The field holds another JSON type than it takes (a number for a string).
    public static let wrongType = Kind(rawValue: "wrongType")
    /// A string that is none of the values the field takes (an unknown event kind or profile).
    public static let unknownValue = Kind(rawValue: "unknownValue")
    /// A value of the right type that is not acceptable (a URL without a scheme).
    public static let invalidValue = Kind(rawValue: "invalidValue")
    /// Fields that cannot be given together, or a value given twice that must be unique.
    public static let conflict = Kind(rawValue: "conflict")
    /// The text is not JSON at all.
    public static let invalidJSON = Kind(rawValue: "invalidJSON")
    /// An activation-condition predicate that does not compile; the diagnostics say why.
    public static let invalidPredicate = Kind(rawValue: "invalidPredicate")
  }

  /// The field's path, such as `aps.target-content-id` or `scenes[2].activationConditions`.
  public var path: String
  /// What kind of problem it is.
  public var kind: Kind
  /// What is wrong with it, for people.
  public var message: String

  /// Creates an error.
  package init(path: String, kind: Kind, message: String) {
    self.path = path
    self.kind = kind
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Typed access to JSON fields that reports the path of anything wrong.
struct FieldReader {
  let object: JSONObject
  let path: String

  func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func optionalString(_ key: String) throws(FieldError) -> String? {
    switch object[key] {
    case nil, .null?: return nil
    case .string(let value)?: return value
    case let other?:
      throw FieldError(
        path: child(key), kind: .wrongType,
        message: "expected a string, found \(other.typeDescription)")
    }
  }

  func string(_ key: String) throws(FieldError) -> String {
    guard let value = try optionalString(key) else {
      throw FieldError(path: child(key), kind: .missing, message: "missing required string")
    }
    return value
  }

  func optionalBool(_ key: String) throws(FieldError) -> Bool? {
    switch object[key] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case let other?:
      throw FieldError(
        path: child(key), kind: .wrongType,
        message: "expected true or false, found \(other.typeDescription)")
    }
  }

  func optionalObject(_ key: String) throws(FieldError) -> FieldReader? {
    switch object[key] {
    case nil, .null?: return nil
    case .object(let value)?: return FieldReader(object: value, path: child(key))
    case let other?:
      throw FieldError(
        path: child(key), kind: .wrongType,
        message: "expected an object, found \(other.typeDescription)")
    }
  }

  func object(_ key: String) throws(FieldError) -> FieldReader {
    guard let value = try optionalObject(key) else {
      throw FieldError(path: child(key), kind: .missing, message: "missing required object")
    }
    return value
  }

  /// The case of `Value` that the string `key` names; nil when the member is absent or null.
  func optionalCase<Value: RawRepresentable<String>>(
    _ key: String, of _: Value.Type = Value.self
  ) throws(FieldError) -> Value? {
    guard let text = try optionalString(key) else { return nil }
    guard let value = Value(rawValue: text) else {
      throw FieldError(
        path: child(key), kind: .unknownValue, message: "unknown value \"\(text)\"")
    }
    return value
  }

  /// The case of `Value` that the string `key` names.
  func `case`<Value: RawRepresentable<String>>(
    _ key: String, of _: Value.Type = Value.self
  ) throws(FieldError) -> Value {
    guard let value = try optionalCase(key, of: Value.self) else {
      throw FieldError(path: child(key), kind: .missing, message: "missing required string")
    }
    return value
  }

  /// The elements of the array `key`, each read by `read` with its path (`candidates[2]`); none
  /// when the member is absent or null. Anything else is an error that says what was expected
  /// (`expecting`, "an array" unless the caller names its elements).
  func elements<Element>(
    _ key: String, expecting: String = "an array",
    _ read: (_ element: JSONValue, _ path: String) throws(FieldError) -> Element
  ) throws(FieldError) -> [Element] {
    switch object[key] {
    case nil, .null?: return []
    case .array(let values)?:
      var elements: [Element] = []
      elements.reserveCapacity(values.count)
      for (index, value) in values.enumerated() {
        elements.append(try read(value, "\(child(key))[\(index)]"))
      }
      return elements
    case let other?:
      throw FieldError(
        path: child(key), kind: .wrongType,
        message: "expected \(expecting), found \(other.typeDescription)")
    }
  }

  /// The strings of the array `key`; nil when the member is absent or null.
  func optionalStringArray(_ key: String) throws(FieldError) -> [String]? {
    switch object[key] {
    case nil, .null?: return nil
    default:
      return try elements(key, expecting: "an array of strings") {
        element, path throws(FieldError) in
        guard case .string(let value) = element else {
          throw FieldError(
            path: path, kind: .wrongType,
            message: "expected a string, found \(element.typeDescription)")
        }
        return value
      }
    }
  }

  /// The paths of keys outside `known`, for warnings.
  func unknownKeys(_ known: Set<String>) -> [String] {
    object.keys.filter { !known.contains($0) }.map(child)
  }

  /// Event warnings for keys outside `known`.
  func unknownEventFields(_ known: Set<String>) -> [RoutingWarning] {
    unknownKeys(known).map { RoutingWarning(.unknownEventField(path: $0)) }
  }
}

/// Every event kind, made once: `allCases` builds a new array on every call.
private let eventKinds = EventKind.allCases

extension EventKind {
  /// The kind an event file is, from its top-level key: `aps` makes a notification whatever
  /// else the payload holds (its other top-level keys are the app's own data, and a `url` there
  /// is common); otherwise exactly one of `shortcutItem`, `userActivity`, `url`, `appIntent`,
  /// `activationRequest`. Nil when it has none of them, or several.
  package static func detect(in json: JSONValue) -> EventKind? {
    guard case .object(let object) = json else { return nil }
    if EventKind.notification.isPresent(in: object) { return .notification }
    guard let only = eventKinds.first(where: { $0.isPresent(in: object) }),
      !eventKinds.contains(where: { $0 != only && $0.isPresent(in: object) })
    else { return nil }
    return only
  }

  /// Whether `object` has this kind's top-level key.
  func isPresent(in object: JSONObject) -> Bool {
    object.contains(self == .notification ? PushNotification.apsKey : rawValue)
  }
}

/// The members of each object of the event-file shape, declared once: the decoder warns about
/// any other (`event.unknown-field`), the parse interns them (``SceneEvent/jsonKeys``), and the
/// encoder writes no other (a test round-trips every kind with every member set).
package enum EventMembers {
  /// A payload's own members the decoder reads (any others are the app's data, not warned).
  package static let notification: Set<String> = [
    PushNotification.apsKey, PushNotification.targetContentIDKey,
    PushNotification.simulatorTargetBundleKey,
  ]
  /// `shortcutItem`'s members.
  package static let shortcutItem: Set<String> = [
    "type", "localizedTitle", "targetContentIdentifier",
  ]
  /// `userActivity`'s members (also inside an `activationRequest`).
  package static let userActivity: Set<String> = [
    "activityType", "targetContentIdentifier", "webpageURL", "userInfo",
  ]
  /// `appIntent`'s members.
  package static let appIntent: Set<String> = ["type", "contentIdentifier"]
  /// `activationRequest`'s members: one of the two.
  package static let activationRequest: Set<String> = ["session", "userActivity"]
  /// `routing`'s members, the options any kind may carry.
  package static let routing: Set<String> = [
    "role", "excluding", "allowSceneCreation", "allowCanMatches",
  ]

  /// Every name above, and the kinds' top-level keys.
  package static let all: Set<String> = notification.union(EventKind.allCases.map(\.rawValue))
    .union(["routing"]).union(shortcutItem).union(userActivity).union(appIntent)
    .union(activationRequest).union(routing)
}

extension SceneEvent {
  /// The member names the event decoder reads, for ``JSONValue/parse(_:keys:)``: a parse that
  /// returns them as these strings allocates none of them (`target-content-id` is one).
  ///
  /// A notification's come first: it is the commonest event, and the lookup compares names in
  /// order, so `target-content-id` is found without first comparing `activationRequest`, the
  /// same length (one `memcmp` more on every line of `route --jsonl`).
  package static let jsonKeys = JSONKeys(
    EventMembers.notification.sorted()
      + EventMembers.all.subtracting(EventMembers.notification).sorted())

  /// Decodes an event file; the kind comes from its top-level key.
  ///
  /// - Throws: ``FieldError`` naming the field path of the first problem.
  public init(json: JSONValue) throws(FieldError) {
    try self.init(json: json, byteCount: nil, kind: nil)
  }

  /// Decodes an event file: the kind comes from the top-level key (`aps`, `shortcutItem`,
  /// `userActivity`, `activationRequest`), or from `kind` when given.
  ///
  /// - Parameters:
  ///   - byteCount: the size of the file, for the APNs 4096-byte payload limit (a warning).
  /// - Throws: ``FieldError`` naming the field path of the first problem.
  package init(json: JSONValue, byteCount: Int?, kind forced: EventKind? = nil)
    throws(FieldError)
  {
    guard case .object(let object) = json else {
      throw FieldError(
        path: "", kind: .wrongType,
        message: "an event must be a JSON object, found \(json.typeDescription)")
    }
    let root = FieldReader(object: object, path: "")
    func isPresent(_ kind: EventKind) -> Bool { kind.isPresent(in: object) }
    let kind: EventKind
    if let forced {
      kind = forced
    } else if let only = EventKind.detect(in: json) {
      kind = only
    } else if !eventKinds.contains(where: isPresent) {
      throw FieldError(
        path: "",
        kind: .missing,
        message: "not an event: expected a top-level 'aps', 'shortcutItem', 'userActivity', "
          + "'url', 'appIntent' or 'activationRequest'")
    } else {
      throw FieldError(
        path: "",
        kind: .conflict,
        message:
          "ambiguous event: it has \(eventKinds.filter(isPresent).map { $0 == .notification ? "'aps'" : "'\($0.rawValue)'" }.joined(separator: " and "))"
      )
    }

    var warnings: [RoutingWarning] = []
    let eventKind: Kind
    switch kind {
    case .notification:
      // Read for their errors (a non-object aps, a non-string identifier), and given to the
      // notification, which would otherwise look them up again.
      let aps = try root.object(PushNotification.apsKey)
      let identifier = try aps.optionalString(PushNotification.targetContentIDKey)
      let bundle = try root.optionalString(PushNotification.simulatorTargetBundleKey)
      if let byteCount, byteCount > PushNotification.maximumPayloadSize {
        warnings.append(
          RoutingWarning(
            .payloadTooLarge(bytes: byteCount, limit: PushNotification.maximumPayloadSize)))
      }
      eventKind = .notification(
        PushNotification(payload: object, read: (identifier, bundle)))
    case .shortcutItem:
      let item = try root.object("shortcutItem")
      warnings += item.unknownEventFields(EventMembers.shortcutItem)
      eventKind = .shortcutItem(
        ShortcutItem(
          type: try item.string("type"),
          localizedTitle: try item.optionalString("localizedTitle") ?? "",
          targetContentIdentifier: try item.optionalString("targetContentIdentifier")))
    case .userActivity:
      let activity = try root.object("userActivity")
      eventKind = .userActivity(try Self.userActivity(activity, warnings: &warnings))
    case .url:
      eventKind = .url(try Self.url(root, "url", webpage: false))
    case .appIntent:
      let intent = try root.object("appIntent")
      warnings += intent.unknownEventFields(EventMembers.appIntent)
      eventKind = .appIntent(
        AppIntentRequest(
          intentType: try intent.string("type"),
          contentIdentifier: try intent.optionalString("contentIdentifier")))
    case .activationRequest:
      let request = try root.object("activationRequest")
      warnings += request.unknownEventFields(EventMembers.activationRequest)
      let session = try request.optionalString("session")
      let activity = try request.optionalObject("userActivity")
      switch (session, activity) {
      case (let session?, nil):
        eventKind = .activationRequest(.session(session))
      case (nil, let activity?):
        eventKind = .activationRequest(
          .userActivity(try Self.userActivity(activity, warnings: &warnings)))
      case (.some, .some):
        throw FieldError(
          path: "activationRequest", kind: .conflict,
          message: "give 'session' or 'userActivity', not both")
      case (nil, nil):
        throw FieldError(
          path: "activationRequest", kind: .unknownValue,
          message: "expected 'session' or 'userActivity'")
      }
    }

    var options = RoutingOptions()
    if case .activationRequest = eventKind { options.allowCanMatches = false }
    if let routing = try root.optionalObject("routing") {
      warnings += routing.unknownEventFields(EventMembers.routing)
      if let role = try routing.optionalString("role") {
        options.role = SceneSessionRole(rawValue: role)
        if !options.role.isKnown {
          warnings.append(RoutingWarning(.unknownRole(role: role, path: routing.child("role"))))
        }
      }
      if let excluding = try routing.optionalStringArray("excluding") {
        options.excluding = Set(excluding)
      }
      if let allow = try routing.optionalBool("allowSceneCreation") {
        options.allowSceneCreation = allow
      }
      if let allow = try routing.optionalBool("allowCanMatches") { options.allowCanMatches = allow }
    }
    self.init(eventKind, options: options, warnings: warnings)
  }

  /// The members a notification's text is read by without building it: `aps` (which makes it
  /// a notification), `aps.target-content-id`, the bundle, and `routing`.
  private static let notificationPaths = JSONPaths([
    [PushNotification.apsKey], [PushNotification.apsKey, PushNotification.targetContentIDKey],
    [PushNotification.simulatorTargetBundleKey], ["routing"],
  ])

  /// Decodes a notification from its JSON text without building the text — the commonest line of
  /// `route --jsonl` — giving the event ``init(json:byteCount:kind:)`` gives for the parsed text.
  ///
  /// Nil for any other text: another kind, a `routing` member, a field of the wrong type, an
  /// error, or a text ``JSONValue/pick(_:in:_:)`` leaves to the parse. The caller then parses it,
  /// which gives that event or names what is wrong, so the two paths cannot disagree.
  package init?(notificationText bytes: ArraySlice<UInt8>, kind forced: EventKind? = nil) {
    func string(_ pick: JSONPick) -> String?? {
      switch pick {
      case .absent, .null: .some(nil)
      case .string(let value): .some(value)
      case .object, .other: nil
      }
    }
    guard forced == nil || forced == .notification else { return nil }
    var identifier: String?
    var bundle: String?
    guard
      JSONValue.pick(
        Self.notificationPaths, in: bytes,
        { picks in
          guard picks[0] == .object, picks[3] == .absent,
            let pickedIdentifier = string(picks[1]), let pickedBundle = string(picks[2])
          else { return false }
          (identifier, bundle) = (pickedIdentifier, pickedBundle)
          return true
        })
    else { return nil }
    var warnings: [RoutingWarning] = []
    if bytes.count > PushNotification.maximumPayloadSize {
      warnings.append(
        RoutingWarning(
          .payloadTooLarge(bytes: bytes.count, limit: PushNotification.maximumPayloadSize)))
    }
    self.init(
      .notification(PushNotification(text: bytes, read: (identifier, bundle))),
      warnings: warnings)
  }

  private static func userActivity(_ reader: FieldReader, warnings: inout [RoutingWarning])
    throws(FieldError)
    -> UserActivity
  {
    warnings += reader.unknownEventFields(EventMembers.userActivity)
    return UserActivity(
      activityType: try reader.string("activityType"),
      targetContentIdentifier: try reader.optionalString("targetContentIdentifier"),
      webpageURL: try reader.optionalString("webpageURL") == nil
        ? nil : try url(reader, "webpageURL", webpage: true),
      userInfo: try reader.optionalObject("userInfo")?.object)
  }

  /// Reads the URL at `key`: an absolute URL, as `absoluteString` gives it (a scheme, then `:`,
  /// and no whitespace or control characters, which `URL(string:)` refuses). A `webpageURL` must
  /// be `http` or `https`, as `NSUserActivity` requires.
  private static func url(_ reader: FieldReader, _ key: String, webpage: Bool) throws(FieldError)
    -> String
  {
    let text = try reader.string(key)
    let scalars = text.unicodeScalars
    let colon = scalars.firstIndex(of: ":")
    let scheme = colon.map { String(scalars[..<$0]) } ?? ""
    func isSchemeScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
      scalar.isASCII
        && (scalar.properties.isAlphabetic
          || (!first && (("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))))
    }
    let validScheme =
      !scheme.isEmpty
      && scheme.unicodeScalars.enumerated().allSatisfy {
        isSchemeScalar($0.element, first: $0.offset == 0)
      }
    guard validScheme else {
      throw FieldError(
        path: reader.child(key),
        kind: .invalidValue,
        message: "expected an absolute URL with a scheme, such as \"https://example.com/a\", "
          + "found \"\(text.prefix(200))\"")
    }
    if let bad = scalars.first(where: {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
    }) {
      throw FieldError(
        path: reader.child(key),
        kind: .invalidValue,
        message: "a URL cannot hold U+\(String(bad.value, radix: 16, uppercase: true)) "
          + "(percent-encode it)")
    }
    if webpage, !["http", "https"].contains(scheme.lowercased()) {
      throw FieldError(
        path: reader.child(key),
        kind: .invalidValue,
        message: "a webpageURL must be http or https (NSUserActivity refuses others), "
          + "found scheme \"\(scheme)\"")
    }
    return text
  }
}

extension SceneEvent {
  /// The event in the event-file shape `scene-router route` reads (DESIGN §7), with `routing`
  /// when the options differ from the kind's defaults.
  public var jsonValue: JSONValue {
    func activity(_ activity: UserActivity) -> JSONValue {
      var members: [(String, JSONValue)] = [("activityType", .string(activity.activityType))]
      if let identifier = activity.targetContentIdentifier {
        members.append(("targetContentIdentifier", .string(identifier)))
      }
      if let url = activity.webpageURL { members.append(("webpageURL", .string(url))) }
      if let userInfo = activity.userInfo { members.append(("userInfo", .object(userInfo))) }
      return .object(JSONObject(members))
    }
    var object: JSONObject
    var defaults = RoutingOptions()
    switch kind {
    case .notification(let notification):
      // The identifier and bundle are the event's, whatever the payload it was made with says.
      object = notification.payload
      var aps = notification.payload[PushNotification.apsKey]?.objectValue ?? JSONObject()
      aps[PushNotification.targetContentIDKey] =
        notification.targetContentIdentifier.map(JSONValue.string)
      object[PushNotification.apsKey] = .object(aps)
      object[PushNotification.simulatorTargetBundleKey] = notification.simulatorTargetBundle.map(
        JSONValue.string)
    case .shortcutItem(let item):
      var members: [(String, JSONValue)] = [("type", .string(item.type))]
      if !item.localizedTitle.isEmpty {
        members.append(("localizedTitle", .string(item.localizedTitle)))
      }
      if let identifier = item.targetContentIdentifier {
        members.append(("targetContentIdentifier", .string(identifier)))
      }
      object = JSONObject([("shortcutItem", .object(JSONObject(members)))])
    case .userActivity(let value):
      object = JSONObject([("userActivity", activity(value))])
    case .url(let url):
      object = JSONObject([("url", .string(url))])
    case .appIntent(let intent):
      var members: [(String, JSONValue)] = [("type", .string(intent.intentType))]
      if let identifier = intent.contentIdentifier {
        members.append(("contentIdentifier", .string(identifier)))
      }
      object = JSONObject([("appIntent", .object(JSONObject(members)))])
    case .activationRequest(let request):
      defaults.allowCanMatches = false
      let inner: (String, JSONValue) =
        switch request {
        case .session(let identifier): ("session", .string(identifier))
        case .userActivity(let value): ("userActivity", activity(value))
        }
      object = JSONObject([("activationRequest", .object(JSONObject([inner])))])
    }
    if options != defaults {
      var routing: [(String, JSONValue)] = [("role", .string(options.role.rawValue))]
      if !options.excluding.isEmpty {
        routing.append(("excluding", .array(options.excluding.sorted().map(JSONValue.string))))
      }
      routing.append(("allowSceneCreation", .bool(options.allowSceneCreation)))
      routing.append(("allowCanMatches", .bool(options.allowCanMatches)))
      object["routing"] = .object(JSONObject(routing))
    }
    return .object(object)
  }
}

/// `Codable` in the event-file shape: a program writes events the CLI reads, and decoding
/// reports the field path of the first problem, as the CLI does.
extension SceneEvent: JSONCodable {}
