import ArgumentParser
import CommandLineOutput
import PortableIO

/// Positional arguments taken off the command line before swift-argument-parser sees it, when
/// there are many.
///
/// swift-argument-parser appends each value of an array argument by copying the array and
/// merging the set of every earlier value's origin, so parsing n positional arguments takes
/// O(n²) time: 24,000 predicates given to `check` took 23 seconds. Commands whose positional
/// arguments are plain strings (`check`'s predicates, `evaluate`'s predicate and identifiers)
/// therefore receive them here when there are more than ``threshold``; the parser sees only the
/// options. Which options take a value each command declares once (``ValueOptions``): its
/// `@Option` declarations take their names from the same constants. The parser offers no public
/// API that says which options take a value (its description of a command is `_dumpHelp()`,
/// underscored); `ManyArgumentsTests.everyValueOptionKeepsItsValue` reads that description as
/// a user can (`--experimental-dump-help`) and fails when an option the parser knows is missing
/// here.
enum ManyArguments {
  /// Below this many, the parser takes the positional arguments as usual.
  static let threshold = 64

  /// The positional arguments taken off, in order, for the command run inside
  /// `$positional.withValue(_:operation:)`; nil when none were.
  @TaskLocal static var positional: [String]?

  /// The commands this applies to, with their options that take a value.
  private static let commands: [String: Set<String>] = [
    "check": CheckCommand.optionsTakingValues, "evaluate": EvaluateCommand.optionsTakingValues,
  ]

  /// `arguments` (without the program name), with the positional arguments of `check` or
  /// `evaluate` taken off when there are more than ``threshold``: the arguments for the parser,
  /// and those taken off (nil when none were), for ``positional``.
  static func split(_ arguments: [String]) -> (arguments: [String], positional: [String]?) {
    // Too few arguments to hold more than `threshold` values: the command's description, which
    // takes a third of a short run's start, is not needed.
    guard let name = arguments.first, let optionsTakingValues = commands[name],
      arguments.count - 1 > threshold
    else { return (arguments, nil) }
    let (options, values) = RawArguments.separate(
      arguments.dropFirst(), optionsTakingValues: optionsTakingValues)
    guard values.count > threshold else { return (arguments, nil) }
    return ([name] + options, values)
  }
}

/// The long names of a command's options that take a value, each declared once: the `@Option`
/// declarations name themselves with them (`.customLong(...)`), and ``ManyArguments`` splits a
/// long command line by them.
protocol ValueOptions {
  /// Every option of the command that takes a value, spelled as typed (`--profile`).
  static var optionsTakingValues: Set<String> { get }
}
