import FuzzDriver
import LintTestSupport
import PredicateTestSupport

/// libFuzzer entry point for ``LintFuzzInvariants/lint(_:)``: bytes as a Swift or Objective-C
/// source file through `scene-router lint`'s extraction, checking, fixing and output.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  FuzzInvariants.check(data, count, "lint", LintFuzzInvariants.lint)
}

runLibFuzzer(fuzzLint)
