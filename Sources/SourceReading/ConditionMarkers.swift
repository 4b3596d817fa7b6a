import PortableIO

/// The bytes every activation condition's source holds: the lint's prefilter, a byte search
/// before any parsing (the app model's sparse readings keep to the same test).
package enum ConditionMarkers {
  /// The byte patterns one of which every condition's source contains.
  private static let markers: [[UInt8]] = [
    Array("ForTargetContentIdentifierPredicate".utf8), Array("handlesExternalEvents".utf8),
    // A fresh conditions object installed with its defaults names neither.
    Array("UISceneActivationConditions".utf8),
  ]

  /// Whether `bytes` can hold a condition.
  package static func mayHoldConditions(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { mayHoldConditions($0) }
  }

  /// Whether `buffer` can hold a condition.
  package static func mayHoldConditions(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    markers.contains { System.contains(buffer, $0) }
  }
}
