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

  /// The platforms `node` is compiled for: every `#if` clause around it in its file, or
  /// `withinType`, the clauses between it and the innermost type, extension or protocol around
  /// it. A file wrapped whole in `#if canImport(UIKit)` builds the type or not; within the type,
  /// an assignment under `#if DEBUG` is one the same app may be built with or without.
  package static func of(_ node: some SyntaxProtocol, withinType: Bool = false)
    -> CompiledPlatforms
  {
    of(clauses: clauses(around: node, withinType: withinType))
  }

  /// Where all of `clauses` (nested, outermost first) are taken.
  static func of(clauses: [IfConfigClauseSyntax]) -> CompiledPlatforms {
    clauses.reduce(everywhere) { $0.intersection(taken($1)) }
  }

  /// The `#if` clauses around `node`, outermost first; within its type, or in its whole file.
  static func clauses(around node: some SyntaxProtocol, withinType: Bool)
    -> [IfConfigClauseSyntax]
  {
    var clauses: [IfConfigClauseSyntax] = []
    var current = node.parent
    while let parent = current {
      if withinType && isTypeDeclaration(parent.kind) { break }
      if let clause = parent.as(IfConfigClauseSyntax.self) { clauses.insert(clause, at: 0) }
      current = parent.parent
    }
    return clauses
  }

  /// Whether a node of `kind` declares a type or extends one (a `DeclGroupSyntax`): told by its
  /// kind, as a cast to the protocol costs thousands of instructions.
  static func isTypeDeclaration(_ kind: SyntaxKind) -> Bool {
    switch kind {
    case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl: true
    default: false
    }
  }

  /// Where one clause is taken: its condition, and no earlier clause's.
  private static func taken(_ clause: IfConfigClauseSyntax) -> CompiledPlatforms {
    guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return everywhere }
    var undecided: [String] = []
    var platforms: Set<Platform> = []
    var surely: Set<Platform> = []
    let earlier = list.prefix { $0 != clause }.compactMap(\.condition)
    for platform in Platform.allCases {
      var taken: Bool? = true
      for condition in earlier {
        taken = BuildCondition.and(
          taken, BuildCondition.not(evaluate(condition, on: platform, undecided: &undecided)))
      }
      if let condition = clause.condition {
        taken = BuildCondition.and(taken, evaluate(condition, on: platform, undecided: &undecided))
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
      return BuildCondition.not(
        evaluate(prefix.expression, on: platform, undecided: &undecided, depth: depth + 1))
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
        conjunction = BuildCondition.and(
          conjunction,
          evaluate(elements[index], on: platform, undecided: &undecided, depth: depth + 1))
        let next = index + 1 < elements.count ? elements[index + 1] : nil
        let op = next?.as(BinaryOperatorExprSyntax.self)?.operator.text
        if next != nil && op != "&&" && op != "||" { return unknown() }
        if op != "&&" {
          disjunction = BuildCondition.or(disjunction, conjunction)
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

/// The three-valued logic of build conditions, Swift's `#if` and the Objective-C preprocessor's
/// alike: `nil` is a value a build setting decides, so `false && nil` is `false`, `true || nil` is
/// `true`, and anything else with `nil` stays `nil`.
enum BuildCondition {
  static func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

  static func and(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == false || rhs == false { return false }
    return lhs == true && rhs == true ? true : nil
  }

  static func or(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
    if lhs == true || rhs == true { return true }
    return lhs == false && rhs == false ? false : nil
  }
}

/// One of several alternatives exactly one of which runs: a clause of an `#if … #else`, a branch
/// of an `if … else`, or a case of a `switch`, when it is the only condition around a statement
/// (within its type for `#if`, within its function for the others).
///
/// Two assignments of one condition in two branches of the same group are alternatives, never
/// one after the other; and when every branch assigns it, what was assigned before the group is
/// never the one in force.
package struct ExclusiveBranch: Sendable, Hashable {
  /// Where the group starts in its file (a byte offset): its identity.
  package var group: Int
  /// Which branch, counted from 0.
  package var branch: Int
  /// How many branches the group has, its `#else` or `else` included.
  package var branches: Int
}

/// What decides whether a statement runs, as far as the source shows: the `#if` clauses around
/// it within its type, and the `if`, `guard`, `switch`, `catch` and loops around it within its
/// function.
package struct StatementConditions: Sendable {
  /// The `#if` clauses within its type (``CompiledPlatforms/of(_:withinType:)``).
  package var compiled: CompiledPlatforms
  /// The run-time conditions, innermost first, as written (`if let id = …`, `case .mail`).
  package var runTime: [String]
  /// The branch it is in, when exactly one of the conditions is around it and its group is
  /// exhaustive.
  package var branch: ExclusiveBranch?

  /// Most levels read up from a statement.
  private static let maximumLevels = 256

  /// The conditions around `node`.
  package static func of(_ node: some SyntaxProtocol) -> StatementConditions {
    let clauses = CompiledPlatforms.clauses(around: node, withinType: true)
    let compiled = CompiledPlatforms.of(clauses: clauses)
    var runTime: [String] = []
    var branches: [ExclusiveBranch?] = []
    if let clause = clauses.last, let list = clause.parent?.as(IfConfigClauseListSyntax.self),
      let index = list.firstIndex(where: { $0.id == clause.id })
    {
      let exhaustive = list.last?.poundKeyword.tokenKind == .poundElse
      branches += clauses.map { _ in nil }.dropLast()
      branches.append(
        exhaustive
          ? ExclusiveBranch(
            group: list.positionAfterSkippingLeadingTrivia.utf8Offset,
            branch: list.distance(from: list.startIndex, to: index), branches: list.count)
          : nil)
    }
    var child = Syntax(node)
    var current = node.parent
    var levels = 0
    while let parent = current, levels < maximumLevels {
      levels += 1
      if parent.kind == .functionDecl || parent.kind == .initializerDecl
        || parent.kind == .accessorDecl || CompiledPlatforms.isTypeDeclaration(parent.kind)
      {
        break
      }
      if let branch = parent.as(IfExprSyntax.self), child.id != branch.conditions.id {
        // An `else if` is a branch of the chain its outermost `if` starts: read there.
        if !(child.id == branch.elseBody?.id && child.is(IfExprSyntax.self)) {
          var chain = [branch]
          while let outer = chain[0].parent?.as(IfExprSyntax.self),
            outer.elseBody?.id == Syntax(chain[0]).id
          {
            chain.insert(outer, at: 0)
          }
          // The chain's `if`s, and whether a last `else` ends it.
          var count = chain.count
          var last = branch
          while case .ifExpr(let next)? = last.elseBody {
            count += 1
            last = next
          }
          let ends = last.elseBody != nil
          let index = child.id == branch.body.id ? chain.count - 1 : chain.count
          runTime.append(
            (child.id == branch.body.id ? "if " : "else of if ")
              + SwiftValues.abbreviated(branch.conditions.sourceText))
          branches.append(
            ends
              ? ExclusiveBranch(
                group: chain[0].positionAfterSkippingLeadingTrivia.utf8Offset, branch: index,
                branches: count + 1)
              : nil)
        }
      } else if let item = parent.as(SwitchCaseSyntax.self),
        let list = item.parent?.as(SwitchCaseListSyntax.self),
        let index = list.firstIndex(where: { $0.id == item.id })
      {
        runTime.append(SwiftValues.abbreviated(item.label.trimmedDescription))
        // Swift's switches are exhaustive.
        branches.append(
          ExclusiveBranch(
            group: list.positionAfterSkippingLeadingTrivia.utf8Offset,
            branch: list.distance(from: list.startIndex, to: index), branches: list.count))
      } else if let guarded = parent.as(GuardStmtSyntax.self), child.id == guarded.body.id {
        runTime.append("else of guard " + SwiftValues.abbreviated(guarded.conditions.sourceText))
        branches.append(nil)
      } else if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self),
        parent.as(ForStmtSyntax.self)?.body.id == child.id
          || parent.as(WhileStmtSyntax.self)?.body.id == child.id
      {
        runTime.append("a loop's body")
        branches.append(nil)
      } else if let handler = parent.as(CatchClauseSyntax.self), child.id == handler.body.id {
        // A `do` block runs until something throws; its `catch` only when something does.
        runTime.append(
          "catch"
            + (handler.catchItems.isEmpty
              ? ""
              : " "
                + handler.catchItems
                .trimmedDescription))
        branches.append(nil)
      }
      child = parent
      current = parent.parent
    }
    return StatementConditions(
      compiled: compiled, runTime: runTime, branch: branches.count == 1 ? branches[0] : nil)
  }
}
