#if canImport(Glibc)  // ❌
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

func pid() -> Int32 { getpid() }
