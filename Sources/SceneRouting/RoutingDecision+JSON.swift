import PredicateEvaluation
import SceneJSON

/// The members of one JSON object, each spelled once as its fragment `,"name":`, which the byte
/// writer copies whole; ``key`` is the name the reader looks up.
package protocol JSONMembers: CaseIterable {
  var fragment: StaticString { get }
}

extension JSONMembers {
  /// The member's name.
  package var key: String { JSONMember.name(fragment) }
}

extension RoutingDecision {
  /// The members of a decision's JSON object, in the order they are written: the one list of
  /// their names, which the writer writes and the reader reads.
  package enum Member: JSONMembers {
    case outcome, scene, configuration, role, reason, targetContentIdentifier, evaluated, url
    case windowGroup, candidates, omittedCandidates, warnings, tied

    /// The member as the writer writes it, `,"name":`: the one spelling of its name, which the
    /// byte writer copies whole and ``key`` reads.
    package var fragment: StaticString {
      switch self {
      case .outcome: #","outcome":"#
      case .scene: #","scene":"#
      case .configuration: #","configuration":"#
      case .role: #","role":"#
      case .reason: #","reason":"#
      case .targetContentIdentifier: #","targetContentIdentifier":"#
      case .evaluated: #","evaluated":"#
      case .url: #","url":"#
      case .windowGroup: #","windowGroup":"#
      case .candidates: #","candidates":"#
      case .omittedCandidates: #","omittedCandidates":"#
      case .warnings: #","warnings":"#
      case .tied: #","tied":"#
      }
    }
  }

  /// The values of `outcome`.
  enum OutcomeName: String, CaseIterable {
    case existing, new, none
  }

  /// The members of each entry of `candidates`, in the order they are written.
  package enum CandidateMember: JSONMembers {
    case scene, suitability, prefers, canActivate, visible, lost

    /// The member as the writer writes it, `,"name":`: the one spelling of its name, which the
    /// byte writer copies whole and ``key`` reads.
    package var fragment: StaticString {
      switch self {
      case .scene: #","scene":"#
      case .suitability: #","suitability":"#
      case .prefers: #","prefers":"#
      case .canActivate: #","canActivate":"#
      case .visible: #","visible":"#
      case .lost: #","lost":"#
      }
    }
  }

  /// The decision in the CLI's documented JSON shape:
  ///
  /// ```json
  /// {"outcome": "existing", "scene": "chat-42", "configuration": null,
  ///  "role": "windowApplication", "reason": "prefers",
  ///  "targetContentIdentifier": "chat/42", "evaluated": "targetContentIdentifier",
  ///  "url": null, "windowGroup": null,
  ///  "candidates": [{"scene": "chat-42", "suitability": 2, "prefers": true,
  ///                  "canActivate": true, "visible": false, "lost": null}],
  ///  "omittedCandidates": 0, "warnings": []}
  /// ```
  ///
  /// A decision won by order alone also has `"tied"`: ``tiedSessions``, the chosen one first.
  public var jsonValue: JSONValue {
    var builder = JSONTreeBuilder()
    write(to: &builder)
    guard let value = builder.result else { preconditionFailure("a decision writes an object") }
    return value
  }

  /// Appends the decision's JSON (the shape of ``jsonValue``) straight to bytes, without
  /// building the value tree.
  package func writeJSON(into output: inout [UInt8]) {
    output.appendWritten { write(to: &$0) }
  }

  /// ``write(to:extra:)`` to bytes, specialized here: a generic call from another module (the
  /// command line's `route --jsonl`) is not specialized, and went through the sink's witness
  /// table for every member of every line.
  ///
  /// `names`, the names of the router that made the decision quoted in advance, saves quoting
  /// them again; the bytes are the same without them.
  package func writeBytes(
    to buffer: inout ByteBuffer, names: DecisionNames? = nil,
    extra: (inout ByteBuffer) -> Void
  ) {
    write(to: &buffer, names: names, extra: extra)
  }

  /// Writes the decision, then whatever `extra` writes before the closing brace (more members):
  /// the one definition of the shape, for bytes (the CLI's hot path, which names the event
  /// without building an array of members for every line) and for ``jsonValue``.
  package func write<Sink: JSONSink & ~Copyable>(
    to sink: inout Sink, names: DecisionNames? = nil, extra: (inout Sink) -> Void = { _ in }
  ) {
    let pieces = JSONPieces.shared
    switch outcome {
    case .existing(let identifier, let configuration):
      sink.run(pieces.existing)
      sink.string(identifier, quoted: names?.identifiers.quoted(identifier, at: chosenPosition))
      sink.key(Member.configuration.fragment)
      sink.string(
        configuration,
        quoted: configuration.flatMap { names?.configurations.quoted($0, at: chosenPosition) })
    case .newScene(let configuration):
      sink.run(pieces.newScene)
      sink.string(
        configuration,
        quoted: configuration.flatMap {
          names?.defaultConfigurations.quoted($0, at: roleNumber)
        })
    case .none:
      sink.run(pieces.noScene)
    }
    sink.key(Member.role.fragment)
    sink.string(role.rawValue, quoted: names?.role(role, number: roleNumber))
    sink.run(pieces.reasons[reason])
    sink.string(targetContentIdentifier)
    sink.run(pieces.evaluated[evaluated])
    sink.string(url)
    if let windowGroup {
      sink.key(Member.windowGroup.fragment)
      windowGroup.write(to: &sink)
      sink.run(pieces.candidates)
    } else {
      sink.run(pieces.noWindowGroup)
    }
    // Fields read in place: a copy of each candidate would retain and release its strings.
    for index in candidates.indices {
      sink.run(index == 0 ? pieces.firstCandidate : pieces.nextCandidate)
      let identifier = candidates[index].sessionIdentifier
      sink.string(
        identifier,
        quoted: names?.identifiers.quoted(identifier, at: candidates[index].position))
      sink.key(CandidateMember.suitability.fragment)
      sink.count(candidates[index].suitability.rawValue)
      if let answers = pieces.answers(candidates[index].prefers, candidates[index].canActivate) {
        sink.run(answers)
      } else {
        sink.key(CandidateMember.prefers.fragment)
        candidates[index].prefers.write(to: &sink)
        sink.key(CandidateMember.canActivate.fragment)
        candidates[index].canActivate.write(to: &sink)
      }
      sink.run(pieces.ending(visible: candidates[index].isVisible, lost: candidates[index].lost))
    }
    sink.run(pieces.omittedCandidates)
    sink.count(omittedCandidates)
    if warnings.isEmpty {
      sink.run(pieces.noWarnings)
    } else {
      sink.key(Member.warnings.fragment)
      sink.beginArray()
      for index in warnings.indices {
        if index > 0 { sink.separator() }
        warnings[index].write(to: &sink)
      }
      sink.endArray()
    }
    if !tiedSessions.isEmpty {
      sink.key(Member.tied.fragment)
      sink.beginArray()
      for index in tiedSessions.indices {
        if index > 0 { sink.separator() }
        sink.string(tiedSessions[index])
      }
      sink.endArray()
    }
    extra(&sink)
    sink.endObject()
  }
}

/// What a decision line writes the same way every time, made once for the byte writer: the
/// quoted raw values of its enumerations, and its runs of fixed pieces, each recorded from the
/// sink calls that write it (so every name is still the member's fragment, every value its raw
/// value). In one constant, so that a line checks once that they are made (a `swift_once` for
/// each lazy constant read), not once for each.
package struct JSONPieces: Sendable {
  typealias Member = RoutingDecision.Member
  typealias CandidateMember = RoutingDecision.CandidateMember
  typealias OutcomeName = RoutingDecision.OutcomeName

  let eventKind = QuotedRawValues<EventKind>()
  /// `,"reason":…,"targetContentIdentifier":`
  let reasons = JSONRun.Cases<RoutingReason> {
    $0.key(Member.reason.fragment)
    $0.string($1?.rawValue)
    $0.key(Member.targetContentIdentifier.fragment)
  }
  /// `,"evaluated":…,"url":`
  let evaluated = JSONRun.Cases<EvaluatedString> {
    $0.key(Member.evaluated.fragment)
    $0.string($1?.rawValue)
    $0.key(Member.url.fragment)
  }

  /// `{"outcome":"existing","scene":`
  let existing: JSONRun
  /// `{"outcome":"new","scene":null,"configuration":`
  let newScene: JSONRun
  /// `{"outcome":"none","scene":null,"configuration":null`
  let noScene: JSONRun
  /// `,"candidates":[`
  let candidates = JSONRun {
    $0.key(Member.candidates.fragment)
    $0.beginArray()
  }
  /// `,"windowGroup":null,"candidates":[`
  let noWindowGroup = JSONRun {
    $0.key(Member.windowGroup.fragment)
    $0.null()
    $0.key(Member.candidates.fragment)
    $0.beginArray()
  }
  /// `{"scene":`, and `,{"scene":` after the first.
  let firstCandidate = Self.candidate(first: true)
  let nextCandidate = Self.candidate(first: false)
  /// `,"prefers":…,"canActivate":…` for each pair of answers but a failure (null, false or
  /// true each): one piece where there were four.
  private let answerRuns = JSONRun.Table(count: 9) { number, sink in
    sink.key(CandidateMember.prefers.fragment)
    Self.answers[number / 3].write(to: &sink)
    sink.key(CandidateMember.canActivate.fragment)
    Self.answers[number % 3].write(to: &sink)
  }
  private static let answers: [PredicateOutcome] = [
    .notEvaluated, .answered(false), .answered(true),
  ]
  /// `,"visible":…,"lost":…}` for a hidden entry and a visible one, by why it lost: the end of
  /// an entry, one piece.
  private let hiddenEndings = Self.ending(visible: false)
  private let visibleEndings = Self.ending(visible: true)
  /// `],"omittedCandidates":`
  let omittedCandidates = JSONRun {
    $0.endArray()
    $0.key(Member.omittedCandidates.fragment)
  }
  /// `,"warnings":[]`
  let noWarnings = JSONRun {
    $0.key(Member.warnings.fragment)
    $0.beginArray()
    $0.endArray()
  }

  package static let shared = JSONPieces()

  /// The piece of `prefers` and `can`, unless one failed (its error is written as an object).
  @inline(__always)
  func answers(_ prefers: PredicateOutcome, _ can: PredicateOutcome) -> JSONRun? {
    guard let first = Self.number(prefers), let second = Self.number(can) else { return nil }
    return answerRuns[first * 3 + second]
  }

  /// The end of an entry: its visibility and why it lost.
  @inline(__always)
  func ending(visible: Bool, lost: LossReason?) -> JSONRun {
    visible ? visibleEndings[lost] : hiddenEndings[lost]
  }

  private static func ending(visible: Bool) -> JSONRun.Cases<LossReason> {
    JSONRun.Cases {
      $0.key(CandidateMember.visible.fragment)
      $0.bool(visible)
      $0.key(CandidateMember.lost.fragment)
      $0.string($1?.rawValue)
      $0.endObject()
    }
  }

  @inline(__always)
  private static func number(_ outcome: PredicateOutcome) -> Int? {
    switch outcome {
    case .notEvaluated: 0
    case .answered(let value): value ? 2 : 1
    case .failed: nil
    }
  }

  private init() {
    existing = Self.start(.existing) { _ in }
    newScene = Self.start(.new) {
      $0.null()
      $0.key(Member.configuration.fragment)
    }
    noScene = Self.start(.none) {
      $0.null()
      $0.key(Member.configuration.fragment)
      $0.null()
    }
  }

  /// `{"outcome":` and `name`, `,"scene":`, then what `rest` writes.
  private static func start(
    _ name: OutcomeName, _ rest: (inout JSONRun.Recorder) -> Void
  ) -> JSONRun {
    JSONRun {
      $0.beginObject()
      $0.firstKey(Member.outcome.fragment)
      $0.string(name.rawValue)
      $0.key(Member.scene.fragment)
      rest(&$0)
    }
  }

  private static func candidate(first: Bool) -> JSONRun {
    JSONRun {
      if !first { $0.separator() }
      $0.beginObject()
      $0.firstKey(CandidateMember.scene.fragment)
    }
  }
}

extension PredicateOutcome {
  /// `true`, `false`, `{"error": …, "kind": …}`, or null when not evaluated.
  package var jsonValue: JSONValue {
    var builder = JSONTreeBuilder()
    write(to: &builder)
    return builder.result ?? .null
  }

  /// Writes ``jsonValue``'s shape. Inlined where the outcome is stored: a call copied it (an
  /// outlined copy of the enum and its error) for every entry.
  @inline(__always)
  func write<Sink: JSONSink & ~Copyable>(to sink: inout Sink) {
    switch self {
    case .notEvaluated: sink.null()
    case .answered(let value): sink.bool(value)
    case .failed(let error):
      sink.beginObject()
      sink.firstKey(#","error":"#)
      sink.string(error.message)
      sink.key(#","kind":"#)
      sink.string(error.kind.rawValue)
      sink.endObject()
    }
  }
}

extension RoutingWarning {
  /// Writes ``jsonValue``'s shape, `{"id": …, "message": …}`.
  func write<Sink: JSONSink & ~Copyable>(to sink: inout Sink) {
    sink.beginObject()
    sink.firstKey(#","id":"#)
    sink.string(id.rawValue)
    sink.key(#","message":"#)
    sink.string(message)
    sink.endObject()
  }
}

extension WindowGroupChoice {
  /// `{"index": 1, "configuration": "Photo", "rule": "matching"}`.
  package var jsonValue: JSONValue {
    var builder = JSONTreeBuilder()
    write(to: &builder)
    return builder.result ?? .null
  }

  /// Writes ``jsonValue``'s shape.
  func write<Sink: JSONSink & ~Copyable>(to sink: inout Sink) {
    sink.beginObject()
    sink.firstKey(#","index":"#)
    sink.count(index)
    sink.key(#","configuration":"#)
    sink.string(configuration)
    sink.key(#","rule":"#)
    sink.string(rule.rawValue)
    sink.endObject()
  }

  /// Reads ``jsonValue``'s shape.
  init(json reader: FieldReader) throws(FieldError) {
    guard case .number(let number)? = reader.object["index"], let index = Int(exactly: number),
      index >= 0
    else {
      throw FieldError(
        path: reader.child("index"), kind: .invalidValue, message: "expected a group index")
    }
    self.init(
      index: index, configuration: try reader.string("configuration"),
      rule: try reader.case("rule"))
  }
}

/// `Codable` in the shape of `scene-router route --json`: a program reads the CLI's decisions
/// with `JSONDecoder`, and writes the same lines.
extension RoutingDecision: JSONCodable {
  /// Reads a decision in the shape ``jsonValue`` writes (extra members, such as the CLI's `event`
  /// and `kind`, are ignored).
  ///
  /// - Throws: ``FieldError`` naming the first member that is missing or wrong.
  public init(json: JSONValue) throws(FieldError) {
    guard case .object(let object) = json else {
      throw FieldError(
        path: "", kind: .wrongType,
        message: "expected a decision object, found \(json.typeDescription)")
    }
    let root = FieldReader(object: object, path: "")
    let configuration = try root.optionalString(Member.configuration.key)
    let outcome: RoutingOutcome
    switch try root.case(Member.outcome.key, of: OutcomeName.self) {
    case .existing:
      outcome = .existing(
        sessionIdentifier: try root.string(Member.scene.key), configurationName: configuration)
    case .new: outcome = .newScene(configurationName: configuration)
    case .none: outcome = .none
    }
    func predicateOutcome(_ value: JSONValue?, _ path: String) throws(FieldError)
      -> PredicateOutcome
    {
      switch value {
      case nil, .null?: return .notEvaluated
      case .bool(let answer)?: return .answered(answer)
      case .object(let failure)?:
        let reader = FieldReader(object: failure, path: path)
        return .failed(
          PredicateEvaluationError(try reader.case("kind"), try reader.string("error")))
      case let other?:
        throw FieldError(
          path: path,
          kind: .wrongType,
          message: "expected true, false, null or an error, found \(other.typeDescription)")
      }
    }
    let candidates = try root.elements(Member.candidates.key) {
      element, path throws(FieldError) in
      guard case .object(let entry) = element else {
        throw FieldError(
          path: path, kind: .wrongType,
          message: "expected an object, found \(element.typeDescription)")
      }
      let reader = FieldReader(object: entry, path: path)
      guard case .number(let number)? = entry[CandidateMember.suitability.key],
        let suitability = Suitability(rawValue: Int(exactly: number) ?? -1)
      else {
        throw FieldError(
          path: reader.child(CandidateMember.suitability.key), kind: .invalidValue,
          message: "expected 0, 1 or 2")
      }
      return CandidateEvaluation(
        sessionIdentifier: try reader.string(CandidateMember.scene.key),
        suitability: suitability,
        prefers: try predicateOutcome(
          entry[CandidateMember.prefers.key], reader.child(CandidateMember.prefers.key)),
        canActivate: try predicateOutcome(
          entry[CandidateMember.canActivate.key],
          reader.child(CandidateMember.canActivate.key)),
        isVisible: try reader.optionalBool(CandidateMember.visible.key) ?? false,
        lost: try reader.optionalCase(CandidateMember.lost.key))
    }
    let warnings = try root.elements(Member.warnings.key) {
      element, path throws(FieldError) in
      guard case .object(let entry) = element else {
        throw FieldError(
          path: path, kind: .wrongType, message: "expected {\"id\", \"message\"}")
      }
      let reader = FieldReader(object: entry, path: path)
      return RoutingWarning(
        id: DiagnosticID(rawValue: try reader.string("id")), message: try reader.string("message"))
    }
    let tied = try root.elements(Member.tied.key) { element, path throws(FieldError) in
      guard case .string(let session) = element else {
        throw FieldError(
          path: path, kind: .wrongType,
          message: "expected a scene, found \(element.typeDescription)")
      }
      return session
    }
    var omitted = 0
    switch object[Member.omittedCandidates.key] {
    case nil, .null?: break
    case .number(let count)? where count >= 0 && count == count.rounded(): omitted = Int(count)
    case let other?:
      throw FieldError(
        path: Member.omittedCandidates.key, kind: .wrongType,
        message: "expected a count, found \(other.typeDescription)")
    }
    self.init(
      outcome: outcome, reason: try root.case(Member.reason.key),
      role: SceneSessionRole(
        rawValue: try root.optionalString(Member.role.key)
          ?? SceneSessionRole.windowApplication.rawValue),
      targetContentIdentifier: try root.optionalString(Member.targetContentIdentifier.key),
      evaluated: try root.optionalCase(Member.evaluated.key),
      url: try root.optionalString(Member.url.key),
      windowGroup: try root.optionalObject(Member.windowGroup.key).map {
        reader throws(FieldError) in
        try WindowGroupChoice(json: reader)
      },
      candidates: candidates, omittedCandidates: omitted, warnings: warnings,
      tiedSessions: tied)
  }
}

extension EventKind {
  /// The kind as a quoted JSON string, for a writer in another module (the command line's
  /// `"kind"` member): a call of the generic table from there is not specialized, and looked
  /// up the table's type metadata on every line.
  package var quotedJSON: UnsafeBufferPointer<UInt8> { JSONPieces.shared.eventKind[self] }
}
