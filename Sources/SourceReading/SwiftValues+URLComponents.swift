import SwiftSyntax

/// URLs an app builds step by step: a `URLComponents` local set part by part, a URL appended
/// to.
extension SwiftValues {
  /// The string of a URL appended to: `base.appendingPathComponent(id)`,
  /// `base.appending(path: id)`, `base.appending(component: id)`,
  /// `base.appending(queryItems: [URLQueryItem(name: "q", value: q)])`, with `base` a URL this
  /// reading knows as text. Nil when `call` is no such call, or its base is no URL the reading
  /// knows (another reading may know the call).
  ///
  /// A path component joins the base's path with one `/` (`/` alone after a host with no
  /// path); query items follow the base's query with `&`, or start one with `?`; the fragment
  /// stays last. **Decision:** as for `URLComponents`, a known component `URL` would
  /// percent-encode (or one that begins with `/`), a base that is a template, and a base with
  /// neither a path nor a host (`app://`) are run-time values that say so: the reading neither
  /// encodes nor guesses how `URL` joins them.
  func appendedURL(_ call: FunctionCallExprSyntax, depth: Int) -> StringValue? {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, call.trailingClosure == nil, call.arguments.count == 1,
      let argument = call.arguments.first?.expression
    else { return nil }
    let label = call.arguments.first?.label?.text
    let isQuery: Bool
    var encodesSlash = false
    switch (member.declName.baseName.text, label) {
    case ("appendingPathComponent", nil), ("appending", "path"): isQuery = false
    case ("appending", "component"):
      isQuery = false
      encodesSlash = true
    case ("appending", "queryItems"): isQuery = true
    default: return nil
    }
    guard let baseValue = urlString(base, depth: depth + 1) else { return nil }
    let written = Self.abbreviated(ExprSyntax(call))
    guard case .text(let baseText, _, let origins) = baseValue, let whole = baseText.value,
      let parts = Self.urlParts(whole)
    else {
      if case .runtime = baseValue { return baseValue }
      return .runtime("'\(written)' appends to a URL known only in part")
    }
    let at = call.positionAfterSkippingLeadingTrivia.utf8Offset
    var pieces: [(value: StringValue, written: String)] = []
    var head = parts.scheme.map { $0 + ":" } ?? ""
    if let host = parts.host { head += "//" + host }
    var tail = ""
    if isQuery {
      let items = query([argument], depth: depth)
      if case .runtime = items { return items }
      pieces.append(
        Self.computedPiece(
          head + parts.path + (parts.query.map { "?" + $0 + "&" } ?? "?"), at: at, origins: origins)
      )
      pieces.append((items, argument.trimmedDescription))
      tail = parts.fragment.map { "#" + $0 } ?? ""
    } else {
      // A run-time component is a hole named by what writes it, as in a sum.
      let component = string(argument, depth: depth + 1)
      if case .text(let text, _, _) = component, let value = text.value,
        value.hasPrefix("/")
          || value.unicodeScalars.contains(where: {
            !Self.unencoded($0, host: false) || (encodesSlash && $0 == "/")
          })
      {
        return .runtime(
          "'\(written)' appends '\(value)', which URL percent-encodes or joins otherwise")
      }
      // `URL(string: "app://")!.appendingPathComponent("x")`: an empty host, whose joining
      // (`app:///x`) the reading does not guess; a URL with neither a host nor a path likewise.
      guard !parts.path.isEmpty || (parts.host.map { !$0.isEmpty } ?? false) else {
        return .runtime(
          "'\(written)' appends to '\(whole)', which has no path and no host to join to")
      }
      pieces.append(
        Self.computedPiece(
          head + parts.path + (parts.path.hasSuffix("/") ? "" : "/"), at: at, origins: origins))
      pieces.append((component, argument.trimmedDescription))
      tail =
        (parts.query.map { "?" + $0 } ?? "") + (parts.fragment.map { "#" + $0 } ?? "")
    }
    if !tail.isEmpty { pieces.append(Self.computedPiece(tail, at: at, origins: origins)) }
    return joined(pieces) ?? .runtime("'\(written)' appends what the reading does not know")
  }

  /// The string of the URL a `URLComponents` local makes, read at `member` (`components.url`,
  /// `components.string`): made by `URLComponents()` or `URLComponents(string:)`, then set part
  /// by part (`scheme`, `host`, `path`, `queryItems` of `URLQueryItem(name:value:)`,
  /// `fragment`) by statements of the block that declares it, before the statement that reads
  /// it. Nil when `member`'s base is no such local (another reading may know it).
  ///
  /// The parts join as `URLComponents` joins them (`scheme:` `//host` `path` `?query`
  /// `#fragment`). **Decision:** a known part that `URLComponents` would percent-encode, any
  /// other change of the local (a part appended to, the local passed on or set under `if`), and
  /// a path that does not begin with `/` after a host (which makes no URL) are run-time values
  /// and say so: the reading does not encode or follow them.
  func componentsString(_ member: MemberAccessExprSyntax, depth: Int) -> StringValue? {
    guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.argumentNames == nil
    else { return nil }
    let name = base.baseName.text
    guard
      case .value(var made, let offset)? = SwiftLocals.local(named: name, before: Syntax(member))
    else { return nil }
    if let forced = made.as(ForceUnwrapExprSyntax.self) { made = forced.expression }
    guard let call = made.as(FunctionCallExprSyntax.self),
      ["URLComponents", "Foundation.URLComponents"].contains(call.calledExpression.sourceText)
    else { return nil }
    let what = "the URLComponents '\(name)'"
    guard let steps = SwiftLocals.statements(after: offset, before: Syntax(member)) else {
      return .runtime("\(what) is read where the reading does not follow its parts")
    }
    enum Part: String {
      case scheme, host, path
      case query = "queryItems"
      case fragment
    }
    var parts: [Part: (value: StringValue, written: String)] = [:]
    var initial: StringValue?
    switch call.arguments.map(\.label?.text) {
    case []: break
    case ["string"]: initial = string(call.arguments.first!.expression, depth: depth + 1)
    default: return .runtime("\(what) is made from what the reading does not split into parts")
    }
    for step in steps
    where step.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) {
      let sequence = step.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self)
      let elements = sequence.map { Array($0.elements) } ?? []
      guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
        let target = elements[0].as(MemberAccessExprSyntax.self),
        target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
        let part = Part(rawValue: target.declName.baseName.text)
      else {
        return .runtime(
          "\(what) is changed where the reading does not follow: '\(Self.abbreviated(step.trimmedDescription))'"
        )
      }
      let assigned = Array(elements.dropFirst(2))
      let value =
        part == .query
        ? query(assigned, depth: depth)
        : assigned.count == 1 && assigned[0].is(NilLiteralExprSyntax.self)
          ? nil : string(assigned: assigned)
      parts[part] = value.map { ($0, assigned.map(\.trimmedDescription).joined(separator: " ")) }
    }
    let at = member.positionAfterSkippingLeadingTrivia.utf8Offset
    // The parts of the string it is made from that no statement sets.
    var given: [Part: (value: StringValue, written: String)] = [:]
    if let initial {
      if parts.isEmpty { return initial }
      guard case .text(let text, _, _) = initial, let whole = text.value,
        let split = Self.urlParts(whole)
      else {
        return .runtime(
          "\(what) is made from a string the reading does not split into parts, then changed")
      }
      for (key, value) in [
        (Part.scheme, split.scheme), (.host, split.host), (.path, split.path),
        (.query, split.query), (.fragment, split.fragment),
      ] where parts[key] == nil {
        if let value {
          given[key] = (.text(LiteralText(computed: value, at: at), .literal, []), value)
        }
      }
    }
    // A part known only at run time is a hole named by what writes it, as in a sum.
    for (part, piece) in parts {
      guard part != .scheme, part != .query else { continue }
      if case .text(let text, _, _) = piece.value, let value = text.value,
        value.unicodeScalars.contains(where: { !Self.unencoded($0, host: part == .host) })
      {
        return .runtime(
          "\(what) percent-encodes its \(part.rawValue) '\(value)', which the reading does not")
      }
    }
    parts.merge(given) { set, _ in set }
    var pieces: [(value: StringValue, written: String)] = []
    if let scheme = parts[.scheme] {
      pieces.append(scheme)
      pieces.append(Self.computedPiece(":", at: at))
    }
    if let host = parts[.host] {
      pieces.append(Self.computedPiece("//", at: at))
      pieces.append(host)
      if let path = parts[.path], case .text(let text, _, _) = path.value,
        let value = text.value, !value.isEmpty, !value.hasPrefix("/")
      {
        return .runtime("\(what) has a host and the path '\(value)', which makes no URL")
      }
    }
    if let path = parts[.path] { pieces.append(path) }
    if let query = parts[.query] {
      pieces.append(Self.computedPiece("?", at: at))
      pieces.append(query)
    }
    if let fragment = parts[.fragment] {
      pieces.append(Self.computedPiece("#", at: at))
      pieces.append(fragment)
    }
    guard !pieces.isEmpty else { return .runtime("\(what) sets no part") }
    return joined(pieces) ?? .runtime("no part of \(what) is known")
  }

  /// The parts of a URL's text as `URLComponents(string:)` splits it (RFC 3986): `scheme:`,
  /// `//host`, the path, `?query` and `#fragment`, each nil when absent; nil when it names a
  /// user or a port, which the reading does not compose.
  static func urlParts(_ text: String) -> (
    scheme: String?, host: String?, path: String, query: String?, fragment: String?
  )? {
    var rest = Substring(text)
    var scheme: String?
    if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII,
      first.isLetter,
      rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
      )
    {
      scheme = String(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
    }
    var host: String?
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
      let authority = rest[..<end]
      guard !authority.contains("@"), !authority.contains(":") else { return nil }
      host = String(authority)
      rest = rest[end...]
    }
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    return (scheme, host, String(rest), query, fragment)
  }

  /// The query `queryItems = [URLQueryItem(name: "id", value: id), …]` makes (`id=⟨id⟩&…`, a
  /// name alone for a `nil` value), or a run-time value that says why.
  func query(_ assigned: [ExprSyntax], depth: Int) -> StringValue {
    guard assigned.count == 1, let array = assigned[0].as(ArrayExprSyntax.self) else {
      return .runtime("the query items are a run-time value")
    }
    var pieces: [(value: StringValue, written: String)] = []
    let at = array.positionAfterSkippingLeadingTrivia.utf8Offset
    for element in array.elements {
      guard let call = element.expression.as(FunctionCallExprSyntax.self),
        call.calledExpression.trimmedDescription == "URLQueryItem",
        call.arguments.map(\.label?.text) == ["name", "value"]
      else { return .runtime("a query item is not made by URLQueryItem(name:value:)") }
      let (name, value) = (Array(call.arguments)[0].expression, Array(call.arguments)[1].expression)
      if !pieces.isEmpty { pieces.append(Self.computedPiece("&", at: at)) }
      for (index, part) in [name, value].enumerated() {
        if index == 1 {
          if part.is(NilLiteralExprSyntax.self) { break }
          pieces.append(Self.computedPiece("=", at: at))
        }
        let read = string(part, depth: depth + 1)
        if case .text(let text, _, _) = read, let known = text.value,
          known.unicodeScalars.contains(where: {
            !Self.unencoded($0, host: false) || "&=+".unicodeScalars.contains($0)
          })
        {
          return .runtime(
            "the query item '\(known)' is percent-encoded, which the reading does not")
        }
        pieces.append((read, part.trimmedDescription))
      }
    }
    guard !pieces.isEmpty else { return .runtime("the query items are empty") }
    return joined(pieces) ?? .runtime("no part of the query is known")
  }

  /// Whether `URLComponents` leaves `scalar` as it is in any part it sets (a host when `host`,
  /// else a path, query or fragment): unreserved characters and the sub-delimiters (RFC 3986),
  /// and, outside a host, `:`, `@` and `/`.
  static func unencoded(_ scalar: Unicode.Scalar, host: Bool) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*",
      "+", ",", ";", "=", ":":
      true
    case "@", "/": !host
    default: false
    }
  }

  /// A piece the reading computes rather than reads (a separator, the parts before an
  /// appended component), placed at `offset` and carrying `origins`: one home for the three
  /// readings that join URL parts.
  static func computedPiece(
    _ text: String, at offset: Int, origins: [ValueOrigin] = []
  ) -> (value: StringValue, written: String) {
    (.text(LiteralText(computed: text, at: offset), .literal, origins), text)
  }
}
