import PredicateTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer entry point: traps (so libFuzzer saves the input) when an invariant breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoute(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
  let violations = FuzzInvariants.route(bytes)
  if !violations.isEmpty {
    let message = "FuzzInvariants.route violated:\n" + violations.joined(separator: "\n") + "\n"
    message.withCString { _ = write(2, $0, strlen($0)) }
    abort()
  }
  return 0
}
