import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads the table page as XML (it is well-formed XHTML): the grid's header cells that name a
/// scene, its body rows, and each row's cells.
private final class GridReader: NSObject, XMLParserDelegate {
  var headerScenes: [String] = []
  var rows: [(identifier: String, cells: [(scene: String, className: String)])] = []
  private var inHead = false
  private var inBody = false

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    switch name {
    case "thead": inHead = true
    case "tbody": inBody = true
    case "th" where inHead:
      if let scene = attributes["data-scene"] { headerScenes.append(scene) }
    case "tr" where inBody:
      rows.append((attributes["data-identifier"] ?? "", []))
    case "td" where inBody:
      if let scene = attributes["data-scene"] {
        rows[rows.count - 1].cells.append((scene, attributes["class"] ?? ""))
      }
    default: break
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if name == "thead" { inHead = false }
    if name == "tbody" { inBody = false }
  }
}

@Suite("table --format html")
struct TableHTMLTests {
  @Test("the page parses, with one row per identifier and one column per scene")
  func gridShape() throws {
    let identifiers = [
      "notes/doc-42", "notes/doc-99", "NOTES/CAFE", "notes/shared/1", "settings",
      "<script>alert('x')</script> & \"quotes\"",
    ]
    let result = try CLI.run(
      ["table", "--scenes", "Fixtures/routing/notes-swiftui/scenes.json", "--format", "html"]
        + identifiers)
    #expect(result.status == 0, "\(result.stderr)")
    // Self-contained: no external stylesheet, script or image.
    for reference in ["<link", "<script", "<img", "src=", "url(", "@import", "https://"] {
      #expect(!result.stdout.contains(reference), "\(reference)")
    }
    // The only URL is the XHTML namespace, which is a name, not something fetched.
    #expect(result.stdout.components(separatedBy: "http://").count == 2)
    let parser = XMLParser(data: result.stdoutBytes)
    let reader = GridReader()
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    let scenes = [
      "library", "editor-42", "editor-7", "editor-cafe", "sketch-1", "viewer-a", "viewer-b",
    ]
    #expect(reader.headerScenes == scenes)
    #expect(reader.rows.map(\.identifier) == identifiers)
    for row in reader.rows {
      #expect(row.cells.map(\.scene) == scenes, "\(row.identifier)")
    }
    // The winner is outlined, and the cell says why.
    let doc42 = reader.rows[0].cells.first { $0.scene == "editor-42" }
    #expect(doc42?.className == "prefers winner")
    let cafe = reader.rows[2].cells.first { $0.scene == "editor-cafe" }
    #expect(cafe?.className == "prefers winner")
    #expect(reader.rows[1].cells.allSatisfy { $0.className == "none" })
  }
}
