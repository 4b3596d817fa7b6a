import Foundation

// ArticleReader: a UIKit app in Objective-C and Swift, written for this repository as teams write
// them — constants in an Objective-C header defined in a .m and a #define, a configuration chosen
// by activity type, identifiers built with stringWithFormat: and stringByAppendingString:, and a
// Swift route enum whose cases carry associated values, used from another file.

enum ActivityType {
    static let compose = "com.example.reader.compose"
    static let thread = "com.example.reader.thread"
}

enum SceneName {
    static let main = "Default Configuration"
    static let compose = "Compose Configuration"
}

enum Route {
    case inbox
    case compose
    case thread(String)

    var identifier: String {
        switch self {
        case .inbox: return "reader/inbox"
        case .compose: return "reader/compose"
        case .thread(let id): return "reader/thread/\(id)"
        }
    }
}
