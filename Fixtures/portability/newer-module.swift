// A module newer than the package's floor (Package.swift: macOS 13, iOS 16): builds on Linux,
// and on macOS only with the floor raised.
import Foundation
import Synchronization  // ❌

let count = Mutex(0)
