import SceneJSON

/// A push notification, as APNs delivers it (or as a `simctl push` file holds it).
///
/// Everything is read from the payload, so the notification cannot disagree with it: the
/// identifier is `aps.target-content-id`, the bundle the `simctl` file's
/// `"Simulator Target Bundle"`.
///
/// ```swift
/// let push = PushNotification(targetContentIdentifier: "com.example.chat/thread/42")
/// JSONValue.object(push.payload).jsonText   // {"aps":{"target-content-id":"com.example.chat/thread/42"}}
/// ```
public struct PushNotification: Sendable, Hashable {
  /// The payload as a value, or as the JSON text of an object it was read from without building
  /// it (``SceneEvent/init(notificationText:kind:)``), made into a value only when asked for.
  /// The text is the caller's slice, not a copy: `route --jsonl` copied, and freed, every line.
  private enum Payload: Sendable {
    case value(JSONObject)
    case text(ArraySlice<UInt8>)
  }
  private var storage: Payload

  /// The whole payload; setting it reads the identifier and bundle again.
  public var payload: JSONObject {
    get {
      switch storage {
      case .value(let object): return object
      case .text(let text):
        // The text was checked whole when it was read: it parses, to an object.
        guard case .object(let object)? = try? JSONValue.parse(text) else {
          preconditionFailure("a notification's text is a JSON object once read")
        }
        return object
      }
    }
    set {
      storage = .value(newValue)
      (targetContentIdentifier, simulatorTargetBundle) = Self.fields(of: newValue)
    }
  }
  /// `aps.target-content-id`, when it is a string.
  public private(set) var targetContentIdentifier: String?
  /// A `simctl push` file's `"Simulator Target Bundle"`, when it is a string.
  public private(set) var simulatorTargetBundle: String?

  /// The most bytes APNs accepts in a payload.
  package static let maximumPayloadSize = 4096

  /// The payload's key of the `aps` dictionary: `aps`.
  package static let apsKey = "aps"
  /// The `aps` key that directs a notification to a scene, `target-content-id` (Apple's
  /// *Generating a remote notification*): the one spelling every reader and writer uses.
  package static let targetContentIDKey = "target-content-id"
  /// A `simctl push` file's key of the app it is pushed to.
  package static let simulatorTargetBundleKey = "Simulator Target Bundle"

  /// A notification with this payload.
  public init(payload: JSONObject) {
    storage = .value(payload)
    (targetContentIdentifier, simulatorTargetBundle) = Self.fields(of: payload)
  }

  /// A notification whose payload is `{"aps": {"target-content-id": identifier}}` (`{"aps": {}}`
  /// for nil): what a push backend sends to direct a notification to a scene.
  public init(targetContentIdentifier: String?) {
    var aps = JSONObject()
    aps[Self.targetContentIDKey] = targetContentIdentifier.map(JSONValue.string)
    self.init(payload: JSONObject([(Self.apsKey, .object(aps))]))
  }

  /// A notification with this payload, whose identifier and bundle the caller has read from it
  /// (the event decoder, which checks their types first).
  init(payload: JSONObject, read fields: (String?, String?)) {
    storage = .value(payload)
    (targetContentIdentifier, simulatorTargetBundle) = fields
  }

  /// A notification whose payload is the JSON object `text`, checked whole, whose identifier and
  /// bundle the caller has read from it. The slice keeps its whole array alive as long as the
  /// notification lives (a line reader's buffer, for as long as one line is routed).
  init(text: ArraySlice<UInt8>, read fields: (String?, String?)) {
    storage = .text(text)
    (targetContentIdentifier, simulatorTargetBundle) = fields
  }

  private static func fields(of payload: JSONObject) -> (String?, String?) {
    (
      payload[apsKey]?.objectValue?[targetContentIDKey]?.stringValue,
      payload[simulatorTargetBundleKey]?.stringValue
    )
  }

  /// Two notifications are equal when their payloads are, however each was made.
  public static func == (left: Self, right: Self) -> Bool {
    left.targetContentIdentifier == right.targetContentIdentifier
      && left.simulatorTargetBundle == right.simulatorTargetBundle
      && left.payload == right.payload
  }

  /// Hashes the payload, as ``==`` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(payload) }
}

/// A home-screen quick action, as `UIApplicationShortcutItem`.
public struct ShortcutItem: Sendable, Hashable, Codable {
  /// The app-defined type.
  public var type: String
  /// The title shown on the home screen; UIKit requires one. Routing never reads it.
  public var localizedTitle: String
  /// The content the item opens.
  public var targetContentIdentifier: String?

  /// Creates a shortcut item, as `UIApplicationShortcutItem(type:localizedTitle:)` does.
  public init(type: String, localizedTitle: String, targetContentIdentifier: String? = nil) {
    self.type = type
    self.localizedTitle = localizedTitle
    self.targetContentIdentifier = targetContentIdentifier
  }

  private enum CodingKeys: String, CodingKey { case type, localizedTitle, targetContentIdentifier }

  /// Decodes an item; a missing title reads as empty, as event files may leave it out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      type: try container.decode(String.self, forKey: .type),
      localizedTitle: try container.decodeIfPresent(String.self, forKey: .localizedTitle) ?? "",
      targetContentIdentifier: try container.decodeIfPresent(
        String.self, forKey: .targetContentIdentifier))
  }
}

/// A user activity (Handoff, Spotlight, a universal link), as `NSUserActivity`.
public struct UserActivity: Sendable, Hashable {
  /// The activity type, such as `com.example.chat.view-thread`.
  public var activityType: String
  /// The content the activity continues.
  public var targetContentIdentifier: String?
  /// The web page URL, for universal links.
  public var webpageURL: String?
  /// App-defined values.
  public var userInfo: JSONObject?

  /// Creates a user activity.
  public init(
    activityType: String, targetContentIdentifier: String? = nil, webpageURL: String? = nil,
    userInfo: JSONObject? = nil
  ) {
    self.activityType = activityType
    self.targetContentIdentifier = targetContentIdentifier
    self.webpageURL = webpageURL
    self.userInfo = userInfo
  }
}

/// An app intent the system routes to a scene: one that adopts `TargetContentProvidingIntent`
/// (SwiftUI) or `UISceneAppIntent` (UIKit), as the App Intents article "Directing app intents to
/// your app's scenes" describes. The system matches its `contentIdentifier` against the scenes'
/// conditions, as it does a target content identifier.
///
/// Intents that adopt neither protocol are not routed to a scene at all, so they are not events
/// here.
public struct AppIntentRequest: Sendable, Hashable {
  /// The intent's type name, such as `ShowBrowserAppIntent`: its persistent identifier, and its
  /// content identifier unless it supplies its own.
  public var intentType: String
  /// The intent's own `contentIdentifier`, such as `ShowBrowser:<uuid>`; nil keeps the default.
  public var contentIdentifier: String?

  /// Creates an intent.
  public init(intentType: String, contentIdentifier: String? = nil) {
    self.intentType = intentType
    self.contentIdentifier = contentIdentifier
  }

  /// The identifier the system routes by: the intent's `contentIdentifier`, whose default
  /// implementation is the intent type's name.
  public var targetContentIdentifier: String { contentIdentifier ?? intentType }
}

/// A request to activate a scene, as `UIApplication.requestSceneSessionActivation`.
public enum ActivationRequest: Sendable, Hashable {
  /// Activate this session.
  case session(String)
  /// Activate a scene for this activity: one whose *prefers* predicate matches, else a new one.
  case userActivity(UserActivity)
}

/// How an event is routed: which role competes, which sessions are excluded, and what the router
/// may do when no session prefers the event.
public struct RoutingOptions: Sendable, Hashable {
  /// Only sessions with this role compete.
  public var role: SceneSessionRole
  /// Sessions that must not be chosen.
  public var excluding: Set<String>
  /// Whether the router may ask for a new scene; when not, no match means no scene.
  public var allowSceneCreation: Bool
  /// Whether a *can activate* match may reuse a session (false on the activation-request path,
  /// where only a *prefers* match reuses one).
  public var allowCanMatches: Bool

  /// Creates options; the defaults are UIKit's.
  public init(
    role: SceneSessionRole = .windowApplication, excluding: Set<String> = [],
    allowSceneCreation: Bool = true, allowCanMatches: Bool = true
  ) {
    self.role = role
    self.excluding = excluding
    self.allowSceneCreation = allowSceneCreation
    self.allowCanMatches = allowCanMatches
  }

  /// Whether the session named `identifier` is excluded. Both routers ask for every session they
  /// look at, and `Set.contains` hashes the name even when the set is empty.
  @inline(__always)
  func excludes(_ identifier: String) -> Bool {
    !excluding.isEmpty && excluding.contains(identifier)
  }
}

/// Which string of an event the predicates are evaluated against.
public enum EvaluatedString: String, Sendable, Hashable, Codable, CaseIterable {
  /// The event's target content identifier (an app intent's content identifier included).
  case targetContentIdentifier
  /// A URL event's absolute string.
  case url
  /// A user activity's `webpageURL`, because it has no target content identifier (the fallback
  /// SwiftUI documents for `handlesExternalEvents`).
  case webpageURL
}

/// Something that asks for a scene: a notification, a shortcut item, a user activity, a URL, an
/// app intent or an activation request, with its routing options.
public struct SceneEvent: Sendable, Hashable {
  /// The kinds of event.
  public enum Kind: Sendable, Hashable {
    /// A push notification, routed by its `aps.target-content-id`.
    case notification(PushNotification)
    /// A home-screen quick action, routed by its `targetContentIdentifier`.
    case shortcutItem(ShortcutItem)
    /// A user activity (Handoff, Spotlight, a universal link), routed by its
    /// `targetContentIdentifier`, or by its `webpageURL` when it has none.
    case userActivity(UserActivity)
    /// A URL the app opens (a tapped link, `openURL`, a universal link), by its absolute string.
    case url(String)
    /// An app intent that targets a scene, routed by its content identifier.
    case appIntent(AppIntentRequest)
    /// `requestSceneSessionActivation`: a named session, or a user activity that reuses only a
    /// session that prefers it.
    case activationRequest(ActivationRequest)
  }

  /// What the event is.
  public var kind: Kind
  /// How to route it.
  public var options: RoutingOptions
  /// Problems found in the event that did not stop it (an oversized payload, an unknown field).
  public var warnings: [RoutingWarning]

  /// Creates an event.
  public init(
    _ kind: Kind, options: RoutingOptions = RoutingOptions(), warnings: [RoutingWarning] = []
  ) {
    self.kind = kind
    self.options = options
    self.warnings = warnings
  }

  /// The target content identifier the event carries.
  public var targetContentIdentifier: String? {
    switch kind {
    case .notification(let notification): notification.targetContentIdentifier
    case .shortcutItem(let item): item.targetContentIdentifier
    case .userActivity(let activity): activity.targetContentIdentifier
    case .url: nil
    case .appIntent(let intent): intent.targetContentIdentifier
    case .activationRequest(.userActivity(let activity)): activity.targetContentIdentifier
    case .activationRequest(.session): nil
    }
  }

  /// The string the predicates are evaluated against, and which one it is: the target content
  /// identifier; for a URL event its absolute string; for a user activity without an identifier
  /// its `webpageURL` (UIKit evaluates activation conditions against "the text of URL links", and
  /// SwiftUI documents the fallback). Nil when the event carries none of them. Its source is
  /// the identifier exactly when the event has one (a decision reads both from it).
  package var evaluated: (string: String, source: EvaluatedString)? {
    switch kind {
    case .url(let url): return (url, .url)
    case .userActivity(let activity), .activationRequest(.userActivity(let activity)):
      if let identifier = activity.targetContentIdentifier {
        return (identifier, .targetContentIdentifier)
      }
      return activity.webpageURL.map { ($0, .webpageURL) }
    default:
      return targetContentIdentifier.map { ($0, .targetContentIdentifier) }
    }
  }

  /// Whether the event is `requestSceneSessionActivation`: such an event never reuses a session
  /// on recency alone, nor on a *can* match (DESIGN §6).
  var isActivationRequest: Bool { eventKind == .activationRequest }

  /// The kind, as the event-file kinds name it.
  package var eventKind: EventKind {
    switch kind {
    case .notification: .notification
    case .shortcutItem: .shortcutItem
    case .userActivity: .userActivity
    case .url: .url
    case .appIntent: .appIntent
    case .activationRequest: .activationRequest
    }
  }
}

/// The kinds of event files, by the top-level key that identifies them.
package enum EventKind: String, Sendable, Hashable, CaseIterable {
  /// Any object with `"aps"`: an APNs payload or a `simctl push` file.
  case notification
  /// `{"shortcutItem": {…}}`.
  case shortcutItem
  /// `{"userActivity": {…}}`.
  case userActivity
  /// `{"url": "https://…"}`.
  case url
  /// `{"appIntent": {"type", "contentIdentifier"?}}`.
  case appIntent
  /// `{"activationRequest": {…}}`.
  case activationRequest
}
