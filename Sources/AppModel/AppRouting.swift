import PredicateEvaluation
import SceneJSON
import SceneRouting
import SourceReading

/// Routes an app's producers through its catalogue with the library's router, and reports what a
/// developer would want to know before shipping: events no scene takes, window groups that open
/// a new window per event, ids nothing opens, and decisions won by order alone.
///
/// A condition or an identifier that holds a run-time value answers *always*, *never* or
/// *depends* (``StaticAnswer``). The router is then run once for each combination of the
/// answers that depend, with those conditions as constants: a decision that is the same for
/// every combination holds for every value, and one that differs depends on the values the
/// answers named. A finding is reported only when it holds for every value; otherwise a note
/// says what it depends on (DESIGN §10, "three answers").
package struct AppRouting: Sendable {
  /// The app routed.
  package var app: CatalogApp
  /// The scenes an event can find open: a window group's window with view-level sets, a UIKit
  /// configuration whose delegate sets conditions; in declaration order.
  package private(set) var scenes: [AppScene] = []
  /// The window groups a new scene comes from, in declaration order (routable ones only).
  package private(set) var windowGroups: [AppWindowGroup] = []
  /// The configuration a new scene of each role gets when no window group decides, whatever
  /// the event: the first of the role in the manifest, or the one the app delegate's
  /// `application(_:configurationForConnecting:options:)` returns for every event. A role whose
  /// configuration depends on the event (or is unknown) is absent: ``route(_:kind:connection:)``
  /// chooses it per event.
  package var defaultConfigurations: [SceneSessionRole: String] = [:]
  /// The first configuration of each role in the manifest, the one UIKit uses when the app
  /// delegate does not choose.
  package var manifestConfigurations: [SceneSessionRole: String] = [:]
  /// The profile the conditions need: `extended` when one uses MATCHES.
  package var profile: ValidationProfile = .uikit
  /// The decisions already made, by every condition's constant answer and the event's kind:
  /// producers whose answers agree route alike, so an app with many producers routes each
  /// combination once. (The scenes are fixed when the routing is made; a copy with other
  /// scenes is made by ``init(app:)``, with a cache of its own.)
  private let decided = DecisionCache()

  /// Decisions by the answers they were made for, and the answers by the value they are for.
  private final class DecisionCache: Sendable {
    package struct Key: Hashable {
      package var answers: [Bool]
      package var kind: Producer.Kind
      package var created: String?
    }
    /// Each combination's decision, and what tells it apart (``Signature``).
    package let decisions = Locked<[Key: (decision: RoutingDecision, signature: Signature)]>([:])
    /// Each scene's prefers and can answer and each window group's matching answer for a
    /// value: many producers of an app carry the same value (every view that opens one window),
    /// and the scenes are fixed, so each value is answered once.
    package let answers = Locked<[TextTemplate: Answers]>([:])
    package typealias Answers = (
      scenes: [(prefers: StaticAnswer, can: StaticAnswer)], matching: [StaticAnswer?]
    )
  }

  /// An open scene of the catalogue.
  package struct AppScene: Sendable {
    /// The session's identifier: `open <configuration>` for a window group's window, the
    /// configuration's name for a UIKit scene.
    package var id: String
    package var configuration: String
    package var role: SceneSessionRole
    package var canActivate: AppCondition
    package var prefersToActivate: AppCondition
    /// SwiftUI's view-level sets the conditions come from, when the scene is a window group's.
    package var views: ViewConditions?
    /// Where it is declared: `file:line`.
    package var place: String
  }

  /// A window group a new scene comes from.
  package struct AppWindowGroup: Sendable {
    /// Its configuration name, unique in the app.
    package var configuration: String
    /// Its `handlesExternalEvents(matching:)` set as a condition; nil without the modifier.
    package var matching: AppCondition?
    /// Its declaration.
    package var declaration: SceneDeclaration
  }

  package init(app: CatalogApp) {
    self.app = app
    var seen: Set<String> = []
    for group in app.windowGroups where group.isRoutable {
      // Two declarations with one configuration name: the second is named by its line, and a
      // declaration expanded more than once (a custom scene used twice) by its copy too.
      var configuration = group.configuration
      if !seen.insert(configuration).inserted {
        let named = "\(group.configuration) (line \(group.line))"
        configuration = named
        var copy = 2
        while !seen.insert(configuration).inserted {
          configuration = "\(named) #\(copy)"
          copy += 1
        }
      }
      let matching = group.matching.map { set in
        group.matchingUnknown.map {
          AppCondition.unknown(name: "the matching set of '\(configuration)'", reason: $0)
        } ?? .matching(set)
      }
      windowGroups.append(
        AppWindowGroup(configuration: configuration, matching: matching, declaration: group))
      let place = "\(group.file):\(group.line)"
      if let views = group.views {
        func condition(_ set: [Template], _ label: String, unknown: String?) -> AppCondition {
          unknown.map { .unknown(name: "the \(label) set of '\(configuration)'", reason: $0) }
            ?? .matching(set)
        }
        scenes.append(
          AppScene(
            id: "open " + configuration, configuration: configuration, role: .windowApplication,
            canActivate: condition(views.allowing, "allowing", unknown: views.allowingUnknown),
            prefersToActivate: condition(
              views.preferring, "preferring", unknown: views.preferringUnknown),
            views: views, place: place))
      } else if let reason = group.viewsUnknown {
        // **Decision** (DESIGN §10): a root view not followed leaves the open window's sets
        // unknown, not empty.
        let unknown = AppCondition.unknown(
          name: "the view conditions of '\(configuration)'", reason: reason)
        scenes.append(
          AppScene(
            id: "open " + configuration, configuration: configuration, role: .windowApplication,
            canActivate: unknown, prefersToActivate: unknown, views: nil, place: place))
      }
    }
    for entry in app.sceneConfigurations {
      guard let name = entry.name else { continue }
      let role = SessionRoleKeys.role(key: entry.role)
      if manifestConfigurations[role] == nil { manifestConfigurations[role] = name }
      let conditions = entry.activationConditions
      // **Decision:** a delegate that sets no condition of a kind, or no delegate at all, keeps
      // UIKit's default for it (UISceneActivationConditions: can activate for anything, prefers
      // nothing); so does a configuration whose delegate class no file of the tree declares
      // (`app.missing-delegate-class`): UIKit logs that it cannot load the class and makes the
      // scene without a delegate, so no code sets its conditions.
      func read(_ condition: LintedCondition?, _ kind: ConditionKind) -> AppCondition {
        guard let condition else {
          return .known(kind == .canActivate ? .truePredicate : .falsePredicate, variables: [])
        }
        guard let predicate = condition.predicate, condition.valid == true else {
          return .unknown(
            name: "the \(kind.rawValue) predicate of '\(name)'", reason: condition.whyNoFormat)
        }
        return .known(predicate, variables: condition.variables)
      }
      // The last assignment in source order is the one in force. One under `#if` is compiled
      // into some builds only, and one under `if`, `guard`, `switch` or a loop runs on some
      // paths only: then the one in force is it or one before it, known only when the app is
      // built and run (**decision**: the tool does not choose a build or a path for the
      // developer; a build setting it cannot see leaves every branch possible).
      func inForce(_ assignments: [LintedCondition], _ kind: ConditionKind) -> AppCondition {
        var alternatives: [AppCondition] = []
        var clauses: [String] = []
        var paths: [String] = []
        // The branches of each exclusive group seen to set it: all of them, and nothing before
        // the group is in force.
        var branches: [String: Set<Int>] = [:]
        var settled = false
        for assignment in assignments.reversed() {
          alternatives.append(read(assignment, kind))
          let compiled = assignment.compiled
          if compiled.surely.isSuperset(of: app.platforms.platforms) && assignment.runTime.isEmpty {
            settled = true
            break
          }
          for clause in compiled.clauses.reversed() where !clauses.contains(clause) {
            clauses.insert(clause, at: 0)
          }
          if let path = assignment.runTime.first {
            paths.insert("\(path) at \(assignment.file):\(assignment.line)", at: 0)
          }
          if let branch = assignment.branch {
            let group = "\(assignment.file)\u{0}\(branch.group)"
            branches[group, default: []].insert(branch.branch)
            if branches[group]?.count == branch.branches {
              settled = true
              break
            }
          }
        }
        if !settled { alternatives.append(read(nil, kind)) }
        var distinct: [AppCondition] = []
        for alternative in alternatives where !distinct.contains(alternative) {
          distinct.append(alternative)
        }
        guard distinct.count > 1 else { return distinct[0] }
        var reasons: [String] = []
        if !clauses.isEmpty {
          reasons.append(
            "which assignment is compiled depends on the build ("
              + CompiledPlatforms.written(clauses) + ")")
        }
        if !paths.isEmpty {
          reasons.append(
            "which assignment runs depends on the path taken (" + paths.joined(separator: "; ")
              + ")")
        }
        return .oneOf(
          distinct, name: "the \(kind.rawValue) predicate of '\(name)'",
          reason: reasons.joined(separator: "; "))
      }
      func condition(_ kind: ConditionKind) -> AppCondition {
        let delegate = inForce(conditions.filter { $0.kind == kind }, kind)
        // Code outside the delegate class may set another on the scene it runs in: then the
        // scene holds one of them, which is known only at run time.
        let elsewhere = app.runTimeConditions.filter { $0.kind == kind }
        guard !elsewhere.isEmpty else { return delegate }
        return .oneOf(
          [delegate] + elsewhere.map { read($0, kind) },
          name: "the \(kind.rawValue) predicate of '\(name)'",
          reason: "code may set it at run time on the scene it runs in, at "
            + elsewhere.map { "\($0.file):\($0.line)" }.joined(separator: ", "))
      }
      if (conditions + app.runTimeConditions).contains(where: {
        $0.format?.contains("MATCHES") == true
      }) {
        profile = .extended
      }
      scenes.append(
        AppScene(
          id: name, configuration: name, role: role, canActivate: condition(.canActivate),
          prefersToActivate: condition(.prefersToActivate), views: nil,
          place: "\(entry.file):\(entry.line)"))
    }
    for role in manifestConfigurations.keys {
      let connections: [ConfigurationChoice.Connection] = [.noActivity, .activityOfUnknownType]
      let created = Set(connections.map { createdConfiguration(for: $0, role: role) })
      if created.count == 1, case .named(let name)? = created.first {
        defaultConfigurations[role] = name
      }
    }
  }

  /// The configuration a new scene of `role` gets for an event that brings `connection`: the
  /// app delegate's choice (``CatalogApp/configurationChoice``), else the role's first in the
  /// manifest; unknown, with the reason, when the app chooses in code the tool does not follow.
  package func createdConfiguration(
    for connection: ConfigurationChoice.Connection, role: SceneSessionRole = .windowApplication
  ) -> ConfigurationChoice.Result {
    let manifest: ConfigurationChoice.Result =
      manifestConfigurations[role].map { .named($0) }
      ?? .unknown("the manifest has no configuration of the role \(role.rawValue)")
    guard let choice = app.configurationChoice else {
      if let place = app.configuresInCode {
        return .unknown(
          "the app makes scene configurations in code (\(place)) outside an "
            + "application(_:configurationForConnecting:options:) the tool reads")
      }
      return manifest
    }
    let chosen = choice.configuration(for: connection, role: role)
    return chosen == .manifestDefault ? manifest : chosen
  }

  /// What each name a routing answer may depend on stands for, for messages.
  package var dependencyDescriptions: [String: String] {
    var descriptions: [String: String] = [:]
    for condition in scenes.flatMap({ [$0.canActivate, $0.prefersToActivate] })
      + windowGroups.compactMap(\.matching)
    {
      for (name, description) in condition.dependencies where descriptions[name] == nil {
        descriptions[name] = description
      }
    }
    return descriptions
  }

  /// The names `names` stand for, in a message: `$orderPrefix ('Paths.orderPrefix' is a
  /// run-time value), 'note.id'`.
  package func describe(_ names: [String]) -> String {
    let descriptions = dependencyDescriptions
    return names.map { descriptions[$0] ?? "'\($0)'" }.joined(separator: ", ")
  }

  // MARK: The scenes file

  /// The scenes file of the catalogue, built as values, when every condition is known: the
  /// file `route --app` routes events through. Nil when a condition holds a run-time value
  /// (``problem`` says which): such an app is routed by ``route(_:kind:)`` instead.
  package var file: ScenesFile? {
    guard problem == nil else { return nil }
    var sessions: [SceneSession] = []
    for scene in scenes {
      let conditions: ActivationConditions
      if let views = scene.views {
        conditions = ActivationConditions(
          ExternalEventHandling(
            preferring: views.preferring.compactMap(\.text),
            allowing: views.allowing.compactMap(\.text)))
      } else {
        guard let can = scene.canActivate.predicate,
          let prefers = scene.prefersToActivate.predicate,
          let canActivate = try? CompiledPredicate(can, profile: profile),
          let prefersToActivate = try? CompiledPredicate(prefers, profile: profile)
        else { return nil }
        conditions = ActivationConditions(
          canActivateForTargetContentIdentifierPredicate: canActivate,
          prefersToActivateForTargetContentIdentifierPredicate: prefersToActivate)
      }
      sessions.append(
        SceneSession(
          persistentIdentifier: scene.id, role: scene.role, configurationName: scene.configuration,
          activationConditions: conditions))
    }
    return ScenesFile(
      sessions: sessions, profile: profile, defaultConfigurations: defaultConfigurations,
      windowGroups: windowGroups.map { group in
        WindowGroup(
          configuration: group.configuration,
          matching: group.declaration.matching.map { $0.compactMap(\.text) })
      })
  }

  /// Why the app has no concrete scenes file: the conditions that hold run-time values, and
  /// what they depend on; nil when every condition is known.
  package var problem: String? {
    var unknown: [String] = []
    for scene in scenes {
      for condition in [scene.prefersToActivate, scene.canActivate] where condition.predicate == nil
      {
        unknown.append(
          "scene '\(scene.id)' depends on "
            + condition.dependencies.map(\.description).joined(separator: ", "))
      }
    }
    for group in windowGroups {
      if let matching = group.matching, matching.predicate == nil {
        unknown.append(
          "window group '\(group.configuration)' depends on "
            + matching.dependencies.map(\.description).joined(separator: ", "))
      }
    }
    guard !unknown.isEmpty else { return nil }
    return "the app's conditions hold run-time values, so its events cannot be routed "
      + "concretely (scene-router table --app shows what each depends on): "
      + unknown.joined(separator: "; ")
  }

  /// The scenes file `scenes --format scenes-file` writes: each condition printed with its
  /// run-time values as `$variables` and described under `variables`, so `route --scenes`
  /// names the variable rather than routing a made-up value.
  package var scenesFile: JSONValue {
    func set(_ values: [Template]) -> JSONValue {
      .array(
        values.map { value in
          value.text.map(JSONValue.string) ?? .object(JSONObject([("template", value.jsonValue)]))
        })
    }
    var groups: [JSONValue] = []
    for group in windowGroups {
      var entry: [(String, JSONValue)] = [("configuration", .string(group.configuration))]
      if let matching = group.declaration.matching {
        entry.append(
          ("handlesExternalEvents", group.declaration.matchingIsKnown ? set(matching) : .null))
      }
      groups.append(.object(JSONObject(entry)))
    }
    var sessions: [JSONValue] = []
    for scene in scenes {
      var entry: [(String, JSONValue)] = [
        ("id", .string(scene.id)), ("configuration", .string(scene.configuration)),
      ]
      if let views = scene.views, views.isKnown {
        entry.append(
          (
            "handlesExternalEvents",
            .object(
              JSONObject([("preferring", set(views.preferring)), ("allowing", set(views.allowing))])
            )
          ))
      } else {
        entry.append(("role", .string(scene.role.rawValue)))
        var predicates: [(String, JSONValue)] = []
        var variables: [JSONValue] = []
        for (field, condition) in [
          (ActivationConditionsError.Field.canActivate, scene.canActivate),
          (.prefersToActivate, scene.prefersToActivate),
        ] {
          predicates.append((field.rawValue, condition.format.map(JSONValue.string) ?? .null))
          if case .known(_, let list) = condition { variables += list.map(\.jsonValue) }
        }
        entry.append(("activationConditions", .object(JSONObject(predicates))))
        if !variables.isEmpty { entry.append(("variables", .array(variables))) }
      }
      sessions.append(.object(JSONObject(entry)))
    }
    var file: [(String, JSONValue)] = [("profile", .string(profile.rawValue))]
    if !defaultConfigurations.isEmpty {
      file.append(
        (
          "defaultConfigurations",
          .object(
            JSONObject(
              app.sceneConfigurations.compactMap { entry in
                let role = SessionRoleKeys.role(key: entry.role)
                guard defaultConfigurations[role] == entry.name, let name = entry.name else {
                  return nil
                }
                return (role.rawValue, .string(name))
              }))
        ))
    }
    if !groups.isEmpty { file.append(("windowGroups", .array(groups))) }
    file.append(("scenes", .array(sessions)))
    return .object(JSONObject(file))
  }

  // MARK: Routing

  /// What routing one identifier gives, for every value of its holes and of the conditions'
  /// run-time values.
  package struct Decision: Sendable {
    /// The identifier routed, as known text and holes.
    package var value: TextTemplate
    /// Each scene's answers, in ``AppRouting/scenes`` order.
    package var answers: [(prefers: StaticAnswer, can: StaticAnswer)]
    /// Each window group's `matching` answer (nil without the modifier).
    package var matching: [StaticAnswer?]
    /// The router's decision for each combination of the answers that depend, as distinct
    /// decisions (one when nothing depends); empty when there were too many to route.
    package var decisions: [RoutingDecision]
    /// The names the answers that depend depend on, in order.
    package var dependencies: [String]
    /// The configuration a new application scene gets for this event, or why it is unknown.
    package var created: ConfigurationChoice.Result = .unknown("not routed")

    /// The decision, when every value of the run-time parts gives the same one.
    package var decision: RoutingDecision? { decisions.count == 1 ? decisions[0] : nil }

    /// Whether `property` holds for every value (`true`), for none (`false`), or for some.
    package func holds(_ property: (RoutingDecision) -> Bool) -> Bool? {
      guard !decisions.isEmpty else { return nil }
      let count = decisions.count { property($0) }
      return count == decisions.count ? true : count == 0 ? false : nil
    }
  }

  /// The window groups a file the app opens as a document opens in: its `DocumentGroup`s.
  ///
  /// **Decision:** a DocumentGroup opens each document in a window of its own, by design,
  /// whatever the other scenes' sets say (SwiftUI documents no routing of files): a file event of
  /// an app that declares one opens a new window of it (of one of them, by the document's type,
  /// when it declares several), and is not a routing finding.
  package var documentGroups: [Int] {
    windowGroups.indices.filter { windowGroups[$0].declaration.kind == .documentGroup }
  }

  /// The most answers that depend that are routed in every combination (2¹⁰ routes); past it
  /// the decision is only said to depend.
  package static let combinationLimit = 10

  /// Routes an event of `kind` carrying `value`, for every value of its run-time parts; a new
  /// scene gets the configuration the app chooses for `connection`.
  package func route(
    _ value: TextTemplate, kind: Producer.Kind,
    connection: ConfigurationChoice.Connection = .noActivity
  ) -> Decision {
    let created = createdConfiguration(for: connection)
    var defaults = defaultConfigurations
    switch created {
    case .named(let name): defaults[.windowApplication] = name
    case .manifestDefault, .unknown: defaults[.windowApplication] = nil
    }
    let (answers, matching) =
      decided.answers.withLock { $0[value] }
      ?? {
        let answered: DecisionCache.Answers = (
          scenes: scenes.map { scene in
            (
              prefers: scene.prefersToActivate.answer(for: value),
              can: scene.canActivate.answer(for: value)
            )
          },
          matching: windowGroups.map { $0.matching?.answer(for: value) }
        )
        decided.answers.withLock { $0[value] = answered }
        return answered
      }()
    var all = answers.flatMap { [$0.prefers, $0.can] } + matching.compactMap { $0 }
    var dependencies: [String] = []
    for name in all.flatMap(\.dependencies) where !dependencies.contains(name) {
      dependencies.append(name)
    }
    let dependent = all.indices.filter { all[$0].value == nil }
    var decision = Decision(
      value: value, answers: answers, matching: matching, decisions: [],
      dependencies: dependencies, created: created)
    if kind == .document, !documentGroups.isEmpty, let event = Self.event(kind, value: value) {
      decision.decisions = documentGroups.map { index in
        var opened = RoutingDecision.opening(
          event, reason: .newScene,
          outcome: .newScene(configurationName: windowGroups[index].configuration))
        opened.windowGroup = WindowGroupChoice(
          index: index, configuration: windowGroups[index].configuration, rule: .document)
        return opened
      }
      decision.dependencies = []
      return decision
    }
    guard dependent.count <= Self.combinationLimit,
      let event = Self.event(kind, value: value)
    else { return decision }
    // Up to 2¹⁰ combinations, most routed alike: each is told apart by its signature, and a
    // decision is copied out of the cache only when it is one not seen yet (comparing every
    // decision with every other, and copying each, cost 30M instructions for one run-time
    // identifier on the benchmark's UIKit tree).
    var seen: Set<Signature> = []
    for combination in 0..<(1 << dependent.count) {
      for (bit, index) in dependent.enumerated() {
        all[index] = combination & (1 << bit) != 0 ? .always : .never
      }
      let key = DecisionCache.Key(
        answers: all.map { $0 == .always }, kind: kind, created: defaults[.windowApplication])
      func made() -> (decision: RoutingDecision, signature: Signature) {
        let made = router(all, defaults: defaults).route(event)
        let signature = Signature(made)
        decided.decisions.withLock { $0[key] = (made, signature) }
        return (made, signature)
      }
      // One combination (nothing depends) needs no telling apart.
      guard !dependent.isEmpty else {
        decision.decisions.append(decided.decisions.withLock { $0[key]?.decision } ?? made().0)
        break
      }
      let signature = decided.decisions.withLock { $0[key]?.signature } ?? made().signature
      if seen.insert(signature).inserted,
        let routed = decided.decisions.withLock({ $0[key]?.decision })
      {
        decision.decisions.append(routed)
      }
    }
    return decision
  }

  /// What tells two decisions apart: they open the same thing the same way, with the same
  /// warnings, when these are equal.
  private struct Signature: Hashable {
    var outcome: RoutingOutcome
    var reason: RoutingReason
    var windowGroup: Int?
    var rule: WindowGroupChoice.Rule?
    var warnings: [String]
    var tiedSessions: [String]

    init(_ decision: RoutingDecision) {
      outcome = decision.outcome
      reason = decision.reason
      windowGroup = decision.windowGroup?.index
      rule = decision.windowGroup?.rule
      warnings = decision.warnings.map(\.id.rawValue)
      tiedSessions = decision.tiedSessions
    }
  }

  /// A router over the catalogue with every condition a constant: `answers` holds each scene's
  /// prefers and can answer, then each window group's matching answer, all decided.
  private func router(_ answers: [StaticAnswer], defaults: [SceneSessionRole: String])
    -> ActivationRouter
  {
    var next = 0
    func constant() -> CompiledPredicate {
      defer { next += 1 }
      return answers[next] == .always ? .alwaysTrue : .alwaysFalse
    }
    var sessions: [SceneSession] = []
    for scene in scenes {
      let prefers = constant()
      let can = constant()
      sessions.append(
        SceneSession(
          persistentIdentifier: scene.id, role: scene.role, configurationName: scene.configuration,
          activationConditions: ActivationConditions(
            canActivateForTargetContentIdentifierPredicate: can,
            prefersToActivateForTargetContentIdentifierPredicate: prefers)))
    }
    let groups = windowGroups.map { group in
      WindowGroup(
        configuration: group.configuration,
        matching: group.matching.map { _ in constant() == .alwaysTrue ? ["*"] : [] })
    }
    return ActivationRouter(
      sessions: sessions, defaultConfigurations: defaults, windowGroups: groups)
  }

  /// The event a producer of `kind` makes carrying `value`. The conditions it meets are
  /// constants by then, so the string carried only has to be one: the known text, each hole
  /// empty.
  package static func event(_ kind: Producer.Kind, value: TextTemplate) -> SceneEvent? {
    let string = value.filled { _ in "" }
    switch kind {
    case .userActivity, .targetContentIdentifier:
      return SceneEvent(
        .userActivity(UserActivity(activityType: "activity", targetContentIdentifier: string)))
    case .notification, .payload:
      return SceneEvent(.notification(PushNotification(targetContentIdentifier: string)))
    case .shortcutItem:
      return SceneEvent(
        .shortcutItem(
          ShortcutItem(
            type: "shortcut", localizedTitle: "shortcut", targetContentIdentifier: string)))
    case .urlScheme, .openURL, .document: return SceneEvent(.url(string))
    case .appIntent:
      return SceneEvent(
        .appIntent(AppIntentRequest(intentType: "intent", contentIdentifier: string)))
    case .activationRequest:
      return SceneEvent(
        .activationRequest(
          .userActivity(UserActivity(activityType: "activity", targetContentIdentifier: string))))
    case .openWindowID, .openWindowValue, .infoPlistShortcutItem: return nil
    }
  }

  /// The producers that belong to `app` among `producers`: those whose file shares the most
  /// folders with `app`'s declaration among `apps` (an app's own target), and those that tie
  /// between several apps (shared code). A tree with an app and its App Clip, or an iOS and a
  /// macOS app, routes each target's events through its own scenes.
  package static func producers(
    _ producers: [Producer], of app: CatalogApp, among apps: [CatalogApp]
  ) -> [Producer] {
    let shared = LintPaths.sharedFolders
    // The branches of one app share its declaration: they share its producers.
    let declarations = Set(apps.map(\.declaration))
    guard declarations.count > 1 else { return producers }
    return producers.filter { producer in
      let best = apps.map { shared(producer.file, $0.file) }.max() ?? 0
      return shared(producer.file, app.file) == best
    }
  }

  /// The producers among `producers` that make an event of this app: all but a URL the app
  /// opens that does not come back to it.
  ///
  /// **Decision:** a URL the app opens itself (``Producer/Kind/openURL``) comes back to it when
  /// its scheme is one the app declares in `CFBundleURLTypes`; when the tree declares none, when
  /// it is not a scheme another app owns (`http`, `https`, `mailto`, `tel`, `sms`, `facetime`,
  /// `maps`, `itms-apps`, `app-settings`). A universal link comes back only through associated
  /// domains, which live in the entitlements, not the source: an `https` URL is not routed. A URL
  /// whose scheme the source does not fix is not routed either.
  package static func events(_ producers: [Producer]) -> [Producer] {
    let declared = Set(
      producers.filter { $0.kind == .urlScheme }.compactMap { $0.identifier.map(scheme) })
    return producers.filter { producer in
      guard producer.kind == .openURL else { return true }
      let head = producer.identifier ?? producer.template?.head ?? ""
      guard head.contains(":") else { return false }
      let name = scheme(head)
      return declared.isEmpty ? !externalSchemes.contains(name) : declared.contains(name)
    }
  }

  /// The scheme of a URL's text, lowercased: what comes before its first `:`.
  private static func scheme(_ text: String) -> String {
    String(text.prefix { $0 != ":" }).lowercased()
  }

  /// Schemes that open another app or the system, never this one.
  private static let externalSchemes: Set<String> = [
    "http", "https", "mailto", "tel", "sms", "facetime", "facetime-audio", "maps", "itms-apps",
    "itms-appss", "app-settings", "shortcuts",
  ]

  /// A name for the app, with its `#available` branch.
  package var appName: String {
    app.variant.map { "\(app.name) [\($0)]" } ?? app.name
  }
}
