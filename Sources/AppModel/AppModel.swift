import PredicateEvaluation
import SceneJSON
import SourceReading

/// What `scene-router scenes` reads from an app's source tree: its apps' scene declarations and
/// scene configurations, the places that produce routed events, and why any value is unknown.
///
/// Every entry keeps its file (relative to the path given, as `lint` reports it) and 1-based
/// line. A value the source does not fix is nil, with a diagnostic that says why: nothing is
/// guessed (DESIGN §10).
package struct AppCatalog: Sendable {
  /// The apps, in file order; an app whose `body` branches on `if #available` is one entry per
  /// branch (``CatalogApp/variant``).
  package var apps: [CatalogApp] = []
  /// Where the app makes events, in file and line order.
  package var producers: [Producer] = []
  /// Notes on what could not be read or followed, and property lists that are not.
  package var diagnostics: [LintDiagnostic] = []

  package init() {}
}

/// One app: a SwiftUI `App` (one `body` branch), or the UIKit app an `Info.plist` scene manifest
/// describes.
package struct CatalogApp: Sendable {
  /// The `App` type's name, or the bundle's name for a UIKit manifest.
  package var name: String
  package var file: String
  package var line: Int
  /// For one branch of `if #available(…)` in `body`, which (`#available(macOS 14, *)`, or
  /// `else of #available(…)`); nil when the body does not branch.
  package var variant: String?
  /// The platforms the type is compiled for, from the `#if` clauses around it.
  package var platforms = CompiledPlatforms.everywhere
  /// SwiftUI scene declarations, in declaration order (custom `Scene` types expanded).
  package var windowGroups: [SceneDeclaration] = []
  /// UIKit scene configurations from the manifest.
  package var sceneConfigurations: [SceneConfigurationEntry] = []
  /// `UIApplicationSupportsMultipleScenes`, when the manifest says.
  package var supportsMultipleScenes: Bool?
  /// Where the app makes scene configurations in code (`UISceneConfiguration(name:…)`, as
  /// `application(_:configurationForConnecting:options:)` returns them): the configuration a new
  /// scene gets is then chosen there, not by the manifest's order. Nil when it makes none.
  package var configuresInCode: SourcePlace?
  /// How the app delegate's `application(_:configurationForConnecting:options:)` chooses the
  /// configuration of a new scene; nil when no file of the tree implements it (then UIKit uses
  /// the role's first configuration in the manifest, unless ``configuresInCode`` says the app
  /// makes configurations somewhere the tool did not read as that method).
  package var configurationChoice: ConfigurationChoice?
  /// Conditions the app's code sets outside every configuration's delegate class: on the scene a
  /// view controller is shown in (`view.window?.windowScene?.activationConditions`), or in a
  /// helper. Which scene they reach is known only at run time, so each configuration's condition
  /// of their kind is routed as one of its delegate's and these (``AppCondition/oneOf(_:name:reason:)``).
  package var runTimeConditions: [LintedCondition] = []

  /// Which app this is: its `App` type's declaration (file and line). The `#available` branches
  /// of one app share it; apps that share a name (one per platform, or per target of one
  /// repository) do not.
  package var declaration: String { "\(file)\u{0}\(line)" }
}

/// A built-in SwiftUI scene type, by its name.
package enum SceneKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case windowGroup = "WindowGroup"
  case window = "Window"
  case documentGroup = "DocumentGroup"
  case settings = "Settings"
  case menuBarExtra = "MenuBarExtra"
  case utilityWindow = "UtilityWindow"
  case immersiveSpace = "ImmersiveSpace"
  case remoteImmersiveSpace = "RemoteImmersiveSpace"
  case documentGroupLaunchScene = "DocumentGroupLaunchScene"
  case notificationScene = "WKNotificationScene"
  case alertScene = "AlertScene"
  case assistiveAccess = "AssistiveAccess"

  package var description: String { rawValue }

  /// Whether SwiftUI can route an event to a new scene of this kind. **Decision:** the
  /// documented rules speak of "scene declarations"; the tool counts the declarations that open
  /// windows for content (`WindowGroup`, `Window`, `DocumentGroup`, `UtilityWindow`), not
  /// `Settings`, `MenuBarExtra` or spaces, whose routing Apple does not describe.
  package var isRoutable: Bool {
    [.windowGroup, .window, .documentGroup, .utilityWindow].contains(self)
  }
}

/// A SwiftUI scene declaration: `WindowGroup`, `Window`, `DocumentGroup`, `Settings`,
/// `MenuBarExtra`, `UtilityWindow` or another built-in scene.
package struct SceneDeclaration: Sendable {
  package var kind: SceneKind
  /// The `id:` argument, when it is a string the file fixes.
  package var id: String?
  /// The static constant the `id:` argument names (``SwiftValues/constantReference(_:)``),
  /// whether or not its value is known: an `openWindow(id:)` naming the same constant opens it.
  package var idReference: String?
  /// Whether the scene is declared with an `id:` whose value the source does not fix.
  package var idIsUnknown = false
  /// The literal title.
  package var title: String?
  /// The `for:` type (`Note.ID`), for groups opened with `openWindow(value:)`.
  package var presentedType: String?
  /// The scene configuration name a new scene of it gets. **Decision:** SwiftUI does not
  /// document one; the tool names it by its id, else its title, else `Kind N`.
  package var configuration: String
  /// The strings of the scene's `handlesExternalEvents(matching:)` (a string built by
  /// interpolation is a template); nil without the modifier.
  package var matching: [Template]?
  /// Why `matching` is unknown (a set or an element known only at run time), or nil when it
  /// holds every string: then findings that need it are not reported.
  package var matchingUnknown: String?
  /// Whether `matching` holds every string.
  package var matchingIsKnown: Bool { matchingUnknown == nil }
  /// The platforms the declaration is compiled for, from the `#if` clauses around it.
  package var platforms = CompiledPlatforms.everywhere
  package var file: String
  package var line: Int
  /// The view-level sets reached from the root view; nil when no view declares them.
  package var views: ViewConditions?
  /// Why the view-level sets are unknown (a root view not followed), or nil when known.
  package var viewsUnknown: String?
  /// The `onOpenURL` and `onContinueUserActivity` handlers in its views (`name file:line`):
  /// evidence that external events reach it even when the app's URL schemes are not in the tree.
  package var eventHandlers: [String] = []

  /// Whether SwiftUI can route an event to a new scene of this declaration.
  package var isRoutable: Bool { kind.isRoutable }
}

/// `handlesExternalEvents(preferring:allowing:)` on a view inside a scene.
package struct ViewConditions: Sendable {
  package var preferring: [Template]
  package var allowing: [Template]
  /// Why the `preferring:` set is unknown, or nil when it holds only strings the source fixes.
  package var preferringUnknown: String?
  /// Why the `allowing:` set is unknown, or nil when it holds only strings the source fixes.
  package var allowingUnknown: String?
  /// Whether the `preferring:` set holds only strings the source fixes.
  package var preferringIsKnown: Bool { preferringUnknown == nil }
  /// Whether the `allowing:` set holds only strings the source fixes.
  package var allowingIsKnown: Bool { allowingUnknown == nil }
  /// Whether both sets hold only strings the source fixes.
  package var isKnown: Bool { preferringIsKnown && allowingIsKnown }
  package var file: String
  package var line: Int
  /// Where the modifiers are compiled (`#if os(macOS)` around `.handlesExternalEvents(…)`): on
  /// another platform the scene's views have none.
  package var platforms = CompiledPlatforms.everywhere
  /// Each modifier these conditions merge, as its own conditions: one platform's are merged
  /// from those compiled for it (``compiled(for:)``).
  package var sites: [ViewConditions] = []

  /// The conditions of several modifiers in a scene's views: every string of each set, the
  /// first reason a set is unknown, the first modifier's place, and compiled wherever one is.
  /// Nil when there is none.
  package static func merged(_ sites: [ViewConditions]) -> ViewConditions? {
    guard var merged = sites.first else { return nil }
    for site in sites.dropFirst() {
      if merged.platforms.clauses.isEmpty || site.platforms.clauses.isEmpty {
        merged.platforms = .everywhere
      } else {
        merged.platforms.platforms.formUnion(site.platforms.platforms)
        merged.platforms.surely.formUnion(site.platforms.surely)
        merged.platforms.clauses += site.platforms.clauses.filter {
          !merged.platforms.clauses.contains($0)
        }
      }
      merged.preferring += site.preferring.filter { !merged.preferring.contains($0) }
      merged.allowing += site.allowing.filter { !merged.allowing.contains($0) }
      merged.preferringUnknown = merged.preferringUnknown ?? site.preferringUnknown
      merged.allowingUnknown = merged.allowingUnknown ?? site.allowingUnknown
    }
    merged.sites = sites
    return merged
  }

  /// The conditions of the modifiers compiled for `platform`; nil when none is.
  package func compiled(for platform: Platform) -> ViewConditions? {
    Self.merged(sites.filter { $0.platforms.contains(platform) })
  }
}

/// One configuration of `UIApplicationSceneManifest`'s `UISceneConfigurations`.
package struct SceneConfigurationEntry: Sendable {
  /// The role key (`UIWindowSceneSessionRoleApplication`, …).
  package var role: String
  package var name: String?
  package var delegateClass: String?
  package var storyboard: String?
  /// `UISceneClassName`: the `UIScene` subclass UIKit makes, which may set its own conditions
  /// (`self.activationConditions`).
  package var sceneClass: String?
  /// The property list and the line of the configuration's `<dict>`.
  package var file: String
  package var line: Int
  /// The activation conditions the delegate class's code sets (the lint's findings in it).
  package var activationConditions: [LintedCondition] = []
  /// Whether a file of the tree declares the delegate class; nil when none is named.
  package var delegateDeclared: Bool?
  /// Whether the delegate class implements `windowScene(_:performActionFor:completionHandler:)`
  /// (`windowScene:performActionForShortcutItem:completionHandler:`), which an open scene's
  /// shortcut item reaches; nil when the class is not in the tree.
  package var handlesShortcutItems: Bool?
}

extension Producer.Kind {
  /// The kind of event a receiver of `targetContentIdentifier` makes, from what the source says
  /// of it, most telling first (`texts`: the type it is made as, its name, its initializer): a
  /// UIKit type's name (`UIApplicationShortcutItem`, `NSUserActivity`,
  /// `UNMutableNotificationContent`) in any of them, else a word of one (`shortcut`, `activity`,
  /// `content`), else an identifier set on a receiver of unknown type.
  ///
  /// Types before words: `UIApplicationShortcutItem(type: ActivityType.compose, …)` is a
  /// shortcut item, though its arguments say "activity".
  package static func receiver(_ texts: [String]) -> Self {
    let types: [(String, Self)] = [
      ("ShortcutItem", .shortcutItem), ("UserActivity", .userActivity),
      ("NotificationContent", .notification),
    ]
    let words: [(String, Self)] = [
      ("shortcut", .shortcutItem), ("activity", .userActivity), ("content", .notification),
    ]
    for text in texts {
      if let (_, kind) = types.first(where: { text.contains($0.0) }) { return kind }
    }
    for text in texts {
      let lower = text.lowercased()
      if let (_, kind) = words.first(where: { lower.contains($0.0) }) { return kind }
    }
    return .targetContentIdentifier
  }
}

/// A place in the app that makes an event the system routes.
package struct Producer: Sendable, Hashable {
  /// What makes it.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    case userActivity, notification, shortcutItem
    /// `targetContentIdentifier` set on a receiver whose type the file does not say.
    case targetContentIdentifier
    /// `UIApplicationShortcutItems` in `Info.plist`.
    case infoPlistShortcutItem
    /// An App Intent adopting `TargetContentProvidingIntent` or `UISceneAppIntent`.
    case appIntent
    /// `openWindow(id:)`: opens the declaration with that id.
    case openWindowID = "openWindow.id"
    /// `openWindow(value:)`: opens the group presenting the value's type.
    case openWindowValue = "openWindow.value"
    /// `requestSceneSessionActivation` with a user activity.
    case activationRequest
    /// A URL scheme of `CFBundleURLTypes`: a URL of that scheme is an event.
    case urlScheme
    /// An APNs payload file with `aps.target-content-id`.
    case payload
    /// A URL the app opens itself: SwiftUI's `Link(destination:)`, `openURL(_:)` from the
    /// environment, `UIApplication.shared.open(_:)`, a widget's `widgetURL(_:)`. It comes back
    /// to the app when its scheme is one the app declares.
    case openURL
    /// A file the system hands the app (opened from Files or Finder, dropped, shared): a
    /// document type of `CFBundleDocumentTypes`, or a `DocumentGroup`'s. Routed as its
    /// `file://` URL.
    case document
  }

  package var kind: Kind
  package var file: String
  package var line: Int
  /// The identifier (for a URL scheme, `scheme://`; for `openWindow(id:)`, the window id),
  /// when the source fixes it.
  package var identifier: String?
  /// The identifier as literal parts and run-time holes, when it is built by interpolation.
  package var template: Template?
  /// Why the identifier is unknown, when it is neither.
  package var unknown: String?
  /// The argument written, for `openWindow(value:)` and the like.
  package var detail: String?
  /// For `openWindow(id:)`, the static constant the id names (``SwiftValues/constantReference(_:)``).
  package var reference: String?
  /// The platforms a Swift producer is compiled for, from the `#if` clauses around it.
  package var platforms = CompiledPlatforms.everywhere

  /// Whether the event carries a target content identifier at all: false where the source
  /// passes nil, or sets none (then nothing is routed by one).
  package var carriesIdentifier = true
  /// For a user activity (an activation request's, a continued one), its `activityType` when
  /// the source fixes it: what `application(_:configurationForConnecting:options:)` may test.
  package var activityType: String?
  /// For an activation request, the session it asks to activate, as written, when it is not
  /// nil: UIKit brings that scene forward instead of choosing one, so the request is not routed.
  package var session: String?
  /// For an activation request, whether it passes a user activity (`userActivity: nil` does
  /// not: a new window of the default configuration).
  package var passesActivity = true

  /// What a scene UIKit creates for the event brings that
  /// `application(_:configurationForConnecting:options:)` can test: a user activity for a
  /// continued activity and an activation request that passes one, nothing otherwise.
  package var connection: ConfigurationChoice.Connection {
    switch kind {
    case .userActivity, .activationRequest:
      if kind == .activationRequest, !passesActivity { return .noActivity }
      return activityType.map { .activity(type: $0) } ?? .activityOfUnknownType
    case .targetContentIdentifier: return .activityOfUnknownType
    default: return .noActivity
    }
  }

  /// The reason an identifier assigned `nil` has.
  package static let nilIdentifier = "the identifier is nil"

  /// Why a request that passes no user activity carries no identifier, and what it opens: the
  /// session it names (as written), else a new scene of the default configuration.
  package static func withoutActivity(session: String?) -> String {
    guard let session else { return "no user activity: a new scene of the default configuration" }
    return "no user activity: it activates the session it names ('\(session)')"
  }

  /// What the event carries, as known text and holes: the identifier, the template, or one
  /// hole for a run-time value; a URL scheme stands for every URL of it (`x-example://⟨URL⟩`).
  /// Nil for an event with no identifier, and for `openWindow`, which routes by window id.
  package var routedValue: TextTemplate? {
    guard carriesIdentifier, session == nil, kind != .openWindowID, kind != .openWindowValue
    else { return nil }
    let value: TextTemplate =
      identifier.map { TextTemplate($0) } ?? template ?? .unknown(unknownName)
    return kind == .urlScheme ? TextTemplate(parts: value.parts + [.hole("URL")]) : value
  }

  /// The name an identifier known only at run time goes by in a table row and a note.
  private var unknownName: String { "\(kind.rawValue) identifier" }
}

extension AppCatalog {
  /// `{"apps": […], "producers": […], "diagnostics": […]}` (issue 36's shape).
  package var jsonValue: JSONValue {
    func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    func conditionJSON(_ condition: LintedCondition) -> JSONValue {
      .object(
        JSONObject([
          ("kind", .string(condition.kind.rawValue)),
          ("format", condition.format.map(JSONValue.string) ?? .null),
          // Why there is no format: the predicate's first error (UIKit raises when it is set),
          // or why it is not checkable; null when there is one.
          ("unknown", condition.format == nil ? .string(condition.whyNoFormat) : .null),
          ("resolution", .string(condition.resolution.rawValue)),
          ("variables", .array(condition.variables.map(\.jsonValue))),
          ("if", .array(condition.compiled.clauses.map(JSONValue.string))),
          ("paths", .array(condition.runTime.reversed().map(JSONValue.string))),
          ("file", .string(condition.file)), ("line", number(condition.line)),
        ]))
    }
    func strings(_ values: [String]?) -> JSONValue {
      values.map { .array($0.map(JSONValue.string)) } ?? .null
    }
    // A set's element: its string, or for a template `{"template": [parts]}`.
    func set(_ values: [Template]?) -> JSONValue {
      values.map { values in
        .array(
          values.map { value in
            value.text.map(JSONValue.string)
              ?? .object(JSONObject([("template", value.jsonValue)]))
          })
      } ?? .null
    }
    // What the source does not fix: `{"unknown": why}`, never null (which says "no modifier").
    func unknown(_ reason: String) -> JSONValue {
      .object(JSONObject([("unknown", .string(reason))]))
    }
    func set(_ values: [Template]?, unknown reason: String?) -> JSONValue {
      reason.map(unknown) ?? set(values)
    }
    func template(_ value: Template?) -> JSONValue {
      value.map(\.jsonValue) ?? .null
    }
    let apps: [JSONValue] = apps.map { app in
      .object(
        JSONObject([
          ("name", .string(app.name)), ("file", .string(app.file)), ("line", number(app.line)),
          ("variant", app.variant.map(JSONValue.string) ?? .null),
          ("platforms", strings(app.platforms.names)),
          ("supportsMultipleScenes", app.supportsMultipleScenes.map(JSONValue.bool) ?? .null),
          (
            "windowGroups",
            .array(
              app.windowGroups.map { group in
                .object(
                  JSONObject([
                    ("kind", .string(group.kind.rawValue)),
                    ("id", group.id.map(JSONValue.string) ?? .null),
                    ("title", group.title.map(JSONValue.string) ?? .null),
                    ("for", group.presentedType.map(JSONValue.string) ?? .null),
                    ("configuration", .string(group.configuration)),
                    (
                      "handlesExternalEvents",
                      set(group.matching, unknown: group.matchingUnknown)
                    ),
                    ("platforms", strings(group.platforms.names)),
                    ("eventHandlers", strings(group.eventHandlers)),
                    ("file", .string(group.file)),
                    ("line", number(group.line)),
                    (
                      "views",
                      group.views.map { views in
                        .object(
                          JSONObject([
                            ("preferring", set(views.preferring, unknown: views.preferringUnknown)),
                            ("allowing", set(views.allowing, unknown: views.allowingUnknown)),
                            ("if", .array(views.platforms.clauses.map(JSONValue.string))),
                            ("file", .string(views.file)), ("line", number(views.line)),
                          ]))
                      }
                        ?? group.viewsUnknown.map(unknown) ?? .null
                    ),
                  ]))
              })
          ),
          ("configurationChoice", app.configurationChoice?.jsonValue ?? .null),
          (
            "sceneConfigurations",
            .array(
              app.sceneConfigurations.map { entry in
                .object(
                  JSONObject([
                    ("role", .string(entry.role)),
                    ("name", entry.name.map(JSONValue.string) ?? .null),
                    ("delegateClass", entry.delegateClass.map(JSONValue.string) ?? .null),
                    ("storyboard", entry.storyboard.map(JSONValue.string) ?? .null),
                    ("sceneClass", entry.sceneClass.map(JSONValue.string) ?? .null),
                    ("file", .string(entry.file)), ("line", number(entry.line)),
                    ("activationConditions", .array(entry.activationConditions.map(conditionJSON))),
                  ]))
              })
          ),
          ("runTimeConditions", .array(app.runTimeConditions.map(conditionJSON))),
        ]))
    }
    let producers: [JSONValue] = producers.map { producer in
      .object(
        JSONObject([
          ("kind", .string(producer.kind.rawValue)), ("file", .string(producer.file)),
          ("line", number(producer.line)),
          ("identifier", producer.identifier.map(JSONValue.string) ?? .null),
          ("template", template(producer.template)),
          // Why neither is known, as `scenes` says it; null when one is.
          (
            "unknown",
            producer.identifier == nil && producer.template == nil
              ? .string(producer.unknown ?? "known only at run time") : .null
          ),
          ("detail", producer.detail.map(JSONValue.string) ?? .null),
        ]))
    }
    return .object(
      JSONObject([
        ("apps", .array(apps)), ("producers", .array(producers)),
        ("diagnostics", .array(diagnostics.map(\.jsonValue))),
      ]))
  }
}
