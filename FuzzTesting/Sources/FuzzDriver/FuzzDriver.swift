import CLibFuzzer
import Foundation

/// Runs libFuzzer on `callback` with this process's arguments and exits with its status: the
/// body of every fuzz executable's top-level code.
///
/// The executables are built as SwiftPM builds any (their entry point renamed and linked as
/// `main`), so that only this package's code is instrumented: `swift build --sanitize fuzzer`,
/// which leaves `main` to libFuzzer, instruments every dependency as well.
public func runLibFuzzer(
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
