extension Files {
  /// Replaces the file at `path` with `bytes` the way an editor saves: a reader, a crash or a
  /// full disk finds the old file whole or the new one whole, never a file cut off part way.
  ///
  /// The bytes go to a new temporary file in the same folder (so the rename cannot cross
  /// devices), which is synchronised to the device and then renamed over `path`. It takes the
  /// old file's permissions and, where the process may set them, its owner and group; a path that
  /// is a symbolic link keeps the link, and the file it points at is replaced. On any failure the
  /// temporary file is removed and the file at `path` is untouched.
  ///
  /// - Parameter steps: the system calls that can fail part way, replaceable so a test can make
  ///   one fail (``AtomicWriteSteps/system`` everywhere else).
  package static func write(
    _ bytes: [UInt8], to path: String, steps: AtomicWriteSteps = .system
  ) throws(FileError) {
    let existing = System.status(path)
    if let existing, !existing.isRegularFile {
      throw FileError(kind: .notARegularFile, path: path)
    }
    // The file a link points at is the one to replace; renaming over the link would turn it
    // into a plain file.
    let target = existing == nil ? path : System.resolvedPath(path) ?? path
    let folder = Self.folder(of: target)
    let (temporary, descriptor) = try createTemporary(beside: target, folder: folder, for: path)
    var open = true
    func fail(_ error: SystemError) -> FileError {
      if open { System.close(descriptor) }
      System.remove(temporary)
      return FileError(kind: .writeFailed, path: path, underlying: error)
    }
    if let existing {
      if let error = System.setPermissions(descriptor, existing.permissions) { throw fail(error) }
      // Only a privileged process may give a file away; anyone else's new file is its own.
      _ = System.setOwner(descriptor, owner: existing.owner, group: existing.group)
    }
    if let error = bytes.withUnsafeBytes({ steps.write(descriptor, $0) }) { throw fail(error) }
    if let error = steps.synchronize(descriptor) { throw fail(error) }
    open = false
    if let error = System.closeChecked(descriptor) { throw fail(error) }
    if let error = steps.rename(temporary, target) { throw fail(error) }
    System.synchronizeFolder(folder)
  }

  /// A new file beside `target`, named after it and this process so that runs side by side do
  /// not meet, hidden (a leading dot) so that a watcher or a walk passes it over.
  private static func createTemporary(beside target: String, folder: String, for path: String)
    throws(FileError) -> (path: String, descriptor: Int32)
  {
    let name = target.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    let stem = "\(folder)/.\(name).scene-router-\(System.processIdentifier)"
    for attempt in 0..<100 {
      let candidate = "\(stem)-\(attempt).tmp"
      // 0644 less the umask, as a new file would get; an existing file's bits are set after.
      switch System.createExclusively(candidate, permissions: 0o644) {
      case .success(let descriptor): return (candidate, descriptor)
      case .failure(let error) where error == .exists: continue
      case .failure(let error): throw FileError(kind: .cannotOpen, path: path, underlying: error)
      }
    }
    throw FileError(kind: .cannotOpen, path: path, underlying: .exists)
  }

  /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
  private static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }
}

/// The steps of ``Files/write(_:to:steps:)`` that can fail part way through, as values.
///
/// The write is atomic only if every failure of these leaves the original alone; a test drives
/// each failure through a replaced step (a write that stops half way with `ENOSPC`, a sync or a
/// rename that fails) and checks the original byte for byte.
package struct AtomicWriteSteps: Sendable {
  /// Writes all of the bytes to the descriptor; nil when they were written.
  package var write: @Sendable (Int32, UnsafeRawBufferPointer) -> SystemError?
  /// Synchronises the descriptor to the device; nil when it got there.
  package var synchronize: @Sendable (Int32) -> SystemError?
  /// Renames the first path over the second; nil when it was renamed.
  package var rename: @Sendable (String, String) -> SystemError?

  /// Creates the steps from the given calls.
  package init(
    write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> SystemError?,
    synchronize: @escaping @Sendable (Int32) -> SystemError?,
    rename: @escaping @Sendable (String, String) -> SystemError?
  ) {
    self.write = write
    self.synchronize = synchronize
    self.rename = rename
  }

  /// The system's own calls.
  package static let system = AtomicWriteSteps(
    write: { System.writeAll($0, $1) },
    synchronize: { System.synchronize($0) },
    rename: { System.rename($0, to: $1) })
}
