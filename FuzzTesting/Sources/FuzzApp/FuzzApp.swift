import FuzzDriver
import LintTestSupport
import PredicateTestSupport

/// libFuzzer entry point for ``AppFuzzInvariants/app(_:)``: bytes cut at NULs into a small app
/// (App, views, scene delegates in Swift and Objective-C, a header, an Info.plist in XML or
/// binary, a payload), read and routed as the app model reads one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApp(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "app", AppFuzzInvariants.app)
}

runLibFuzzer(fuzzApp)
