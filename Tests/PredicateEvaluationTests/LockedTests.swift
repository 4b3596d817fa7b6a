import Foundation
import PredicateEvaluation
import Testing

@Suite("Locked")
struct LockedTests {
  /// `Locked` is `@unchecked Sendable`: this is the test that catches a `withLock` that stops
  /// holding its lock. Each update reads, then writes after a pause, so two threads inside at
  /// once lose one of their updates.
  @Test("Locked serializes updates from many threads")
  func lockedSerializesConcurrentUpdates() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<2_000 {
        counter.withLock { value in
          let read = value
          for _ in 0..<20 { _ = ProcessInfo.processInfo.processorCount }
          value = read + 1
        }
      }
    }
    #expect(counter.withLock { $0 } == 16_000)
  }
}
