import Foundation
import PortableIO
import Testing

/// A user's file is replaced whole or not at all: every failure part way through leaves the
/// original byte for byte and no temporary file behind.
@Suite("atomic writes")
struct AtomicWriteTests {
  private static let original = Array("struct App {\n  let id = \"viewer\"\n}\n".utf8)
  private static let replacement = Array(
    String(repeating: "let fixed = \"SELF BEGINSWITH 'order/'\"\n", count: 200).utf8)

  /// A fresh folder holding `file.swift` with the original text, mode 0640.
  private func folderWithOriginal() throws -> (folder: String, file: String) {
    let folder = NSTemporaryDirectory() + "AtomicWriteTests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/file.swift"
    try Data(Self.original).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    return (folder, file)
  }

  private func listing(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  /// A write step that writes the first half for real, then fails as a full disk does.
  private static let halfThenFull: @Sendable (Int32, UnsafeRawBufferPointer) -> SystemError? = {
    descriptor, bytes in
    _ = AtomicWriteSteps.system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count / 2)]))
    return .noSpace
  }

  @Test(
    "a failure at any step leaves the original byte for byte and removes the temporary file",
    arguments: ["write", "synchronize", "rename"])
  func failurePartWay(step: String) throws {
    let (folder, file) = try folderWithOriginal()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var steps = AtomicWriteSteps.system
    switch step {
    case "write": steps.write = Self.halfThenFull
    case "synchronize": steps.synchronize = { _ in .inputOutput }
    default: steps.rename = { _, _ in .noSpace }
    }
    let error = #expect(throws: FileError.self) {
      try Files.write(Self.replacement, to: file, steps: steps)
    }
    #expect(error?.kind == .writeFailed)
    #expect(error?.path == file)
    #expect(try Files.contents(of: file) == Self.original, "the original is intact")
    #expect(try listing(folder) == ["file.swift"], "no temporary file is left")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o640)
  }

  @Test("a successful write replaces the file and keeps its permissions, and a link stays a link")
  func keepsPermissionsAndLinks() throws {
    let (folder, file) = try folderWithOriginal()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Files.write(Self.replacement, to: file)
    #expect(try Files.contents(of: file) == Self.replacement)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    let link = folder + "/link.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "file.swift")
    try Files.write(Self.original, to: link)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "file.swift",
      "the link is kept")
    #expect(try Files.contents(of: file) == Self.original, "the file it points at is replaced")
    #expect(try listing(folder) == ["file.swift", "link.swift"])
  }

  @Test("a new file is created; a folder at the path is refused before anything is written")
  func newFileAndFolder() throws {
    let (folder, _) = try folderWithOriginal()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Files.write(Self.original, to: folder + "/new.yml")
    #expect(try Files.contents(of: folder + "/new.yml") == Self.original)
    let error = #expect(throws: FileError.self) { try Files.write(Self.original, to: folder) }
    #expect(error?.kind == .notARegularFile)
    #expect(try listing(folder) == ["file.swift", "new.yml"])
  }

  /// Runs a command; its exit status.
  private func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test(
    "on a real full file system (a 64 KiB tmpfs, filled) the original survives byte for byte",
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func fullTmpfs() throws {
    let mountPoint = NSTemporaryDirectory() + "AtomicWriteTests-tmpfs-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: mountPoint) }
    try #require(
      try run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]) == 0,
      "mount a 64 KiB tmpfs at \(mountPoint)")
    defer { _ = try? run(["umount", mountPoint]) }
    let file = mountPoint + "/file.swift"
    try Data(Self.original).write(to: URL(fileURLWithPath: file))
    // Fill what is left, so that no page is free for the new text.
    #expect(FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil))
    let filler = try #require(FileHandle(forWritingAtPath: mountPoint + "/filler"))
    let block = Data(repeating: 0x20, count: 4096)
    while (try? filler.write(contentsOf: block)) != nil {}
    try? filler.close()
    let error = #expect(throws: FileError.self) {
      try Files.write(Self.replacement, to: file)
    }
    #expect(error?.underlying == .noSpace, "\(String(describing: error))")
    #expect(try Files.contents(of: file) == Self.original, "the original is intact")
    #expect(try listing(mountPoint) == ["file.swift", "filler"], "no temporary file is left")
  }
}
