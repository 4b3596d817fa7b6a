import PredicateEvaluation
import SceneJSON

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
    func enumValue<T: RawRepresentable<String>>(_ key: String, in reader: FieldReader)
      throws(FieldError) -> T
    {
      let text = try reader.string(key)
      guard let value = T(rawValue: text) else {
        throw FieldError(
          path: reader.child(key), kind: .unknownValue, message: "unknown value \"\(text)\"")
      }
      return value
    }
    let configuration = try root.optionalString("configuration")
    let outcome: RoutingOutcome
    switch try root.string("outcome") {
    case "existing":
      outcome = .existing(
        sessionIdentifier: try root.string("scene"), configurationName: configuration)
    case "new": outcome = .newScene(configurationName: configuration)
    case "none": outcome = .none
    case let other:
      throw FieldError(path: "outcome", kind: .unknownValue, message: "unknown value \"\(other)\"")
    }
    func predicateOutcome(_ value: JSONValue?, _ path: String) throws(FieldError)
      -> PredicateOutcome
    {
      switch value {
      case nil, .null?: return .notEvaluated
      case .bool(let answer)?: return .answered(answer)
      case .object(let failure)?:
        let reader = FieldReader(object: failure, path: path)
        let kind: PredicateEvaluationError.Kind = try enumValue("kind", in: reader)
        return .failed(PredicateEvaluationError(kind, try reader.string("error")))
      case let other?:
        throw FieldError(
          path: path,
          kind: .wrongType,
          message: "expected true, false, null or an error, found \(other.typeDescription)")
      }
    }
    var candidates: [CandidateEvaluation] = []
    switch object["candidates"] {
    case nil, .null?: break
    case .array(let elements)?:
      for (index, element) in elements.enumerated() {
        let path = "candidates[\(index)]"
        guard case .object(let entry) = element else {
          throw FieldError(
            path: path, kind: .wrongType,
            message: "expected an object, found \(element.typeDescription)")
        }
        let reader = FieldReader(object: entry, path: path)
        guard case .number(let number)? = entry["suitability"],
          let suitability = Suitability(rawValue: Int(exactly: number) ?? -1)
        else {
          throw FieldError(
            path: reader.child("suitability"), kind: .invalidValue, message: "expected 0, 1 or 2")
        }
        let lost: LossReason? = try reader.optionalString("lost").map { text throws(FieldError) in
          guard let reason = LossReason(rawValue: text) else {
            throw FieldError(
              path: reader.child("lost"), kind: .unknownValue, message: "unknown value \"\(text)\"")
          }
          return reason
        }
        candidates.append(
          CandidateEvaluation(
            sessionIdentifier: try reader.string("scene"), suitability: suitability,
            prefers: try predicateOutcome(entry["prefers"], reader.child("prefers")),
            canActivate: try predicateOutcome(entry["canActivate"], reader.child("canActivate")),
            isVisible: try reader.optionalBool("visible") ?? false, lost: lost))
      }
    case let other?:
      throw FieldError(
        path: "candidates", kind: .wrongType,
        message: "expected an array, found \(other.typeDescription)")
    }
    var warnings: [RoutingWarning] = []
    switch object["warnings"] {
    case nil, .null?: break
    case .array(let elements)?:
      for (index, element) in elements.enumerated() {
        guard case .object(let entry) = element else {
          throw FieldError(
            path: "warnings[\(index)]", kind: .wrongType, message: "expected {\"id\", \"message\"}")
        }
        let reader = FieldReader(object: entry, path: "warnings[\(index)]")
        warnings.append(
          RoutingWarning(
            id: DiagnosticID(rawValue: try reader.string("id")),
            message: try reader.string("message")))
      }
    case let other?:
      throw FieldError(
        path: "warnings", kind: .wrongType,
        message: "expected an array, found \(other.typeDescription)")
    }
    var tied: [String] = []
    switch object["tied"] {
    case nil, .null?: break
    case .array(let elements)?:
      for (index, element) in elements.enumerated() {
        guard case .string(let session) = element else {
          throw FieldError(
            path: "tied[\(index)]", kind: .wrongType,
            message: "expected a scene, found \(element.typeDescription)")
        }
        tied.append(session)
      }
    case let other?:
      throw FieldError(
        path: "tied", kind: .wrongType, message: "expected an array, found \(other.typeDescription)"
      )
    }
    var omitted = 0
    switch object["omittedCandidates"] {
    case nil, .null?: break
    case .number(let count)? where count >= 0 && count == count.rounded(): omitted = Int(count)
    case let other?:
      throw FieldError(
        path: "omittedCandidates", kind: .wrongType,
        message: "expected a count, found \(other.typeDescription)")
    }
    let evaluated: EvaluatedString? = try root.optionalString("evaluated").map {
      text throws(FieldError) in
      guard let value = EvaluatedString(rawValue: text) else {
        throw FieldError(
          path: "evaluated", kind: .unknownValue, message: "unknown value \"\(text)\"")
      }
      return value
    }
    self.init(
      outcome: outcome, reason: try enumValue("reason", in: root),
      role: SceneSessionRole(
        rawValue: try root.optionalString("role") ?? SceneSessionRole.windowApplication.rawValue),
      targetContentIdentifier: try root.optionalString("targetContentIdentifier"),
      evaluated: evaluated, url: try root.optionalString("url"),
      windowGroup: try root.optionalObject("windowGroup").map { reader throws(FieldError) in
        try WindowGroupChoice(json: reader)
      },
      candidates: candidates, omittedCandidates: omitted, warnings: warnings,
      tiedSessions: tied)
  }
}
