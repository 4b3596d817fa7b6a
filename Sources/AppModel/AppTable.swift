import CommandLineOutput
import PredicateEvaluation
import SceneJSON
import SceneRouting
import SourceReading

/// Which scene each identifier an app produces opens: `scene-router table --app`.
///
/// One column per scene the app declares (a window group, a `Window`, a UIKit configuration),
/// whether or not a window of it is open; one row per identifier the app produces, a template
/// shown with its holes by name (`order/⟨orderID⟩`). A cell says whether an open window of the
/// column takes the event (*prefers*, *can*, or *depends* on a run-time value), whether a new
/// window of it opens, or nothing; a row says whether its answer holds for every value of the
/// run-time parts, or what it depends on. The page lists the routing findings beside the rows.
package struct AppTable: Sendable {
  /// A column: a scene the app declares.
  package struct Column: Sendable, Hashable {
    /// The configuration name, as findings and decisions name it.
    package var configuration: String
    /// The open scene of it that events can find, when one can be open (``AppRouting/scenes``).
    package var scene: String?
    /// Where it is declared: `file:line`.
    package var place: String
    /// Its scene session role: events open scenes of the application role; a scene of another
    /// role (the external display's) is created by the system, not by an event.
    package var role: SceneSessionRole = .windowApplication
  }

  /// What one column says for one row.
  package enum Cell: Sendable, Hashable {
    /// An open window of it prefers the event (for every value).
    case prefers
    /// An open window of it can take the event, not preferring it (for every value).
    case can
    /// An open window of it can take the event for every value, and whether it prefers it
    /// depends on run-time values.
    case canMaybePrefers
    /// Whether an open window takes the event depends on run-time values.
    case depends
    /// A new window of it opens.
    case newWindow
    /// Nothing: no open window of it takes the event, and none is opened.
    case none

    /// The word shown: `prefers`, `can`, `depends`, `new window`, `none`.
    package var name: String {
      switch self {
      case .prefers: "prefers"
      case .can: "can"
      case .canMaybePrefers: "can (prefers: depends)"
      case .depends: "depends"
      case .newWindow: "new window"
      case .none: "none"
      }
    }
  }

  /// An identifier the app produces, and where it goes.
  package struct Row: Sendable {
    /// The routing, for every value of the identifier's holes and the conditions' run-time
    /// values.
    package var routed: AppRouting.Decision
    /// Where the app produces it: `file:line` of the first producer.
    package var source: String
    /// What the names the routing depends on stand for, for people (empty when it depends on
    /// nothing).
    package var dependsOn: String
    /// Each column's cell, in column order.
    package var cells: [Cell]
    /// The columns that win (whose window takes the event, or a new window of which opens): one
    /// when the answer holds for every value.
    package var winners: [Int]
  }

  /// The app's name.
  package var app: String
  package var columns: [Column]
  package var rows: [Row]
  /// The app's routing findings (`lint`'s `routing.*`), shown beside the rows they explain.
  package var findings: [LintDiagnostic]

  /// The table of `routing`'s app, its rows from `catalog`'s producers of that app.
  package init(_ routing: AppRouting, catalog: AppCatalog, findings: [LintDiagnostic]) {
    app = routing.appName
    var columns: [Column] = []
    for group in routing.windowGroups {
      let scene = routing.scenes.first { $0.id == "open " + group.configuration }
      columns.append(
        Column(
          configuration: group.configuration, scene: scene?.id,
          place: "\(group.declaration.file):\(group.declaration.line)"))
    }
    for scene in routing.scenes where !columns.contains(where: { $0.scene == scene.id }) {
      columns.append(
        Column(
          configuration: scene.configuration, scene: scene.id, place: scene.place,
          role: scene.role))
    }
    self.columns = columns
    var rows: [Row] = []
    var seen: Set<TextTemplate> = []
    let producers = AppRouting.events(
      AppRouting.producers(catalog.producers, of: routing.app, among: catalog.apps)
    ).filter { !$0.platforms.platforms.isDisjoint(with: routing.app.platforms.platforms) }
    for producer in producers {
      guard let value = producer.routedValue, seen.insert(value).inserted else { continue }
      let routed = routing.route(value, kind: producer.kind, connection: producer.connection)
      var cells: [Cell] = []
      var winners: [Int] = []
      for (index, column) in columns.enumerated() {
        let sceneIndex = column.scene.flatMap { id in routing.scenes.firstIndex { $0.id == id } }
        let wins = routed.decisions.contains { decision in
          switch decision.outcome {
          case .existing(let session, _): session == column.scene
          case .newScene(let configuration): configuration == column.configuration
          case .none: false
          }
        }
        if wins { winners.append(index) }
        let opensNew = routed.decisions.contains {
          if case .newScene(column.configuration) = $0.outcome { return true }
          return false
        }
        if let sceneIndex, column.role == .windowApplication {
          let (prefers, can) = routed.answers[sceneIndex]
          switch (prefers, can) {
          case (.always, _): cells.append(.prefers)
          case (.depends, .always): cells.append(.canMaybePrefers)
          case (.depends, _), (_, .depends): cells.append(.depends)
          case (.never, .always): cells.append(.can)
          case (.never, .never): cells.append(opensNew ? .newWindow : .none)
          }
        } else {
          cells.append(opensNew ? .newWindow : .none)
        }
      }
      rows.append(
        Row(
          routed: routed, source: "\(producer.file):\(producer.line)",
          dependsOn: routing.describe(routed.dependencies), cells: cells, winners: winners))
    }
    self.rows = rows
    self.findings = findings
  }

  /// What a row opens, in words: `scene 'x'`, `new scene 'C'`, `no scene`; for a row that
  /// depends, each possibility joined by `or`.
  package static func opens(_ row: Row) -> String {
    guard !row.routed.decisions.isEmpty else { return "depends" }
    var seen: [String] = []
    for decision in row.routed.decisions {
      let text = TableRendering.opens(decision)
      if !seen.contains(text) { seen.append(text) }
    }
    return seen.joined(separator: " or ")
  }

  /// The identifiers no scene takes, for every value: no condition matches and no window
  /// group's matching set does.
  package var unhandled: [Row] {
    rows.filter { $0.routed.holds(\.isUnhandled) == true }
  }

  /// The columns of the application role no row can reach.
  package var unreached: [Column] {
    columns.indices.filter { index in
      columns[index].role == .windowApplication && !rows.contains { $0.winners.contains(index) }
    }
    .map { columns[$0] }
  }

  // MARK: Rendering

  /// The table for people: a line per row, then the unhandled identifiers, the unreached
  /// scenes, the scenes, and the findings.
  package func text(path: String) -> String {
    var lines: [String] = []
    lines.append(
      "\(path): \(columns.count) scene\(columns.count == 1 ? "" : "s"), "
        + "\(rows.count) identifier\(rows.count == 1 ? "" : "s")")
    let labels = rows.map { $0.routed.value.description }
    let width = min(48, labels.map(\.count).max() ?? 0)
    let opened = rows.map(Self.opens)
    let opensWidth = min(40, opened.map(\.count).max() ?? 0)
    func pad(_ text: String, _ length: Int) -> String {
      text + String(repeating: " ", count: max(0, length - text.count))
    }
    for (index, row) in rows.enumerated() {
      let matched = zip(columns, row.cells).compactMap { column, cell in
        cell == .none || cell == .newWindow ? nil : "\(cell.name): \(column.configuration)"
      }
      var line = pad(labels[index], width) + "  → " + pad(opened[index], opensWidth) + "  "
      var reasons: [String] = []
      for decision in row.routed.decisions where !reasons.contains(decision.reason.rawValue) {
        reasons.append(decision.reason.rawValue)
      }
      line += reasons.isEmpty ? "depends" : reasons.joined(separator: " or ")
      line += " · " + (matched.isEmpty ? "no scene matches" : matched.joined(separator: "; "))
      lines.append(line)
      let indent = pad("", width) + "    "
      lines.append(indent + "from \(row.source)")
      if let group = row.routed.decision?.windowGroup { lines.append(indent + group.explanation) }
      if row.routed.decision == nil {
        lines.append(indent + "depends on \(row.dependsOn)")
      } else if !row.routed.value.holes.isEmpty {
        lines.append(
          indent + "for every value of \(row.routed.value.holes.joined(separator: ", "))")
      }
    }
    func section(_ title: String, _ items: [String]) {
      lines.append("")
      lines.append("\(title) (\(items.count))" + (items.isEmpty ? ": none" : ":"))
      for item in items { lines.append("  " + item) }
    }
    section("Identifiers no scene handles", unhandled.map { $0.routed.value.description })
    section("Scenes no identifier reaches", unreached.map(\.configuration))
    section(
      "Scenes",
      columns.map {
        $0.role == .windowApplication
          ? "\($0.configuration)  \($0.place)"
          : "\($0.configuration) (role \($0.role.rawValue): no event opens it)  \($0.place)"
      })
    section(
      "Findings",
      findings.map {
        "\($0.file):\($0.line): \($0.severity.rawValue): \($0.message) [\($0.id)]"
      })
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table as one JSON document: `app`, `columns`, `rows` (each with `identifier` when it
  /// is known text or `template` parts, `holdsForEveryValue`, `dependsOn`, the distinct
  /// `decisions`, a `cells` object by configuration, `source`), `unhandled`, `unreached` and
  /// `findings`.
  package var jsonValue: JSONValue {
    let rows: [JSONValue] = rows.map { row in
      let value = row.routed.value
      return .object(
        JSONObject([
          ("identifier", value.text.map(JSONValue.string) ?? .null),
          ("template", value.text == nil ? value.jsonValue : .null),
          ("holdsForEveryValue", .bool(row.routed.decision != nil)),
          ("dependsOn", .array(row.routed.dependencies.map(JSONValue.string))),
          (
            "decisions",
            .array(
              row.routed.decisions.map { decision in
                let members = decision.jsonValue.objectValue ?? JSONObject()
                let shown: [RoutingDecision.Member] = [
                  .outcome, .scene, .configuration, .reason, .windowGroup,
                ]
                return .object(
                  JSONObject(shown.map { ($0.key, members[$0.key] ?? .null) }))
              })
          ),
          (
            "cells",
            .object(
              JSONObject(
                zip(columns, row.cells).map { ($0.configuration, .string($1.name)) }))
          ),
          ("source", .string(row.source)),
        ]))
    }
    return .object(
      JSONObject([
        ("app", .string(app)),
        (
          "columns",
          .array(
            columns.map { column in
              .object(
                JSONObject([
                  ("configuration", .string(column.configuration)),
                  ("scene", column.scene.map(JSONValue.string) ?? .null),
                  ("place", .string(column.place)),
                  ("role", .string(column.role.rawValue)),
                ]))
            })
        ),
        ("rows", .array(rows)),
        ("unhandled", .array(unhandled.map { .string($0.routed.value.description) })),
        ("unreached", .array(unreached.map { .string($0.configuration) })),
        ("findings", .array(findings.map(\.jsonValue))),
      ]))
  }

  /// One self-contained page: the identifier × scene grid, each row's findings beside it.
  package func html(path: String) -> String {
    let escape = TableRendering.escape
    var page =
      TableRendering.pageHead(title: "Routing table: \(path)")
        + """
        <body>
        <h1>Which scene each identifier of \(escape(app)) opens</h1>
        <p><code>\(escape(path))</code>: \(columns.count) scenes, \(rows.count) identifiers the app
        produces. A column is a scene the app declares; a cell says whether an open window of it
        <b>prefers</b> the event, <b>can</b> take it, <b>depends</b> on a run-time value, whether a
        <b>new window</b> of it opens, or <b>none</b>. The outlined cell wins. A row whose answer
        depends on run-time values (a hole <code>⟨name⟩</code> of its identifier, a
        <code>$variable</code> of a condition) says on what.</p>
        <table class="grid">
        <thead><tr><th>Identifier</th><th>Opens</th>
        """
    for column in columns {
      page +=
        "<th data-scene=\"\(escape(column.configuration))\"><code>\(escape(column.configuration))"
        + "</code><br/><small class=\"source\">\(escape(column.place))</small></th>"
    }
    page += "<th>Findings</th></tr></thead>\n<tbody>\n"
    for row in rows {
      let label = row.routed.value.description
      let holds =
        row.routed.decision != nil
        ? (row.routed.value.holes.isEmpty ? "" : "<br/><small>for every value</small>")
        : "<br/><small>depends on \(escape(row.dependsOn))</small>"
      page +=
        "<tr data-identifier=\"\(escape(label))\"><th scope=\"row\"><code>\(escape(label))</code>"
        + "<br/><small class=\"source\">\(escape(row.source))</small></th>"
        + "<td>\(escape(Self.opens(row)))\(holds)</td>"
      for (index, cell) in row.cells.enumerated() {
        let winner = row.winners.contains(index) ? " winner" : ""
        let style =
          switch cell {
          case .newWindow: "new"
          case .canMaybePrefers: "can"
          default: cell.name
          }
        page +=
          "<td class=\"\(style)\(winner)\" data-scene=\"\(escape(columns[index].configuration))\">"
          + "\(cell.name)</td>"
      }
      let explained = findings.filter { "\($0.file):\($0.line)" == row.source }
      page +=
        "<td>"
        + explained.map {
          "<div class=\"finding\"><small>\(escape($0.id.rawValue)):</small> \(escape($0.message))</div>"
        }.joined() + "</td></tr>\n"
    }
    page += "</tbody>\n</table>\n"
    func section(_ title: String, _ items: [String], id: String) {
      page += "<h2 id=\"\(id)\">\(escape(title)) (\(items.count))</h2>\n"
      page +=
        items.isEmpty
        ? "<p>None.</p>\n" : "<ul>\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
    }
    section(
      "Identifiers no scene handles",
      unhandled.map { "<code>\(escape($0.routed.value.description))</code>" }, id: "unhandled")
    section(
      "Scenes no identifier reaches", unreached.map { "<code>\(escape($0.configuration))</code>" },
      id: "unreached")
    section(
      "Findings",
      findings.map {
        "<code>\(escape("\($0.file):\($0.line)"))</code> \(escape($0.severity.rawValue)): "
          + "\(escape($0.message)) <small>[\(escape($0.id.rawValue))]</small>"
      }, id: "findings")
    page += "</body>\n</html>\n"
    return page
  }
}
