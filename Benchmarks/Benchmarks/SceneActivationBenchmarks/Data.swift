import Foundation
import SceneActivation

/// The benchmark data: the 10,000 identifiers of `Data/identifiers.txt` (a copy of the project's
/// shared benchmark identifiers), split into ASCII and non-ASCII, loaded once.
final class BenchmarkData: Sendable {
  static let shared = BenchmarkData()

  let all: [String]
  let ascii: [String]
  let nonASCII: [String]

  private init() {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    let text = (try? String(contentsOfFile: path + "/Data/identifiers.txt", encoding: .utf8)) ?? ""
    all = text.split(separator: "\n").map(String.init)
    ascii = all.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
    nonASCII = all.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
    precondition(all.count == 10_000, "expected 10,000 identifiers, found \(all.count)")
  }
}

/// Checks a benchmark's result before it is believed (STYLE item 15): a fast wrong answer is not
/// a result.
func verify(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("benchmark self-check failed: \(message())") }
}
