import FuzzDriver
import PredicateTestSupport

/// libFuzzer entry point for ``ICUOracle/violations(_:)``: MATCHES against ICU with coverage
/// guidance (a flag byte, the pattern, a NUL, the identifier).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICU(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "icu", ICUOracle.violations)
}

runLibFuzzer(fuzzICU)
