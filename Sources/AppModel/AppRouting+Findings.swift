import CommandLineOutput
import Dispatch
import PredicateEvaluation
import PredicateSyntax
import SceneRouting
import SourceReading

extension AppRouting {
  /// Where a routing finding holds, said at the end of its message once every platform's scene
  /// list is routed (``findings(_:)``).
  enum PlatformScope: Hashable {
    /// Where an app has several scenes: SwiftUI's first rule sends every event to the one open
    /// scene on a platform with a single scene per app, so findings about choosing among scenes
    /// hold on iPadOS, macOS and visionOS (and within a declaration's own `#if os(…)`).
    case severalScenes(CompiledPlatforms)
    /// Wherever the scene list it was found in is built: said only when that is not every
    /// platform the app is built for.
    case wherever
  }

  /// A finding of one scene list, and where it holds.
  struct ScopedFinding: Hashable {
    var finding: LintDiagnostic
    var scope: PlatformScope

    init(_ finding: LintDiagnostic, _ scope: PlatformScope) {
      self.finding = finding
      self.scope = scope
    }
  }

  /// The app's name in messages: the same for every `#available` branch, so that a finding
  /// every branch has is reported once (``Linter`` merges them).
  private var appLabel: String { app.name }

  /// The platforms where an app has several scenes, and the name findings use for each (an
  /// iPhone app has one scene; an iPad's is the multi-window iOS).
  package static let multiScenePlatforms: [(Platform, String)] = [
    (.iOS, "iPadOS"), (.macOS, "macOS"), (.visionOS, "visionOS"),
  ]

  /// `finding`'s message with where it holds: `platforms` names the multi-scene platforms
  /// whose scene lists have it, nil when the app has one scene list for every platform.
  private func said(_ scoped: ScopedFinding, on platforms: [String]?, of built: Int)
    -> LintDiagnostic
  {
    var finding = scoped.finding
    let list = platforms.map { names in
      names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
    switch (scoped.scope, list) {
    case (.severalScenes, let list?):
      finding.message += " on \(list), where an app has several scenes"
    case (.severalScenes(let declared), nil):
      let own = declared.intersection(app.platforms)
      finding.message +=
        " on iPadOS, macOS and visionOS, where an app has several scenes"
        + (own.clauses.isEmpty ? "" : " (declared for \(own.clauses.joined(separator: ", ")))")
    case (.wherever, let list?):
      if platforms?.count != built { finding.message += " on \(list)" }
    case (.wherever, nil): break
    }
    return finding
  }

  /// The routing findings for `producers`.
  ///
  /// When window groups are declared, or a delegate's conditions set, under `#if os(…)`, each
  /// platform where an app has several scenes has its own list (the first group without
  /// `handlesExternalEvents(matching:)` on iPadOS may be another than on macOS): each list is
  /// routed, and a finding says on which platforms it holds.
  package func findings(_ producers: [Producer]) -> [LintDiagnostic] {
    // A producer built for none of the app's platforms (the macOS app's code, beside an iOS app
    // of the same name) makes no event of it.
    let producers = producers.filter {
      !$0.platforms.platforms.isDisjoint(with: app.platforms.platforms)
    }
    let conditions = app.sceneConfigurations.flatMap(\.activationConditions) + app.runTimeConditions
    guard
      app.windowGroups.contains(where: {
        !$0.platforms.isEverywhere || $0.views?.platforms.isEverywhere == false
      }) || conditions.contains(where: { !$0.compiled.isEverywhere })
    else {
      return sceneListFindings(producers).map { said($0, on: nil, of: 0) }
    }
    var merged: [(finding: ScopedFinding, platforms: [String])] = []
    let built = Self.multiScenePlatforms.filter { app.platforms.contains($0.0) }
    for (os, name) in built {
      var variant = app
      // The groups compiled for `os`, each with the view-level sets compiled there.
      variant.windowGroups = app.windowGroups.filter { $0.platforms.contains(os) }.map {
        var group = $0
        group.views = group.views?.compiled(for: os)
        return group
      }
      // The conditions compiled for `os`, each then set wherever a build for it sets it.
      func compiled(_ conditions: [LintedCondition]) -> [LintedCondition] {
        conditions.filter { $0.compiled.contains(os) }.map {
          var condition = $0
          condition.compiled.platforms = Set(Platform.allCases)
          condition.compiled.surely = $0.compiled.surely.contains(os) ? Set(Platform.allCases) : []
          return condition
        }
      }
      for index in variant.sceneConfigurations.indices {
        variant.sceneConfigurations[index].activationConditions = compiled(
          variant.sceneConfigurations[index].activationConditions)
      }
      variant.runTimeConditions = compiled(variant.runTimeConditions)
      let routing = AppRouting(app: variant)
      let compiled = producers.filter { $0.platforms.contains(os) }
      for finding in routing.sceneListFindings(compiled) {
        if let index = merged.firstIndex(where: { $0.finding == finding }) {
          // The same finding twice in one list (two producers on one line) is one finding.
          if merged[index].platforms.last != name { merged[index].platforms.append(name) }
        } else {
          merged.append((finding, [name]))
        }
      }
    }
    return merged.map { said($0.finding, on: $0.platforms, of: built.count) }
  }

  /// An identifier in a message: quoted text, or a template with its holes by name.
  private static func shown(_ value: TextTemplate) -> String {
    value.text.map { "'\($0)'" } ?? "'\(value)'"
  }

  /// The routing findings of one scene list (``findings(_:)``).
  private func sceneListFindings(_ producers: [Producer]) -> [ScopedFinding] {
    if app.supportsMultipleScenes == false && app.windowGroups.isEmpty {
      // One scene: nothing to choose between.
      return []
    }
    let routable = app.windowGroups.filter(\.isRoutable)
    let declaresConditions =
      routable.contains { $0.matching != nil || $0.views != nil || $0.viewsUnknown != nil }
      || app.sceneConfigurations.contains { !$0.activationConditions.isEmpty }
    var findings: [ScopedFinding] = []
    let producers = Self.events(producers)
    var reachedGroups: [Int: [Producer]] = [:]
    // Groups some event may reach, for some value of the run-time parts.
    var mayReachGroups: Set<Int> = []
    var openedIDs: Set<String> = []
    var openedReferences: Set<String> = []
    var opensValues = false
    var opensUnknownIDs = false
    // A literal id no group declares may be the id of a group whose id the source does not fix.
    var mayOpenUnknownIDs = false
    let routings = routedOnEveryCore(producers)
    for (producer, routing) in zip(producers, routings) {
      switch producer.kind {
      case .openWindowID:
        // A constant a group's id names opens that group, whether its value is known or not.
        let namesGroup =
          producer.reference.map { reference in
            app.windowGroups.contains { $0.idReference == reference }
          } ?? false
        if namesGroup, let reference = producer.reference { openedReferences.insert(reference) }
        guard let id = producer.identifier else {
          // An id the source does not fix may be any group's.
          if !namesGroup { opensUnknownIDs = true }
          continue
        }
        openedIDs.insert(id)
        if namesGroup || app.windowGroups.contains(where: { $0.id == id }) { continue }
        if app.windowGroups.contains(where: \.idIsUnknown) {
          mayOpenUnknownIDs = true
        } else {
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .unhandled,
                "openWindow(id: \"\(id)\") opens nothing: no scene of \(appLabel) declares the id "
                  + "'\(id)'", file: producer.file, line: producer.line), .wherever))
        }
        continue
      case .openWindowValue:
        opensValues = true
        if !app.windowGroups.contains(where: { $0.presentedType != nil }) {
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .unhandled,
                "openWindow(value: \(producer.detail ?? "…")) opens nothing: no WindowGroup of "
                  + "\(appLabel) is declared with 'for:' a type",
                file: producer.file,
                line: producer.line), .wherever))
        }
        continue
      default: break
      }
      // Only an activity the request's own body makes (its type known): a helper that passes
      // on an activity it is given may get one whose identifier its callers set.
      if producer.kind == .activationRequest, producer.session == nil,
        producer.activityType != nil, !producer.carriesIdentifier
      {
        findings.append(requestWithoutContent(producer))
        continue
      }
      guard let value = producer.routedValue else { continue }
      // A DocumentGroup opens each document in a window of its own (``documentGroups``).
      if producer.kind == .document, !documentGroups.isEmpty { continue }
      // A URL scheme stands for every URL of it: when the app's sets name URLs of the scheme
      // (`x-example://main`), those are the URLs it opens, and the scheme alone says nothing.
      if producer.kind == .urlScheme, let scheme = producer.identifier,
        namesURLs(of: scheme, in: routable)
      {
        continue
      }
      guard let (routed, miss) = routing else { continue }
      let shown = Self.shown(value)
      let what = "\(producer.kind.rawValue) \(shown)"
      guard !routed.decisions.isEmpty else {
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .dependsOnRunTime,
              "where \(what) goes depends on more run-time values than are routed "
                + "(\(routed.dependencies.count)): \(describe(routed.dependencies))",
              file: producer.file, line: producer.line), .wherever))
        continue
      }
      // Outcomes that hold only for some values, said once in a note at the producer.
      var depends: [String] = []
      // A group every value's decision opens a new window of (the decisions may differ in
      // their reason or warnings, not in the group).
      if let group = routed.decisions.first?.windowGroup?.index,
        routed.decisions.allSatisfy({ $0.windowGroup?.index == group })
      {
        reachedGroups[group, default: []].append(producer)
      }
      for decision in routed.decisions {
        if let group = decision.windowGroup { mayReachGroups.insert(group.index) }
      }
      let tied = { (decision: RoutingDecision) in
        decision.warnings.contains { $0.id == RoutingWarning.orderDependent }
      }
      switch routed.holds(tied) {
      case true?:
        for warning in routed.decisions[0].warnings
        where warning.id == RoutingWarning.orderDependent {
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                id: warning.id, severity: .warning,
                "\(what): \(warning.message); which scene it opens depends on their order",
                file: producer.file, line: producer.line), .severalScenes(.everywhere)))
        }
      case nil: depends.append("is won by order alone")
      case false?: break
      }
      let opensNothing = { (decision: RoutingDecision) in
        if case .none = decision.outcome { return true }
        return false
      }
      switch routed.holds(opensNothing) {
      case true?:
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .unhandled,
              "\(what) is taken by no scene of \(appLabel): no open scene's conditions match and "
                + "every window group's handlesExternalEvents(matching:) excludes it, so the event "
                + "opens nothing", file: producer.file, line: producer.line,
              fixDescription:
                "add a matching string to a window group's handlesExternalEvents(matching:), or "
                + "remove the modifier from the group that should take it"),
            .severalScenes(.everywhere)))
      case nil: depends.append("opens nothing")
      case false?: break
      }
      if producer.kind == .shortcutItem, let handler = shortcutHandlerMissing(routed) {
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .noHandler,
              "\(what) opens the open scene '\(handler.scene)', whose delegate \(handler.delegate) "
                + "has no windowScene(_:performActionFor:completionHandler:): UIKit hands an open "
                + "scene its shortcut items there, and the action is dropped",
              file: producer.file, line: producer.line,
              fixDescription:
                "implement windowScene(_:performActionFor:completionHandler:) in \(handler.delegate)"
            ), .severalScenes(.everywhere)))
      }
      if producer.kind == .activationRequest, let wrong = wrongConfiguration(routed) {
        switch routed.created {
        case .named(let created):
          let chosen =
            app.configurationChoice.map {
              "the configuration application(_:configurationForConnecting:options:) "
                + "(\($0.place)) returns for it"
            } ?? "the configuration a new scene of the application role gets (the first in the "
            + "manifest)"
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .wrongConfiguration,
                "\(what): when no '\(wrong)' scene is open, the request creates a scene of "
                  + "'\(created)', \(chosen), while the conditions of '\(wrong)' claim this "
                  + "content", file: producer.file, line: producer.line,
                fixDescription:
                  "return the '\(wrong)' configuration for this activity from "
                  + "application(_:configurationForConnecting:options:)"),
              .severalScenes(.everywhere)))
        case .unknown(let reason):
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .dependsOnRunTime,
                "which configuration a new scene of \(what) gets is not known statically: "
                  + "\(reason); whether it is '\(wrong)', whose conditions claim this content, "
                  + "is not known", file: producer.file, line: producer.line), .wherever))
        case .manifestDefault: break
        }
      }
      if producer.kind == .activationRequest {
        // A request reuses only a scene that prefers its content; otherwise every request
        // creates one more scene.
        let creates = { (decision: RoutingDecision) in
          if case .newScene = decision.outcome { return true }
          return false
        }
        switch routed.holds(creates) {
        case true?:
          let opens = TableRendering.opens(routed.decisions[0])
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .newWindowPerEvent,
                "\(what) opens a \(opens) on every request: an activation request reuses only a "
                  + "scene whose prefers-to-activate condition matches its content, and none of "
                  + "\(appLabel)'s does", file: producer.file, line: producer.line,
                fixDescription:
                  "make the scene this content belongs to prefer it (its "
                  + "prefersToActivateForTargetContentIdentifierPredicate), or pass that scene's "
                  + "session to the request"), .severalScenes(.everywhere)))
          continue
        case nil: depends.append("opens a new scene on every request")
        case false?: break
        }
      }
      if declaresConditions {
        // A new scene for want of a match: no condition or matching set takes the event.
        let fallsBack = { (decision: RoutingDecision) in
          if case .newScene = decision.outcome { return decision.windowGroup?.takesEvent != true }
          return false
        }
        switch routed.holds(fallsBack) {
        case true?:
          let decision = routed.decisions[0]
          let configuration: String? =
            if case .newScene(let name) = decision.outcome { name } else { nil }
          let opens =
            decision.windowGroup != nil
            ? "SwiftUI falls back to the first group without handlesExternalEvents(matching:), "
              + "'\(configuration ?? "?")', and opens a new window of it"
            : "UIKit creates a new scene of '\(configuration ?? "the default configuration")'"
          findings.append(
            ScopedFinding(
              AppCatalog.finding(
                .unhandled,
                "\(what) matches no scene's conditions in \(appLabel): \(opens)",
                file: producer.file, line: producer.line), .severalScenes(.everywhere)))
        case nil: depends.append("opens a new scene for want of a match")
        case false?: break
        }
      }
      if let miss {
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .nearMiss,
              "\(what) reaches \(TableRendering.opens(routed.decisions[0])) only through a "
                + "catch-all, yet it is \(miss.distance) edit"
                + (miss.distance == 1 ? "" : "s")
                + " from '\(miss.literal)' in the conditions of '\(miss.scene)' (\(miss.place)): "
                + "did you mean '\(miss.literal)'?", file: producer.file, line: producer.line,
              fixDescription:
                "write '\(miss.literal)' where the identifier is made, or in the conditions"
            ), .wherever))
      }
      if !depends.isEmpty {
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .dependsOnRunTime,
              "whether \(what) " + Self.list(depends) + " depends on run-time values: "
                + describe(routed.dependencies), file: producer.file, line: producer.line),
            .wherever))
      }
    }
    // The group a URL nobody else takes reaches: the first with "*" in its matching set, else
    // the first without the modifier.
    let fallback =
      routable.firstIndex { $0.matching?.contains(Template("*")) == true }
      ?? routable.firstIndex { $0.matching == nil }
    var routableIndex = 0
    for group in app.windowGroups {
      // Only windows are opened by openWindow(id:): an immersive space's id is opened by
      // openImmersiveSpace, which the app model does not read, so it is never called unreachable.
      guard group.isRoutable else { continue }
      defer { routableIndex += 1 }
      let handled = routableIndex == fallback ? group.eventHandlers : []
      let matched =
        group.matchingIsKnown ? (group.matching ?? []).filter { !$0.parts.isEmpty } : []
      let noViews = group.views == nil && group.viewsUnknown == nil
      if noViews, reachedGroups[routableIndex] == nil, handled.isEmpty, !matched.isEmpty {
        // The group's own matching set says events reach it.
        let strings = matched.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .newWindowPerEvent,
              "\(group.kind) '\(group.configuration)' of \(appLabel) takes external events "
                + "(handlesExternalEvents(matching: [\(strings)])) and no view in it declares "
                + "handlesExternalEvents(preferring:allowing:), so every event it matches opens a "
                + "new window", file: group.file, line: group.line,
              fixDescription:
                "add .handlesExternalEvents(preferring: [...], allowing: [...]) to the root view so "
                + "an open window takes the events it should"), .severalScenes(group.platforms)))
      }
      if noViews, reachedGroups[routableIndex] == nil, let handler = handled.first {
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .newWindowPerEvent,
              "\(group.kind) '\(group.configuration)' of \(appLabel) takes external events "
                + "(\(handler)) and no view in it declares "
                + "handlesExternalEvents(preferring:allowing:), so every URL or activity opens a "
                + "new window", file: group.file, line: group.line,
              fixDescription:
                "add .handlesExternalEvents(preferring: [...], allowing: [\"*\"]) to the root view "
                + "so an open window takes the events"), .severalScenes(group.platforms)))
      }
      if let producers = reachedGroups[routableIndex], noViews {
        let names = producers.prefix(3).map { "\($0.file):\($0.line)" }.joined(separator: ", ")
        findings.append(
          ScopedFinding(
            AppCatalog.finding(
              .newWindowPerEvent,
              "\(group.kind) '\(group.configuration)' of \(appLabel) is reached by \(producers.count) "
                + "event source(s) (\(names)) and no view in it declares "
                + "handlesExternalEvents(preferring:allowing:), so every event opens a new window",
              file: group.file, line: group.line,
              fixDescription:
                "add .handlesExternalEvents(preferring: [...], allowing: [\"*\"]) to the root view "
                + "so an open window takes the events, or .handlesExternalEvents(matching: []) to "
                + "keep this group out of external events"), .severalScenes(group.platforms)))
      }
      // A group whose matching set names strings is meant for external events the tree may not
      // show (a URL scheme in build settings): not called unreachable.
      let opened =
        group.id.map(openedIDs.contains) == true
        || group.idReference.map(openedReferences.contains) == true
      if group.id ?? group.idReference != nil, routableIndex > 0, !opened, !opensUnknownIDs,
        !(group.idIsUnknown && mayOpenUnknownIDs),
        group.matching?.contains(where: { !$0.parts.isEmpty }) != true, group.matchingIsKnown,
        !mayReachGroups.contains(routableIndex),
        !(group.presentedType != nil && opensValues), !isInWindowMenu(group)
      {
        findings.append(unreachable(group))
      }
    }
    return findings
  }

  /// Each producer's routing and near miss (``nearMiss(_:)``), in order; nil for a producer
  /// that names no value to route (``Producer/routedValue``) or opens a window by id or value.
  ///
  /// An app's producers run to thousands and each is routed on its own (the decisions' cache
  /// is locked), so they are routed on every core; ``sceneListFindings(_:)`` reads the results
  /// in order, so its findings are the same as routing one after another.
  private func routedOnEveryCore(_ producers: [Producer]) -> [(Decision, NearMiss?)?] {
    @Sendable func routing(_ producer: Producer) -> (Decision, NearMiss?)? {
      guard producer.kind != .openWindowID, producer.kind != .openWindowValue,
        let value = producer.routedValue
      else { return nil }
      let routed = route(value, kind: producer.kind, connection: producer.connection)
      return (routed, nearMiss(routed))
    }
    guard producers.count > 1 else { return producers.map(routing) }
    let found = Locked([(Decision, NearMiss?)?](repeating: nil, count: producers.count))
    DispatchQueue.concurrentPerform(iterations: producers.count) { index in
      guard let result = routing(producers[index]) else { return }
      found.withLock { $0[index] = result }
    }
    return found.withLock { $0 }
  }

  /// A literal an identifier most likely meant, and where (``nearMiss(_:)``).
  typealias NearMiss = (literal: String, distance: Int, scene: String, place: String)

  /// The literal an identifier most likely meant: a literal of a scene's conditions that never
  /// take it, one or two edits from its known text (the whole identifier, or a template's text
  /// before its first hole, compared over as many characters as the literal has, give or take
  /// two, so `order/⟨id⟩` meets `orders/`; cut short, it must end with the literal's last
  /// character), while no condition that names strings always takes it and it opens something:
  /// a catch-all or a fallback window has it.
  private func nearMiss(_ routed: Decision) -> NearMiss? {
    guard !routed.decisions.isEmpty,
      !routed.decisions.contains(where: { if case .none = $0.outcome { true } else { false } })
    else { return nil }
    var named: [(condition: AppCondition, scene: String, place: String)] = []
    for (index, scene) in scenes.enumerated() {
      let answers = [
        (scene.prefersToActivate, routed.answers[index].prefers),
        (scene.canActivate, routed.answers[index].can),
      ].filter { !$0.0.isCatchAll }
      if answers.contains(where: { $0.1 == .always }) { return nil }
      guard answers.allSatisfy({ $0.1 == .never }) else { continue }
      named += answers.map { ($0.0, scene.configuration, scene.place) }
    }
    for (index, group) in windowGroups.enumerated() {
      guard let matching = group.matching, !matching.isCatchAll else { continue }
      if routed.matching[index] == .always { return nil }
      guard routed.matching[index] == .never else { continue }
      named.append(
        (matching, group.configuration, "\(group.declaration.file):\(group.declaration.line)"))
    }
    let text = routed.value.text ?? routed.value.head
    let known = Array(text)
    guard known.count >= 3 else { return nil }
    var best: (literal: String, distance: Int, scene: String, place: String)?
    for (condition, scene, place) in named {
      // A typo is in a short literal; a long one would cost its length squared to compare.
      for literal in condition.literals where literal.count >= 3 && literal.count <= 256 {
        let shortest = max(1, literal.count - 2)
        let longest = min(known.count, literal.count + 2)
        guard shortest <= longest else { continue }
        // A text cut short of its end ends where the literal does: `notes://note/⟨id⟩` cut
        // to `notes://n` is a sibling of `notes://a`, not a typo of it; an edit within the
        // literal (`chat/thred/⟨id⟩` and `chat/thread/`) is one.
        let last = literal.last
        let lengths = (shortest...longest).filter { $0 == known.count || known[$0 - 1] == last }
        let distance = lengths.compactMap {
          editDistance(String(known.prefix($0)), literal, limit: 2)
        }.min()
        guard let distance, distance > 0, distance < (best?.distance ?? 3) else { continue }
        best = (literal, distance, scene, place)
      }
    }
    return best
  }

  /// An activation request that passes a user activity with no target content identifier and
  /// no session: no scene's prefers condition can match it, so UIKit creates a scene for every
  /// request — one more Settings window per command.
  ///
  /// **Decision:** a request that passes no user activity at all (`userActivity: nil`) asks for
  /// a new window by design (File ▸ New Window) and is not reported; one that passes an
  /// activity of a type asks for a kind of window, and one more of it per request is the bug.
  private func requestWithoutContent(_ producer: Producer) -> ScopedFinding {
    let created: String
    switch createdConfiguration(for: producer.connection) {
    case .named(let name): created = "a new scene of '\(name)'"
    case .manifestDefault, .unknown: created = "a new scene"
    }
    let activity = producer.activityType.map { " of type '\($0)'" } ?? ""
    return ScopedFinding(
      AppCatalog.finding(
        .newWindowPerEvent,
        "requestSceneSessionActivation with the user activity '\(producer.detail ?? "?")'"
          + "\(activity) and no session opens \(created) on every request: the activity carries no "
          + "targetContentIdentifier, so no open scene's prefers-to-activate condition can take it",
        file: producer.file, line: producer.line,
        fixDescription:
          "set the activity's targetContentIdentifier to content the scene prefers, or pass the "
          + "open scene's session to the request"), .wherever)
  }

  /// The configuration whose conditions claim an activation request's content for every value
  /// (its prefers condition takes it), when it is not the one a new scene gets: a request reuses
  /// only a scene that prefers the content, so when none is open UIKit creates a scene of the
  /// configuration the app delegate returns, by default the role's first in the manifest
  /// (`created`; nil when the app chooses it in code, which the tool does not follow).
  private func wrongConfiguration(_ routed: Decision) -> String? {
    // In a SwiftUI app the window group a new scene comes from is chosen by SwiftUI's rules,
    // whatever configuration the app delegate names (often `name: nil`, to set a delegate).
    guard windowGroups.isEmpty,
      manifestConfigurations[.windowApplication] != nil || app.configurationChoice != nil
    else { return nil }
    var created: String?
    if case .named(let name) = routed.created { created = name }
    guard
      let claimed = scenes.indices.first(where: { index in
        scenes[index].role == .windowApplication && scenes[index].configuration != created
          && routed.answers[index].prefers == .always
      })
    else { return nil }
    if let created,
      let own = scenes.firstIndex(where: { $0.configuration == created }),
      routed.answers[own].prefers != .never
    {
      return nil
    }
    return scenes[claimed].configuration
  }

  /// The open UIKit scene a shortcut item reaches for every value, when its delegate class is in
  /// the tree and lacks the handler an open scene's shortcut items go to
  /// (`UIWindowSceneDelegate.windowScene(_:performActionFor:completionHandler:)`). A new scene
  /// gets the item in its connection options instead, so only an open scene counts.
  private func shortcutHandlerMissing(_ routed: Decision) -> (scene: String, delegate: String)? {
    guard let decision = routed.decision,
      case .existing(let session, _) = decision.outcome,
      let entry = app.sceneConfigurations.first(where: { $0.name == session }),
      entry.handlesShortcutItems == false, let delegate = entry.delegateClass
    else { return nil }
    return (session, SwiftValues.lastComponent(delegate))
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ items: [String]) -> String {
    items.count <= 1
      ? items.joined()
      : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
  }

  /// Whether people can open `group` from the menu bar whatever the code opens: on macOS a
  /// `Window` or `UtilityWindow` adds its own command (the Windows menu lists a `Window` by its
  /// title, Apple's `Window` page; `WindowVisibilityToggle`'s page names "the default commands
  /// added by `Window` and `UtilityWindow`"). **Decision:** such a scene compiled for macOS is
  /// never unreachable; one declared only for another platform (visionOS) can be.
  private func isInWindowMenu(_ group: SceneDeclaration) -> Bool {
    [.window, .utilityWindow].contains(group.kind)
      && group.platforms.intersection(app.platforms).contains(.macOS)
  }

  private func unreachable(_ group: SceneDeclaration) -> ScopedFinding {
    ScopedFinding(
      AppCatalog.finding(
        .groupUnreachable,
        "\(group.kind) id \(group.id.map { "'\($0)'" } ?? group.idReference ?? "") of \(appLabel) "
          + "is opened by no openWindow(id:), URL or identifier the app produces",
        file: group.file, line: group.line), .wherever)
  }

  /// Whether a known `matching:`, `preferring:` or `allowing:` string of `groups` is a URL of
  /// `scheme` (`x-example://`), compared without case.
  private func namesURLs(of scheme: String, in groups: [SceneDeclaration]) -> Bool {
    let prefix = scheme.lowercased()
    return groups.contains { group in
      var strings = group.matchingIsKnown ? group.matching ?? [] : []
      if let views = group.views {
        if views.preferringIsKnown { strings += views.preferring }
        if views.allowingIsKnown { strings += views.allowing }
      }
      return strings.contains {
        let text = $0.description.lowercased()
        return text.hasPrefix(prefix) && text.count > prefix.count
      }
    }
  }
}
