import FuzzDriver
import PredicateTestSupport

/// libFuzzer entry point for ``FuzzInvariants/evaluate(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluate(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "evaluate", FuzzInvariants.evaluate)
}

runLibFuzzer(fuzzEvaluate)
