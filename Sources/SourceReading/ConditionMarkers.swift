import PortableIO

/// The bytes every activation condition's source holds: the lint's prefilter, a byte search
/// before any parsing (the app model's sparse readings keep to the same test).
package enum ConditionMarkers {
  /// The byte patterns one of which every condition's source contains.
  private static let markers: [[UInt8]] = [
    Array("ForTargetContentIdentifierPredicate".utf8), Array("handlesExternalEvents".utf8),
    // A fresh conditions object installed with its defaults names neither, nor does an object
    // a builder returns (`scene.activationConditions = .thread(id)`): both hold this, the tail
    // of `UISceneActivationConditions` and of `activationConditions` (one pattern: each more
    // makes the search over every file stop more often).
    Array("ctivationConditions".utf8),
  ]
  private static let patterns = BytePatterns(markers)

  /// Whether `bytes` can hold a condition.
  package static func mayHoldConditions(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { mayHoldConditions($0) }
  }

  /// Where each marker starts in `bytes`, in order: the sites a sparse reading of the file
  /// keeps (``SwiftSkeleton/sparse(_:around:)``).
  package static func offsets(in bytes: [UInt8]) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      var found: [Int] = []
      for marker in markers {
        var from = 0
        while let offset = System.firstOffset(of: marker, in: buffer, from: from) {
          found.append(offset)
          from = offset + marker.count
        }
      }
      return found.sorted()
    }
  }

  /// Whether `buffer` can hold a condition.
  package static func mayHoldConditions(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    patterns.containsAny(buffer)
  }
}
