/// Locates the repository's `Fixtures/` folder from this file's path, so tests need no resources
/// bundle and fixture edits take effect without a rebuild.
public enum Fixtures {
  /// The absolute path of `Fixtures/`.
  public static let root: String = {
    var path = #filePath
    // …/Tests/PredicateTestSupport/Fixtures.swift → …/
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/Fixtures"
  }()

  /// Whether golden files should be re-recorded (`RECORD_FIXTURES=1`).
  public static var isRecording: Bool { ProcessEnvironment.value("RECORD_FIXTURES") == "1" }

  /// The entries of `folder` (relative to `Fixtures/`): name and whether it is a directory.
  private static func entries(in folder: String) -> [(name: String, isDirectory: Bool)] {
    guard let handle = opendir(root + "/" + folder) else { return [] }
    defer { closedir(handle) }
    var entries: [(String, Bool)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." {
        entries.append((name, entry.pointee.d_type == UInt8(DT_DIR)))
      }
    }
    return entries
  }

  /// The regular files directly in `folder` (relative to `Fixtures/`) ending in `suffix`, sorted.
  public static func files(in folder: String, suffix: String) -> [String] {
    entries(in: folder).filter {
      !$0.isDirectory && $0.name.hasSuffix(suffix) && !$0.name.hasPrefix(".")
    }
    .map { folder + "/" + $0.name }.sorted()
  }

  /// Every regular file below `folder`, recursively (relative to `Fixtures/`), sorted.
  public static func allFiles(below folder: String) -> [String] {
    entries(in: folder).flatMap { entry in
      entry.isDirectory ? allFiles(below: folder + "/" + entry.name) : [folder + "/" + entry.name]
    }.sorted()
  }

  /// The contents of `relative` (below `Fixtures/`), or nil.
  public static func read(_ relative: String) -> String? {
    readFile(root + "/" + relative)
  }

  /// Writes `contents` to `relative` (for re-recording golden files).
  public static func write(_ relative: String, _ contents: String) {
    guard let file = fopen(root + "/" + relative, "w") else { return }
    fputs(contents, file)
    fclose(file)
  }

  /// The contents of an absolute path as text (invalid UTF-8 replaced), or nil.
  public static func readFile(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The contents of an absolute path, byte for byte, or nil.
  public static func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
