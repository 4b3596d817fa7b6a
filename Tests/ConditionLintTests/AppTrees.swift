import Foundation
import PredicateTestSupport

/// Writes `files` (relative path → bytes) under a fresh folder and returns its path: an app
/// tree for the app model's tests.
func tree(_ files: [String: [UInt8]]) throws -> String {
  let root = try temporaryFolder()
  for (path, bytes) in files {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }
  return root.path
}

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
