import Foundation
import SceneJSON
import SceneRouting

/// The text and HTML forms of a ``RoutingTable`` (its JSON form is the library's).
package enum TableRendering {
  /// The formats `table` writes.
  package enum Format: String, CaseIterable, Sendable {
    /// A grid for people, then the unhandled identifiers, the unreached scenes and the ties.
    case text
    /// One JSON document.
    case json
    /// One self-contained page: an identifier × scene grid.
    case html
  }

  /// The whole table in `format`, ending with a newline; `path` names the scenes' source and
  /// `file` is the scenes file the HTML shows.
  package static func render(
    _ table: RoutingTable, format: Format, file: ScenesFile, path: String
  ) -> String {
    switch format {
    case .text: text(table, path: path)
    case .json: table.jsonValue.jsonText + "\n"
    case .html: html(table, file: file, path: path)
    }
  }
  /// What a row opens, in words: `scene 'x'`, `new scene 'Config'`, `no scene`.
  package static func opens(_ decision: RoutingDecision) -> String {
    switch decision.outcome {
    case .existing(let identifier, _): "scene '\(identifier)'"
    case .newScene(let configuration?): "new scene '\(configuration)'"
    case .newScene(nil): "new scene"
    case .none: "no scene"
    }
  }

  /// Why, in words: the reason, and for a new scene the window group rule.
  package static func why(_ decision: RoutingDecision) -> String {
    var text = "\(decision.reason.rawValue): \(decision.reason.explanation)"
    if let group = decision.windowGroup { text += "; \(group.explanation)" }
    return text
  }

  /// The scenes a row's identifier matched, by suitability: `prefers: a, b; can: c`.
  package static func matches(_ row: RoutingTable.Row, scenes: [String]) -> String {
    let prefers = scenes.filter { row.suitability(of: $0) == .prefers }
    let can = scenes.filter { row.suitability(of: $0) == .canActivate }
    var parts: [String] = []
    if !prefers.isEmpty { parts.append("prefers: " + prefers.joined(separator: ", ")) }
    if !can.isEmpty { parts.append("can: " + can.joined(separator: ", ")) }
    return parts.isEmpty ? "no scene matches" : parts.joined(separator: "; ")
  }

  package static func text(_ table: RoutingTable, path: String) -> String {
    var lines: [String] = []
    lines.append(
      "\(path): \(table.scenes.count) scene\(table.scenes.count == 1 ? "" : "s"), "
        + "\(table.rows.count) identifier\(table.rows.count == 1 ? "" : "s")")
    let width = min(48, table.rows.map(\.identifier.count).max() ?? 0)
    let opensWidth = min(32, table.rows.map { opens($0.decision).count }.max() ?? 0)
    func pad(_ text: String, _ length: Int) -> String {
      text + String(repeating: " ", count: max(0, length - text.count))
    }
    for row in table.rows {
      lines.append(
        pad(row.identifier, width) + "  → " + pad(opens(row.decision), opensWidth) + "  "
          + row.decision.reason.rawValue + " · " + matches(row, scenes: table.scenes))
      if let group = row.decision.windowGroup {
        lines.append(pad("", width) + "    " + group.explanation)
      }
      for warning in row.decision.warnings where warning.id != RoutingWarning.orderDependent {
        lines.append(pad("", width) + "    warning: \(warning)")
      }
    }
    func section(_ title: String, _ items: [String], note: String = "") {
      lines.append("")
      lines.append("\(title) (\(items.count))" + (items.isEmpty ? ": none" : ":") + note)
      for item in items { lines.append("  " + item) }
    }
    section("Identifiers no scene handles", table.unhandledIdentifiers)
    section("Scenes no identifier reaches", table.unreachedScenes)
    section(
      "Ties", table.ties.map { "\($0.identifier): " + $0.scenes.joined(separator: ", ") },
      note: table.ties.isEmpty
        ? ""
        : " won by order alone; UIKit picks among them in set order, which differs between launches"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// Escapes text for HTML (and XML: the page is also well-formed XHTML, which tests parse).
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      // Controls other than tab and newline are not allowed in XML 1.0: shown as code points.
      case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n",
        _ where (0x7F...0x9F).contains(scalar.value),
        _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "U+\(String(scalar.value, radix: 16, uppercase: true))"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The start of a table page, through `</head>`: its title and the one style every table page
  /// shares (a grid whose cells are coloured by what the scene answers).
  package static func pageHead(title: String) -> String {
    """
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
    <head>
    <meta charset="utf-8"/>
    <title>\(escape(title))</title>
    <style>
    body { font: 14px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em; color: #1d1d1f; }
    h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 2em; }
    table.grid { border-collapse: collapse; }
    table.grid th, table.grid td { border: 1px solid #d2d2d7; padding: 4px 8px; text-align: left; vertical-align: top; }
    table.grid thead th { background: #f5f5f7; position: sticky; top: 0; }
    td.prefers { background: #d1f2d9; } td.can { background: #fff3c4; } td.none { color: #a1a1a6; }
    td.other { background: #f5f5f7; color: #a1a1a6; }
    td.depends { background: #e8e0ff; } td.new { background: #dbeafe; }
    td.winner { outline: 3px solid #0071e3; outline-offset: -3px; font-weight: bold; }
    code { font-family: ui-monospace, Menlo, Consolas, monospace; }
    small { color: #6e6e73; } .tie, .finding { color: #b25000; }
    </style>
    </head>

    """
  }

  package static func html(
    _ table: RoutingTable, file: ScenesFile, path: String
  ) -> String {
    let sessions = Dictionary(
      file.sessions.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
    var page =
      pageHead(title: "Routing table: \(path)")
        + """
        <body>
        <h1>Which scene each identifier opens</h1>
        <p>Scenes file <code>\(escape(path))</code>: \(table.scenes.count) scenes, \(table.rows.count) identifiers.
        Each row is one target content identifier routed as an event carrying it. Each cell says what
        that scene's activation conditions answer: <b>prefers</b> (its prefers-to-activate predicate
        matches), <b>can</b> (only its can-activate predicate matches) or <b>none</b>; a blank grey
        cell is a scene of another role. The outlined cell is the scene that opens. A scene that
        prefers an identifier wins over one that only can take it; among equals, the most recently
        active wins; a scene already visible gives way to a hidden one.</p>
        <table class="grid">
        <thead><tr><th>Identifier</th><th>Opens</th>
        """
    for scene in table.scenes {
      let configuration =
        sessions[scene]?.configurationName.map { "<br/><small>\(escape($0))</small>" } ?? ""
      let visible =
        sessions[scene]?.isVisible == true ? "<br/><small>visible</small>" : ""
      page +=
        "<th data-scene=\"\(escape(scene))\"><code>\(escape(scene))</code>\(configuration)\(visible)</th>"
    }
    page += "</tr></thead>\n<tbody>\n"
    for row in table.rows {
      let tie =
        row.decision.tiedSessions.isEmpty
        ? "" : "<br/><small class=\"tie\">tie: won by order alone</small>"
      page +=
        "<tr data-identifier=\"\(escape(row.identifier))\"><th scope=\"row\"><code>"
        + "\(escape(row.identifier))</code></th><td>\(escape(opens(row.decision)))<br/><small>"
        + "\(escape(why(row.decision)))</small>\(tie)</td>"
      for scene in table.scenes {
        let winner = row.decision.sessionIdentifier == scene ? " winner" : ""
        switch row.suitability(of: scene) {
        case let suitability?:
          page +=
            "<td class=\"\(suitability.cellName)\(winner)\" data-scene=\"\(escape(scene))\">"
            + "\(suitability.cellName)</td>"
        case nil:
          page += "<td class=\"other\" data-scene=\"\(escape(scene))\"></td>"
        }
      }
      page += "</tr>\n"
    }
    page += "</tbody>\n</table>\n"
    func section(_ title: String, _ items: [String], id: String) {
      page += "<h2 id=\"\(id)\">\(escape(title)) (\(items.count))</h2>\n"
      if items.isEmpty {
        page += "<p>None.</p>\n"
      } else {
        page += "<ul>\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
      }
    }
    section(
      "Identifiers no scene handles",
      table.unhandledIdentifiers.map { "<code>\(escape($0))</code>" },
      id: "unhandled")
    section(
      "Scenes no identifier reaches", table.unreachedScenes.map { "<code>\(escape($0))</code>" },
      id: "unreached")
    section(
      "Ties: decisions won by order alone",
      table.ties.map { tie in
        "<code>\(escape(tie.identifier))</code>: "
          + tie.scenes.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
          + " — UIKit picks among them in set order, which differs between launches"
      }, id: "ties")
    page += "</body>\n</html>\n"
    return page
  }
}
