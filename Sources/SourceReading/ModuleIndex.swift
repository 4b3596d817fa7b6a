import Foundation
import PortableIO
import PredicateEvaluation
import SwiftParser
import SwiftSyntax

/// The constants of the whole module, as the compiler sees them: one index of every Swift and
/// Objective-C file under the linted paths, asked for a name a file uses but does not declare.
///
/// Real apps keep identifiers apart from the code that uses them (`enum Windows { static let
/// viewer = "viewer" }` in `Constants.swift`, `extern NSString *const` in a header defined in a
/// `.m`). The walk records the names each file looked for and did not declare; after it, the
/// files that hold one of those names are scanned for the names they may declare (a byte scan,
/// no parse: ``ModuleDeclarations``), and a name is resolved here by parsing only the files that
/// may declare it, once each, and reading the declaration in its own file's context (so a
/// constant built from another constant of its file resolves too).
///
/// A name two files declare differently is unknown, with the reason; never a guess. Every value
/// keeps its origin: the file, line and column of its declaration.
package final class ModuleIndex: @unchecked Sendable {
  // Unchecked: the `let`s never change, and every `var` below is read and written only while
  // `lock` is held (the walk's threads ask the index at once).
  /// The Swift and Objective-C files of the walk, in walk order.
  private let sources: [String]
  /// The files that may declare each name searched for so far, in walk order; a name searched
  /// for and declared nowhere maps to none.
  private var candidates: [ModuleName: [String]] = [:]
  /// The files of ``sources`` the searches for a declaration pass over.
  private let declaringNothing: Set<String>
  private let read: @Sendable (String) -> [UInt8]?
  /// Guards the caches below; recursive, because resolving one constant may resolve another
  /// (`static let order = prefix + "order/"` with `prefix` in a third file).
  private let lock = NSRecursiveLock()
  private var swiftFiles: [String: ParsedSwiftFile?] = [:]
  /// Each Objective-C file's string constants, with where each is declared.
  private var objCFiles: [String: [String: (value: String?, place: SourcePlace)]] = [:]
  private var resolving: Set<String> = []
  /// Each declaration read so far by a lookup that was not inside another (the value a file
  /// declares for a key does not depend on who asks): a name an app uses in many files, such
  /// as a window id in every view, is read once. A lookup inside another's resolution reads
  /// anew, so that a cycle is reported from where it is entered, as without this cache.
  private var declared: [DeclaredKey: Constant?] = [:]
  /// The pointer names of each class asked for so far (``objCPointerNames(of:)``).
  private var pointerNames: [String: Set<String>] = [:]
  /// The properties of each type asked for so far (``properties(ofType:)``).
  private var typedProperties: [String: [SwiftTypes.Property]] = [:]
  /// The declarations the lookups inside the outermost one may still read.
  private var nestedReadsLeft = 0

  /// The most declarations the lookups inside one outermost lookup may read (each read bounded
  /// by ``SwiftValues/maximumReads``); past it, the rest is unknown. Each file answers with a
  /// count of its own, so a chain of helpers across files, each calling the next many times,
  /// would otherwise ask for work exponential in the number of files.
  package static let maximumNestedReads = 64
  private struct DeclaredKey: Hashable {
    var file: String
    var key: String
    var kind: SwiftValues.Lookup
  }

  /// An index over `sources` (the walk's source files, in its order), which it searches for a
  /// name the first time it is asked for it.
  ///
  /// - Parameter read: reads a file's bytes for the search and for a parse (nil when it cannot
  ///   be read): the files of a fuzzer's or a test's module may live in memory alone.
  ///
  /// - Parameter declaringNothing: files of `sources` known to declare no constant (an
  ///   Objective-C file that holds neither `const` nor `define`): the searches for a declaration
  ///   pass over them; the searches for calls and types do not.
  package init(
    sources: [String], declaringNothing: Set<String> = [],
    read: @escaping @Sendable (String) -> [UInt8]?
  ) {
    self.sources = sources
    self.declaringNothing = declaringNothing
    self.read = read
  }

  /// What the index searches the module for to find the Swift declaration one of `keys` names
  /// (the keys of one lookup, innermost scope first, so the last is the name as written): the
  /// name a declaration gives (the last component; for a property an enum computes per case, the
  /// property), with the nearest type written before it (`Routes` for `Routes.archive` asked
  /// from inside `Outer`, `Windows` for `Windows.viewer.identifier`); no type when nothing before
  /// it is capitalized, as a type is.
  package static func searchName(for keys: [String], kind: SwiftValues.Lookup) -> ModuleName {
    guard let key = keys.last else { return ModuleName(swift: "", type: nil) }
    var components = key.utf8.split(separator: UInt8(ascii: "."))
    guard var last = components.popLast() else { return ModuleName(swift: key, type: nil) }
    if kind == .caseProperty { _ = components.popLast() }
    // `Route.rawValue` of `Route.allCases`: the file that declares `enum Route`.
    if kind == .allCases, let type = components.popLast() { last = type }
    let type = components.last {
      $0.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } == true
    }
    return ModuleName(
      swift: String(decoding: last, as: UTF8.self),
      type: type.map { String(decoding: $0, as: UTF8.self) })
  }

  /// A name searched for, as the search reads a file for it.
  private struct Needle {
    var name: ModuleName
    var declaredBytes: [UInt8]
    /// The type a file must declare or extend to declare it (two bytes or more), if any.
    var type: [UInt8]?

    init(_ name: ModuleName) {
      self.name = name
      declaredBytes = Array(name.name.utf8)
      type = name.type.flatMap { $0.utf8.count >= 2 ? Array($0.utf8) : nil }
    }
  }

  /// Searches the sources for the files that may declare each of `names` not searched for yet,
  /// all in one pass on every core: a file is scanned for its declarations
  /// (``ModuleDeclarations``) only for the names of its language, of a type it declares or
  /// extends or of none, that it holds where a declaration could name them
  /// (``ModuleDeclarations/mayDeclare(any:in:objectiveC:)``, a byte search): a name an app uses
  /// everywhere (`NSString`, `item`) is declared in few files, if any.
  package func search(_ names: Set<ModuleName>) {
    lock.lock()
    defer { lock.unlock() }
    let missing = names.filter { candidates[$0] == nil }
    guard !missing.isEmpty else { return }
    for name in missing { candidates[name] = [] }
    let needles = missing.map(Needle.init).filter { $0.declaredBytes.count >= 2 }
    guard !needles.isEmpty else { return }
    // Each type once: a file is searched for it once, whatever the names of it asked.
    let types = Array(Set(needles.compactMap(\.type)))
    let typeOf = needles.map { needle in needle.type.flatMap { types.firstIndex(of: $0) } }
    // Whether a name of each language (`objectiveC` or not) is asked: a file of neither is not
    // read.
    let languages = Set(needles.map(\.name.objectiveC))
    let sources =
      declaringNothing.isEmpty ? sources : sources.filter { !declaringNothing.contains($0) }
    let read = read
    let chunkSize = 64
    let chunkCount = (sources.count + chunkSize - 1) / chunkSize
    let found = Locked([[(path: String, names: [ModuleName])]](repeating: [], count: chunkCount))
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
      var declared: [(path: String, names: [ModuleName])] = []
      for path in sources[(chunk * chunkSize)..<min(sources.count, (chunk + 1) * chunkSize)] {
        let objectiveC = !path.hasSuffix(".swift")
        guard languages.contains(objectiveC), let contents = read(path) else { continue }
        let names = contents.withUnsafeBufferPointer { bytes -> [ModuleName] in
          var declaresType: [Bool?] = Array(repeating: nil, count: types.count)
          let present = needles.indices.filter { index in
            guard needles[index].name.objectiveC == objectiveC else { return false }
            guard let type = typeOf[index] else { return true }
            if let known = declaresType[type] { return known }
            let declares = ModuleDeclarations.declaresType(types[type], in: bytes)
            declaresType[type] = declares
            return declares
          }
          .map { needles[$0] }
          guard !present.isEmpty,
            ModuleDeclarations.mayDeclare(
              any: present.map(\.declaredBytes), in: bytes, objectiveC: objectiveC)
          else { return [] }
          let names = Set(
            objectiveC
              ? ModuleDeclarations.objCNames(bytes) : ModuleDeclarations.swiftNames(bytes))
          return present.filter { names.contains($0.name.name) }.map(\.name)
        }
        if !names.isEmpty { declared.append((path, names)) }
      }
      found.withLock { $0[chunk] = declared }
    }
    for (path, names) in found.withLock({ $0 }).joined() {
      for name in Set(names) { candidates[name, default: []].append(path) }
    }
  }

  /// The properties the module's types and extensions state are of `type`
  /// (``SwiftTypes/properties(ofType:in:)``): a value read from one (`delegate.coordinator`, with
  /// `delegate` a `SceneDelegate`) is one of `type` wherever the property is declared. The files
  /// that name the type (a byte search) are parsed, on every core, once for each type asked.
  package func properties(ofType type: String) -> [SwiftTypes.Property] {
    lock.lock()
    defer { lock.unlock() }
    if let known = typedProperties[type] { return known }
    let name = Array(SwiftValues.lastComponent(type).utf8)
    let sources = sources.filter { $0.hasSuffix(".swift") }
    let read = read
    let found = Locked([[SwiftTypes.Property]](repeating: [], count: sources.count))
    DispatchQueue.concurrentPerform(iterations: name.isEmpty ? 0 : sources.count) { index in
      guard let bytes = read(sources[index]),
        bytes.withUnsafeBufferPointer({ System.firstOffset(of: name, in: $0, from: 0) != nil }),
        SwiftExtractor.excessiveBracketNesting(bytes) == nil
      else { return }
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      let properties = SwiftTypes.properties(ofType: type, in: tree)
      found.withLock { $0[index] = properties }
    }
    var properties: [SwiftTypes.Property] = []
    for property in found.withLock({ $0 }).joined() where !properties.contains(property) {
      properties.append(property)
    }
    typedProperties[type] = properties
    return properties
  }

  /// The names the module's Objective-C headers declare as pointers to `className`
  /// (``ModuleDeclarations/objCPointerNames(of:in:)``): a `@property` of a class read in
  /// another file (`self.coordinator`). A byte scan of the headers that name the class, once for
  /// each class asked.
  package func objCPointerNames(of className: String) -> Set<String> {
    lock.lock()
    defer { lock.unlock() }
    if let known = pointerNames[className] { return known }
    let name = Array(className.utf8)
    var names: Set<String> = []
    for path in sources where path.hasSuffix(".h") {
      guard let bytes = read(path) else { continue }
      bytes.withUnsafeBufferPointer { buffer in
        guard System.firstOffset(of: name, in: buffer, from: 0) != nil else { return }
        names.formUnion(ModuleDeclarations.objCPointerNames(of: className, in: buffer))
      }
    }
    pointerNames[className] = names
    return names
  }

  /// The Objective-C files (`.m`, `.mm`) of the module that hold one of `words` (UTF-8): the
  /// files a selector's messages may be in. One byte search of each, on every core.
  package func objCImplementationFiles(holding words: [String]) -> [String] {
    let patterns = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
    guard !patterns.isEmpty else { return [] }
    return files(suffixes: [".m", ".mm"]) { bytes in
      patterns.contains { System.firstOffset(of: $0, in: bytes, from: 0) != nil }
    }
  }

  /// The files of the module whose path ends in one of `suffixes` and whose bytes `holds`, in
  /// walk order: one read and one test of each, on every core.
  private func files(
    suffixes: [String], where holds: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> [String] {
    let sources = sources.filter { path in suffixes.contains { path.hasSuffix($0) } }
    let read = read
    let found = Locked([Bool](repeating: false, count: sources.count))
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      guard let contents = read(sources[index]) else { return }
      if contents.withUnsafeBufferPointer(holds) { found.withLock { $0[index] = true } }
    }
    let holding = found.withLock { $0 }
    return sources.indices.filter { holding[$0] }.map { sources[$0] }
  }

  /// The Swift files of the module that may call one of `functions` (each a name, and the type
  /// or extension that declares it, nil at file level) as the app model counts a call: the name
  /// whole, then `(`, written on the type or one of its static members (`Type.f(`,
  /// `Type.shared.f(`), or with any other receiver or none in a file that names the type (an
  /// extension of it, a value it declares of the type) or a type that holds a property of it
  /// (``properties(ofType:)``: `delegate.coordinator?.f(` after `as? SceneDelegate`), or, for a
  /// file-level function, with no receiver. One byte search of each file, on every core: a name
  /// an app writes everywhere (`open(`) is a call of the helper in few files, and only those are
  /// parsed.
  package func swiftFiles(calling functions: [(name: String, type: String?)]) -> [String] {
    let patterns = functions.filter { !$0.name.isEmpty }.map { function in
      // The type first, then each type that holds a property of it, once.
      let types = function.type.map { type in
        var types = [type]
        for property in properties(ofType: type) {
          let holder = SwiftValues.lastComponent(property.holder)
          if !holder.isEmpty, !types.contains(holder) { types.append(holder) }
        }
        return types.map { Array($0.utf8) }
      }
      return (Array(function.name.utf8), types)
    }
    guard !patterns.isEmpty else { return [] }
    return files(suffixes: [".swift"]) { bytes in
      patterns.contains { Self.mayCall($0.0, of: $0.1, in: bytes) }
    }
  }

  /// Whether `bytes` may call the function `name` of a type (``swiftFiles(calling:)``): a byte
  /// test that never misses a call the app model counts, and passes over the calls of other
  /// values' functions of that name.
  ///
  /// - Parameter types: the type, then the types that hold a property of it; nil for a
  ///   file-level function.
  private static func mayCall(
    _ name: [UInt8], of types: [[UInt8]]?, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let type = types?.first
    // The identifier that ends just before `end` (exclusive; white space and line breaks may
    // stand between: a chained call on its own line), and where it starts.
    func identifier(endingAt end: Int) -> (start: Int, text: ArraySlice<UInt8>)? {
      var last = end
      while last > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[last - 1]) { last -= 1 }
      var start = last
      while start > 0, bytes[start - 1].isIdentifierByte { start -= 1 }
      return start < last ? (start, ArraySlice(bytes[start..<last])) : nil
    }
    var namesType: Bool?
    func fileNamesType() -> Bool {
      if let namesType { return namesType }
      let names = (types ?? []).contains { System.firstOffset(of: $0, in: bytes, from: 0) != nil }
      namesType = names
      return names
    }
    var from = 0
    while let offset = name.count >= 2
      ? System.firstOffset(of: name, in: bytes, from: from)
      : System.firstIndex(of: name[0], in: bytes, from: from)
    {
      from = offset + 1
      if offset > 0, bytes[offset - 1].isIdentifierByte { continue }
      var next = offset + name.count
      while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
      guard next < bytes.count, bytes[next] == UInt8(ascii: "(") else { continue }
      guard offset > 0, bytes[offset - 1] == UInt8(ascii: ".") else {
        // No receiver: a file-level function's call, or one within the type.
        if type == nil || fileNamesType() { return true }
        continue
      }
      guard let type else { continue }
      if let (start, receiver) = identifier(endingAt: offset - 1) {
        if receiver.elementsEqual(type) { return true }
        // `Type.shared.f(`: a static member of the type.
        var dot = start
        while dot > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[dot - 1]) { dot -= 1 }
        if dot > 0, bytes[dot - 1] == UInt8(ascii: "."),
          let (_, outer) = identifier(endingAt: dot - 1), outer.elementsEqual(type)
        {
          return true
        }
      }
      // On `self`, or on a value the file may state is one of the type (`coordinator?.f(`).
      if fileNamesType() { return true }
    }
    return false
  }

  /// The files that may declare `name`, searched for now if it was not yet.
  private func files(declaring name: ModuleName) -> [String] {
    if candidates[name] == nil { search([name]) }
    return candidates[name] ?? []
  }

  /// Whether any file of the module may declare one of `names`: whether asking can help.
  package func mayDeclare(any names: some Sequence<ModuleName>, besides path: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return names.contains { name in files(declaring: name).contains { $0 != path } }
  }

  /// A Swift file of the module, parsed, with its values (which ask this index in turn).
  private final class ParsedSwiftFile {
    package let tree: SourceFileSyntax
    package let values: SwiftValues
    package let lines: SourceLines

    package init(path: String, bytes: [UInt8], module: ModuleIndex) {
      tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      values = SwiftValues(tree, path: path, module: module)
      lines = SourceLines(swift: bytes)
    }
  }

  private func parsedSwift(_ path: String) -> ParsedSwiftFile? {
    if let cached = swiftFiles[path] { return cached }
    var parsed: ParsedSwiftFile?
    if let bytes = read(path), SwiftExtractor.excessiveBracketNesting(bytes) == nil {
      parsed = ParsedSwiftFile(path: path, bytes: bytes, module: self)
    }
    swiftFiles[path] = parsed
    return parsed
  }

  /// What one declaration gives: a string the module fixes, a template, a set of strings (the
  /// value of each element), no value at all (the identifier of an activity its maker sets
  /// none on), or why it is unknown.
  package enum Value: Equatable {
    case text(String)
    case template(Template)
    case set([Value])
    case absent
    case runtime(String)
  }

  /// A constant of the module: its value and where it is declared; for a function, how a call's
  /// arguments bind to its parameters.
  package struct Constant: Equatable {
    package var value: Value
    package var place: SourcePlace
    package var parameters: Parameters? = nil
  }

  /// A function's parameters as a call binds its arguments to them: each one's argument label
  /// (nil for `_`) and its default's value, read where the function is declared (a default is
  /// an expression of that file: `state: String = open` is its `Routes.open`).
  package struct Parameters: Equatable {
    package var labels: [String?]
    package var defaults: [Default?]

    /// A parameter's default: its value, and its text as written (a hole's name when the value
    /// is known only at run time).
    package struct Default: Equatable {
      package var value: Value
      package var written: String
    }
  }

  /// The Swift constant one of `keys` names (tried in order, innermost scope first: `Paths.order`
  /// from inside `Outer` is `Outer.Paths.order` or `Paths.order`), declared in a file other than
  /// `path`; nil when no other file declares any of them.
  ///
  /// - Parameter kind: a stored or computed constant, an enum case's raw value, or a property
  ///   an enum computes per case (`key` is then `Type.case.property`).
  package func swiftConstant(_ keys: [String], kind: SwiftValues.Lookup, besides path: String)
    -> Constant?
  {
    lock.lock()
    defer { lock.unlock() }
    let declaring = files(declaring: Self.searchName(for: keys, kind: kind)).filter { $0 != path }
    for key in keys {
      var found: [Constant] = []
      let outermost = resolving.isEmpty
      for file in declaring {
        let declaredKey = DeclaredKey(file: file, key: key, kind: kind)
        if outermost, let known = declared[declaredKey] {
          if let known { found.append(known) }
          continue
        }
        guard let parsed = parsedSwift(file) else { continue }
        let guardKey = "\(file)\u{0}\(key)"
        if let reason = whyNotRead(guardKey, key: key) {
          found.append(
            Constant(value: .runtime(reason), place: SourcePlace(file: file, line: 1, column: 1)))
          continue
        }
        resolving.insert(guardKey)
        defer { resolving.remove(guardKey) }
        let constant = parsed.values.moduleConstant(key, kind: kind, lines: parsed.lines)
        if let constant { found.append(constant) }
        if outermost { declared[declaredKey] = constant }
      }
      if let agreed = Self.agreed(found, name: key) { return agreed }
    }
    return nil
  }

  /// What a predicate function of the module builds from the arguments of one call: the
  /// predicate, how far its reading looked, the declarations it followed (each with its place)
  /// and where the function is declared.
  package struct Predicate: Equatable {
    package var source: PredicateSource
    package var resolution: ValueResolution
    package var origins: [ValueOrigin]
    package var place: SourcePlace
  }

  /// The predicate that the function one of `keys` names (tried in order, as for
  /// ``swiftConstant(_:kind:besides:)``), declared in a file other than `path` to return an
  /// `NSPredicate`, builds from `arguments`, the values of a call's arguments; nil when no other
  /// file declares such a function. Read for each call (its arguments are the call's), in the
  /// declaring file's context, so the function's own constants resolve there.
  package func swiftPredicate(
    _ keys: [String], arguments: [SwiftValues.Argument], besides path: String
  ) -> Predicate? {
    forCall(
      keys, besides: path,
      read: { $0.values.declaredPredicate($1, arguments: arguments, lines: $0.lines) },
      same: { $0.source == $1.source }, place: \.place,
      unknown: {
        Predicate(source: .notCheckable($0), resolution: .runtime, origins: [], place: $1)
      })
  }

  /// The conditions a builder of the module sets up for one call: each predicate it sets and
  /// the defaults of the others, with offsets in the builder's file and origins placed, and
  /// where the builder is declared.
  package struct BuiltConditions: Equatable {
    package var conditions: [FoundCondition]
    package var place: SourcePlace
  }

  /// The conditions that the builder one of `keys` names (a function declared in a file other
  /// than `path` to return a `UISceneActivationConditions` it makes) sets up from `arguments`,
  /// the values of a call's arguments; nil when no other file declares such a function. Read
  /// as ``swiftPredicate(_:arguments:besides:)`` reads a predicate function.
  package func swiftConditions(
    _ keys: [String], arguments: [SwiftValues.Argument], besides path: String
  ) -> BuiltConditions? {
    forCall(
      keys, besides: path,
      read: { $0.values.declaredConditions($1, arguments: arguments, lines: $0.lines) },
      same: { $0.conditions.map(\.source) == $1.conditions.map(\.source) }, place: \.place,
      unknown: { reason, place in
        BuiltConditions(
          conditions: [ConditionKind.canActivate, .prefersToActivate].map {
            FoundCondition(
              offset: 0, kind: $0, source: .notCheckable(reason), resolution: .runtime)
          }, place: place)
      })
  }

  /// What the function one of `keys` names gives for one call, read by `read` (from a file
  /// other than `path` that declares it, and the key) in each such file, keys tried in order;
  /// nil when none declares it. Two files that give what `same` tells apart make it `unknown`
  /// (with why and the first's place), as does a function reached again while it is read.
  private func forCall<Found>(
    _ keys: [String], besides path: String, read: (ParsedSwiftFile, String) -> Found?,
    same: (Found, Found) -> Bool, place: (Found) -> SourcePlace,
    unknown: (String, SourcePlace) -> Found
  ) -> Found? {
    lock.lock()
    defer { lock.unlock() }
    let declaring = files(declaring: Self.searchName(for: keys, kind: .function)).filter {
      $0 != path
    }
    for key in keys {
      var found: [Found] = []
      for file in declaring {
        guard let parsed = parsedSwift(file) else { continue }
        let guardKey = "\(file)\u{0}\(key)"
        if let reason = whyNotRead(guardKey, key: key) {
          found.append(unknown(reason, SourcePlace(file: file, line: 1, column: 1)))
          continue
        }
        resolving.insert(guardKey)
        defer { resolving.remove(guardKey) }
        if let value = read(parsed, key) { found.append(value) }
      }
      guard let first = found.first else { continue }
      if found.dropFirst().allSatisfy({ same($0, first) }) { return first }
      let places = found.map { place($0).description }.joined(separator: ", ")
      return unknown(
        "'\(key)' is declared in more than one file (\(places)); which applies is a build setting",
        place(first))
    }
    return nil
  }

  /// Why the declaration `key` of a file (`guardKey` names both) is not read for the lookup
  /// under way: it is being read already (a cycle), or the lookups inside the outermost one
  /// have read ``maximumNestedReads`` declarations; nil when it may be read (then counted).
  private func whyNotRead(_ guardKey: String, key: String) -> String? {
    if resolving.isEmpty {
      nestedReadsLeft = Self.maximumNestedReads
      return nil
    }
    if resolving.contains(guardKey) { return "'\(key)' is defined in terms of itself" }
    guard nestedReadsLeft > 0 else {
      return "'\(key)' is not read: reading the value takes more than "
        + "\(Self.maximumNestedReads) declarations of other files"
    }
    nestedReadsLeft -= 1
    return nil
  }

  /// The one value the declarations `found` give: declared in two files (one per platform, or a
  /// clash), a name is known only when they agree, and otherwise unknown, naming each place.
  private static func agreed(_ found: [Constant], name: String) -> Constant? {
    guard let first = found.first else { return nil }
    if found.dropFirst().allSatisfy({ $0.value == first.value }) { return first }
    let places = found.map(\.place.description).joined(separator: ", ")
    return Constant(
      value: .runtime(
        "'\(name)' is declared in more than one file (\(places)); which applies is a build setting"),
      place: first.place)
  }

  /// The string constants of the Objective-C file at `path`, read and tokenized once.
  private func objCConstants(_ path: String) -> [String: (value: String?, place: SourcePlace)] {
    if let cached = objCFiles[path] { return cached }
    var constants: [String: (value: String?, place: SourcePlace)] = [:]
    if let bytes = read(path) {
      let lines = SourceLines(objectiveC: bytes)
      for (name, (literal, offset)) in ObjCExtractor.fileConstants(in: bytes) {
        let at = lines.location(offset)
        constants[name] = (literal.value, SourcePlace(file: path, line: at.line, column: at.column))
      }
    }
    objCFiles[path] = constants
    return constants
  }

  /// The Objective-C string constant `name` (`NSString *const name = @"…";` or a string
  /// `#define`) declared in a file other than `path`, or nil.
  package func objCConstant(_ name: String, besides path: String) -> Constant? {
    lock.lock()
    defer { lock.unlock() }
    var found: [Constant] = []
    for file in files(declaring: ModuleName(objectiveC: name)) where file != path {
      guard let (value, place) = objCConstants(file)[name], let value else { continue }
      found.append(Constant(value: .text(value), place: place))
    }
    return Self.agreed(found, name: name)
  }
}

/// What the walk gathers for ``ModuleIndex``.
package struct ModuleInputs: Sendable {
  /// The files whose conditions use names they do not declare, with those names.
  package var unresolved: [(path: String, names: Set<ModuleName>)] = []
  /// The Objective-C and C files that can declare no constant
  /// (``ModuleDeclarations/mayDeclareObjCConstants(_:)`` is false): the search passes over
  /// them rather than read them again.
  package var declareNothing: [String] = []

  package init() {}
}

/// A name a file uses and does not declare, as ``ModuleIndex`` searches the module for it: the
/// name a declaration gives, the language of the files that may declare it, and for Swift the
/// type it is a member of, when the use names one.
///
/// The language halves the search: a Swift lookup reads Swift declarations, an Objective-C one
/// the constants of `.m` and `.h` files. The type narrows it: a file that declares
/// `Routes.archive` declares or extends `Routes` (``ModuleDeclarations/declaresType(_:in:)``),
/// so a member name an app writes everywhere (`main`, `item`) is scanned for in the few files
/// of its type, not in every file that uses it.
package struct ModuleName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The name a declaration gives (the last component of a qualified name).
  package var name: String
  /// The type the name is a member of, for a Swift name that is qualified by one.
  package var type: String?
  package var objectiveC: Bool

  /// A Swift name (``ModuleIndex/searchName(for:kind:)`` makes it from a lookup's keys).
  package init(swift name: String, type: String?) {
    self.name = name
    self.type = type
    objectiveC = false
  }

  /// An Objective-C constant (`NSString *const kName`, a string `#define`).
  package init(objectiveC name: String) {
    self.name = name
    type = nil
    objectiveC = true
  }

  package var description: String {
    (objectiveC ? "objc:" : "") + (type.map { $0 + "." } ?? "") + name
  }

  package static func < (a: ModuleName, b: ModuleName) -> Bool {
    a.description < b.description
  }
}

/// The names a file may declare as module constants, read from its bytes without parsing: the
/// walk's part of ``ModuleIndex``.
///
/// It over-approximates (a name after `case` in a `switch` is recorded too): a candidate costs one
/// parse when it is asked for, a missed declaration a value the tool does not know.
package enum ModuleDeclarations {
  /// The names `bytes` declares as pointers to `className`: `SceneCoordinator *coordinator`
  /// (a local, an instance variable, a `@property`), and a method's parameter
  /// `(SceneCoordinator *)coordinator`. A byte scan: the class's name whole, then `*` (and a
  /// `)`), then a name.
  package static func objCPointerNames(
    of className: String, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Set<String> {
    let pattern = Array(className.utf8)
    guard !pattern.isEmpty else { return [] }
    func skipSpace(_ at: inout Int) {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }
    var names: Set<String> = []
    var from = 0
    while let offset = System.firstOffset(of: pattern, in: bytes, from: from) {
      from = offset + 1
      guard offset == 0 || !bytes[offset - 1].isIdentifierByte else { continue }
      var at = offset + pattern.count
      skipSpace(&at)
      guard at < bytes.count, bytes[at] == UInt8(ascii: "*") else { continue }
      at += 1
      skipSpace(&at)
      if at < bytes.count, bytes[at] == UInt8(ascii: ")") {
        at += 1
        skipSpace(&at)
      }
      let nameStart = at
      while at < bytes.count, bytes[at].isIdentifierByte, bytes[at] < 0x80 { at += 1 }
      if at > nameStart {
        names.insert(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<at]), as: UTF8.self))
      }
    }
    return names
  }

  /// Swift: the names after `let`, `var` and `func` that are `static`, `class` or at the start
  /// of a line (file scope), after `case` (enum cases and their raw values) and `enum` (the enum
  /// whose `allCases` another file maps), and after `var` in a file that switches over `self` (a
  /// property an enum computes per case).
  ///
  /// Runs over every file that holds a name some file needs: a word is classified in place
  /// (``Word``), and only a declared name becomes a `String`.
  package static func swiftNames(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var names: [String] = []
    let perCase = System.contains(bytes, Array("switch self".utf8))
    var position = 0
    let count = bytes.count
    var lineStart = true
    var previous = Word.other
    while position < count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        lineStart = true
        position += 1
        continue
      }
      guard byte.isIdentifierByte, byte < 0x80 else {
        if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
          lineStart = false
          if byte != UInt8(ascii: "@") { previous = .other }
        }
        position += 1
        continue
      }
      var end = position
      while end < count, bytes[end].isIdentifierByte { end += 1 }
      let word = Word(UnsafeBufferPointer(rebasing: bytes[position..<end]))
      let declares: Bool
      switch word {
      case .let, .func: declares = lineStart || previous == .static || previous == .class
      case .var: declares = lineStart || previous == .static || previous == .class || perCase
      // `enum Route`: the enum whose cases `Route.allCases` lists.
      case .case, .define, .enum: declares = true
      default: declares = false
      }
      if declares {
        // The names that follow: `case a, b = "x"` declares both.
        var next = end
        repeat {
          while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
          if next < count, bytes[next] == UInt8(ascii: "`") { next += 1 }
          var nameEnd = next
          while nameEnd < count, bytes[nameEnd].isIdentifierByte { nameEnd += 1 }
          guard nameEnd > next else { break }
          names.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[next..<nameEnd]), as: UTF8.self))
          next = nameEnd
          if next < count, bytes[next] == UInt8(ascii: "`") { next += 1 }
          while next < count, bytes[next] == 0x20 { next += 1 }
          guard word == .case, next < count, bytes[next] == UInt8(ascii: ",") else { break }
          next += 1
        } while true
      }
      // Modifiers between `static` and `let` (`static nonisolated let`) keep `static` in view.
      if !(previous == .static && word == .modifier) { previous = word }
      lineStart = false
      position = end
    }
    return names
  }

  /// Whether `bytes` may declare one of `names` (UTF-8, two bytes or more): whether one of them
  /// stands where ``swiftNames(_:)`` or ``objCNames(_:)`` would read a declared name — a whole
  /// word after a word ending in `let`, `var`, `func`, `case`, `enum`, `define` or `const`, or
  /// after a `,` on a line that holds `case`, with spaces, tabs and a backtick between. A byte search
  /// over every occurrence, and a superset of what the scans find (the words before a name are
  /// not classified as the scans classify them), so a file it rejects declares none of `names`
  /// and need not be scanned.
  ///
  /// An Objective-C file (`objectiveC`), whose scan reads names only after `const` and
  /// `#define`, is asked whether it holds either word at all once a name occurs in it: most do
  /// not, and the names a UIKit app asks about (`NSString`, `UIApplication`) occur dozens of
  /// times in each, every occurrence checked. Asked only then, a file that holds none of the
  /// names costs no more than before.
  package static func mayDeclare(
    any names: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>, objectiveC: Bool
  ) -> Bool {
    var canDeclare: Bool? = objectiveC ? nil : true
    for name in names {
      var from = 0
      while let at = System.firstOffset(of: name, in: bytes, from: from) {
        if canDeclare == nil { canDeclare = mayDeclareObjCConstants(bytes) }
        if canDeclare == false { return false }
        if standsAsDeclaredName(at: at, count: name.count, in: bytes) { return true }
        from = at + 1
      }
    }
    return false
  }

  /// Whether `bytes` may declare or extend the type `name` (UTF-8, two bytes or more): whether
  /// it writes the name as a whole word after `enum`, `struct`, `class`, `actor`, `protocol` or
  /// `extension`, with spaces, line breaks, backticks and the outer types of a qualified name
  /// (`extension Outer.Routes`) between. A byte search over every occurrence.
  package static func declaresType(_ name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    /// `before` moved back over spaces, line breaks and backticks.
    func backOverSpace(_ before: Int) -> Int {
      var before = before
      while before > 0, isSpace(bytes[before - 1]) || bytes[before - 1] == UInt8(ascii: "`") {
        before -= 1
      }
      return before
    }
    var from = 0
    while let at = System.firstOffset(of: name, in: bytes, from: from) {
      from = at + 1
      let end = at + name.count
      guard end == bytes.count || !bytes[end].isIdentifierByte,
        at == 0 || !bytes[at - 1].isIdentifierByte
      else { continue }
      var before = at
      if before > 0, bytes[before - 1] == UInt8(ascii: "`") { before -= 1 }
      while before > 0, isSpace(bytes[before - 1]) { before -= 1 }
      // `extension Outer.Routes`: back over the outer types.
      while before > 0, bytes[before - 1] == UInt8(ascii: ".") {
        before = backOverSpace(before - 1)
        while before > 0, bytes[before - 1].isIdentifierByte { before -= 1 }
        before = backOverSpace(before)
      }
      var start = before
      while start > 0, bytes[start - 1].isIdentifierByte { start -= 1 }
      let word = UnsafeBufferPointer(rebasing: bytes[start..<before])
      if HeaderKeywords.types.contains(where: { word.elementsEqual($0) }) { return true }
    }
    return false
  }

  /// Whether the `count` bytes at `at` are a whole word preceded as a declared name is.
  package static func standsAsDeclaredName(
    at start: Int, count: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let end = start + count
    guard end == bytes.count || !bytes[end].isIdentifierByte else { return false }
    var before = start
    if before > 0, bytes[before - 1] == UInt8(ascii: "`") { before -= 1 }
    while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
    guard before > 0 else { return false }
    if bytes[before - 1] == UInt8(ascii: ",") {
      // A list of names goes on after `case` on its line only (`case a, b`).
      var lineStart = before - 1
      while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
      return System.contains(
        UnsafeBufferPointer(rebasing: bytes[lineStart..<(before - 1)]), Array("case".utf8))
    }
    return declaringSuffixes.contains { suffix in
      before >= suffix.count
        && UnsafeBufferPointer(rebasing: bytes[(before - suffix.count)..<before])
          .elementsEqual(suffix)
    }
  }

  /// Whether an Objective-C or C file may declare a constant ``objCNames(_:)`` reads: whether
  /// it holds `const` or `#define` at all (most files of a UIKit app hold neither).
  package static func mayDeclareObjCConstants(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // One search a word: the two share only common letters, so a pass for both stops often.
    objCDeclaringWords.contains { System.contains(bytes, $0) }
  }

  /// The words after which ``objCNames(_:)`` reads a declared name.
  private static let objCDeclaringWords = Word.table.filter { [.define, .const].contains($0.1) }
    .map(\.0)

  /// The words after which the scans read a declared name: ``Word``'s, so that a word the
  /// scans learn to read a name after is one the search lets through.
  private static let declaringSuffixes: [[UInt8]] = Word.table.filter {
    [.let, .var, .func, .case, .define, .const, .enum].contains($0.1)
  }
  .map(\.0)

  /// Objective-C: the name after each `const` (`NSString *const kName = …`, and the header's
  /// `extern NSString *const kName;`, which the index then finds has no value) and after
  /// `#define`.
  package static func objCNames(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var names: [String] = []
    var position = 0
    let count = bytes.count
    while position < count {
      guard bytes[position].isIdentifierByte, bytes[position] < 0x80,
        position == 0 || !bytes[position - 1].isIdentifierByte
      else {
        position += 1
        continue
      }
      var end = position
      while end < count, bytes[end].isIdentifierByte { end += 1 }
      let word = Word(UnsafeBufferPointer(rebasing: bytes[position..<end]))
      if word == .const || word == .define {
        var next = end
        while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        var nameEnd = next
        while nameEnd < count, bytes[nameEnd].isIdentifierByte { nameEnd += 1 }
        if nameEnd > next {
          names.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[next..<nameEnd]), as: UTF8.self))
        }
        end = nameEnd
      }
      position = max(end, position + 1)
    }
    return names
  }

  /// The words the scans act on, told from a word's bytes without copying them.
  package enum Word: Equatable {
    case `let`, `var`, `func`, `case`, `static`, `class`, define, const, `enum`
    /// A modifier that may stand between `static` and `let` (`static nonisolated let`).
    case modifier
    case other

    package init(_ word: UnsafeBufferPointer<UInt8>) {
      self = .other
      guard word.count >= 3, word.count <= 11 else { return }
      for (text, kind) in Word.table where text.count == word.count {
        if word.elementsEqual(text) {
          self = kind
          return
        }
      }
    }

    fileprivate static let table: [([UInt8], Word)] = {
      let words: [(String, Word)] = [
        ("let", .let), ("var", .var), ("func", .func), ("case", .case), ("static", .static),
        ("class", .class), ("define", .define), ("const", .const), ("enum", .enum),
        ("nonisolated", .modifier),
        ("public", .modifier), ("private", .modifier), ("fileprivate", .modifier),
        ("internal", .modifier), ("package", .modifier), ("final", .modifier), ("open", .modifier),
      ]
      return words.map { (text: String, kind: Word) -> ([UInt8], Word) in (Array(text.utf8), kind) }
    }()
  }
}
