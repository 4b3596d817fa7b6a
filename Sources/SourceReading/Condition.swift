import PredicateEvaluation
import SwiftSyntax

/// Which condition a finding is: one of UIKit's two predicates, or one of SwiftUI's string sets.
package enum ConditionKind: String, Sendable, Hashable, CaseIterable {
  case canActivate
  case prefersToActivate
  case swiftUIMatching = "swiftui.matching"
  case swiftUIPreferring = "swiftui.preferring"
  case swiftUIAllowing = "swiftui.allowing"

  /// The UIKit property a predicate is assigned to, by its name in source.
  package static func property(_ name: String) -> ConditionKind? {
    switch name {
    case "canActivateForTargetContentIdentifierPredicate",
      "setCanActivateForTargetContentIdentifierPredicate":
      .canActivate
    case "prefersToActivateForTargetContentIdentifierPredicate",
      "setPrefersToActivateForTargetContentIdentifierPredicate":
      .prefersToActivate
    default: nil
    }
  }
}

/// How a predicate is built in source, as far as the source says.
package indirect enum PredicateSource: Sendable, Hashable {
  /// `NSPredicate(format:…)` / `predicateWithFormat:` with a literal format.
  case format(LiteralText, arguments: [FormatArgument])
  /// `NSPredicate(value:)` / `predicateWithValue:`.
  case value(Bool)
  /// `NSCompoundPredicate` of the subpredicates.
  case compound(CompoundKind, [PredicateSource])
  /// A SwiftUI string set, literal strings in order.
  case strings([LiteralText])
  /// A format built by string interpolation: it breaks when a value holds a quote. Its literal parts and
  /// holes, and the rewrite to a `%@` argument when the holes sit inside quotes.
  case interpolated(Template, fix: SourceEdit?)
  /// A SwiftUI set with elements built by interpolation: each element a template.
  case templates([Template])
  /// `NSPredicate(block:)` / `predicateWithBlock:`: UIKit raises when one is assigned.
  case block
  /// `predicateWithValue:` given a boxed literal (`@NO`): the literal's word and file bytes. The
  /// parameter is a `BOOL`, so the object's address is converted, not its value.
  case boxedBoolean(String, bytes: Range<Int>)
  /// Something the source does not spell out (a runtime value), and why.
  case notCheckable(String)
}

extension PredicateSource {
  /// The resolution the source itself implies, whatever names were followed to reach it: a
  /// run-time value anywhere makes the whole run-time, an interpolation makes it a template.
  package var impliedResolution: ValueResolution {
    switch self {
    case .format(_, let arguments):
      arguments.contains {
        switch $0 {
        case .runtime, .runtimeArray: true
        default: false
        }
      }
        ? .runtime
        : arguments.contains { if case .template = $0 { true } else { false } }
          ? .template : .literal
    case .value, .strings, .block: .literal
    case .compound(_, let parts): parts.map(\.impliedResolution).max() ?? .literal
    case .interpolated, .templates: .template
    case .notCheckable, .boxedBoolean: .runtime
    }
  }
}

/// An `NSCompoundPredicate` type.
package enum CompoundKind: Sendable, Hashable {
  case and, or, not
}

/// A format argument: a literal string (inlined), or a value known only at run time.
package enum FormatArgument: Sendable, Hashable {
  case string(String)
  /// An array literal of string literals (for `IN %@`).
  case strings([String])
  /// A value known only at run time: the expression written (abbreviated), and why.
  case runtime(source: String, reason: String)
  /// A string built by interpolation (or `stringWithFormat:`): its literal parts and holes.
  case template(Template)
  /// A run-time array (`argumentArray:`) of any length: the rest of the specifiers take run-time
  /// values, and the arguments cannot be counted.
  case runtimeArray
}

extension PredicateSource {
  /// The source with every text made a value at `offset` (read from another file, its bytes
  /// are not this file's: findings are reported at `offset`, and nothing is fixed).
  package func relocated(to offset: Int) -> PredicateSource {
    switch self {
    case .format(let literal, let arguments):
      .format(literal.relocated(to: offset), arguments: arguments)
    case .compound(let kind, let parts): .compound(kind, parts.map { $0.relocated(to: offset) })
    case .strings(let literals): .strings(literals.map { $0.relocated(to: offset) })
    case .interpolated(let template, _): .interpolated(template, fix: nil)
    case .boxedBoolean(let word, _): .boxedBoolean(word, bytes: offset..<offset)
    case .value, .templates, .block, .notCheckable: self
    }
  }
}

/// An activation condition found in a source file.
package struct FoundCondition: Sendable, Hashable {
  /// Where the predicate expression (or the SwiftUI modifier call) starts, as a file byte offset.
  package var offset: Int
  /// Which condition.
  package var kind: ConditionKind
  /// How it is built.
  package var source: PredicateSource
  /// How its value was resolved, over all its parts.
  package var resolution: ValueResolution = .literal
  /// The declarations its inlined values came from, in source order.
  package var origins: [ValueOrigin] = []
  /// Set on the object a conditions builder returns (`static func compose() ->
  /// UISceneActivationConditions`), not on a scene: the scene it reaches is the one a call
  /// installs it on, where the call's own conditions are read.
  package var inBuilder = false
  /// Set on a fresh object that is never installed on a scene nor handed on (the local's
  /// name): the predicate has no effect.
  package var neverInstalled: String?
  /// The `#if` clauses around the assignment within its type
  /// (``CompiledPlatforms/of(_:withinType:)``): a build may compile it or not.
  package var compiled = CompiledPlatforms.everywhere
  /// The run-time conditions around the assignment within its function, innermost first
  /// (`if let id = …`): it may not run.
  package var runTime: [String] = []
  /// The branch it is set in, when one condition is around it and exactly one branch of its
  /// group runs (``ExclusiveBranch``).
  package var branch: ExclusiveBranch?
}

extension FoundCondition {
  /// The condition as set by the statement `node`, with what decides whether it runs (a
  /// builder's conditions installed under `#if` or an `if`, or set under one in the builder).
  package func placed(at node: some SyntaxProtocol) -> FoundCondition {
    var condition = self
    let around = StatementConditions.of(node)
    guard !around.compiled.clauses.isEmpty || !around.runTime.isEmpty else { return condition }
    let alone = compiled.clauses.isEmpty && runTime.isEmpty
    condition.branch = alone ? around.branch : nil
    condition.compiled = compiled.intersection(around.compiled)
    condition.runTime = around.runTime + runTime
    return condition
  }

  /// The condition a builder's body sets up, made one of the call at `offset` that installs it,
  /// with the declarations `origins` it was reached through first: its texts are not the call's
  /// bytes, so its findings are reported at the call and never fixed there.
  package func installed(at offset: Int, after origins: [ValueOrigin]) -> FoundCondition {
    var condition = self
    condition.offset = offset
    condition.source = source.relocated(to: offset)
    condition.origins = origins + self.origins
    return condition
  }
}

/// How the value of a condition was known, as its JSON says: from the source itself, or how far
/// the lint had to look, or not at all.
package enum ValueResolution: String, Sendable, Hashable, Comparable {
  /// Spelled out where it is used.
  case literal
  /// A local `let` (or a `var` never assigned again) in the same body.
  case local
  /// A `let` of the same file: a file-level constant, a `static let` or a stored `let` of a
  /// type, or an `enum` case's raw value. Inlined, with a note at the declaration.
  case sameFileConstant = "same-file constant"
  /// A constant declared in another file of the module (``ModuleIndex``): inlined, with a note at
  /// its declaration.
  case moduleConstant = "module constant"
  /// The predicate a fresh `UISceneActivationConditions` has until one is set.
  case `default`
  /// A string built by interpolation: literal parts and run-time holes.
  case template
  /// Known only at run time.
  case runtime = "run-time"

  /// How much less is known: a condition takes the weakest resolution of its parts.
  private var rank: Int {
    switch self {
    case .literal: 0
    case .local: 1
    case .sameFileConstant: 2
    case .moduleConstant: 3
    case .default: 4
    case .template: 5
    case .runtime: 6
    }
  }

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// Where an inlined value was declared.
package struct ValueOrigin: Sendable, Hashable {
  /// `local`, `same-file constant` or `module constant`.
  package var resolution: ValueResolution
  /// The name used (`prefix`, `Route.inbox`, `Self.id`).
  package var name: String
  /// The file byte offset of the declaration's name, in the file the value is used in; for a
  /// module constant, the offset of the use (its declaration is ``place``).
  package var offset: Int
  /// For a module constant, the file, line and column of its declaration.
  package var place: SourcePlace?

  package init(
    resolution: ValueResolution, name: String, offset: Int, place: SourcePlace? = nil
  ) {
    self.resolution = resolution
    self.name = name
    self.offset = offset
    self.place = place
  }

  /// This declaration, placed in another file, as a value read there and used at `offset` in
  /// this one reaches it: it keeps its place, and its offset is the use's.
  package func used(at offset: Int) -> ValueOrigin {
    ValueOrigin(resolution: resolution, name: name, offset: offset, place: place)
  }
}

/// A 1-based line and column in a file, as findings are reported.
package struct SourcePlace: Sendable, Hashable, CustomStringConvertible {
  package var file: String
  package var line: Int
  package var column: Int

  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line`.
  package var description: String { "\(file):\(line)" }
}

/// A string built by interpolation: its literal parts and its holes, in order. The evaluation
/// layer's type, so that a predicate can answer for it (``TextTemplate``).
package typealias Template = TextTemplate

extension Template {
  /// The template of a string made by `String(format:)` or `stringWithFormat:` from `format`
  /// and its arguments' parts (a known text, or a hole): each specifier is replaced by its
  /// argument's parts, `%%` by `%`; a specifier past the arguments is a hole of its own.
  package init(format: String, arguments: [[Part]]) {
    var parts: [Part] = []
    var text = ""
    var next = 0
    var scalars = format.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "%" else {
        text.unicodeScalars.append(scalar)
        continue
      }
      // Flags, width, precision and length, then the conversion.
      var conversion = scalars.next()
      while let current = conversion, "-+ #0123456789.*hlqLztj$".unicodeScalars.contains(current) {
        conversion = scalars.next()
      }
      if conversion == "%" {
        text += "%"
        continue
      }
      parts.append(.text(text))
      text = ""
      parts += next < arguments.count ? arguments[next] : [.hole("…")]
      next += 1
    }
    parts.append(.text(text))
    self.init(parts: parts)
  }
}
