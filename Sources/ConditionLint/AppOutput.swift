import AppModel
import PredicateEvaluation
import SceneJSON
import SourceReading

extension Linter {
  /// Reads the app under `paths`: the catalogue, each app's routing, and the findings, with the
  /// lint's walk (the same files, folders skipped and size cap). Nothing is printed.
  package static func readApp(
    paths: [String], excludes: [String] = [], profile: ValidationProfile = .uikit,
    sparsely: Bool = true
  ) -> Run {
    var linter = Linter(profile: profile, excludes: excludes)
    linter.readsApp = true
    linter.readsSparsely = sparsely
    return linter.run(paths: paths)
  }
}

/// Why no app could be chosen from a run.
package struct AppChoiceError: Error, CustomStringConvertible {
  package var description: String
  /// What was noted before the choice failed (the apps there were).
  package var note: String?
}

extension Linter.Run {
  /// The app to write a scenes file for, or to route and tabulate: the one named `name`, else
  /// the first, with a note naming the others when there are several.
  package func app(named name: String?) throws(AppChoiceError) -> (
    routing: AppRouting, note: String?
  ) {
    guard !routings.isEmpty else {
      throw AppChoiceError(
        description: "no app found (no @main App, no Info.plist scene manifest)")
    }
    if let name {
      guard let found = routings.first(where: { $0.app.name == name }) else {
        throw AppChoiceError(
          description: "no app named '\(name)'; found: "
            + routings.map(\.app.name).joined(separator: ", "))
      }
      return (found, nil)
    }
    let note =
      routings.count > 1
      ? "\(routings.count) apps (\(routings.map(\.appName).joined(separator: ", "))); "
        + "using the first, '\(routings[0].app.name)' (--name chooses)" : nil
    return (routings[0], note)
  }
}

/// `scenes --format text`: the catalogue for people.
package enum AppOutput {
  /// The `#if` clauses a condition is set under within its type, as the app's line shows its own,
  /// and the run-time conditions around it within its method.
  private static func compiledUnder(_ condition: LintedCondition) -> String {
    under(condition.compiled)
      + (condition.runTime.isEmpty
        ? "" : "  only on some paths (\(condition.runTime.reversed().joined(separator: ", ")))")
  }

  /// `  under #if …`: the `#if` clauses a line's declaration is compiled under, if any.
  private static func under(_ compiled: CompiledPlatforms) -> String {
    compiled.clauses.isEmpty ? "" : "  under " + CompiledPlatforms.written(compiled.clauses)
  }

  /// A condition's predicate as `scenes` shows it: its format, else why there is none
  /// (``LintedCondition/whyNoFormat``).
  private static func shown(_ condition: LintedCondition) -> String {
    condition.format ?? "unknown (\(condition.whyNoFormat))"
  }

  /// What each `$variable` of a condition's format stands for: the known part of its value.
  private static func variableLines(_ condition: LintedCondition) -> [String] {
    condition.variables.map { variable in
      "         $\(variable.name) is "
        + (variable.template.map { "\"\($0)\"" } ?? "\(variable.source), known only at run time")
    }
  }

  package static func text(_ catalog: AppCatalog) -> String {
    var lines: [String] = []
    func quoted(_ strings: [Template]) -> String {
      "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
    if catalog.apps.isEmpty {
      lines.append("no app found (no @main App, no Info.plist scene manifest)")
    }
    for app in catalog.apps {
      var head = "app \(app.name)  \(app.file):\(app.line)"
      if let variant = app.variant { head += "  [\(variant)]" }
      if !app.platforms.clauses.isEmpty {
        head += "  " + CompiledPlatforms.written(app.platforms.clauses)
      }
      if let multiple = app.supportsMultipleScenes {
        head += "  UIApplicationSupportsMultipleScenes: \(multiple)"
      }
      lines.append(head)
      for (number, group) in app.windowGroups.enumerated() {
        var line = "  \(number + 1). \(group.kind) '\(group.configuration)'"
        if let id = group.id {
          line += " id \"\(id)\""
        } else if let reference = group.idReference {
          line += " id \(reference)"
        }
        if let title = group.title { line += " title \"\(title)\"" }
        if let type = group.presentedType { line += " for \(type)" }
        if !group.platforms.clauses.isEmpty {
          line += "  " + CompiledPlatforms.written(group.platforms.clauses)
        }
        if !group.isRoutable { line += "  (not routed)" }
        lines.append(line + "  \(group.file):\(group.line)")
        if let matching = group.matching {
          lines.append(
            "       matching: "
              + (group.matchingUnknown.map { "unknown: \($0)" } ?? quoted(matching)))
        }
        if let views = group.views {
          // Each modifier on its own line when some are compiled for some platforms only.
          let shown =
            views.sites.contains { !$0.platforms.clauses.isEmpty } ? views.sites : [views]
          for views in shown {
            lines.append(
              "       views: "
                + "preferring "
                + (views.preferringUnknown.map { "unknown (\($0))" } ?? quoted(views.preferring))
                + " allowing "
                + (views.allowingUnknown.map { "unknown (\($0))" } ?? quoted(views.allowing))
                + "  \(views.file):\(views.line)" + under(views.platforms))
          }
        } else if let unknown = group.viewsUnknown {
          lines.append("       views: unknown (\(unknown))")
        } else {
          lines.append("       views: no handlesExternalEvents(preferring:allowing:)")
        }
        for handler in group.eventHandlers { lines.append("       handles: \(handler)") }
      }
      if let choice = app.configurationChoice {
        lines.append(
          "  a new scene's configuration: application(_:configurationForConnecting:options:)  "
            + choice.place)
        for rule in choice.ruleLines { lines.append("       " + rule) }
      }
      for entry in app.sceneConfigurations {
        lines.append(
          "  configuration '\(entry.name ?? "?")' \(entry.role)"
            + (entry.delegateClass.map { " delegate \($0)" } ?? "")
            + (entry.storyboard.map { " storyboard \($0)" } ?? "")
            + (entry.sceneClass.map { " scene class \($0)" } ?? "")
            + "  \(entry.file):\(entry.line)"
        )
        if entry.activationConditions.isEmpty {
          lines.append("       no activation conditions set in its delegate class")
        }
        for condition in entry.activationConditions {
          lines.append(
            "       \(condition.kind.rawValue): \(shown(condition)) "
              + "(\(condition.resolution.rawValue))  \(condition.file):\(condition.line)"
              + compiledUnder(condition))
          lines += variableLines(condition)
        }
      }
      for condition in app.runTimeConditions {
        lines.append(
          "  set at run time on the scene the code runs in: \(condition.kind.rawValue): "
            + "\(shown(condition))  \(condition.file):\(condition.line)"
            + compiledUnder(condition))
        lines += variableLines(condition)
      }
    }
    lines.append("")
    lines.append(
      "producers (\(catalog.producers.count))" + (catalog.producers.isEmpty ? ": none" : ":"))
    for producer in catalog.producers {
      var value: String
      if let identifier = producer.identifier {
        value = "\"\(identifier)\""
      } else if let template = producer.template {
        value =
          "template \""
          + template.parts.map {
            switch $0 {
            case .text(let text): text
            case .hole(let hole): "\\(\(hole))"
            }
          }.joined() + "\""
      } else {
        value = "unknown" + (producer.unknown.map { " (\($0))" } ?? "")
      }
      if let detail = producer.detail { value += "  [\(detail)]" }
      lines.append("  \(producer.kind.rawValue) \(value)  \(producer.file):\(producer.line)")
    }
    if !catalog.diagnostics.isEmpty {
      lines.append("")
      lines.append("notes (\(catalog.diagnostics.count)):")
      for note in catalog.diagnostics {
        lines.append("  \(note.file):\(note.line): \(note.message) [\(note.id)]")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
