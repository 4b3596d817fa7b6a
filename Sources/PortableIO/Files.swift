/// Why a file could not be read or written: what was done, to which path, and the system's
/// error where there is one.
package struct FileError: Error, Sendable, CustomStringConvertible {
  /// What failed.
  package enum Kind: Sendable, Hashable {
    /// The file could not be opened (it does not exist, or may not be read or created).
    case cannotOpen
    /// It is not a regular file (a folder, a device, a pipe) where one was required.
    case notARegularFile
    /// It is larger than the limit; its size in bytes.
    case tooLarge(Int)
    /// It was opened, but a read failed part way (an I/O error, a folder).
    case readFailed
    /// It was opened for writing, but a write failed (a full disk).
    case writeFailed
  }

  /// What failed.
  package var kind: Kind
  /// The path named.
  package var path: String
  /// The system's error, for the kinds that have one.
  package var underlying: SystemError?

  /// `path: reason`, the form every command prints.
  package var description: String {
    let reason =
      switch kind {
      case .notARegularFile: "not a regular file"
      case .tooLarge(let size): "\(size) bytes is too large"
      default: underlying?.description ?? "failed"
      }
    return "\(path): \(reason)"
  }
}

/// Whole files in and out, through ``System``: the one reader the commands and the lint walk
/// share.
package enum Files {
  /// Reads the regular file at `path` into `buffer`, grown as needed and reused from file to
  /// file (a walk reads most files only to dismiss them; a fresh array each would cost a page
  /// fault a page), and returns the count read.
  ///
  /// A file that shrinks while it is read returns what it held; one that fails part way is an
  /// error, never a shorter file taken as whole.
  package static func read(_ path: String, into buffer: inout [UInt8], maximumSize: Int)
    throws(FileError) -> Int
  {
    let descriptor = try open(path)
    defer { System.close(descriptor) }
    guard let size = System.regularFileSize(descriptor) else {
      throw FileError(kind: .notARegularFile, path: path)
    }
    if size > maximumSize { throw FileError(kind: .tooLarge(size), path: path) }
    if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, 2 * buffer.count)) }
    var filled = 0
    while filled < size {
      let result = buffer.withUnsafeMutableBytes {
        System.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled..<size]))
      }
      switch result {
      case .success(0): return filled
      case .success(let count): filled += count
      case .failure(let error): throw FileError(kind: .readFailed, path: path, underlying: error)
      }
    }
    return filled
  }

  /// The bytes of the regular file at `path`, in an array of exactly its size: for a file read
  /// to be kept, with no zero-filling and no copy (``read(_:into:maximumSize:)`` serves a
  /// buffer reused from file to file).
  package static func read(_ path: String, maximumSize: Int) throws(FileError) -> [UInt8] {
    let descriptor = try open(path)
    defer { System.close(descriptor) }
    guard let size = System.regularFileSize(descriptor) else {
      throw FileError(kind: .notARegularFile, path: path)
    }
    if size > maximumSize { throw FileError(kind: .tooLarge(size), path: path) }
    var failure: FileError?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      var filled = 0
      reading: while filled < size {
        switch System.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<size]))
        {
        case .success(0): break reading
        case .success(let count): filled += count
        case .failure(let error):
          failure = FileError(kind: .readFailed, path: path, underlying: error)
          break reading
        }
      }
      initialized = filled
    }
    if let failure { throw failure }
    return bytes
  }

  /// Everything `path` holds, whatever kind of file it is (a pipe or a device reads to its end).
  package static func contents(of path: String) throws(FileError) -> [UInt8] {
    let descriptor = try open(path)
    defer { System.close(descriptor) }
    return try contents(ofDescriptor: descriptor, name: path)
  }

  /// Everything `descriptor` gives until its end; `name` says what it is in an error.
  package static func contents(ofDescriptor descriptor: Int32, name: String) throws(FileError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      switch chunk.withUnsafeMutableBytes({ System.read(descriptor, into: $0) }) {
      case .success(0): return bytes
      case .success(let count): bytes.append(contentsOf: chunk[..<count])
      case .failure(let error): throw FileError(kind: .readFailed, path: name, underlying: error)
      }
    }
  }

  private static func open(_ path: String) throws(FileError) -> Int32 {
    switch System.openForReading(path) {
    case .success(let descriptor): descriptor
    case .failure(let error): throw FileError(kind: .cannotOpen, path: path, underlying: error)
    }
  }
}
