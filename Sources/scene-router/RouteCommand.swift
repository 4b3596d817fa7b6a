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
        let name = "<stdin>:\(reader.lineNumber)"
        let answer = answer(bytes: line, name: name, router: router)
        if answer.isError { failed = true }
        // No flush here: the reader flushes before any read that could block, so a streaming
        // consumer gets every decision before its next event is awaited, and a file piped in
        // whole is answered without a write per line.
        answer.write(out, name: name)
      }
    } else {
      for path in events {
        let name = path == "-" ? "<stdin>" : path
        let answer:
          (
            json: JSONValue, decision: RoutingDecision?, isError: Bool, message: String?,
            kind: String
          )
        do {
          answer = route(bytes: try readInput(path)[...], name: name, router: router)
        } catch {
          answer = (errorJSON("\(error)", name: name), nil, true, "\(error)", "")
        }
        if answer.isError { failed = true }
        if json {
          out.writeLine(json: answer.json)
        } else if let decision = answer.decision {
          out.writeLine("\(name): " + (explain ? decision.explanation : decision.summary))
          if !explain {
            for warning in decision.warnings { out.writeLine("  warning: \(warning)") }
          }
        } else if let message = answer.message {
          err.writeLine("\(name): error: \(message)")
        }
      }
    }
    out.flush()
    err.flush()
    if failed { throw ExitStatus.dataError }
  }

  private func errorJSON(_ message: String, name: String, extra: [(String, JSONValue)] = [])
    -> JSONValue
  {
    .object(
      JSONObject([
        (
          "error",
          .object(JSONObject([("message", .string(message)), ("event", .string(name))] + extra))
        )
      ]))
  }

  /// A routed event: the decision, or the error as JSON.
  private struct Answer {
    var decision: RoutingDecision?
    var kind: String = ""
    var error: JSONValue?
    var message: String?
    var isError: Bool { decision == nil }

    func write(_ out: OutputStream, name: String) {
      if let decision {
        out.writeLine(bytes: {
          decision.writeJSON(into: &$0, extra: [("event", name), ("kind", kind)])
        })
      } else if let error {
        out.writeLine(json: error)
      }
    }
  }

  private func answer(bytes: ArraySlice<UInt8>, name: String, router: ActivationRouter) -> Answer {
    let routed = route(bytes: bytes, name: name, router: router, render: false)
    return Answer(
      decision: routed.decision, kind: routed.kind,
      error: routed.decision == nil ? routed.json : nil, message: routed.message)
  }

  private func route(
    bytes: ArraySlice<UInt8>, name: String, router: ActivationRouter, render: Bool = true
  ) -> (
    json: JSONValue, decision: RoutingDecision?, isError: Bool, message: String?, kind: String
  ) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      let message =
        bytes.isEmpty
        ? "empty event" : "invalid JSON at \(error.line):\(error.column): \(error.message)"
      return (
        errorJSON(
          message, name: name,
          extra: [("line", .number(Double(error.line))), ("column", .number(Double(error.column)))]),
        nil, true, message, ""
      )
    }
    let event: SceneEvent
    do {
      event = try SceneEvent(json: value, byteCount: bytes.count, kind: kind)
    } catch {
      return (
        errorJSON(error.description, name: name, extra: [("path", .string(error.path))]), nil, true,
        error.description, ""
      )
    }
    let decision = router.route(event)
    guard render else { return (.null, decision, false, nil, event.kindName) }
    var object = decision.jsonValue.objectValue!
    object["event"] = .string(name)
    object["kind"] = .string(event.kindName)
    return (.object(object), decision, false, nil, event.kindName)
  }
}

extension EventKind: ExpressibleByArgument {}
