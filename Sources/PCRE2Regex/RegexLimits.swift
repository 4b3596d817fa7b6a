/// Bounds on the work one regular-expression match may do.
///
/// Patterns and subjects are hostile input: a pattern such as `(a+)+$` backtracks exponentially.
/// PCRE2 stops a match that exceeds these limits with an error instead of running for seconds, and
/// ``CompiledRegex/matches(_:)`` turns that into a ``PCRE2Error`` of kind
/// ``PCRE2Error/Kind/resourceLimit``. The defaults follow PCRE2's own fuzz harness in spirit: far
/// above what a realistic identifier pattern needs, far below what a denial of service needs.
package struct RegexLimits: Sendable, Hashable {
  /// The most times PCRE2 may call its internal match function (backtracking steps), per match.
  package var matchLimit: UInt32
  /// The deepest backtracking nesting, per match (ignored by the JIT, which has a fixed stack).
  package var depthLimit: UInt32
  /// The most heap memory, in KiB, the interpreter may use for backtracking, per match.
  package var heapLimitKiB: UInt32

  /// Creates limits with explicit values.
  package init(matchLimit: UInt32, depthLimit: UInt32, heapLimitKiB: UInt32) {
    self.matchLimit = matchLimit
    self.depthLimit = depthLimit
    self.heapLimitKiB = heapLimitKiB
  }

  /// One million backtracking steps, depth 10,000, 20 MiB of heap: a few milliseconds at most.
  package static let `default` = RegexLimits(
    matchLimit: 1_000_000, depthLimit: 10_000, heapLimitKiB: 20_480)
}
