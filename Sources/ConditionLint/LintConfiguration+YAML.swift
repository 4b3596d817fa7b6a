import AppModel
import Foundation
import PortableIO
import PredicateEvaluation
import SourceReading
import Yams

extension LintConfiguration {
  /// The keys a configuration file may hold, in the order the documentation lists them.
  package static let keys = ["included", "excluded", "profile", "strict", "rules", "baseline"]

  /// Configuration files larger than this are refused: a real one is a few hundred bytes.
  package static let maximumFileSize = 1 << 20

  /// Reads the configuration file at `path`.
  ///
  /// - Throws: ``LintConfigurationError`` naming the file, line, column and key: for a file
  ///   that cannot be read, YAML that does not parse, an unknown key, or a bad value.
  package static func load(file path: String) throws(LintConfigurationError) -> LintConfiguration {
    guard let data = try? Files.contents(of: path) else {
      throw LintConfigurationError(
        file: path, line: 1, column: 1, message: "the configuration file cannot be read")
    }
    guard data.count <= maximumFileSize else {
      throw LintConfigurationError(
        file: path, line: 1, column: 1,
        message: "the configuration file is \(data.count) bytes, over the \(maximumFileSize)-byte "
          + "limit")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw LintConfigurationError(
        file: path, line: 1, column: 1, message: "the configuration file is not UTF-8")
    }
    return try parse(text, file: path)
  }

  /// Reads a configuration from `text`, as the file `file` (whose folder relative paths in it
  /// are resolved against).
  package static func parse(_ text: String, file: String) throws(LintConfigurationError)
    -> LintConfiguration
  {
    let folder = LintPaths.parent(LintPaths.absolute(file))
    func failure(_ mark: Mark?, _ message: String) -> LintConfigurationError {
      LintConfigurationError(
        file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
    }
    // Yams builds its tree recursively, and releases before 6 have no nesting limit of their
    // own: a hostile file is refused before it reaches the parser. A real configuration nests
    // two levels.
    if let (line, column) = excessiveNesting(text) {
      throw LintConfigurationError(
        file: file, line: line, column: column,
        message: "the file nests deeper than \(maximumNesting) levels")
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      switch error {
      case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
        .composer(_, let problem, let mark, _):
        throw failure(mark, "the file is not valid YAML: \(problem)")
      default:
        throw failure(nil, "the file is not valid YAML: " + firstLine(of: error))
      }
    } catch {
      throw failure(nil, "the file is not valid YAML: " + firstLine(of: error))
    }
    var configuration = LintConfiguration()
    configuration.file = file
    // An empty file (or one of comments only) is a configuration with every default.
    guard let root else { return configuration }
    guard let mapping = root.mapping else {
      throw failure(root.mark, "expected a mapping of options at the top level")
    }
    var seen: Set<String> = []
    for (keyNode, value) in mapping {
      guard let key = keyNode.scalar?.string else {
        throw failure(keyNode.mark, "expected a key name")
      }
      guard seen.insert(key).inserted else {
        throw failure(keyNode.mark, "'\(key)' is given twice")
      }
      func bad(_ expectation: String) -> LintConfigurationError {
        failure(value.mark, "'\(key)' \(expectation)")
      }
      switch key {
      case "included", "excluded":
        var paths: [String] = []
        let items: [Node] = value.sequence.map(Array.init) ?? [value]
        for item in items {
          guard let path = item.scalar?.string, !path.isEmpty, item.null == nil else {
            throw failure(item.mark, "'\(key)' expects paths: a string or a list of strings")
          }
          paths.append(resolve(path, in: folder))
        }
        if key == "included" {
          configuration.included = paths
        } else {
          configuration.excluded = paths
        }
      case "profile":
        guard let name = value.scalar?.string, let profile = ValidationProfile(rawValue: name)
        else {
          throw bad(
            "expects one of "
              + ValidationProfile.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
              + scalarFound(value))
        }
        configuration.profile = profile
      case "strict":
        guard value.scalar != nil, let flag = value.bool else {
          throw bad("expects true or false" + scalarFound(value))
        }
        configuration.strict = flag
      case "rules":
        guard let rules = value.mapping else {
          throw bad("expects a mapping from a diagnostic id to 'off', 'warning' or 'error'")
        }
        for (idNode, levelNode) in rules {
          guard let id = idNode.scalar?.string else {
            throw failure(idNode.mark, "'rules' expects diagnostic ids as keys")
          }
          guard ruleIDs.contains(id) else {
            let hint = closest(to: id, among: ruleIDs).map { "; did you mean '\($0)'?" } ?? ""
            throw failure(idNode.mark, "'rules': unknown diagnostic id '\(id)'\(hint)")
          }
          guard configuration.rules[id] == nil else {
            throw failure(idNode.mark, "'rules': '\(id)' is given twice")
          }
          guard let name = levelNode.scalar?.string, let level = RuleLevel(rawValue: name) else {
            throw failure(
              levelNode.mark,
              "'rules.\(id)' expects 'off', 'warning' or 'error'" + scalarFound(levelNode))
          }
          configuration.rules[id] = level
        }
      case "baseline":
        guard let path = value.scalar?.string, !path.isEmpty else {
          throw bad("expects the path of a baseline file")
        }
        configuration.baseline = resolve(path, in: folder)
      default:
        let hint = closest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
        throw failure(
          keyNode.mark,
          "unknown key '\(key)'\(hint) (the keys are "
            + keys.map { "'\($0)'" }.joined(separator: ", ") + ")")
      }
    }
    return configuration
  }

  /// The deepest nesting read: flow brackets, or indentation in columns divided by two.
  package static let maximumNesting = 64

  /// Where `text` first nests deeper than ``maximumNesting``: a flow collection (`[`, `{`
  /// outside quotes and comments) or an indentation of more than twice as many columns.
  private static func excessiveNesting(_ text: String) -> (line: Int, column: Int)? {
    var line = 1
    var column = 0
    var depth = 0
    var quote: Character?
    var inComment = false
    var atLineStart = true
    var indentation = 0
    for character in text {
      column += 1
      if character == "\n" {
        line += 1
        column = 0
        inComment = false
        atLineStart = true
        indentation = 0
        continue
      }
      if atLineStart {
        if character == " " {
          indentation += 1
          if indentation > 2 * maximumNesting { return (line, column) }
          continue
        }
        atLineStart = false
      }
      if inComment { continue }
      if let open = quote {
        if character == open { quote = nil }
        continue
      }
      switch character {
      case "\"", "'": quote = character
      case "#": inComment = true
      case "[", "{":
        depth += 1
        if depth > maximumNesting { return (line, column) }
      case "]", "}": depth = max(0, depth - 1)
      default: break
      }
    }
    return nil
  }

  /// The first line of an error's description: Yams appends the document as context.
  private static func firstLine(of error: any Error) -> String {
    let text = String(describing: error)
    return String(text.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
  }

  /// `path` from a configuration file, made absolute against the file's folder; a glob keeps
  /// its pattern characters.
  private static func resolve(_ path: String, in folder: String) -> String {
    LintPaths.normalized(path.hasPrefix("/") ? path : folder + "/" + path)
  }

  /// `, found 'x'` for a scalar, or `, found a list` / `a mapping`: what the value was instead.
  private static func scalarFound(_ node: Node) -> String {
    if let scalar = node.scalar { return ", found '\(scalar.string)'" }
    if node.sequence != nil { return ", found a list" }
    if node.mapping != nil { return ", found a mapping" }
    return ""
  }

  /// The candidate within edit distance 2 of `word`, if one is nearest.
  private static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(Array(word.utf8), Array($0.utf8))) }
      .filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
  }

  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard abs(a.count - b.count) <= 2, a.count < 128, b.count < 128 else { return 3 }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
