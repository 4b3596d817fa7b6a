import Foundation

/// A value behind a lock: state that several threads read and change (the regular expressions
/// compiled so far, the registry's sessions, the lint's reports from every core).
///
/// Here, the lowest module that needs one, so that every module above shares it.
///
/// `Synchronization.Mutex` is the same thing, but it needs macOS 15 and iOS 18, and the package
/// supports older systems (Package.swift's `platforms`): an `NSLock` works on every one of them,
/// and on Linux.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Unchecked: `value` is reached only inside `withLock`, which holds `lock` while `body` runs,
  // and `body` cannot keep a reference to it (it gets the value `inout`). The test
  // `lockedSerializesConcurrentUpdates` counts updates from many threads at once.
  private let lock = NSLock()
  private var value: Value

  /// A lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock, and returns what `body` returns.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
