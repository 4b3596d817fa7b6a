import FuzzDriver
import PredicateTestSupport
import RoutingTestSupport

/// libFuzzer entry point for ``FuzzInvariants/route(_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoute(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "route", FuzzInvariants.route)
}

runLibFuzzer(fuzzRoute)
