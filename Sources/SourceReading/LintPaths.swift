import Foundation
import PortableIO

/// Path arithmetic on absolute, `/`-separated paths, shared by the configuration's search, its
/// `included` and `excluded` filters, and the baseline's file names.
package enum LintPaths {
  /// The last component of `path` (`Info.plist` of `App/Info.plist`): found from the end of its
  /// bytes, since the walk asks it of every file.
  package static func fileName(_ path: String) -> String {
    let utf8 = path.utf8
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[utf8.index(after: slash)...])
  }

  /// How many leading folders the files at `first` and `second` share: how near each other
  /// they lie in a tree (the app model's one measure of "the same project").
  ///
  /// Compares bytes in place: the app model asks it for every pair of files it weighs (a
  /// view's declarations against the scene that names it), and splitting both paths into
  /// arrays each time cost more than the rest of that choice.
  package static func sharedFolders(_ first: String, _ second: String) -> Int {
    var first = first.utf8[...]
    var second = second.utf8[...]
    var count = 0
    while let folder = nextFolder(&first), let other = nextFolder(&second),
      folder.elementsEqual(other)
    {
      count += 1
    }
    return count
  }

  /// The next folder of `rest` (empty components skipped), or nil when what is left is the
  /// last component: the file's name, which is no folder.
  private static func nextFolder(_ rest: inout Substring.UTF8View) -> Substring.UTF8View? {
    let slash = UInt8(ascii: "/")
    while rest.first == slash { rest = rest.dropFirst() }
    guard let end = rest.firstIndex(of: slash) else { return nil }
    let folder = rest[..<end]
    var after = rest[end...]
    while after.first == slash { after = after.dropFirst() }
    guard !after.isEmpty else { return nil }
    rest = after
    return folder
  }

  /// `path` made absolute against the current folder, with `.` components, repeated and
  /// trailing slashes removed and `..` resolved textually.
  package static func absolute(_ path: String) -> String {
    let joined =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return normalized(joined)
  }

  /// `path` (absolute) with `.` and empty components dropped and `..` applied.
  package static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The folder that holds `path` (absolute); `/` for `/` itself.
  package static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// Whether absolute `path` is `ancestor` or lies under it.
  package static func isWithin(_ path: String, _ ancestor: String) -> Bool {
    if ancestor == "/" { return true }
    guard path.hasPrefix(ancestor) else { return false }
    let rest = path.utf8.dropFirst(ancestor.utf8.count)
    return rest.isEmpty || rest.first == UInt8(ascii: "/")
  }

  /// `path` (absolute) as messages show it: relative to the current folder when it lies
  /// there, so output is the same in every clone; absolute otherwise.
  package static func display(_ path: String) -> String {
    let current = normalized(FileManager.default.currentDirectoryPath)
    return isWithin(path, current) && path != current ? relative(path, to: current) : path
  }

  /// `path` (absolute) relative to `folder` (absolute): `a/b.swift`, or `../x/b.swift`.
  package static func relative(_ path: String, to folder: String) -> String {
    let from = folder.split(separator: "/")
    let to = path.split(separator: "/")
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    let parts = ups + to[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
