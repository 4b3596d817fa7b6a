/* A block comment that mentions
   import Glibc
   is not an import. */
#if canImport(Darwin)
  @preconcurrency import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

// A glibc-only call needs no Darwin branch: nothing is imported here.
func tune() {
  #if canImport(Glibc)
    _ = getpid()
  #endif
}
