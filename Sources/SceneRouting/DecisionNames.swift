import SceneJSON

/// The names a router's decisions write, each quoted as JSON once: every session's identifier
/// and configuration, every role's name and default configuration.
///
/// `route --jsonl` writes a decision a line, and quoting its half-dozen names afresh (the
/// identifier of each listed candidate, the configuration, the role) cost about 140 instructions
/// each, 700 of a line's 10,300. The byte writer takes a name from here only when it is the very
/// text the decision holds (``QuotedNames/quoted(_:at:)`` compares them; the decision's name
/// was copied from the router's session, so they share storage and the comparison is one of
/// two words): a decision is a value its owner may change, and the output never depends on this
/// table, only its cost does.
package final class DecisionNames: Sendable {
  /// Each session's identifier, by position.
  let identifiers: QuotedNames
  /// Each session's configuration, by position.
  let configurations: QuotedNames
  /// Each role's name, by role number.
  let roles: QuotedNames
  /// Each role's default configuration, by role number.
  let defaultConfigurations: QuotedNames

  /// The names of `router`'s decisions, quoted: once for every decision it will make.
  package init(_ router: ActivationRouter) {
    identifiers = QuotedNames(router.sessions.map(\.persistentIdentifier))
    configurations = QuotedNames(router.sessions.map(\.configurationName))
    roles = QuotedNames(router.roles.roles.map(\.rawValue))
    defaultConfigurations = QuotedNames(router.roles.configurations)
  }

  deinit {
    for table in [identifiers, configurations, roles, defaultConfigurations] { table.deallocate() }
  }

  /// The quoted name of the role numbered `number` (``RoutingDecision/roleNumber``), when it is
  /// `role`.
  @inline(__always)
  func role(_ role: SceneSessionRole, number: Int) -> UnsafeBufferPointer<UInt8>? {
    roles.quoted(role.rawValue, at: number)
  }
}

/// Strings and their quoted JSON bytes, by position, in one allocation, which the owner frees
/// (``DecisionNames``): plain memory, so that a lookup takes no reference count.
struct QuotedNames: @unchecked Sendable {
  /// The texts, nil ones as empty.
  private let texts: ContiguousArray<String>
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  /// Where each text's quoted bytes start, and where the last ends: a nil text has none.
  private let offsets: ContiguousArray<Int>

  init(_ texts: [String?]) {
    var bytes: [UInt8] = []
    var offsets = ContiguousArray<Int>()
    for text in texts {
      offsets.append(bytes.count)
      if let text { JSONValue.writeString(text, into: &bytes) }
    }
    offsets.append(bytes.count)
    self.texts = ContiguousArray(texts.map { $0 ?? "" })
    self.bytes = .allocate(capacity: max(bytes.count, 1))
    _ = self.bytes.initialize(from: bytes)
    self.offsets = offsets
  }

  /// Frees the bytes; the table is not used again.
  func deallocate() { bytes.deallocate() }

  /// The quoted bytes of `text`, when the text at `position` is `text`; valid while this table
  /// lives. Strings that share storage compare as two words (`String.==` checks that first),
  /// and strings of different lengths are told apart without reading their text.
  @inline(__always)
  func quoted(_ text: String, at position: Int) -> UnsafeBufferPointer<UInt8>? {
    guard position >= 0 && position < texts.count else { return nil }
    let start = offsets[position]
    let end = offsets[position + 1]
    guard end > start, texts[position].utf8.count == text.utf8.count, texts[position] == text
    else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}
