import Foundation
import PredicateEvaluation

/// The app's live scene sessions, for embedding the router in a long-running process.
///
/// Add, update and remove sessions as windows come and go, mark one active when the user switches
/// to it, and route events — from any number of concurrent tasks. Conditions are compiled when a
/// session is added or updated; routing compiles nothing.
///
/// ```swift
/// let registry = SceneSessionRegistry()
/// try registry.add(SceneSession(persistentIdentifier: "main"))
/// let decision = registry.route(SceneEvent(.shortcutItem(ShortcutItem(type: "compose", localizedTitle: "New Message"))))
/// ```
public final class SceneSessionRegistry: Sendable {
  private struct State {
    var sessions: [SceneSession] = []
    var router: ActivationRouter?
    var defaultConfigurations: [SceneSessionRole: String]
    var windowGroups: [WindowGroup]
  }

  private let state: Locked<State>

  /// Creates a registry. A SwiftUI app passes its window groups in declaration order: new scenes
  /// then come from them by SwiftUI's rules (``WindowGroup``) instead of `defaultConfigurations`.
  public init(
    defaultConfigurations: [SceneSessionRole: String] = [:], windowGroups: [WindowGroup] = []
  ) {
    state = Locked(State(defaultConfigurations: defaultConfigurations, windowGroups: windowGroups))
  }

  /// The sessions, in the order they were added.
  public var sessions: [SceneSession] { state.withLock { $0.sessions } }

  /// The session with `identifier`.
  public func session(_ identifier: String) -> SceneSession? {
    state.withLock { $0.sessions.first { $0.persistentIdentifier == identifier } }
  }

  /// Adds a session.
  /// - Throws: ``RegistryError`` when a session with the same identifier exists.
  public func add(_ session: SceneSession) throws(RegistryError) {
    try state.withLock { (state) throws(RegistryError) in
      guard
        !state.sessions.contains(where: { $0.persistentIdentifier == session.persistentIdentifier })
      else {
        throw RegistryError(
          kind: .duplicateSession, sessionIdentifier: session.persistentIdentifier)
      }
      state.sessions.append(session)
      state.router = nil
    }
  }

  /// Replaces the session with the same identifier, keeping its place in insertion order.
  /// - Throws: ``RegistryError`` when there is no such session.
  public func update(_ session: SceneSession) throws(RegistryError) {
    try modify(session.persistentIdentifier) { $0 = session }
  }

  /// Removes a session; returns it, or nil when there was none.
  @discardableResult
  public func remove(_ identifier: String) -> SceneSession? {
    state.withLock { state in
      guard let index = state.sessions.firstIndex(where: { $0.persistentIdentifier == identifier })
      else { return nil }
      state.router = nil
      return state.sessions.remove(at: index)
    }
  }

  /// Marks a session active now (or at `date`): it becomes the most recent.
  public func markActive(_ identifier: String, at date: Date = Date()) throws(RegistryError) {
    try modify(identifier) {
      $0.lastActiveAt = date
      $0.state = .foregroundActive
    }
  }

  /// Sets whether a session is visible.
  public func setVisible(_ identifier: String, _ isVisible: Bool) throws(RegistryError) {
    try modify(identifier) { $0.isVisible = isVisible }
  }

  private func modify(_ identifier: String, _ change: (inout SceneSession) -> Void)
    throws(RegistryError)
  {
    try state.withLock { (state) throws(RegistryError) in
      guard let index = state.sessions.firstIndex(where: { $0.persistentIdentifier == identifier })
      else { throw RegistryError(kind: .unknownSession, sessionIdentifier: identifier) }
      change(&state.sessions[index])
      state.router = nil
    }
  }

  /// Routes `event` over the current sessions.
  ///
  /// The sessions are snapshotted under the lock and routed outside it, so a slow predicate never
  /// blocks other tasks' updates. By default the decision lists the sessions that matter (the
  /// chosen one, those with a match, the visible ones), which a registry of
  /// 10 sessions or more finds through the index, evaluating
  /// only the sessions the identifier could match; ask for ``ActivationRouter/Explanation/all``
  /// to see every session, or ``ActivationRouter/Explanation/none`` for the decision alone.
  public func route(
    _ event: SceneEvent, explanation: ActivationRouter.Explanation = .matches
  ) -> RoutingDecision {
    let router = state.withLock { state in
      if let router = state.router { return router }
      let router = ActivationRouter(
        sessions: state.sessions, defaultConfigurations: state.defaultConfigurations,
        windowGroups: state.windowGroups)
      state.router = router
      return router
    }
    return router.route(event, explanation: explanation)
  }
}

/// A registry operation named a session that does or does not exist.
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong: a struct of named values rather than an enum, so that a new kind of
  /// failure is not a breaking change for clients (STYLE 6).
  public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// `add` with an identifier already present.
    public static let duplicateSession = Kind(rawValue: "duplicateSession")
    /// An operation on an identifier not present.
    public static let unknownSession = Kind(rawValue: "unknownSession")
  }

  /// What went wrong.
  public var kind: Kind
  /// The identifier.
  public var sessionIdentifier: String

  public var description: String {
    kind == .duplicateSession
      ? "a session '\(sessionIdentifier)' already exists" : "no session '\(sessionIdentifier)'"
  }
}
