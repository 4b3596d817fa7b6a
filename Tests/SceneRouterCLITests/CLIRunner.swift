import Foundation
import PredicateTestSupport

/// Runs the built `scene-router` from the repository root.
enum CLI {
  /// The binary next to the test runner (both live in SwiftPM's build products folder).
  static let binary: String = {
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    // The test runner may sit inside a `.xctest` bundle folder.
    while !FileManager.default.isExecutableFile(
      atPath: folder.appendingPathComponent("scene-router").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("scene-router").path
  }()

  static let repositoryRoot = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().path

  struct Result: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
  }

  /// Runs the CLI with `arguments`, feeding `stdin`, and waits for it.
  static func run(_ arguments: [String], stdin: Data = Data()) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Write and read concurrently so large inputs and outputs cannot deadlock on full pipes.
    let writer = Thread {
      input.fileHandleForWriting.write(stdin)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    return collect(process, output: output, error: error)
  }

  /// Reads a started process's standard output and error to their ends (error on its own
  /// thread, so neither pipe can fill and block the other) and waits for it to exit.
  fileprivate static func collect(_ process: Process, output: Pipe, error: Pipe) -> Result {
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self), stdoutBytes: outData)
  }
}

extension CLI {
  /// Runs a bash script from the repository root with `$CLI` naming the binary: for redirections
  /// `Process` cannot express (`> /dev/full`, `<&-`, `trap '' PIPE`).
  /// `arguments` are the script's `$1`, `$2`, ….
  static func shell(_ script: String, _ arguments: String...) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, "bash"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    process.environment = ProcessInfo.processInfo.environment.merging(["CLI": binary]) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    return collect(process, output: output, error: error)
  }
}

/// A value handed from a reader thread.
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ value: Data) { lock.withLock { data = value } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
