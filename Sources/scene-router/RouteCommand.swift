import ArgumentParser
import CommandLineOutput
import PortableIO
import SceneActivation
import SceneJSON
import SceneRouting

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
  var format: EventRouting.Format?

  @Option(
    help: ArgumentHelp(
      "Which sessions a JSON decision lists: 'matches' (the chosen one, every candidate with a "
        + "match and every visible one; 'omittedCandidates' counts the rest), 'all', or 'none' "
        + "(the decision alone, the fastest through the index).",
      valueName: "sessions"))
  var candidates: ActivationRouter.Explanation = .matches

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
  var output: EventRouting.Format {
    format ?? (json || jsonl ? .json : explain ? .explain : .summary)
  }

  func validate() throws {
    try source.requireOne(arguments: events)
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

  func run() throws { try OutputStream.withStandardStreams(route) }

  private func route(out: OutputStream, err: OutputStream) throws {
    let loaded = try source.load(err: err)
    guard let file = loaded.file else {
      // An app whose conditions hold run-time values: an event's scene depends on them.
      err.writeLine("error: \(loaded.routing?.problem ?? "the app has no scenes to route")")
      err.flush()
      throw ExitStatus.dataError
    }
    err.flush()
    let router = file.router
    let plan = EventRouting(
      kind: kind, format: output, candidates: candidates, router: router)
    var failed = false
    // One decision for every event, filled in place: its candidate list keeps its storage.
    var decision = RoutingDecision()
    // The answers are written here, and written out from here (no copy into the stream's
    // buffer) a megabyte at a time, before any read that could wait, and before any other line.
    var answers = ByteBuffer(capacity: 1 << 21)
    func handOver(_ answers: inout ByteBuffer) {
      out.flush(then: answers.bytes)
      answers.removeAll()
    }

    if jsonl {
      var reader = LineReader(descriptor: 0)
      // The answers are written out only when a megabyte is waiting, and before any read that
      // could block, so a streaming consumer gets every decision before its next event is
      // awaited, and a file piped in whole is answered without a write per line.
      while let line = reader.nextLine(beforeRead: { handOver(&answers) }) {
        let name = EventRouting.Name.line(reader.lineNumber)
        let failure: EventRouting.Failure?
        if let length = reader.overflowLength {
          failure = EventRouting.Failure(
            name: name, kind: plan.kind?.rawValue, message: LineReader.overflowMessage(length),
            fields: [("path", .string(""))])
        } else {
          failure = plan.route(
            line, name: name, router: router, into: &decision, output: &answers)
          if answers.count >= OutputStream.flushSize { handOver(&answers) }
        }
        if let failure {
          failed = true
          handOver(&answers)
          out.writeLine(json: failure.jsonValue)
        }
      }
      handOver(&answers)
    } else {
      for path in events {
        let name = EventRouting.Name.file(path == "-" ? "<stdin>" : path)
        let failure: EventRouting.Failure?
        do {
          let event = try IOFailure.input(path)[...]
          failure = plan.route(
            event, name: name, router: router, into: &decision, output: &answers)
          // Into the stream's buffer, written out when full: no read waits here, so an event
          // file costs no write of its own.
          out.write(answers.bytes)
          answers.removeAll()
        } catch {
          failure = EventRouting.Failure(name: name, kind: nil, message: "\(error)", fields: [])
        }
        if let failure {
          failed = true
          if output == .json {
            out.writeLine(json: failure.jsonValue)
          } else {
            err.writeLine("\(name): error: \(failure.message)")
          }
        }
      }
    }
    if failed { throw ExitStatus.dataError }
  }
}

extension EventKind: ExpressibleByArgument {}
extension ActivationRouter.Explanation: ExpressibleByArgument {}
extension EventRouting.Format: ExpressibleByArgument {}
