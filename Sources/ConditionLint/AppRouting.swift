import SceneJSON
import SceneRouting

/// Routes an app's producers through its catalogue with the library's router, and reports what a
/// developer would want to know before shipping: events no scene takes, window groups that open
/// a new window per event, ids nothing opens, and decisions won by order alone.
package struct AppRouting: Sendable {
  /// The app routed.
  package var app: CatalogApp
  /// The scenes file the catalogue makes (the shape `route --scenes` reads).
  package var scenesFile: JSONValue
  /// The scenes file read back, for routing.
  package var file: ScenesFile?
  /// Why the scenes file could not be read back (a bug, reported rather than hidden).
  package var problem: String?
  /// Where each scene of the scenes file is declared (`file:line`), by its id.
  package var sceneLocations: [String: String] = [:]
  /// Set while the findings of one platform's scene list are made (``findings(_:)``): where they
  /// hold is then written as ``platformsToken``, filled in once every platform is routed.
  private var routesOnePlatform = false

  /// The value a scene's unknown set is written as: a named placeholder that matches nothing an
  /// app produces.
  static func placeholder(_ what: String) -> String { "\(placeholderMark)\(what)⟩" }

  /// How every placeholder starts.
  static let placeholderMark = "⟨run-time: "

  package init(app: CatalogApp) {
    self.app = app
    var windowGroups: [JSONValue] = []
    var scenes: [JSONValue] = []
    var extended = false
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
      var entry: [(String, JSONValue)] = [("configuration", .string(configuration))]
      if let matching = group.matching {
        let strings = group.matchingIsKnown ? matching : [Self.placeholder("matching set")]
        entry.append(("handlesExternalEvents", .array(strings.map(JSONValue.string))))
      }
      windowGroups.append(.object(JSONObject(entry)))
      if let views = group.views {
        sceneLocations["open " + configuration] = "\(group.file):\(group.line)"
        let preferring = views.isKnown ? views.preferring : [Self.placeholder("preferring")]
        let allowing = views.isKnown ? views.allowing : [Self.placeholder("allowing")]
        scenes.append(
          .object(
            JSONObject([
              ("id", .string("open " + configuration)), ("configuration", .string(configuration)),
              (
                "handlesExternalEvents",
                .object(
                  JSONObject([
                    ("preferring", .array(preferring.map(JSONValue.string))),
                    ("allowing", .array(allowing.map(JSONValue.string))),
                  ]))
              ),
            ])))
      }
    }
    var defaults: [(String, JSONValue)] = []
    for entry in app.sceneConfigurations {
      guard let name = entry.name else { continue }
      let role = Self.role(entry.role)
      if !defaults.contains(where: { $0.0 == role }) { defaults.append((role, .string(name))) }
      let conditions = entry.activationConditions
      guard !conditions.isEmpty else { continue }
      var predicates: [(String, JSONValue)] = []
      for (kind, key) in [
        (ConditionKind.canActivate, "canActivate"), (.prefersToActivate, "prefersToActivate"),
      ] {
        // The last assignment in source order is the one in force.
        guard let condition = conditions.last(where: { $0.kind == kind }) else { continue }
        var format = condition.format
        if let template = condition.templates.first, condition.templates.count == 1,
          let witnessed = ConditionChecker.witnessed(template, hole: Producer.holeWitness)
        {
          format = witnessed
        }
        predicates.append((key, .string(format ?? "SELF == \"\(Self.placeholder("predicate"))\"")))
      }
      if conditions.contains(where: { $0.format?.contains("MATCHES") == true }) { extended = true }
      sceneLocations[name] = "\(entry.file):\(entry.line)"
      scenes.append(
        .object(
          JSONObject([
            ("id", .string(name)), ("configuration", .string(name)),
            ("role", .string(role)),
            ("activationConditions", .object(JSONObject(predicates))),
          ])))
    }
    var file: [(String, JSONValue)] = [("profile", .string(extended ? "extended" : "uikit"))]
    if !defaults.isEmpty { file.append(("defaultConfigurations", .object(JSONObject(defaults)))) }
    if !windowGroups.isEmpty { file.append(("windowGroups", .array(windowGroups))) }
    file.append(("scenes", .array(scenes)))
    scenesFile = .object(JSONObject(file))
    do {
      self.file = try ScenesFile(json: scenesFile)
    } catch {
      problem = error.description
    }
  }

  /// The scene session role a manifest key names.
  static func role(_ key: String) -> String {
    switch key {
    case "UIWindowSceneSessionRoleApplication": "windowApplication"
    case "UIWindowSceneSessionRoleExternalDisplayNonInteractive":
      "windowExternalDisplayNonInteractive"
    case "UIWindowSceneSessionRoleExternalDisplay": "windowExternalDisplay"
    case "CPTemplateApplicationSceneSessionRoleApplication": "carTemplateApplication"
    default: key
    }
  }

  /// The event a producer makes, carrying `string`.
  static func event(_ producer: Producer, string: String) -> SceneEvent? {
    switch producer.kind {
    case .userActivity, .targetContentIdentifier:
      SceneEvent(
        .userActivity(UserActivity(activityType: "activity", targetContentIdentifier: string)))
    case .notification, .payload:
      SceneEvent(.notification(PushNotification(targetContentIdentifier: string)))
    case .shortcutItem:
      SceneEvent(
        .shortcutItem(
          ShortcutItem(
            type: "shortcut", localizedTitle: "shortcut", targetContentIdentifier: string)))
    case .urlScheme: SceneEvent(.url(string))
    case .appIntent:
      SceneEvent(
        .appIntent(
          AppIntentRequest(intentType: producer.detail ?? string, contentIdentifier: string)))
    case .activationRequest:
      SceneEvent(
        .activationRequest(
          .userActivity(UserActivity(activityType: "activity", targetContentIdentifier: string))))
    case .openWindowID, .openWindowValue, .infoPlistShortcutItem: nil
    }
  }

  /// Where the findings hold. SwiftUI's first rule sends every event to the one open scene on a
  /// platform with a single scene per app, so findings about choosing among scenes hold where an
  /// app has several: iPadOS, macOS and visionOS (and a declaration's own `#if os(…)`).
  func platforms(_ group: SceneDeclaration? = nil) -> String {
    if routesOnePlatform { return Self.platformsToken }
    let own = (group?.platforms ?? []) + app.platforms
    let base = "on iPadOS, macOS and visionOS, where an app has several scenes"
    return own.isEmpty ? base : base + " (declared for \(own.joined(separator: ", ")))"
  }

  /// The app's name in messages: the same for every `#available` branch, so that a finding
  /// every branch has is reported once (``Linter`` merges them).
  private var appLabel: String { app.name }

  /// A name for the app, with its `#available` branch.
  package var appName: String {
    app.variant.map { "\(app.name) [\($0)]" } ?? app.name
  }

  /// The platforms where an app has several scenes, by the name `#if os(…)` gives each, and the
  /// name findings use (an iPhone app has one scene; an iPad's is the multi-window iOS).
  static let multiScenePlatforms = [
    ("iOS", "iPadOS"), ("macOS", "macOS"), ("visionOS", "visionOS"),
  ]

  /// Stands for "on these platforms, where an app has several scenes" in a finding made for one
  /// platform's scene list.
  static let platformsToken = "\u{1}platforms\u{1}"
  /// Stands for " on these platforms" (nothing when the finding holds on every platform the app
  /// is built for) in a finding made for one platform's scene list.
  static let someToken = "\u{1}some\u{1}"

  /// Where a finding that holds wherever a scene is missing holds: nothing for one scene list;
  /// ``someToken`` while one platform's is routed.
  private var onSomePlatforms: String { routesOnePlatform ? Self.someToken : "" }

  /// Whether a declaration under `#if` clauses naming `platforms` (``SceneDeclaration/platforms``:
  /// the `os(…)` names of each enclosing clause, an `#else`'s negated) is compiled for `os`: one
  /// of the names it is under, if any, is `os`, and no negated name is. (`xrOS` is visionOS.)
  package static func isCompiled(_ platforms: [String], for os: String) -> Bool {
    func normalized(_ name: Substring) -> String { name == "xrOS" ? "visionOS" : String(name) }
    let positive = platforms.filter { !$0.hasPrefix("!") }.map { normalized($0[...]) }
    let negated = platforms.filter { $0.hasPrefix("!") }.map { normalized($0.dropFirst()) }
    return (positive.isEmpty || positive.contains(os)) && !negated.contains(os)
  }

  /// The routing findings for `producers`.
  ///
  /// When window groups are declared under `#if os(…)`, each platform where an app has several
  /// scenes has its own list (the first group without `handlesExternalEvents(matching:)` on
  /// iPadOS may be another than on macOS): each list is routed, and a finding says on which
  /// platforms it holds.
  package func findings(_ producers: [Producer]) -> [LintDiagnostic] {
    guard !routesOnePlatform, app.windowGroups.contains(where: { !$0.platforms.isEmpty }) else {
      return sceneListFindings(producers)
    }
    var merged: [(finding: LintDiagnostic, platforms: [String])] = []
    let built = Self.multiScenePlatforms.filter { Self.isCompiled(app.platforms, for: $0.0) }
    for (os, name) in built {
      var variant = app
      variant.windowGroups = app.windowGroups.filter { Self.isCompiled($0.platforms, for: os) }
      var routing = AppRouting(app: variant)
      routing.routesOnePlatform = true
      let compiled = producers.filter { Self.isCompiled($0.platforms, for: os) }
      for finding in routing.sceneListFindings(compiled) {
        if let index = merged.firstIndex(where: { $0.finding == finding }) {
          // The same finding twice in one list (two producers on one line) is one finding.
          if merged[index].platforms.last != name { merged[index].platforms.append(name) }
        } else {
          merged.append((finding, [name]))
        }
      }
    }
    return merged.map { finding, platforms in
      var finding = finding
      let list =
        platforms.count == 1
        ? platforms[0]
        : platforms.dropLast().joined(separator: ", ") + " and " + platforms[platforms.count - 1]
      finding.message = finding.message.replacingOccurrences(
        of: Self.platformsToken, with: "on \(list), where an app has several scenes"
      ).replacingOccurrences(
        of: Self.someToken, with: platforms.count == built.count ? "" : " on \(list)")
      return finding
    }
  }

  /// The routing findings of one scene list (``findings(_:)``).
  private func sceneListFindings(_ producers: [Producer]) -> [LintDiagnostic] {
    guard let file else {
      return [
        AppCatalog.finding(
          .notFollowed,
          "the app's scenes could not be routed: \(problem ?? "unknown problem")", file: app.file,
          line: app.line, severity: .warning)
      ]
    }
    if app.supportsMultipleScenes == false && app.windowGroups.isEmpty {
      // One scene: nothing to choose between.
      return []
    }
    let router = file.router
    let routable = app.windowGroups.filter(\.isRoutable)
    let dependsOnRunTime = dependsOnRunTimeValues
    let declaresConditions =
      routable.contains { $0.matching != nil || $0.views != nil }
      || app.sceneConfigurations.contains { !$0.activationConditions.isEmpty }
    var findings: [LintDiagnostic] = []
    var reachedGroups: [Int: [Producer]] = [:]
    var openedIDs: Set<String> = []
    var openedReferences: Set<String> = []
    var opensValues = false
    var opensUnknownIDs = false
    // A literal id no group declares may be the id of a group whose id the source does not fix.
    var mayOpenUnknownIDs = false
    for producer in producers {
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
            AppCatalog.finding(
              .unhandled,
              "openWindow(id: \"\(id)\") opens nothing: no scene of \(appLabel) declares the id "
                + "'\(id)'\(onSomePlatforms)", file: producer.file, line: producer.line))
        }
        continue
      case .openWindowValue:
        opensValues = true
        if !app.windowGroups.contains(where: { $0.presentedType != nil }) {
          findings.append(
            AppCatalog.finding(
              .unhandled,
              "openWindow(value: \(producer.detail ?? "…")) opens nothing: no WindowGroup of "
                + "\(appLabel) is declared with 'for:' a type\(onSomePlatforms)",
              file: producer.file,
              line: producer.line))
        }
        continue
      default: break
      }
      guard let string = producer.routedString, let event = Self.event(producer, string: string)
      else { continue }
      let decision = router.route(event)
      let shown =
        producer.identifier.map { "'\($0)'" } ?? "'\(string)' (its template with witness values)"
      if let choice = decision.windowGroup {
        reachedGroups[choice.index, default: []].append(producer)
      }
      for warning in decision.warnings where warning.id.rawValue == "routing.order-dependent" {
        findings.append(
          AppCatalog.finding(
            .orderDependent,
            "\(producer.kind.rawValue) \(shown): \(warning.message); which scene it opens "
              + "depends on their order \(platforms())", file: producer.file, line: producer.line))
      }
      // A set or predicate known only at run time (a placeholder in the scenes file) may take
      // the event: whether it is handled is then unknown, and not reported.
      // A URL scheme stands for every URL of it: when the app's sets name URLs of the scheme
      // (`x-example://main`), those are the URLs it opens, and the witness URL says nothing.
      if producer.kind == .urlScheme, let scheme = producer.identifier,
        namesURLs(of: scheme, in: routable)
      {
        continue
      }
      switch decision.outcome {
      case .none where !dependsOnRunTime:
        findings.append(
          AppCatalog.finding(
            .unhandled,
            "\(producer.kind.rawValue) \(shown) is taken by no scene of \(appLabel): no open "
              + "scene's conditions match and every window group's handlesExternalEvents(matching:) "
              + "excludes it, so the event opens nothing \(platforms())", file: producer.file,
            line: producer.line,
            fixDescription:
              "add a matching string to a window group's handlesExternalEvents(matching:), or "
              + "remove the modifier from the group that should take it"))
      case .newScene(let configuration) where declaresConditions && !dependsOnRunTime:
        if decision.windowGroup?.rule == .matching { break }
        let what =
          decision.windowGroup != nil
          ? "SwiftUI falls back to the first group without handlesExternalEvents(matching:), "
            + "'\(configuration ?? "?")', and opens a new window of it"
          : "UIKit creates a new scene of '\(configuration ?? "the default configuration")'"
        findings.append(
          AppCatalog.finding(
            .unhandled,
            "\(producer.kind.rawValue) \(shown) matches no scene's conditions in \(appLabel): "
              + "\(what) \(platforms())", file: producer.file, line: producer.line))
      default: break
      }
    }
    // The group a URL nobody else takes reaches: the first with "*" in its matching set, else
    // the first without the modifier.
    let fallback =
      routable.firstIndex { $0.matching?.contains("*") == true }
      ?? routable.firstIndex { $0.matching == nil }
    var routableIndex = 0
    for group in app.windowGroups {
      // Only windows are opened by openWindow(id:): an immersive space's id is opened by
      // openImmersiveSpace, which the app model does not read, so it is never called unreachable.
      guard group.isRoutable else { continue }
      defer { routableIndex += 1 }
      let handled = routableIndex == fallback ? group.eventHandlers : []
      let matched = group.matchingIsKnown ? (group.matching ?? []).filter { !$0.isEmpty } : []
      if group.views == nil, group.viewsUnknown == nil, reachedGroups[routableIndex] == nil,
        handled.isEmpty, !matched.isEmpty
      {
        // The group's own matching set says events reach it.
        let strings = matched.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        findings.append(
          AppCatalog.finding(
            .newWindowPerEvent,
            "\(group.kind) '\(group.configuration)' of \(appLabel) takes external events "
              + "(handlesExternalEvents(matching: [\(strings)])) and no view in it declares "
              + "handlesExternalEvents(preferring:allowing:), so every event it matches opens a "
              + "new window " + platforms(group), file: group.file, line: group.line,
            fixDescription:
              "add .handlesExternalEvents(preferring: [...], allowing: [...]) to the root view so "
              + "an open window takes the events it should"))
      }
      if group.views == nil, group.viewsUnknown == nil, reachedGroups[routableIndex] == nil,
        let handler = handled.first
      {
        findings.append(
          AppCatalog.finding(
            .newWindowPerEvent,
            "\(group.kind) '\(group.configuration)' of \(appLabel) takes external events "
              + "(\(handler)) and no view in it declares "
              + "handlesExternalEvents(preferring:allowing:), so every URL or activity opens a "
              + "new window " + platforms(group), file: group.file, line: group.line,
            fixDescription:
              "add .handlesExternalEvents(preferring: [...], allowing: [\"*\"]) to the root view "
              + "so an open window takes the events"))
      }
      if let producers = reachedGroups[routableIndex], group.views == nil, group.viewsUnknown == nil
      {
        let names = producers.prefix(3).map { "\($0.file):\($0.line)" }.joined(separator: ", ")
        findings.append(
          AppCatalog.finding(
            .newWindowPerEvent,
            "\(group.kind) '\(group.configuration)' of \(appLabel) is reached by \(producers.count) "
              + "event source(s) (\(names)) and no view in it declares "
              + "handlesExternalEvents(preferring:allowing:), so every event opens a new window "
              + platforms(group), file: group.file, line: group.line,
            fixDescription:
              "add .handlesExternalEvents(preferring: [...], allowing: [\"*\"]) to the root view "
              + "so an open window takes the events, or .handlesExternalEvents(matching: []) to "
              + "keep this group out of external events"))
      }
      // A group whose matching set names strings is meant for external events the tree may not
      // show (a URL scheme in build settings): not called unreachable.
      let opened =
        group.id.map(openedIDs.contains) == true
        || group.idReference.map(openedReferences.contains) == true
      if group.id ?? group.idReference != nil, routableIndex > 0, !opened, !opensUnknownIDs,
        !(group.idIsUnknown && mayOpenUnknownIDs),
        group.matching?.contains(where: { !$0.isEmpty }) != true,
        reachedGroups[routableIndex] == nil,
        !(group.presentedType != nil && opensValues), !isInWindowMenu(group)
      {
        findings.append(unreachable(group))
      }
    }
    return findings
  }

  /// The producers that belong to `app` among `producers`: those whose file shares the most
  /// folders with `app`'s declaration among `apps` (an app's own target), and those that tie
  /// between several apps (shared code). A tree with an app and its App Clip, or an iOS and a
  /// macOS app, routes each target's events through its own scenes.
  package static func producers(
    _ producers: [Producer], of app: CatalogApp, among apps: [CatalogApp]
  ) -> [Producer] {
    let shared = LintPaths.sharedFolders
    let names = Set(apps.map(\.name))
    guard names.count > 1 else { return producers }
    return producers.filter { producer in
      let best = apps.map { shared(producer.file, $0.file) }.max() ?? 0
      return shared(producer.file, app.file) == best
    }
  }

  /// Whether people can open `group` from the menu bar whatever the code opens: on macOS a
  /// `Window` or `UtilityWindow` adds its own command (the Windows menu lists a `Window` by its
  /// title, Apple's `Window` page; `WindowVisibilityToggle`'s page names "the default commands
  /// added by `Window` and `UtilityWindow`"). **Decision:** such a scene compiled for macOS is
  /// never unreachable; one declared only for another platform (visionOS) can be.
  private func isInWindowMenu(_ group: SceneDeclaration) -> Bool {
    ["Window", "UtilityWindow"].contains(group.kind)
      && Self.isCompiled(group.platforms + app.platforms, for: "macOS")
  }

  private func unreachable(_ group: SceneDeclaration) -> LintDiagnostic {
    AppCatalog.finding(
      .groupUnreachable,
      "\(group.kind) id \(group.id.map { "'\($0)'" } ?? group.idReference ?? "") of \(appLabel) "
        + "is opened by no openWindow(id:), URL or identifier the app produces\(onSomePlatforms)",
      file: group.file, line: group.line)
  }

  /// The rows of the app's routing table, with where each comes from: each producer's string
  /// (a template with witness values, once), then the witnesses of the conditions; and where
  /// each scene is declared.
  /// Whether a known `matching:`, `preferring:` or `allowing:` string of `groups` is a URL of
  /// `scheme` (`x-example://`), compared without case.
  private func namesURLs(of scheme: String, in groups: [SceneDeclaration]) -> Bool {
    let prefix = scheme.lowercased()
    return groups.contains { group in
      var strings = group.matchingIsKnown ? group.matching ?? [] : []
      if let views = group.views, views.isKnown { strings += views.preferring + views.allowing }
      return strings.contains { $0.lowercased().hasPrefix(prefix) && $0.count > prefix.count }
    }
  }

  /// Whether a set or a predicate the routing reads is known only at run time (written as a
  /// placeholder): it may take any event.
  ///
  /// **Decision** (DESIGN §10): a finding that would rest on such a value, an event taken by no
  /// scene or opening a new window for want of a match, is not reported; the table says why.
  package var dependsOnRunTimeValues: Bool {
    app.windowGroups.contains {
      $0.isRoutable && (!$0.matchingIsKnown || $0.views?.isKnown == false || $0.viewsUnknown != nil)
    }
      || app.sceneConfigurations.contains { entry in
        entry.name != nil
          && entry.activationConditions.contains { $0.format == nil && $0.templates.isEmpty }
      }
  }

  package func tableRows(among catalog: AppCatalog) -> (
    identifiers: [String], sources: TableRendering.Sources
  ) {
    var sources = TableRendering.Sources(scenes: sceneLocations)
    var identifiers: [String] = []
    for producer in Self.producers(catalog.producers, of: app, among: catalog.apps) {
      guard producer.kind != .openWindowID, producer.kind != .openWindowValue,
        let string = producer.routedString, sources.rows[string] == nil
      else { continue }
      identifiers.append(string)
      sources.rows[string] = "\(producer.file):\(producer.line)"
    }
    if let router = file?.router {
      // A placeholder stands for a value the source does not fix: no identifier is made of it.
      identifiers += RoutingTable.witnesses(of: router).filter {
        !$0.contains(Self.placeholderMark)
      }
    }
    if dependsOnRunTimeValues {
      sources.caveat =
        "some of the app's sets or predicates are run-time values (shown as "
        + "\(Self.placeholder("…"))); an identifier no scene takes here may be taken at run time"
    }
    return (identifiers, sources)
  }
}
