import Foundation
import PredicateTestSupport
import Testing

/// The layering Package.swift states, where the compiler cannot hold it: a module of the package
/// can import any other, so an import that would undo a layer is caught here.
@Suite("Layering")
struct LayeringTests {
  /// Every Swift file under `Sources/<module>`, with its text.
  static func sources(of module: String) -> [(path: String, text: String)] {
    let root = Fixtures.root.dropLast("/Fixtures".count) + "/Sources/" + module
    guard let walker = FileManager.default.enumerator(atPath: String(root)) else { return [] }
    var files: [(String, String)] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let path = root + "/" + relative
      files.append((path, Fixtures.readFile(String(path)) ?? ""))
    }
    return files
  }

  @Test("the router sees predicates through the evaluation layer, never the syntax tree")
  func routerDoesNotImportSyntax() {
    let files = Self.sources(of: "SceneRouting")
    #expect(files.count > 10)
    for (path, text) in files {
      #expect(!text.contains("import PredicateSyntax"), "\(path) imports the syntax layer")
    }
  }

  @Test("the portable I/O layer depends on no JSON and no routing")
  func portableIOImportsNothingAbove() {
    let files = Self.sources(of: "PortableIO")
    #expect(files.count > 3)
    for (path, text) in files {
      for module in ["SceneJSON", "SceneRouting", "PredicateEvaluation", "PredicateSyntax"] {
        #expect(!text.contains("import \(module)"), "\(path) imports \(module)")
      }
    }
  }
}
