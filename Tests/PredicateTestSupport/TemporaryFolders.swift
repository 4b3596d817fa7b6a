/// Folders the tests write into: all under one folder per test process, removed when the process
/// exits, so a run leaves nothing behind in the temporary directory — a test that throws half
/// way, or never removes its folder, included.
public enum TemporaryFolders {
  /// `$TMPDIR/scene-activation-tests-<pid>`, made on first use; its removal is registered then.
  public static let root: String = {
    var base = ProcessEnvironment.value("TMPDIR") ?? "/tmp"
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    let path = base + "/scene-activation-tests-\(getpid())"
    removeTree(path)  // left by an earlier process that had this id and was killed
    mkdir(path, 0o755)
    atexit { TemporaryFolders.removeTree(TemporaryFolders.root) }
    return path
  }()

  /// A new, empty folder below ``root`` whose name starts with `prefix`.
  public static func make(_ prefix: String) -> String {
    while true {
      let path = root + "/" + prefix + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      if mkdir(path, 0o755) == 0 { return path }
      precondition(errno == EEXIST, "cannot make a temporary folder at \(path)")
    }
  }

  /// Removes `path` and everything below it, without following symbolic links.
  static func removeTree(_ path: String) {
    guard let handle = opendir(path) else { return }
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      let child = path + "/" + name
      var info = stat()
      if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        removeTree(child)
      } else {
        unlink(child)
      }
    }
    closedir(handle)
    rmdir(path)
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
