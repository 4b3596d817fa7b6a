import ArgumentParser
import SceneActivation
import SceneJSON

/// `scene-router route`: which scene each event activates.
struct RouteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract:
      "Route notifications, shortcut items, user activities, URLs, app intents and activation "
      + "requests to scenes.",
    discussion: """
      Each event is a JSON file: an APNs payload or a simctl .apns file (any object with "aps"), \
      {"shortcutItem": {…}}, {"userActivity": {…}}, {"url": "https://…"}, {"appIntent": {"type", \
      "contentIdentifier"?}} or {"activationRequest": {…}}, optionally with "routing": {"role", \
      "excluding", "allowSceneCreation", "allowCanMatches"}. The kind comes from the top-level key; \
      --kind forces it. Predicates are evaluated against the target content identifier; a URL \
      event by its absolute string; a user activity without an identifier by its webpageURL \
      (the decision's "evaluated" says which).

      Output (--format): one summary line per event by default; 'explain' adds every scene's \
      predicates and why it lost; 'json' writes one JSON decision per event per line. With \
      --jsonl, events are read from standard input one per line and one JSON line is written per \
      input line, errors included; answers are flushed whenever no further input line is \
      waiting, so a stream (tail -f) sees each decision at once.

      Exits 65 when the scenes file or any event is invalid; the other events are still routed.

      Examples:
        scene-router route --scenes scenes.json --format explain push.apns
        scene-router route --app App/ push.apns
        scene-router route --scenes scenes.json --format json *.apns | jq .scene
        tail -f events.jsonl | scene-router route --scenes scenes.json --jsonl
      """)

  @OptionGroup var source: ScenesSource

  @Option(
    help: ArgumentHelp(
      "Force the event kind: notification, shortcutItem, userActivity, url, appIntent or "
        + "activationRequest."))
  var kind: EventKind?

  @Option(
    help: ArgumentHelp(
      "Output: 'summary' (a line per event), 'explain' (every scene's predicates and why it "
        + "lost) or 'json' (one JSON decision per line).", valueName: "format"))
  var format: RouteOutputFormat?

  @Option(
    help: ArgumentHelp(
      "Which sessions a JSON decision lists: 'matches' (the chosen one, every candidate with a "
        + "match and every visible one; 'omittedCandidates' counts the rest), 'all', or 'none' "
        + "(the decision alone, the fastest through the index).",
      valueName: "sessions"))
  var candidates: CandidateListing = .matches

  @Flag(help: ArgumentHelp("Same as --format json.", visibility: .hidden))
  var json = false

  @Flag(help: ArgumentHelp("Same as --format explain.", visibility: .hidden))
  var explain = false

  @Flag(
    help: "Read events from standard input, one JSON object per line; answer one JSON line each.")
  var jsonl = false

  @Argument(help: "Event files ('-' for standard input).")
  var events: [String] = []

  /// The output format: `--format`, or the older flags, or JSON for a JSON Lines stream.
  var output: RouteOutputFormat {
    format ?? (json || jsonl ? .json : explain ? .explain : .summary)
  }

  func validate() throws {
    let chosen = [format != nil, json, explain].filter { $0 }.count
    if chosen > 1 { throw ValidationError("give one output format") }
    if jsonl && output != .json {
      throw ValidationError("--jsonl answers in JSON; --format \(output.rawValue) does not apply")
    }
    if jsonl && events.contains(where: { $0 != "-" }) {
      throw ValidationError("--jsonl reads events from standard input; give no EVENT files")
    }
    if !jsonl && events.isEmpty {
      throw ValidationError("give at least one EVENT file ('-' for standard input), or --jsonl")
    }
  }

  func run() throws {
    let err = OutputStream.standardError
    let out = OutputStream.standardOutput
    let file = try source.load(err: err).file
    err.flush()
    let router = file.router
    let plan = self.plan
    let output = self.output
    var failed = false
    // One decision for every event, filled in place: its candidate list keeps its storage.
    var decision = RoutingDecision()

    if jsonl {
      var reader = LineReader(descriptor: 0)
      while let line = reader.nextLine(beforeRead: { out.flush() }) {
        let name = EventName.line(reader.lineNumber)
        // No flush here: the reader flushes before any read that could block, so a streaming
        // consumer gets every decision before its next event is awaited, and a file piped in
        // whole is answered without a write per line.
        let failure =
          reader.overflowLength.map {
            Failure(
              name: name, kind: plan.kind?.rawValue, message: LineReader.overflowMessage($0),
              fields: [("path", .string(""))])
          }
          ?? Self.route(line, name: name, router: router, plan: plan, into: &decision) {
            decision, kind in
            Self.writeJSON(decision, name: name, kind: kind, to: out)
          }
        if let failure {
          failed = true
          failure.writeJSON(out)
        }
      }
    } else {
      for path in events {
        let name = EventName.file(path == "-" ? "<stdin>" : path)
        let failure: Failure?
        do {
          failure = Self.route(
            try readInput(path)[...], name: name, router: router, plan: plan, into: &decision
          ) { decision, kind in
            switch output {
            case .json:
              Self.writeJSON(decision, name: name, kind: kind, to: out)
            case .explain:
              out.writeLine("\(name): " + decision.explanation)
            case .summary:
              out.writeLine("\(name): " + decision.summary)
              for warning in decision.warnings { out.writeLine("  warning: \(warning)") }
            }
          }
        } catch {
          failure = Failure(name: name, kind: nil, message: "\(error)", fields: [])
        }
        if let failure {
          failed = true
          if output == .json {
            failure.writeJSON(out)
          } else {
            err.writeLine("\(name): error: \(failure.message)")
          }
        }
      }
    }
    out.flush()
    err.flush()
    if failed { throw ExitStatus.dataError }
  }

  /// Where an event came from: a file, or a line of standard input with `--jsonl`. The line's
  /// name is written from its number, not made as a `String` for every line.
  private enum EventName: CustomStringConvertible {
    case file(String)
    case line(Int)

    var description: String {
      switch self {
      case .file(let path): path
      case .line(let number): "<stdin>:\(number)"
      }
    }

    /// Appends `,"event":"…"`.
    func writeMember(into output: inout ByteBuffer) {
      switch self {
      case .file(let path):
        JSONValue.writeMember("event" as StaticString, path, into: &output)
      case .line(let number):
        output.append(#","event":"<stdin>:"#)
        output.appendDecimal(number)
        output.append(UInt8(ascii: "\""))
      }
    }
  }

  /// A decision as one JSON line. A decision and an error (``Failure``) both carry top-level
  /// `event` and `kind`, so one jq filter reads every line.
  private static func writeJSON(
    _ decision: RoutingDecision, name: EventName, kind: EventKind, to out: OutputStream
  ) {
    out.writeLine(bytes: {
      decision.writeJSON(into: &$0) { output in
        name.writeMember(into: &output)
        output.append(#","kind":"# as StaticString)
        output.append(kind.jsonLiteral)
      }
    })
  }

  /// An event that could not be routed, and where the problem was found.
  private struct Failure {
    var name: EventName
    /// Nil when the event's kind could not be told.
    var kind: String?
    var message: String
    var fields: [(String, JSONValue)]

    /// One JSON line (see ``RouteCommand/writeJSON(_:name:kind:to:)``).
    func writeJSON(_ out: OutputStream) {
      let error = JSONObject([("message", .string(message))] + fields)
      out.writeLine(
        json: .object(
          JSONObject([
            ("error", .object(error)), ("event", .string(name.description)),
            ("kind", kind.map(JSONValue.string) ?? .null),
          ])))
    }
  }

  /// What the options ask of every event, read once: each read of an `@Option` property looks up
  /// its wrapper's generic metadata, which cost more per event than the rest of a route.
  private struct Plan {
    var kind: EventKind?
    var explanation: ActivationRouter.Explanation
    /// The names events are read by, kept whole by the parser.
    var keys = SceneEvent.jsonKeys
  }

  private var plan: Plan {
    // A summary line needs no per-session entries, so it can take the index; JSON lists the
    // candidates that matter (or all), and the explanation prints every session.
    let explanation: ActivationRouter.Explanation =
      switch output {
      case .summary: .none
      case .explain: .all
      case .json:
        switch candidates {
        case .none: .none
        case .matches: .matches
        case .all: .all
        }
      }
    return Plan(kind: kind, explanation: explanation)
  }

  /// Decodes and routes one event into `decision`, then hands it to `decided`; the failure, if
  /// it has none.
  private static func route(
    _ bytes: ArraySlice<UInt8>, name: EventName, router: ActivationRouter, plan: Plan,
    into decision: inout RoutingDecision, decided: (RoutingDecision, EventKind) -> Void
  ) -> Failure? {
    let kind = plan.kind
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes, keys: plan.keys)
    } catch {
      return Failure(
        name: name, kind: kind?.rawValue,
        message: bytes.isEmpty
          ? "empty event" : "invalid JSON at \(error.line):\(error.column): \(error.message)",
        fields: [("line", .number(Double(error.line))), ("column", .number(Double(error.column)))])
    }
    do {
      let event = try SceneEvent(json: value, byteCount: bytes.count, kind: kind)
      router.route(event, explanation: plan.explanation, into: &decision)
      decided(decision, event.eventKind)
      return nil
    } catch {
      return Failure(
        name: name, kind: kind?.rawValue ?? EventKind.detect(in: value)?.rawValue,
        message: error.description, fields: [("path", .string(error.path))])
    }
  }
}

/// Which sessions a JSON decision lists.
enum CandidateListing: String, ExpressibleByArgument, CaseIterable {
  case none, matches, all
}

/// How `route` prints decisions.
enum RouteOutputFormat: String, ExpressibleByArgument, CaseIterable {
  case summary, explain, json
}

extension EventKind: ExpressibleByArgument {}
