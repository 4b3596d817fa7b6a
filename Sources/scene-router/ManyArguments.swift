import ArgumentParser

/// Positional arguments taken off the command line before swift-argument-parser sees it, when
/// there are many.
///
/// swift-argument-parser appends each value of an array argument by copying the array and
/// merging the set of every earlier value's origin, so parsing n positional arguments takes
/// O(n²) time: 24,000 predicates given to `check` took 23 seconds. Commands whose positional
/// arguments are plain strings (`check`'s predicates, `evaluate`'s predicate and identifiers)
/// therefore receive them here when there are more than ``threshold``; the parser sees only the
/// options. Which options take a value is read from the command's own usage line, so the split
/// follows the declarations.
enum ManyArguments {
  /// Below this many, the parser takes the positional arguments as usual.
  static let threshold = 64

  /// The positional arguments taken off, in order; nil when none were.
  nonisolated(unsafe) private(set) static var positional: [String]?

  /// The commands this applies to.
  private static let commands: [String: ParsableCommand.Type] = [
    "check": CheckCommand.self, "evaluate": EvaluateCommand.self,
  ]

  /// `arguments` (without the program name), with the positional arguments of `check` or
  /// `evaluate` taken off into ``positional`` when there are more than ``threshold``.
  static func split(_ arguments: [String]) -> [String] {
    guard let name = arguments.first, let command = commands[name] else { return arguments }
    // Too few arguments to hold more than `threshold` values: the usage line, which takes a
    // third of a short run's start, is not needed.
    guard arguments.count - 1 > threshold else { return arguments }
    let takesValue = optionsTakingValues(command)
    var options = [name]
    var values: [String] = []
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        values += arguments[(index + 1)...]
        break
      }
      if argument.hasPrefix("-") && argument != "-" {
        options.append(argument)
        if takesValue.contains(argument), index + 1 < arguments.count {
          options.append(arguments[index + 1])
          index += 1
        }
      } else {
        values.append(argument)
      }
      index += 1
    }
    guard values.count > threshold else { return arguments }
    positional = values
    return options
  }

  /// The long options of `command` that take a value, from its usage line
  /// (`[--profile <profile>] [--json] [--file <file>]` gives `--profile` and `--file`).
  static func optionsTakingValues(_ command: ParsableCommand.Type) -> Set<String> {
    let words = SceneRouterCommand.usageString(for: command).split(whereSeparator: \.isWhitespace)
    var names: Set<String> = []
    for (word, next) in zip(words, words.dropFirst()) where next.hasPrefix("<") {
      let name = word.drop { $0 == "[" }
      if name.hasPrefix("-") { names.insert(String(name)) }
    }
    return names
  }
}
