import PredicateEvaluation
import SceneJSON
import SceneRouting

/// How `scene-router route` routes one event: decoded from its bytes (a file, or a line of a
/// JSON Lines stream), routed into a decision the caller keeps, and a decision or a failure
/// written as one JSON line, both with top-level `event` and `kind`, so one jq filter reads
/// every line. Reads nothing and prints nothing: the caller does.
package struct EventRouting {
  /// Where an event came from: a file, or a line of standard input. The line's name is
  /// written from its number, not made as a `String` for every line.
  package enum Name: CustomStringConvertible {
    case file(String)
    case line(Int)

    package var description: String {
      switch self {
      case .file(let path): path
      case .line(let number): "<stdin>:\(number)"
      }
    }

    /// Appends `,"event":"…"`.
    func writeMember(into output: inout ByteBuffer) {
      output.key(#","event":"#)
      switch self {
      case .file(let path):
        output.string(path)
      case .line(let number):
        output.append(#""<stdin>:"#)
        output.appendDecimal(number)
        output.append(UInt8(ascii: "\""))
      }
    }
  }

  /// An event that could not be routed, and where the problem was found.
  ///
  /// A class, so that the `Failure?` every event returns is one pointer: as a struct, making and
  /// destroying the `nil` of every routed line cost 50 instructions.
  package final class Failure {
    package let name: Name
    /// Nil when the event's kind could not be told.
    package let kind: String?
    package let message: String
    package let fields: [(String, JSONValue)]

    package init(name: Name, kind: String?, message: String, fields: [(String, JSONValue)]) {
      self.name = name
      self.kind = kind
      self.message = message
      self.fields = fields
    }

    /// `{"error": {"message", …}, "event", "kind"}`.
    package var jsonValue: JSONValue {
      let error = JSONObject([("message", .string(message))] + fields)
      return .object(
        JSONObject([
          ("error", .object(error)), ("event", .string(name.description)),
          ("kind", kind.map(JSONValue.string) ?? .null),
        ]))
    }
  }

  /// The kind every event is read as, when forced.
  package var kind: EventKind?
  /// How each decision is written.
  package var format: Format
  /// How much of each decision is explained: what `format` writes of it.
  package var explanation: ActivationRouter.Explanation
  /// The names events are read by, kept whole by the parser.
  var keys = SceneEvent.jsonKeys
  /// The names of the router's decisions, quoted once (``DecisionNames``).
  let names: DecisionNames?

  /// Routing that writes decisions in `format`; `candidates` says which sessions a JSON
  /// decision lists. `router`, when given, is the one every event is routed by: its names are
  /// quoted once, for every JSON decision.
  package init(
    kind: EventKind?, format: Format, candidates: ActivationRouter.Explanation,
    router: ActivationRouter? = nil
  ) {
    self.kind = kind
    self.format = format
    names = format == .json ? router.map(DecisionNames.init) : nil
    // A summary needs no per-session entries (so it can take the index), an explanation every
    // session, JSON the ones `candidates` asks for.
    explanation =
      switch format {
      case .summary: .none
      case .explain: .all
      case .json: candidates
      }
  }

  /// How `route` writes a decision.
  package enum Format: String, CaseIterable, Sendable {
    /// One line: what was chosen and why, then any warnings.
    case summary
    /// The summary, every session's predicates and why each lost.
    case explain
    /// One JSON object (``writeJSON(_:name:kind:into:)``).
    case json
  }

  /// Appends the decision in ``format``, named by `name`, without a final newline.
  package func write(
    _ decision: RoutingDecision, name: Name, kind: EventKind, into output: inout ByteBuffer
  ) {
    switch format {
    case .json:
      Self.writeJSON(decision, name: name, kind: kind, names: names, into: &output)
    case .explain:
      output.appendUTF8("\(name): " + decision.explanation)
    case .summary:
      output.appendUTF8("\(name): " + decision.summary)
      for warning in decision.warnings { output.appendUTF8("\n  warning: \(warning)") }
    }
  }

  /// A decision as one JSON object, with the event's name and kind; `names`, when given, are
  /// those of the router that made it.
  package static func writeJSON(
    _ decision: RoutingDecision, name: Name, kind: EventKind, names: DecisionNames? = nil,
    into output: inout ByteBuffer
  ) {
    decision.writeBytes(to: &output, names: names) { output in
      name.writeMember(into: &output)
      output.key(#","kind":"#)
      output.append(kind.quotedJSON)
    }
  }

  /// Decodes and routes one event into `decision`, and appends the decision to `output` in
  /// ``format`` with a newline; the failure, if it has none (and then appends nothing). The
  /// caller keeps one decision for every event, so its candidate list keeps its storage.
  package func route(
    _ bytes: ArraySlice<UInt8>, name: Name, router: ActivationRouter,
    into decision: inout RoutingDecision, output: inout ByteBuffer
  ) -> Failure? {
    let kind = self.kind
    // A notification is read from the bytes, with no tree built; anything else is parsed.
    if let event = SceneEvent(notificationText: bytes, kind: kind) {
      router.route(event, explanation: explanation, into: &decision)
      write(decision, name: name, kind: .notification, into: &output)
      output.append(UInt8(ascii: "\n"))
      return nil
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes, keys: keys)
    } catch {
      return Failure(
        name: name, kind: kind?.rawValue,
        message: bytes.isEmpty
          ? "empty event" : "invalid JSON at \(error.line):\(error.column): \(error.message)",
        fields: [("line", .number(Double(error.line))), ("column", .number(Double(error.column)))])
    }
    do {
      let event = try SceneEvent(json: value, byteCount: bytes.count, kind: kind)
      router.route(event, explanation: explanation, into: &decision)
      write(decision, name: name, kind: event.eventKind, into: &output)
      output.append(UInt8(ascii: "\n"))
      return nil
    } catch {
      return Failure(
        name: name, kind: kind?.rawValue ?? EventKind.detect(in: value)?.rawValue,
        message: error.description, fields: [("path", .string(error.path))])
    }
  }
}
