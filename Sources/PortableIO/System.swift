#if canImport(Darwin)
  @preconcurrency import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// The C library calls the command line's I/O needs, in the one file that imports the platform's
/// C module.
///
/// Every other file, in this module and outside it, calls these, so the code builds on Darwin,
/// Glibc and Musl alike by construction (a module-qualified `Glibc.read` would build on Linux
/// only). Calls interrupted by a signal are retried here, once for all callers.
package enum System {
  /// The descriptor of `path` opened for reading, or the error code.
  package static func openForReading(_ path: String) -> Result<Int32, SystemError> {
    let descriptor = open(path, O_RDONLY)
    return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: lastError()))
  }

  /// The descriptor of a new file at `path`, created for writing with `permissions` (less the
  /// process's umask); fails with `EEXIST` when anything is there already, so no existing file
  /// is ever opened, let alone truncated, through it.
  package static func createExclusively(_ path: String, permissions: UInt32)
    -> Result<Int32, SystemError>
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: lastError()))
  }

  /// What a path is, following symbolic links: nil when nothing is there (or it cannot be
  /// looked at).
  package static func status(_ path: String) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStatus(
      isRegularFile: (info.st_mode & S_IFMT) == S_IFREG,
      permissions: UInt32(info.st_mode) & 0o7777,
      owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
  }

  /// The absolute path `path` names with every symbolic link resolved, or nil.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Sets the permission bits of the file open as `descriptor` (not reduced by the umask).
  package static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> SystemError? {
    fchmod(descriptor, mode_t(permissions)) == 0 ? nil : SystemError(code: lastError())
  }

  /// Gives the file open as `descriptor` this owner and group; only a privileged process may.
  package static func setOwner(_ descriptor: Int32, owner: UInt32, group: UInt32)
    -> SystemError?
  {
    fchown(descriptor, uid_t(owner), gid_t(group)) == 0 ? nil : SystemError(code: lastError())
  }

  /// Flushes what was written to `descriptor` to the device; nil when it got there.
  package static func synchronize(_ descriptor: Int32) -> SystemError? {
    while fsync(descriptor) != 0 {
      let code = lastError()
      if code != EINTR { return SystemError(code: code) }
    }
    return nil
  }

  /// Flushes the entries of the folder at `path` (a rename in it), where the system allows it.
  package static func synchronizeFolder(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = synchronize(descriptor)
    _ = closeDescriptor(descriptor)
  }

  /// Closes `descriptor`, reporting the error a deferred write may only show here (NFS, a
  /// quota).
  package static func closeChecked(_ descriptor: Int32) -> SystemError? {
    closeDescriptor(descriptor) == 0 ? nil : SystemError(code: lastError())
  }

  /// Renames `source` over `destination` in one step: a reader sees the old file or the new one.
  package static func rename(_ source: String, to destination: String) -> SystemError? {
    renameFile(source, destination) == 0 ? nil : SystemError(code: lastError())
  }

  /// Removes the file at `path`; nil when it is gone.
  @discardableResult
  package static func remove(_ path: String) -> SystemError? {
    unlink(path) == 0 ? nil : SystemError(code: lastError())
  }

  /// This process's identifier, to name temporary files apart from another run's.
  package static var processIdentifier: Int32 { getpid() }

  /// Closes `descriptor`.
  package static func close(_ descriptor: Int32) {
    _ = closeDescriptor(descriptor)
  }

  /// The size of the regular file open as `descriptor`; nil for anything else (a folder, a
  /// device, a pipe), whose size says nothing of what a read returns.
  package static func regularFileSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Reads at most `buffer.count` bytes: the count read (0 at the end), or the error.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Result<Int, SystemError>
  {
    while true {
      let count = readDescriptor(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return .success(count) }
      let code = lastError()
      if code != EINTR { return .failure(SystemError(code: code)) }
    }
  }

  /// Writes all of `bytes`; nil when they were written, else the error (`EIO` for a write that
  /// wrote nothing).
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    -> SystemError?
  {
    var offset = 0
    while offset < bytes.count {
      let written = writeDescriptor(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && lastError() == EINTR { continue }
      if written <= 0 { return SystemError(code: written < 0 ? lastError() : EIO) }
      offset += written
    }
    return nil
  }

  /// Writes all of `text`'s UTF-8, unbuffered (from any thread); nil when it was written.
  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ text: String) -> SystemError? {
    Array(text.utf8).withUnsafeBytes { writeAll(descriptor, $0) }
  }

  /// Whether `descriptor` is a terminal (colour and progress are shown only there).
  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Ends the process at once with `status`: no buffer is flushed and no `atexit` handler runs.
  package static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

  /// Ends the process with `status` after the `atexit` handlers.
  package static func exit(_ status: Int32) -> Never { exitProcess(status) }

  /// Runs `body` when the process exits normally.
  package static func atExit(_ body: @escaping @convention(c) () -> Void) { _ = atexit(body) }

  /// Flushes the C library's standard output (where swift-argument-parser prints help and
  /// errors); nil when it reached its descriptor, else the error.
  package static func flushStandardOutput() -> SystemError? {
    let file = standardOutputFile
    return fflush(file) != 0 || ferror(file) != 0 ? SystemError(code: lastError()) : nil
  }

  /// The descriptors among 0, 1 and 2 that were closed, each now open on /dev/null (read-only,
  /// so that a write to a closed output still fails as it would have). Otherwise the next file
  /// opened would become descriptor 0 or 1, and standard input would read it, or output go
  /// into it.
  package static func occupyClosedStandardDescriptors() -> [Int32] {
    var closed: [Int32] = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && lastError() == EBADF {
      closed.append(descriptor)
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        _ = closeDescriptor(opened)
      }
    }
    return closed
  }

  /// The command line's arguments (without the program's name) as the kernel passed them, before
  /// Swift replaces bytes that are not UTF-8 with U+FFFD.
  package static func argumentBytes() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map {
        UInt8(bitPattern: $0)
      }
    }
  }

  /// The position of the first `byte` in `bytes` at or after `start`, found by `memchr` (a
  /// generic `firstIndex(of:)` costs several instructions a byte).
  package static func firstIndex(
    of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  )
    -> Int?
  {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether `buffer` holds `pattern` (of two bytes or more): `memchr` finds each candidate
  /// place of the pattern's rarest byte, and `memcmp` compares the pattern there. The one byte
  /// search of the lint and the app model: it runs near `memchr`'s speed over files that hold no
  /// pattern.
  package static func contains(_ buffer: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8]) -> Bool {
    firstOffset(of: pattern, in: buffer, from: 0) != nil
  }

  /// The offset of the first `pattern` (of two bytes or more) in `buffer` at or after `start`.
  ///
  /// `memchr` looks for the byte of the pattern that source text holds least often
  /// (``sourceByteFrequency``): for `openWindow` its `W`, not its `o`. In a
  /// file that does not hold the pattern, each place `memchr` stops at is a call and a compare
  /// for nothing; a rare byte stops it a few times a file, a common one hundreds. The next
  /// rarest byte is compared before `memcmp` is called.
  package static func firstOffset(
    of pattern: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let base = buffer.baseAddress, pattern.count >= 2, buffer.count >= pattern.count,
      start >= 0
    else { return nil }
    // The rarest byte, and the next rarest elsewhere, compared before `memcmp` is called.
    var anchor = 0
    var check = 1
    func rank(_ index: Int) -> UInt16 { sourceByteFrequency[Int(pattern[index])] }
    if rank(check) < rank(anchor) { swap(&anchor, &check) }
    for index in pattern.indices.dropFirst(2) {
      if rank(index) < rank(anchor) {
        check = anchor
        anchor = index
      } else if rank(index) < rank(check) {
        check = index
      }
    }
    let byte = Int32(pattern[anchor])
    let checked = pattern[check]
    // Candidate starts run from `start` to `last`; their anchors from `start + anchor`.
    var position = start
    let last = buffer.count - pattern.count
    while position <= last {
      guard let hit = memchr(base + position + anchor, byte, last - position + 1) else {
        return nil
      }
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
      if base[at + check] == checked && memcmp(base + at, pattern, pattern.count) == 0 {
        return at
      }
      position = at + 1
    }
    return nil
  }

  /// How often each byte occurs in source text, per 10,000 bytes: what a search for it costs,
  /// each place `memchr` stops at being a call and a compare. Measured over 14 MB of Swift
  /// (swift-syntax, swift-argument-parser, Yams, SymbolKit, this package's sources and its
  /// fixture apps, with their Objective-C): spaces 2,036, `e` 742, `S` 90, `U` 13, `@` 5,
  /// `Q` 1. Line breaks and tabs count as common, bytes of multi-byte characters and other
  /// controls as rare. Only the order and the rough size matter.
  static let sourceByteFrequency: [UInt16] = {
    var frequency = [UInt16](repeating: 2, count: 256)
    frequency[Int(UInt8(ascii: "\n"))] = 290
    frequency[Int(UInt8(ascii: "\t"))] = 290
    // The printable bytes, from the space (32) to `~` (126).
    let printable: [UInt16] = [
      2036, 4, 80, 9, 2, 1, 2, 10, 99, 99, 3, 3, 80, 118, 166, 106,
      76, 176, 27, 24, 18, 16, 36, 19, 14, 14, 104, 1, 4, 96, 9, 16,
      5, 59, 48, 54, 29, 40, 24, 5, 3, 24, 1, 9, 21, 13, 24, 12,
      27, 1, 26, 90, 40, 13, 9, 5, 3, 1, 1, 18, 9, 18, 1, 19,
      31, 431, 54, 217, 191, 742, 130, 91, 97, 396, 5, 37, 247, 107, 451, 312,
      161, 6, 389, 323, 529, 175, 53, 75, 119, 110, 4, 41, 2, 41, 1,
    ]
    for (offset, value) in printable.enumerated() { frequency[32 + offset] = value }
    return frequency
  }()

  /// The entries of the folder at `path` (not `.` and `..`), each a folder or not, in the
  /// order the system lists them; nil when the folder cannot be opened. `readdir`'s entry types
  /// spare a `stat` per entry; a symbolic link is an entry that is not a folder (followed as a
  /// file, never walked into: links to folders can loop); other kinds (sockets, devices) are
  /// left out.
  package static func folderEntries(_ path: String) -> [(name: String, isFolder: Bool)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      var type = entry.pointee.d_type
      if type == UInt8(DT_UNKNOWN) {
        var info = stat()
        guard lstat(path + "/" + name, &info) == 0 else { continue }
        type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
      }
      if type == UInt8(DT_DIR) {
        entries.append((name, true))
      } else if type == UInt8(DT_REG) || type == UInt8(DT_LNK) {
        entries.append((name, false))
      }
    }
    return entries
  }

  /// Whether `text` matches the shell pattern `pattern` (`fnmatch` with no flags: `*` and `?`
  /// match `/` too).
  package static func matches(_ text: String, pattern: String) -> Bool {
    fnmatch(pattern, text, 0) == 0
  }

  /// Asks glibc to keep freed memory mapped. swift-syntax allocates and frees a large arena per
  /// parsed file; glibc would map and unmap each one, and with a thread per core every unmap
  /// stops the other cores to flush their TLBs: about a third of a lint run's time went to the
  /// kernel (measured with perf on the 1,000,000-line benchmark tree). `mallopt` is looked up at
  /// run time because the Glibc module does not export it; elsewhere this does nothing.
  package static func keepFreedMemory() {
    #if canImport(Glibc)
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
      _ = mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD
      _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
    #endif
  }
}

/// What ``System/status(_:)`` reads of a file.
package struct FileStatus: Sendable, Hashable {
  /// Whether it is a regular file (not a folder, a device or a pipe).
  package var isRegularFile: Bool
  /// Its permission bits, set-id and sticky bits included.
  package var permissions: UInt32
  /// Its owner's user id.
  package var owner: UInt32
  /// Its group id.
  package var group: UInt32
}

/// An error code from the C library, with the system's description.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The `errno` value.
  package var code: Int32

  /// A descriptor that is not open (a standard stream closed before the command started).
  package static let notOpen = SystemError(code: EBADF)
  /// An input or output error.
  package static let inputOutput = SystemError(code: EIO)
  /// No space left on the device.
  package static let noSpace = SystemError(code: ENOSPC)
  /// The path exists already.
  package static let exists = SystemError(code: EEXIST)

  /// The system's description ("No space left on device"), with plainer words for a descriptor
  /// that is not open and for a folder read as a file.
  package var description: String {
    switch code {
    case EBADF: "it is not open"
    case EISDIR: "it is a directory"
    default: String(cString: strerror(code))
    }
  }
}

/// The C library's standard output, which swift-argument-parser's `print` writes to.
nonisolated(unsafe) private let standardOutputFile = stdout

// The C functions under names apart from `System`'s own members.
private func lastError() -> Int32 { errno }
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func exitProcess(_ status: Int32) -> Never { exit(status) }
private func readDescriptor(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{ read(descriptor, bytes, count) }
private func renameFile(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
