import Foundation
import SceneJSON
import SceneRouting

/// What `scene-router check --scenes` reports of a scenes file: each scene's canonical
/// conditions and each window group's set, or every problem of a file that does not read.
extension ScenesFile {
  /// The report as JSON: the file, its profile, each scene's canonical conditions, each window
  /// group with the predicate its `matching` set stands for, and the warnings.
  package func report(path: String) -> JSONValue {
    let scenes: [JSONValue] = sessions.map { session in
      let conditions = session.activationConditions
      var members: [(String, JSONValue)] = [
        ("id", .string(session.persistentIdentifier)),
        ("role", .string(session.role.rawValue)),
      ]
      if let handling = conditions.externalEventHandling {
        members.append(("handlesExternalEvents", handling.jsonValue))
      }
      for field in [ActivationConditionsError.Field.canActivate, .prefersToActivate] {
        members.append((field.rawValue, .string(conditions.predicate(field).predicateFormat)))
      }
      return .object(JSONObject(members))
    }
    var file: [(String, JSONValue)] = [
      ("file", .string(path)), ("valid", .bool(true)),
      ("profile", .string(profile.rawValue)), ("scenes", .array(scenes)),
    ]
    if !windowGroups.isEmpty {
      file.append(
        (
          "windowGroups",
          .array(
            windowGroups.map { group in
              var object = group.jsonValue.objectValue ?? JSONObject()
              object["matches"] = group.matchingPredicateFormat.map(JSONValue.string) ?? .null
              return .object(object)
            })
        ))
    }
    file.append(("warnings", .array(warnings.map(\.jsonValue))))
    return .object(JSONObject(file))
  }

  /// The report as text: a line per scene and window group, then a summary (`lines`), and a
  /// line per warning (`warnings`, for standard error). Control characters in a predicate are
  /// escaped, so each line stays one line.
  package func reportLines(path: String) -> (lines: [String], warnings: [String]) {
    func strings(_ strings: [String]) -> String {
      "[" + strings.map { JSONValue.string($0).jsonText }.joined(separator: ", ") + "]"
    }
    var lines: [String] = []
    for session in sessions {
      let conditions = session.activationConditions
      let declared = conditions.externalEventHandling.map {
        "handlesExternalEvents(preferring: \(strings($0.preferring)), allowing: "
          + "\(strings($0.allowing))) → "
      }
      lines.append(
        "\(path): scene '\(session.persistentIdentifier)': \(declared ?? "")canActivate "
          + conditions.canActivateForTargetContentIdentifierPredicate.predicateFormat
          .escapingControlCharacters
          + "; prefersToActivate "
          + conditions.prefersToActivateForTargetContentIdentifierPredicate.predicateFormat
          .escapingControlCharacters)
    }
    for (index, group) in windowGroups.enumerated() {
      let matching =
        group.matching.map {
          "handlesExternalEvents(matching: \(strings($0))) → "
            + (group.matchingPredicateFormat ?? "").escapingControlCharacters
        } ?? "no handlesExternalEvents(matching:): opened when no group matches"
      lines.append(
        "\(path): window group \(index) '\(group.configuration)' (\(group.role.rawValue)): "
          + matching)
    }
    lines.append(
      "\(path): \(sessions.count) scene\(sessions.count == 1 ? "" : "s"), "
        + "profile \(profile.rawValue), \(warnings.count) "
        + "warning\(warnings.count == 1 ? "" : "s")")
    return (lines, warningLines(path: path))
  }

  /// A line per warning, `path: warning: …`, as every command that reads a scenes file prints
  /// them on standard error.
  package func warningLines(path: String) -> [String] {
    warnings.map { "\(path): warning: \($0)" }
  }
}

extension ScenesFileError {
  /// The report of a file that does not read, as JSON: the file, `valid: false`, every problem.
  package func report(path: String) -> JSONValue {
    .object(
      JSONObject([
        ("file", .string(path)), ("valid", .bool(false)),
        ("problems", .array(problems.map { .string($0.description) })),
      ]))
  }

  /// The report as text: a line per problem, then their count.
  package func reportLines(path: String) -> [String] {
    problemLines(path: path)
      + ["\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")"]
  }

  /// A line per problem, `path: error: …`, as every command that reads a scenes file prints
  /// them on standard error.
  package func problemLines(path: String) -> [String] {
    problems.map { "\(path): error: \($0)" }
  }
}

/// `check --scenes`: a scenes file read alone, and what it reports.
package struct ScenesFileCheck {
  /// The file's name in the report.
  package var path: String
  /// The file, or why it does not read.
  package var result: Result<ScenesFile, ScenesFileError>

  /// Reads `bytes` as the scenes file `path`.
  package init(bytes: [UInt8], path: String) {
    self.path = path
    do {
      result = .success(try ScenesFile(bytes: bytes))
    } catch {
      result = .failure(error)
    }
  }

  /// Whether the file reads.
  package var isValid: Bool {
    if case .success = result { return true }
    return false
  }

  /// The report as one JSON document.
  package var jsonValue: JSONValue {
    switch result {
    case .success(let file): file.report(path: path)
    case .failure(let error): error.report(path: path)
    }
  }

  /// The report as text: its lines for standard output, and the warnings or problems for
  /// standard error.
  package var lines: (output: [String], errors: [String]) {
    switch result {
    case .success(let file):
      let (lines, warnings) = file.reportLines(path: path)
      return (lines, warnings)
    case .failure(let error): return ([], error.reportLines(path: path))
    }
  }
}
