/// The Objective-C preprocessor's conditional blocks: which builds compile a statement, from the
/// `#if`, `#ifdef`, `#ifndef`, `#elif` and `#else` clauses around it, as ``CompiledPlatforms``
/// reads Swift's `#if`.
///
/// `TARGET_OS_…` macros have the values `TargetConditionals.h` gives each platform's SDK
/// (`TARGET_OS_IPHONE` is 1 on iOS, tvOS, watchOS and visionOS; `TARGET_OS_MAC` on all five);
/// `TARGET_OS_MACCATALYST` and `TARGET_OS_SIMULATOR` are build settings of an iOS build, as
/// Swift's `targetEnvironment(…)` is. Any other macro (`DEBUG`, an SDK version) is a build
/// setting the tool cannot see: a clause that depends on one may be compiled or not
/// (**decision**, the same as for Swift).
extension ObjCExtractor {
  /// The conditional clauses of one file, in the order they open.
  package struct Conditionals: Sendable {
    /// One clause: the bytes it covers and the builds that compile them.
    struct Clause: Sendable {
      /// The bytes from the end of its directive to the start of the next one of its group.
      var bytes: Range<Int>
      /// Where it is taken; ``CompiledPlatforms/everywhere`` for a clause every build takes.
      var taken: CompiledPlatforms
      /// Whether every build takes it (`#else` after `#if 0`): it decides nothing.
      var always: Bool
      /// Where its group's first directive starts: the group's identity.
      var group: Int
      /// Its place in its group, counted from 0.
      var index: Int
      /// How many clauses its group has, and whether the last is an `#else`: filled in when the
      /// group closes.
      var count = 0
      var exhaustive = false
    }

    var clauses: [Clause] = []

    /// Whether the file has no conditional directive.
    package var isEmpty: Bool { clauses.isEmpty }

    /// The clauses of the conditional directives among `directives` (byte ranges, each from its
    /// `#` to its line's end) in `bytes`.
    package init(bytes: [UInt8], directives: [Range<Int>]) {
      struct Open {
        var group: Int
        var clauses: [Int] = []
        var written: [String] = []
        /// The conditions of its clauses so far, as an `#else` of them names them.
        var conditions: [String] = []
        /// Per platform, whether an earlier clause of the group was taken.
        var earlier: [Bool?] = Array(repeating: false, count: Platform.allCases.count)
        var undecided: [String] = []
      }
      var stack: [Open] = []
      // Groups opened past the most nested read, whose directives are passed over.
      var ignored = 0
      // Ends the group's last clause at `end` and tells each clause its group's size.
      func close(_ open: Open, at end: Int, into clauses: inout [Clause], exhaustive: Bool) {
        for index in open.clauses {
          let start = clauses[index].bytes.lowerBound
          if clauses[index].bytes.upperBound == Int.max {
            clauses[index].bytes = start..<max(end, start)
          }
          clauses[index].count = open.clauses.count
          clauses[index].exhaustive = exhaustive
        }
      }
      for directive in directives {
        guard let (keyword, condition) = Self.parse(bytes[directive]) else { continue }
        switch keyword {
        case "if", "ifdef", "ifndef":
          // Too deep to be code a compiler was given: read as the group around it is.
          guard stack.count < Self.maximumDepth, ignored == 0 else {
            ignored += 1
            continue
          }
          stack.append(Open(group: directive.lowerBound))
        case "elif", "elifdef", "elifndef", "else":
          guard ignored == 0, !stack.isEmpty, let last = stack[stack.count - 1].clauses.last,
            clauses[last].bytes.upperBound == Int.max
          else { continue }
          clauses[last].bytes = clauses[last].bytes.lowerBound..<directive.lowerBound
        case "endif":
          if ignored > 0 {
            ignored -= 1
            continue
          }
          guard let open = stack.popLast() else { continue }
          let exhaustive = open.written.last?.hasPrefix("#else") == true
          close(open, at: directive.lowerBound, into: &clauses, exhaustive: exhaustive)
          continue
        default:
          continue
        }
        var open = stack[stack.count - 1]
        let expression: String? =
          switch keyword {
          case "ifdef", "elifdef": "defined(\(condition))"
          case "ifndef", "elifndef": "!defined(\(condition))"
          case "else": nil
          default: condition
          }
        var undecided: [String] = []
        var platforms: Set<Platform> = []
        var surely: Set<Platform> = []
        for (position, platform) in Platform.allCases.enumerated() {
          let own = expression.map { Self.evaluate($0, on: platform, undecided: &undecided) }
          let taken = BuildCondition.and(BuildCondition.not(open.earlier[position]), own ?? true)
          if taken != false { platforms.insert(platform) }
          if taken == true { surely.insert(platform) }
          if let own { open.earlier[position] = BuildCondition.or(open.earlier[position], own) }
        }
        let written =
          switch keyword {
          case "if": condition
          case "else": "#else of " + open.conditions.joined(separator: ", ")
          default: "#\(keyword) \(condition)"
          }
        // Its own condition's build settings, and those of the clauses before it.
        for name in undecided where !open.undecided.contains(name) { open.undecided.append(name) }
        let always = surely.count == Platform.allCases.count
        open.clauses.append(clauses.count)
        open.written.append(written)
        if let expression { open.conditions.append(expression) }
        clauses.append(
          Clause(
            bytes: directive.upperBound..<Int.max,
            taken: always
              ? .everywhere
              : CompiledPlatforms(
                platforms: platforms, clauses: [written], undecided: open.undecided,
                surely: surely),
            always: always, group: open.group, index: open.clauses.count - 1))
        stack[stack.count - 1] = open
      }
      // Groups left open run to the end of the file.
      while let open = stack.popLast() {
        close(open, at: bytes.count, into: &clauses, exhaustive: false)
      }
    }

    /// The builds that compile the byte at `offset`, from the clauses around it that open after
    /// `boundary` (the `@implementation` it is in: a file wrapped whole in `#if TARGET_OS_IOS`
    /// builds the class or not), and the branch it is in when exactly one clause that decides
    /// is around it and its group ends in `#else`.
    package func around(_ offset: Int, after boundary: Int) -> (
      compiled: CompiledPlatforms, branch: ExclusiveBranch?
    ) {
      var compiled = CompiledPlatforms.everywhere
      var deciding: [Clause] = []
      for clause in clauses where clause.bytes.lowerBound > boundary {
        if clause.bytes.lowerBound > offset { break }
        guard clause.bytes.contains(offset) else { continue }
        if clause.always { continue }
        compiled = compiled.intersection(clause.taken)
        deciding.append(clause)
      }
      guard deciding.count == 1, let clause = deciding.first, clause.exhaustive else {
        return (compiled, nil)
      }
      return (
        compiled,
        ExclusiveBranch(group: clause.group, branch: clause.index, branches: clause.count)
      )
    }

    /// The most nested groups read, and the longest condition.
    private static let maximumDepth = 64
    private static let maximumConditionBytes = 4096

    /// A directive's keyword and its condition as written, comments and line joins removed;
    /// nil for a directive that is not conditional or too long to read.
    static func parse(_ directive: ArraySlice<UInt8>) -> (String, String)? {
      var index = directive.startIndex + 1
      while index < directive.endIndex,
        directive[index] == UInt8(ascii: " ") || directive[index] == UInt8(ascii: "\t")
      {
        index += 1
      }
      let wordStart = index
      while index < directive.endIndex,
        directive[index] >= UInt8(ascii: "a") && directive[index] <= UInt8(ascii: "z")
      {
        index += 1
      }
      let keyword = String(decoding: directive[wordStart..<index], as: UTF8.self)
      switch keyword {
      case "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif": break
      default: return nil
      }
      guard directive.endIndex - index <= maximumConditionBytes else {
        return (keyword, "…")
      }
      // The rest, without comments and backslash line joins.
      var text: [UInt8] = []
      let rest = Array(directive[index...])
      var position = 0
      while position < rest.count {
        if rest[position] == UInt8(ascii: "/"), let end = endOfComment(rest, at: position) {
          text.append(UInt8(ascii: " "))
          position = end
          continue
        }
        if rest[position] == UInt8(ascii: "\\") || isLineBreak(rest[position])
          || rest[position] == UInt8(ascii: "\t")
        {
          text.append(UInt8(ascii: " "))
        } else {
          text.append(rest[position])
        }
        position += 1
      }
      let condition = String(decoding: text, as: UTF8.self)
        .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      return (keyword, condition)
    }

    /// The values `TargetConditionals.h` gives its macros on each platform, in
    /// ``Platform/allCases`` order (iOS, macOS, tvOS, watchOS, visionOS); nil where a build
    /// setting decides (Mac Catalyst and the simulators are iOS builds).
    static let targetMacros: [String: [Int?]] = [
      "TARGET_OS_MAC": [1, 1, 1, 1, 1],
      "TARGET_OS_OSX": [0, 1, 0, 0, 0],
      "TARGET_OS_IPHONE": [1, 0, 1, 1, 1],
      "TARGET_OS_IOS": [1, 0, 0, 0, 0],
      "TARGET_OS_MACCATALYST": [nil, 0, 0, 0, 0],
      "TARGET_OS_UIKITFORMAC": [nil, 0, 0, 0, 0],
      "TARGET_OS_TV": [0, 0, 1, 0, 0],
      "TARGET_OS_WATCH": [0, 0, 0, 1, 0],
      "TARGET_OS_VISION": [0, 0, 0, 0, 1],
      "TARGET_OS_XR": [0, 0, 0, 0, 1],
      "TARGET_OS_SIMULATOR": [nil, 0, nil, nil, nil],
      "TARGET_IPHONE_SIMULATOR": [nil, 0, nil, nil, nil],
      "TARGET_OS_EMBEDDED": [nil, 0, nil, nil, nil],
      "TARGET_OS_DRIVERKIT": [0, 0, 0, 0, 0],
      "TARGET_OS_BRIDGE": [0, 0, 0, 0, 0],
      "TARGET_OS_LINUX": [0, 0, 0, 0, 0],
      "TARGET_OS_WINDOWS": [0, 0, 0, 0, 0],
      "TARGET_OS_WIN32": [0, 0, 0, 0, 0],
      "TARGET_OS_UNIX": [0, 0, 0, 0, 0],
      "__APPLE__": [1, 1, 1, 1, 1],
      "__OBJC__": [1, 1, 1, 1, 1],
    ]

    /// Whether `condition` holds on `platform`: nil where a build setting decides, its parts
    /// added to `undecided`.
    package static func evaluate(
      _ condition: String, on platform: Platform, undecided: inout [String]
    ) -> Bool? {
      var reader = ConditionReader(
        text: Array(condition.utf8), platform: Platform.allCases.firstIndex(of: platform)!)
      guard let value = reader.read(), reader.atEnd else {
        undecided.append(condition)
        return nil
      }
      undecided += reader.undecided
      return value.map { $0 != 0 }
    }
  }

  /// A preprocessor condition read on one platform: `!`, `&&`, `||`, comparisons, parentheses,
  /// `defined`, numbers and macros. An integer value, nil where a build setting decides it; the
  /// read fails (nil from ``read()``) on what it does not know how to read.
  struct ConditionReader {
    let text: [UInt8]
    let platform: Int
    var position = 0
    var depth = 0
    var undecided: [String] = []

    var atEnd: Bool {
      mutating get {
        skipSpaces()
        return position == text.count
      }
    }

    /// The whole condition: `Int??`, the outer nil a failure to read.
    mutating func read() -> Int?? { disjunction() }

    private mutating func skipSpaces() {
      while position < text.count, text[position] == UInt8(ascii: " ") { position += 1 }
    }

    private mutating func take(_ word: String) -> Bool {
      skipSpaces()
      let bytes = Array(word.utf8)
      guard position + bytes.count <= text.count,
        text[position..<(position + bytes.count)].elementsEqual(bytes)
      else { return false }
      // `<` is not the start of `<=`, nor `!` of `!=`.
      if bytes.count == 1, position + 1 < text.count, text[position + 1] == UInt8(ascii: "="),
        word == "<" || word == ">" || word == "!"
      {
        return false
      }
      position += bytes.count
      return true
    }

    private mutating func disjunction() -> Int?? {
      logical("||", BuildCondition.or) { $0.conjunction() }
    }

    private mutating func conjunction() -> Int?? {
      logical("&&", BuildCondition.and) { $0.comparison() }
    }

    /// Operands read by `operand`, joined by `op` (`&&` or `||`) left to right with `combine`.
    private mutating func logical(
      _ op: String, _ combine: (Bool?, Bool?) -> Bool?, operand: (inout Self) -> Int??
    ) -> Int?? {
      guard var value = operand(&self) else { return nil }
      while take(op) {
        guard let rhs = operand(&self) else { return nil }
        value = combine(value.map { $0 != 0 }, rhs.map { $0 != 0 }).map { $0 ? 1 : 0 }
      }
      return value
    }

    private mutating func comparison() -> Int?? {
      guard let lhs = unary() else { return nil }
      for op in ["==", "!=", "<=", ">=", "<", ">"] where take(op) {
        guard let rhs = unary() else { return nil }
        guard let lhs, let rhs else { return .some(nil) }
        let holds =
          switch op {
          case "==": lhs == rhs
          case "!=": lhs != rhs
          case "<=": lhs <= rhs
          case ">=": lhs >= rhs
          case "<": lhs < rhs
          default: lhs > rhs
          }
        return holds ? 1 : 0
      }
      return lhs
    }

    private mutating func unary() -> Int?? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64 else { return nil }
      if take("!") {
        guard let value = unary() else { return nil }
        return .some(value.map { $0 == 0 ? 1 : 0 })
      }
      if take("(") {
        guard let value = disjunction(), take(")") else { return nil }
        return value
      }
      skipSpaces()
      guard let word = identifierOrNumber() else { return nil }
      if let first = word.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
        // `1`, `0x10`, `130000L`: the digits with their suffix letters dropped.
        let digits = word.prefix { $0.isHexDigit || $0 == "x" || $0 == "X" }
        let value =
          digits.hasPrefix("0x") || digits.hasPrefix("0X")
          ? Int(digits.dropFirst(2), radix: 16) : Int(digits.prefix { $0.isNumber })
        return value.map { .some($0) }
      }
      if word == "defined" {
        let parenthesized = take("(")
        skipSpaces()
        guard let name = identifierOrNumber(), !parenthesized || take(")") else { return nil }
        if ObjCExtractor.Conditionals.targetMacros[name] != nil { return 1 }
        undecided.append("defined(\(name))")
        return .some(nil)
      }
      // A function-like macro's call (`__has_include(<…>)`, `__IPHONE_OS_VERSION_MIN_REQUIRED`
      // compared): a build setting.
      if take("(") {
        var nesting = 1
        let start = position
        while position < text.count, nesting > 0 {
          if text[position] == UInt8(ascii: "(") { nesting += 1 }
          if text[position] == UInt8(ascii: ")") { nesting -= 1 }
          position += 1
        }
        guard nesting == 0 else { return nil }
        undecided.append(
          word + "(" + String(decoding: text[start..<(position - 1)], as: UTF8.self)
            + ")")
        return .some(nil)
      }
      if let values = ObjCExtractor.Conditionals.targetMacros[word] {
        guard let value = values[platform] else {
          undecided.append(word)
          return .some(nil)
        }
        return value
      }
      undecided.append(word)
      return .some(nil)
    }

    private mutating func identifierOrNumber() -> String? {
      let start = position
      while position < text.count {
        let byte = text[position]
        guard
          (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        else { break }
        position += 1
      }
      guard position > start else { return nil }
      return String(decoding: text[start..<position], as: UTF8.self)
    }
  }
}
