import SwiftSyntax

/// An Apple operating system, as `#if os(…)` names it and the app model routes it.
package enum Platform: String, CaseIterable, Sendable, Hashable, Comparable {
  case iOS, macOS, tvOS, watchOS, visionOS

  /// The platform `os(name)` tests: `xrOS` is visionOS; nil for a system the tool does not route
  /// (`Linux`, `Windows`), which is no Apple platform.
  package init?(osName name: String) {
    if name == "xrOS" {
      self = .visionOS
    } else if let platform = Platform(rawValue: name) {
      self = platform
    } else {
      return nil
    }
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The platforms a declaration is compiled for, from the `#if` clauses around it, evaluated as
/// the compiler does.
///
/// `!`, `&&`, `||` and parentheses combine conditions; a clause is taken when its condition
/// holds and no earlier clause's did, so `#elseif` and `#else` negate what came before. `os()`
/// decides per platform. `targetEnvironment(simulator)`, `targetEnvironment(macCatalyst)`,
/// `canImport()`, `arch()`, `swift()`, `compiler()` and custom flags (`DEBUG`) are not fixed by
/// the source: a clause that depends on one counts on both sides (**decision**, following the
/// issue: nothing is dropped for a build setting the tool cannot see), and ``undecided`` names it.
package struct CompiledPlatforms: Sendable, Hashable {
  /// The platforms it may be compiled for.
  package var platforms: Set<Platform>
  /// The clauses it lies in, as written, outermost first (`os(macOS)`, `#else of os(iOS)`).
  package var clauses: [String] = []
  /// The conditions no platform decides, as written, outermost first.
  package var undecided: [String] = []
  /// The platforms every build for which compiles it: those of ``platforms`` where no clause
  /// depends on a build setting (``undecided`` names them, for every platform at once).
  package var surely: Set<Platform>

  package init(
    platforms: Set<Platform>, clauses: [String] = [], undecided: [String] = [],
    surely: Set<Platform>? = nil
  ) {
    self.platforms = platforms
    self.clauses = clauses
    self.undecided = undecided
    self.surely = surely ?? platforms
  }

  /// Code under no `#if`.
  package static let everywhere = CompiledPlatforms(platforms: Set(Platform.allCases))

  /// Whether no clause leaves a platform out.
  package var isEverywhere: Bool { platforms.count == Platform.allCases.count }

  /// Whether it may be compiled for `platform`.
  package func contains(_ platform: Platform) -> Bool { platforms.contains(platform) }

  /// Where both are compiled: a declaration inside a type that is itself under `#if`.
  package func intersection(_ other: CompiledPlatforms) -> CompiledPlatforms {
    CompiledPlatforms(
      platforms: platforms.intersection(other.platforms),
      clauses: clauses + other.clauses.filter { !clauses.contains($0) },
      undecided: undecided + other.undecided.filter { !undecided.contains($0) },
      surely: surely.intersection(other.surely))
  }

  /// `clauses` for a message: `#if DEBUG, #else of targetEnvironment(macCatalyst)`.
  package static func written(_ clauses: [String]) -> String {
    clauses.map { $0.hasPrefix("#") ? $0 : "#if " + $0 }.joined(separator: ", ")
  }

  /// The platforms' names in order, for messages and JSON; empty when it is everywhere.
  package var names: [String] {
    isEverywhere ? [] : platforms.sorted().map(\.rawValue)
  }

  /// The platforms `node` is compiled for: every `#if` clause around it, in its file.
  package static func of(_ node: some SyntaxProtocol) -> CompiledPlatforms {
    var result = everywhere
    for clause in clauses(around: node, withinType: false) {
      result = result.intersection(of(clause))
    }
    return result
  }

  /// The platforms `node` is compiled for within its type: the `#if` clauses between it and the
  /// innermost type, extension or protocol around it. A file wrapped whole in
  /// `#if canImport(UIKit)` builds the type or not; within the type, an assignment under
  /// `#if DEBUG` is one the same app may be built with or without.
  package static func withinType(_ node: some SyntaxProtocol) -> CompiledPlatforms {
    var result = everywhere
    for clause in clauses(around: node, withinType: true) {
      result = result.intersection(of(clause))
    }
    return result
  }

  /// The `#if` clauses around `node`, outermost first; within its type, or in its whole file.
  static func clauses(around node: some SyntaxProtocol, withinType: Bool)
    -> [IfConfigClauseSyntax]
  {
    var clauses: [IfConfigClauseSyntax] = []
    var current = node.parent
    while let parent = current {
      if withinType && parent.isProtocol(DeclGroupSyntax.self) { break }
      if let clause = parent.as(IfConfigClauseSyntax.self) { clauses.insert(clause, at: 0) }
      current = parent.parent
    }
    return clauses
  }

  /// Where one clause is taken: its condition, and no earlier clause's.
  private static func of(_ clause: IfConfigClauseSyntax) -> CompiledPlatforms {
    guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return everywhere }
    var undecided: [String] = []
    var platforms: Set<Platform> = []
    var surely: Set<Platform> = []
    let earlier = list.prefix { $0 != clause }.compactMap(\.condition)
    for platform in Platform.allCases {
      var taken: Bool? = true
      for condition in earlier {
        taken = and(taken, not(evaluate(condition, on: platform, undecided: &undecided)))
      }
      if let condition = clause.condition {
        taken = and(taken, evaluate(condition, on: platform, undecided: &undecided))
      }
      // Undecided: both branches are read.
      if taken != false { platforms.insert(platform) }
      if taken == true { surely.insert(platform) }
    }
    var seen: Set<String> = []
    let written =
      clause.condition.map { $0.sourceText }
      ?? "#else of " + earlier.map(\.sourceText).joined(separator: ", ")
    let prefix = clause.poundKeyword.tokenKind == .poundElseif ? "#elseif " : ""
    return CompiledPlatforms(
      platforms: platforms, clauses: [prefix + written],
      undecided: undecided.filter { seen.insert($0).inserted }, surely: surely)
  }

  private static func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

  private static func and(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == false || rhs == false { return false }
    return lhs == true && rhs == true ? true : nil
  }

  private static func or(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == true || rhs == true { return true }
    return lhs == false && rhs == false ? false : nil
  }

  /// The most nested a condition is read; deeper, it is undecided.
  private static let maximumDepth = 64

  /// A condition's value on `platform`; nil where the source does not fix it (its text added to
  /// `undecided`).
  package static func evaluate(
    _ condition: ExprSyntax, on platform: Platform, undecided: inout [String], depth: Int = 0
  ) -> Bool? {
    func unknown() -> Bool? {
      undecided.append(condition.sourceText)
      return nil
    }
    guard depth < maximumDepth else { return unknown() }
    if let literal = condition.as(BooleanLiteralExprSyntax.self) {
      return literal.literal.tokenKind == .keyword(.true)
    }
    if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return not(evaluate(prefix.expression, on: platform, undecided: &undecided, depth: depth + 1))
    }
    if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return evaluate(only.expression, on: platform, undecided: &undecided, depth: depth + 1)
    }
    if let sequence = condition.as(SequenceExprSyntax.self) {
      // `&&` binds tighter than `||`; the parser leaves the sequence unfolded.
      let elements = Array(sequence.elements)
      var disjunction: Bool? = false
      var conjunction: Bool? = true
      var index = 0
      while index < elements.count {
        conjunction = and(
          conjunction,
          evaluate(elements[index], on: platform, undecided: &undecided, depth: depth + 1))
        let next = index + 1 < elements.count ? elements[index + 1] : nil
        let op = next?.as(BinaryOperatorExprSyntax.self)?.operator.text
        if next != nil && op != "&&" && op != "||" { return unknown() }
        if op != "&&" {
          disjunction = or(disjunction, conjunction)
          conjunction = true
        }
        index += 2
      }
      return disjunction
    }
    if let call = condition.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      call.arguments.count == 1, let argument = call.arguments.first?.expression
    {
      let value = argument.sourceText
      switch name {
      case "os":
        return Platform(osName: value) == platform
      case "targetEnvironment":
        // The simulator and Mac Catalyst builds are build settings; elsewhere false.
        if value == "macCatalyst" && platform != .iOS { return false }
        return unknown()
      default:
        return unknown()
      }
    }
    return unknown()
  }
}

/// One clause of an `#if … #else … #endif` that is the only `#if` around a statement within its
/// type: whichever the build settings, exactly one of the clauses is compiled.
///
/// Two assignments of one condition in two clauses of the same `#if` are alternatives, never
/// one after the other; and when every clause assigns it, what was assigned before the `#if`
/// is never the one in force.
package struct BuildBranch: Sendable, Hashable {
  /// Where the `#if` starts in its file (a byte offset): the identity of the clauses' group.
  package var group: Int
  /// Which clause, counted from 0.
  package var clause: Int
  /// How many clauses the `#if` has, its `#else` included.
  package var clauses: Int

  /// The branch `node` is in, when one `#if` with an `#else` is around it within its type.
  package static func of(_ node: some SyntaxProtocol) -> BuildBranch? {
    let around = CompiledPlatforms.clauses(around: node, withinType: true)
    guard around.count == 1, let clause = around.first,
      let list = clause.parent?.as(IfConfigClauseListSyntax.self),
      list.last?.poundKeyword.tokenKind == .poundElse,
      let index = list.firstIndex(where: { $0.id == clause.id })
    else { return nil }
    return BuildBranch(
      group: list.positionAfterSkippingLeadingTrivia.utf8Offset,
      clause: list.distance(from: list.startIndex, to: index), clauses: list.count)
  }
}
