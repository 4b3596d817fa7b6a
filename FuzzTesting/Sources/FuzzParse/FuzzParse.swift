import FuzzDriver
import PredicateTestSupport

/// libFuzzer entry point for ``FuzzInvariants/parse(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "parse", FuzzInvariants.parse)
}

runLibFuzzer(fuzzParse)
