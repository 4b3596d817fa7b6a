/// A repeatable random number generator (SplitMix64): the same seed gives the same sequence on
/// every machine, so a failing property test can be replayed from the seed it prints.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The seed this generator started from.
  public let seed: UInt64
  private var state: UInt64

  /// Creates a generator; with no seed, takes `PROPERTY_SEED` from the environment or a fresh one.
  public init(seed: UInt64? = nil) {
    let chosen =
      seed ?? ProcessEnvironment.value("PROPERTY_SEED").flatMap { UInt64($0) }
      ?? UInt64.random(in: 1...UInt64.max)
    self.seed = chosen
    self.state = chosen
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random element.
  public mutating func pick<T>(_ elements: [T]) -> T {
    elements[Int.random(in: 0..<elements.count, using: &self)]
  }

  /// True with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}

/// Reads environment variables without Foundation.
public enum ProcessEnvironment {
  /// The value of `name`, if set.
  public static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
