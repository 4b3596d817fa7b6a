import ArgumentParser
import SceneActivation

/// `scene-router route`: which scene each event activates.
struct RouteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract:
      "Route notifications, shortcut items, user activities and activation requests to scenes.",
    discussion: """
      Each event is a JSON file: an APNs payload or a simctl .apns file (any object with "aps"), \
      {"shortcutItem": {…}}, {"userActivity": {…}} or {"activationRequest": {…}}, optionally with \
      "routing": {"role", "excluding", "allowSceneCreation", "allowCanMatches"}. The kind comes from \
      the top-level key; --kind forces it.

      Output: one summary line per event by default; --explain adds every scene's predicates and \
      why it lost; --json writes one JSON decision per event per line. With --jsonl, events are read \
      from standard input one per line and one JSON line is written per input line, errors \
      included; answers are flushed whenever no further input line is waiting, so a stream \
      (tail -f) sees each decision at once.

      Exits 65 when the scenes file or any event is invalid; the other events are still routed.

      Examples:
        scene-router route --scenes Fixtures/example/scenes.json --explain Fixtures/example/events/*.json
        scene-router route --scenes scenes.json --json push.apns | jq -r .scene
        tail -f events.jsonl | scene-router route --scenes scenes.json --jsonl
      """)

  @Option(help: "The scenes file (JSON): the app's scene sessions and their activation conditions.")
  var scenes: String

  @Option(
    help: "Force the event kind: notification, shortcutItem, userActivity or activationRequest.")
  var kind: EventKind?

  @Flag(help: "Write one JSON decision per event, one per line.")
  var json = false

  @Flag(help: "Explain every decision: each scene's predicates, suitability and why it lost.")
  var explain = false

  @Flag(
    help: "Read events from standard input, one JSON object per line; answer one JSON line each.")
  var jsonl = false

  @Argument(help: "Event files ('-' for standard input).")
  var events: [String] = []

  func validate() throws {
    if json && explain { throw ValidationError("--json and --explain are exclusive") }
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
    let file: ScenesFile
    do {
      file = try ScenesFile(bytes: try readInput(scenes))
    } catch let error as ScenesFileError {
      for problem in error.problems { err.writeLine("\(scenes): error: \(problem)") }
      err.flush()
      throw ExitStatus.dataError
    } catch {
      err.writeLine("error: \(error)")
      err.flush()
      throw ExitStatus.dataError
    }
    for warning in file.warnings { err.writeLine("\(scenes): warning: \(warning)") }
    err.flush()
    let router = file.router
    var failed = false

    if jsonl {
      var reader = LineReader(descriptor: 0)
      while let line = reader.nextLine(beforeRead: { out.flush() }) {
        let answer = route(line, name: "<stdin>:\(reader.lineNumber)", router: router)
        if answer.decision == nil { failed = true }
        // No flush here: the reader flushes before any read that could block, so a streaming
        // consumer gets every decision before its next event is awaited, and a file piped in
        // whole is answered without a write per line.
        answer.writeJSON(out)
      }
    } else {
      for path in events {
        let name = path == "-" ? "<stdin>" : path
        let answer: Answer
        do {
          answer = route(try readInput(path)[...], name: name, router: router)
        } catch {
          answer = Answer(name: name, failure: "\(error)")
        }
        if json {
          answer.writeJSON(out)
        } else if let decision = answer.decision {
          out.writeLine("\(name): " + (explain ? decision.explanation : decision.summary))
          if !explain {
            for warning in decision.warnings { out.writeLine("  warning: \(warning)") }
          }
        } else {
          err.writeLine("\(name): error: \(answer.message)")
        }
        if answer.decision == nil { failed = true }
      }
    }
    out.flush()
    err.flush()
    if failed { throw ExitStatus.dataError }
  }

  /// What routing one event gave: a decision, or an error with where it was found.
  private struct Answer {
    var name: String
    var decision: RoutingDecision?
    var kind = ""
    var message = ""
    var errorFields: [(String, JSONValue)] = []

    init(name: String, decision: RoutingDecision, kind: String) {
      self.name = name
      self.decision = decision
      self.kind = kind
    }

    init(name: String, failure message: String, fields: [(String, JSONValue)] = []) {
      self.name = name
      self.message = message
      self.errorFields = fields
    }

    /// One JSON line: the decision (with `event` and `kind`), or `{"error": …}`.
    func writeJSON(_ out: OutputStream) {
      if let decision {
        out.writeLine(bytes: {
          decision.writeJSON(into: &$0) { output in
            JSONValue.writeMember("event", name, into: &output)
            JSONValue.writeMember("kind", kind, into: &output)
          }
        })
      } else {
        let error = JSONObject(
          [("message", .string(message)), ("event", .string(name))] + errorFields)
        out.writeLine(json: .object(JSONObject([("error", .object(error))])))
      }
    }
  }

  private func route(_ bytes: ArraySlice<UInt8>, name: String, router: ActivationRouter) -> Answer {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      return Answer(
        name: name,
        failure: bytes.isEmpty
          ? "empty event" : "invalid JSON at \(error.line):\(error.column): \(error.message)",
        fields: [("line", .number(Double(error.line))), ("column", .number(Double(error.column)))])
    }
    do {
      let event = try SceneEvent(json: value, byteCount: bytes.count, kind: kind)
      // A summary line needs no per-session entries, so it can take the index; JSON documents
      // every candidate, and --explain prints them.
      let decision = router.route(event, explain: json || jsonl || explain)
      return Answer(name: name, decision: decision, kind: event.kindName)
    } catch {
      return Answer(name: name, failure: error.description, fields: [("path", .string(error.path))])
    }
  }
}

extension EventKind: ExpressibleByArgument {}
