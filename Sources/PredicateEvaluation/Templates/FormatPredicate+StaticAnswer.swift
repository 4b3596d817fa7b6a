import PredicateSyntax

extension FormatPredicate {
  /// What the predicate answers for `identifier` whatever its holes and the unknown variables
  /// hold (DESIGN §10, "three answers").
  ///
  /// `variables` binds `$name` to what is known of it; a variable with no entry may hold any
  /// value. A comparison whose operands are all known is evaluated with the operators' own
  /// semantics; one with holes answers *always* or *never* only where the known text decides
  /// it for every value (a prefix that begins with the needle, a literal part that contains it,
  /// known text that no value can make equal), and *depends* otherwise. *Depends* never claims
  /// more than it knows: a property test fills the holes and checks that *always* and *never*
  /// hold for each filling.
  ///
  /// Complexity: linear in the predicate's size times its strings' lengths.
  package func answer(
    for identifier: TextTemplate, variables: [String: TextTemplate] = [:]
  ) -> StaticAnswer {
    let evaluation = StaticEvaluation(identifier: identifier, variables: variables)
    let answer = evaluation.answer(self)
    // An evaluation error makes the whole predicate false (the router's rule), whatever the
    // other comparisons answer: *always* is then only *depends*.
    return answer == .always && evaluation.mayFail ? .depends(on: evaluation.seen) : answer
  }
}

/// The three-valued evaluation of one predicate for one template identifier.
private final class StaticEvaluation {
  let identifier: TextTemplate
  let variables: [String: TextTemplate]
  /// Whether a comparison may throw for some filling (a regex or LIKE pattern built from a
  /// hole, a regex past its limits), which makes the whole predicate false.
  var mayFail = false
  /// The holes and variables met, in order.
  var seen: [String] = []

  init(identifier: TextTemplate, variables: [String: TextTemplate]) {
    self.identifier = identifier
    self.variables = variables
  }

  /// Concrete comparisons need one; patterns seen in apps are few.
  static let regexCache = RegexCache(capacity: 64)

  /// An operand, as far as it is known.
  enum Operand {
    /// A string, in part or whole.
    case text(TextTemplate)
    /// A known value that is not a string (a number, a Boolean, nil).
    case other(Value)
    /// An aggregate literal.
    case array([Operand])
    /// A value the evaluation cannot see (an unbound variable), by the names it depends on.
    case unknown([String])

    /// The value, when nothing in it is a hole or unknown.
    var concrete: Value? { value(fillingHoles: false) }

    /// The value; with `fillingHoles`, each hole empty (unknowns stay nil).
    func value(fillingHoles: Bool) -> Value? {
      switch self {
      case .text(let template):
        return fillingHoles ? .string(template.filled { _ in "" }) : template.text.map(Value.string)
      case .other(let value):
        return value
      case .array(let elements):
        var values: [Value] = []
        for element in elements {
          guard let value = element.value(fillingHoles: fillingHoles) else { return nil }
          values.append(value)
        }
        return .array(values)
      case .unknown:
        return nil
      }
    }

    /// The holes and variables the operand depends on.
    var dependencies: [String] {
      switch self {
      case .text(let template): template.holes
      case .other: []
      case .array(let elements): elements.flatMap(\.dependencies)
      case .unknown(let names): names
      }
    }
  }

  func answer(_ predicate: FormatPredicate) -> StaticAnswer {
    switch predicate.kind {
    case .constant(let value): StaticAnswer(value)
    case .not(let operand): answer(operand).negated
    case .and(let operands): StaticAnswer.all(operands.lazy.map(answer))
    case .or(let operands): StaticAnswer.any(operands.lazy.map(answer))
    case .comparison(let comparison):
      comparison.qualifier == nil
        ? compare(
          comparison.op, operand(comparison.lhs), operand(comparison.rhs),
          options: comparison.options)
        : .depends(on: [])
    }
  }

  private func operand(_ expression: FormatExpression) -> Operand {
    switch expression.kind {
    case .evaluatedObject: .text(identifier)
    case .constant(.string(let text)): .text(TextTemplate(text))
    case .constant(let constant): .other(Value(constant))
    case .aggregate(let elements): .array(elements.map(operand))
    case .variable(let name): variables[name].map(Operand.text) ?? .unknown([name])
    // Key paths, functions and the rest are rejected by validation before anything is routed.
    default: .unknown([])
    }
  }

  private func depends(_ operands: Operand...) -> StaticAnswer {
    var names: [String] = []
    for name in operands.flatMap(\.dependencies) where !names.contains(name) { names.append(name) }
    return .depends(on: names)
  }

  private func compare(
    _ op: ComparisonOperator, _ lhs: Operand, _ rhs: Operand, options: ComparisonOptions
  ) -> StaticAnswer {
    for name in lhs.dependencies + rhs.dependencies where !seen.contains(name) {
      seen.append(name)
    }
    if let left = lhs.concrete, let right = rhs.concrete {
      return concrete(op, left, right, options: options)
    }
    // A regex may exceed its limits on some subject; a LIKE pattern with a hole may end in a
    // lone backslash.
    switch op {
    case .matches: mayFail = true
    case .like where rhs.concrete == nil: mayFail = true
    default: break
    }
    if case .unknown = lhs { return depends(lhs, rhs) }
    if case .unknown = rhs { return depends(lhs, rhs) }
    // Membership is equality with each element, options ignored (Semantics.evaluate's `.in`).
    if case .in = op, case .array(let elements) = rhs {
      return StaticAnswer.any(elements.map { compare(.equalTo, lhs, $0, options: []) })
    }
    if case .contains = op, case .array(let elements) = lhs {
      return StaticAnswer.any(elements.map { compare(.equalTo, rhs, $0, options: []) })
    }
    guard case .text(let left) = lhs, case .text(let right) = rhs else {
      // A string against a number, nil or an aggregate: no operator looks at the string's
      // text then, so any filling answers for all.
      return concreteFilling(op, lhs, rhs, options: options)
    }
    if left.hasUnsafeJoin || right.hasUnsafeJoin { return depends(lhs, rhs) }
    let answer: StaticAnswer? =
      switch op {
      case .equalTo: equality(left, right, options: options)
      case .notEqualTo: equality(left, right, options: options).negated
      case .beginsWith: search(.prefix, haystack: left, needle: right, options: options)
      case .endsWith: search(.suffix, haystack: left, needle: right, options: options)
      case .contains: search(.contains, haystack: left, needle: right, options: options)
      case .in: search(.contains, haystack: right, needle: left, options: options)
      case .like: like(left, pattern: right, options: options)
      default: nil
      }
    return answer ?? depends(lhs, rhs)
  }

  /// The answer with every hole empty: right for every filling when the operator never reads
  /// the string's text (its other operand is not a string).
  private func concreteFilling(
    _ op: ComparisonOperator, _ lhs: Operand, _ rhs: Operand, options: ComparisonOptions
  ) -> StaticAnswer {
    guard let left = lhs.value(fillingHoles: true), let right = rhs.value(fillingHoles: true)
    else { return depends(lhs, rhs) }
    switch op {
    case .equalTo, .notEqualTo, .beginsWith, .endsWith, .contains, .like, .matches:
      return concrete(op, left, right, options: options)
    default:
      return depends(lhs, rhs)
    }
  }

  /// A comparison of known values, with the operator's own semantics. One that throws (a regex
  /// past its limits, an invalid pattern) is false, and so is the predicate it is in.
  private func concrete(
    _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value, options: ComparisonOptions
  ) -> StaticAnswer {
    do {
      return StaticAnswer(
        try Semantics.evaluate(op, lhs, rhs, options: options, regexCache: Self.regexCache))
    } catch {
      mayFail = true
      return .never
    }
  }

  /// The template's known text in the form an operator compares.
  private func prepared(_ template: TextTemplate, _ form: TextForm) -> TextTemplate {
    var prepared = TextTemplate(
      parts: template.parts.map { part in
        guard case .text(let text) = part else { return part }
        return .text(form.apply(text))
      })
    prepared.pathHoles = template.pathHoles
    return prepared
  }

  /// `==` (literal bytes without options, folded with `[c]`/`[d]`): never when the known head
  /// or tail cannot line up with the other side, else depends; equal texts are decided above.
  private func equality(_ lhs: TextTemplate, _ rhs: TextTemplate, options: ComparisonOptions)
    -> StaticAnswer
  {
    // Without folding `==` compares the bytes as they are (Semantics.equal).
    let search = TextForm.search(options)
    let form = search.folding == .none ? TextForm(folding: .none, normalization: .none) : search
    let left = prepared(lhs, form)
    let right = prepared(rhs, form)
    let holes = depends(.text(lhs), .text(rhs))
    if let text = right.text ?? left.text {
      let template = right.text == nil ? right : left
      // Scalars are equal exactly when their UTF-8 bytes are.
      let fits = Self.canMatch(Array(text.unicodeScalars), in: template, atStart: true, atEnd: true)
      return fits ? holes : .never
    }
    let heads = (Array(left.head.utf8), Array(right.head.utf8))
    let tails = (Array(left.tail.utf8.reversed()), Array(right.tail.utf8.reversed()))
    return Self.lineUp(heads.0, heads.1) && Self.lineUp(tails.0, tails.1) ? holes : .never
  }

  /// Whether some filling of `template`'s holes makes `needle` occur in it: at its start, at
  /// its end, both (equal) or anywhere. A hole takes any run of scalars, but no separator when
  /// it is a path component (``TextTemplate/isComponent(at:)``).
  ///
  /// The template is read as an automaton (a text scalar must match; a hole loops on what it may
  /// hold) that `needle` is run through: O(needle × template). Unit boundaries are not checked,
  /// so the answer may be *possible* where the operator would refuse a split unit: it only ever
  /// turns *never* into *depends*, which is safe.
  static func canMatch(
    _ needle: [Unicode.Scalar], in template: TextTemplate, atStart: Bool, atEnd: Bool
  ) -> Bool {
    enum Element {
      case scalar(Unicode.Scalar)
      case hole(component: Bool)
    }
    var elements: [Element] = []
    for (index, part) in template.parts.enumerated() {
      switch part {
      case .text(let text): elements += text.unicodeScalars.map(Element.scalar)
      case .hole: elements.append(.hole(component: template.isComponent(at: index)))
      }
    }
    // Past this much work (hostile sizes), a match is taken as possible: *depends*, never wrong.
    guard needle.count * (elements.count + 1) < 1 << 22 else { return true }
    // States: positions 0...count; at a hole's position the hole may take more scalars, or be
    // left (an epsilon move to the next position).
    func closure(_ states: inout [Bool]) {
      for position in elements.indices where states[position] {
        if case .hole = elements[position] { states[position + 1] = true }
      }
    }
    var states = [Bool](repeating: !atStart, count: elements.count + 1)
    states[0] = true
    closure(&states)
    for scalar in needle {
      var next = [Bool](repeating: false, count: elements.count + 1)
      for position in elements.indices where states[position] {
        switch elements[position] {
        case .scalar(let expected): if expected == scalar { next[position + 1] = true }
        case .hole(let component):
          if !(component && TextTemplate.isSeparator(scalar)) { next[position] = true }
        }
      }
      closure(&next)
      guard next.contains(true) else { return false }
      states = next
    }
    return atEnd ? states[elements.count] : true
  }

  /// Whether one sequence starts with the other.
  private static func lineUp<T: Equatable>(_ a: [T], _ b: [T]) -> Bool {
    a.count <= b.count ? b.starts(with: a) : a.starts(with: b)
  }

  /// BEGINSWITH, ENDSWITH and CONTAINS (and IN a string) on whole units, folded as the options
  /// say; an empty needle never matches.
  private func search(
    _ kind: Semantics.SearchKind, haystack: TextTemplate, needle: TextTemplate,
    options: ComparisonOptions
  ) -> StaticAnswer {
    let form = TextForm.search(options)
    let hay = prepared(haystack, form)
    let pin = prepared(needle, form)
    let holes = depends(.text(haystack), .text(needle))
    if let text = pin.text {
      let needleText = UnitText(text)
      if needleText.isEmpty { return .never }
      let always: Bool
      switch kind {
      case .prefix: always = UnitText(hay.head).hasPrefix(needleText)
      case .suffix: always = UnitText(hay.tail).hasSuffix(needleText)
      case .contains: always = hay.texts.contains { UnitText($0).contains(needleText) }
      }
      if always { return .always }
      let possible = Self.canMatch(
        needleText.scalars, in: hay, atStart: kind == .prefix, atEnd: kind == .suffix)
      return possible ? holes : .never
    }
    // The needle has holes: wherever it occurs, each of its known parts does (its head at the
    // start, its tail at the end): one the haystack cannot hold there rules every filling out.
    let fits: Bool
    switch kind {
    case .prefix:
      fits = Self.canMatch(Array(pin.head.unicodeScalars), in: hay, atStart: true, atEnd: false)
    case .suffix:
      fits = Self.canMatch(Array(pin.tail.unicodeScalars), in: hay, atStart: false, atEnd: true)
    case .contains:
      fits = pin.texts.allSatisfy {
        Self.canMatch(Array($0.unicodeScalars), in: hay, atStart: false, atEnd: false)
      }
    }
    return fits ? holes : .never
  }

  /// LIKE with a known pattern: the pattern's literal head and tail against the subject's known
  /// head and tail; `head*` and `*tail` decide it outright when the subject's text does.
  private func like(_ subject: TextTemplate, pattern: TextTemplate, options: ComparisonOptions)
    -> StaticAnswer?
  {
    guard let text = pattern.text else { return nil }
    let form = TextForm.pattern(options)
    guard let glob = try? GlobPattern(prepared: form.apply(text)) else { return .never }
    let elements = glob.elements
    if glob.isEmpty { return .never }
    if !elements.isEmpty, elements.allSatisfy({ $0 == .anyRun }) { return .always }
    let known = prepared(subject, form)
    let knownHead = Array(known.head.unicodeScalars)
    let knownTail = Array(known.tail.unicodeScalars.reversed())
    func literals(_ elements: some Sequence<GlobPattern.Element>) -> [Unicode.Scalar] {
      var result: [Unicode.Scalar] = []
      for element in elements {
        guard case .literal(let scalar) = element else { break }
        result.append(scalar)
      }
      return result
    }
    let head = literals(elements)
    let tail = literals(elements.reversed())
    let holes = depends(.text(subject), .text(pattern))
    guard head.count < elements.count else {
      // No wildcard: the subject must be exactly the pattern.
      let fits =
        head.count >= knownHead.count + knownTail.count && head.starts(with: knownHead)
        && head.reversed().starts(with: knownTail)
      return fits ? holes : .never
    }
    guard Self.lineUp(knownHead, head), Self.lineUp(knownTail, tail) else { return .never }
    if elements.count == head.count + 1, elements.last == .anyRun, knownHead.starts(with: head) {
      return .always
    }
    if elements.count == tail.count + 1, elements.first == .anyRun, knownTail.starts(with: tail) {
      return .always
    }
    return holes
  }
}
