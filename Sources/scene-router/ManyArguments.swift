import ArgumentParser
import CommandLineOutput
import PortableIO
import SceneJSON

/// Positional arguments taken off the command line before swift-argument-parser sees it, when
/// there are many.
///
/// swift-argument-parser appends each value of an array argument by copying the array and
/// merging the set of every earlier value's origin, so parsing n positional arguments takes
/// O(n²) time: 24,000 predicates given to `check` took 23 seconds. Commands whose positional
/// arguments are plain strings (`check`'s predicates, `evaluate`'s predicate and identifiers)
/// therefore receive them here when there are more than ``threshold``; the parser sees only the
/// options. Which options take a value comes from the parser's own description of the command
/// (its tool-info JSON, the one `--experimental-dump-help` prints), so the split follows the
/// declarations. That description is read through `_dumpHelp()`, the parser's one entry to it
/// (underscored, so it may change): should its shape change, no option would take a value, and
/// `ManyArgumentsTests.manyPredicates` (`--profile extended` before 200 predicates) fails.
enum ManyArguments {
  /// Below this many, the parser takes the positional arguments as usual.
  static let threshold = 64

  /// The positional arguments taken off, in order, for the command run inside
  /// `$positional.withValue(_:operation:)`; nil when none were.
  @TaskLocal static var positional: [String]?

  /// The commands this applies to.
  private static let commands: [String: ParsableCommand.Type] = [
    "check": CheckCommand.self, "evaluate": EvaluateCommand.self,
  ]

  /// `arguments` (without the program name), with the positional arguments of `check` or
  /// `evaluate` taken off when there are more than ``threshold``: the arguments for the parser,
  /// and those taken off (nil when none were), for ``positional``.
  static func split(_ arguments: [String]) -> (arguments: [String], positional: [String]?) {
    // Too few arguments to hold more than `threshold` values: the command's description, which
    // takes a third of a short run's start, is not needed.
    guard let name = arguments.first, let command = commands[name],
      arguments.count - 1 > threshold
    else { return (arguments, nil) }
    let (options, values) = RawArguments.separate(
      arguments.dropFirst(), optionsTakingValues: optionsTakingValues(command))
    guard values.count > threshold else { return (arguments, nil) }
    return ([name] + options, values)
  }

  /// The option names of `command` that take a value (`--profile`, `--file`), from the
  /// arguments the parser describes as options (flags take none).
  static func optionsTakingValues(_ command: ParsableCommand.Type) -> Set<String> {
    guard case .object(let root)? = try? JSONValue.parse(Array(command._dumpHelp().utf8)),
      case .array(let arguments)? = root["command"]?.objectValue?["arguments"]
    else { return [] }
    var names: Set<String> = []
    for case .object(let argument) in arguments where argument["kind"] == .string("option") {
      guard case .array(let spellings)? = argument["names"] else { continue }
      for case .object(let spelling) in spellings {
        guard let name = spelling["name"]?.stringValue else { continue }
        names.insert((spelling["kind"] == .string("long") ? "--" : "-") + name)
      }
    }
    return names
  }
}
