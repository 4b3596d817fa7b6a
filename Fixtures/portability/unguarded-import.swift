// An unguarded platform import: builds on Linux, not on macOS.
import Foundation
import Glibc  // ❌

func now() -> Int { Int(time(nil)) }
