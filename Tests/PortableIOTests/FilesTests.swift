import Foundation
import PortableIO
import Testing

@Suite("whole files through the portable layer")
struct FilesTests {
  /// A fresh folder for one test.
  private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "PortableIOTests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("what is written is read back, into a reused buffer that only grows")
  func roundTrip() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let path = base + "/file.swift"
    try Files.write(Array("let x = 1\n".utf8), to: path)
    #expect(try Files.contents(of: path) == Array("let x = 1\n".utf8))
    var buffer = [UInt8](repeating: 0xFF, count: 64)
    let count = try Files.read(path, into: &buffer, maximumSize: 100)
    #expect(
      count == 10 && buffer.count == 64 && Array(buffer[..<count]) == Array("let x = 1\n".utf8))
    // A file read to be kept is an array of exactly its bytes.
    #expect(try Files.read(path, maximumSize: 10) == Array("let x = 1\n".utf8))
    try Files.write([], to: base + "/empty")
    #expect(try Files.read(base + "/empty", maximumSize: 0) == [])
  }

  @Test("each failure says its kind and path: missing, too large, not a regular file")
  func failures() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    var buffer: [UInt8] = []
    let missing = #expect(throws: FileError.self) { try Files.contents(of: base + "/none") }
    #expect(missing?.kind == .cannotOpen)
    #expect(missing?.description == base + "/none: No such file or directory")
    try Files.write([UInt8](repeating: 0x61, count: 11), to: base + "/big")
    let large = #expect(throws: FileError.self) {
      try Files.read(base + "/big", into: &buffer, maximumSize: 10)
    }
    #expect(large?.kind == .tooLarge(11))
    let largeKept = #expect(throws: FileError.self) {
      try Files.read(base + "/big", maximumSize: 10)
    }
    #expect(largeKept?.kind == .tooLarge(11))
    let folderKept = #expect(throws: FileError.self) { try Files.read(base, maximumSize: 10) }
    #expect(folderKept?.kind == .notARegularFile)
    let folder = #expect(throws: FileError.self) {
      try Files.read(base, into: &buffer, maximumSize: 10)
    }
    #expect(folder?.kind == .notARegularFile)
    let unwritable = #expect(throws: FileError.self) {
      try Files.write([], to: base + "/none/file")
    }
    #expect(unwritable?.kind == .cannotOpen)
  }

  @Test("a folder read to its end fails while it is read, naming the system's reason")
  func folderAsStream() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let error = #expect(throws: FileError.self) { try Files.contents(of: base) }
    #expect(error?.kind == .readFailed)
    #expect(error?.description == base + ": it is a directory")
  }
}
