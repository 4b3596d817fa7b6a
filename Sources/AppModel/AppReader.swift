import Dispatch
import Foundation
import PortableIO
import PredicateEvaluation
import PredicateSyntax
import SceneJSON
import SceneRouting
import SourceReading
import SwiftParser

/// What the walk gathers for the app model besides the lint's own findings: the Swift files that
/// may declare scenes or produce events (parsed), every Swift path (for types declared in files
/// without a marker), property lists, payload files and Objective-C classes.
package struct AppInputs: Sendable {
  package var swiftFiles: [AppSwiftFile] = []
  /// The Swift files the walk did not parse that mention `View`, with the names they declare
  /// (`struct` and `extension`): where a followed view type is looked up.
  package var declarations: [(path: String, names: [String])] = []
  package var propertyLists: [(path: String, bytes: [UInt8])] = []
  package var payloads: [(path: String, bytes: [UInt8])] = []
  package var objCFiles: [AppObjCFile] = []
  /// The Objective-C files the walk did not keep that implement a class (`@implementation`):
  /// where a delegate class the manifest names is looked for, read only then.
  package var objCImplementations: [String] = []

  package init() {}

  /// The inputs of files given in memory, each read as the walk reads a file of its name (the
  /// fuzzer and tests use it; nothing is read from disk).
  package init(files: [(path: String, bytes: [UInt8])]) {
    for (path, bytes) in files {
      let name = LintPaths.fileName(path)
      if name.hasSuffix(".apns") || name.hasSuffix(".json") {
        payloads.append((path, bytes))
      } else if AppInputs.isAppFile(name) {
        propertyLists.append((path, bytes))
      } else if name.hasSuffix(".swift") {
        if SwiftExtractor.excessiveBracketNesting(bytes) == nil {
          swiftFiles.append(AppSwiftFile(path: path, bytes: bytes))
        }
      } else {
        objCFiles.append(AppObjCFile(path: path, bytes: bytes))
      }
    }
  }

  /// How reading `bytes` sparsely (for its producers alone, or as a followed file for its
  /// types) differs from reading the whole file, or nil when it does not: the invariant that
  /// makes the sparse readings safe, checked by tests and the lint fuzzer. A file the parser
  /// rejects, or nests too deep to parse, is not compared (its recovery is the parser's guess,
  /// in either reading).
  ///
  /// An Objective-C file (`.m`, `.mm`) is read with only the bodies that hold a producer's name
  /// tokenized; it must give the same classes, producers and configurations as its whole
  /// tokens, and no constant name to look up that they do not.
  package static func sparseReadingDisagreement(path: String, bytes: [UInt8]) -> String? {
    if path.hasSuffix(".m") || path.hasSuffix(".mm") {
      let sparse = AppObjCFile(path: path, bytes: bytes)
      let whole = AppObjCFile(path: path, bytes: bytes, whole: true)
      let (mine, theirs) = (sparse.classes.map { "\($0)" }, whole.classes.map { "\($0)" })
      if mine != theirs { return "classes: sparse \(mine), whole \(theirs)" }
      if sparse.producers != whole.producers {
        return "producers: sparse \(sparse.producers), whole \(whole.producers)"
      }
      if sparse.configurationChoice != whole.configurationChoice {
        return "configuration choice: sparse and whole differ"
      }
      if "\(sparse.configurations)" != "\(whole.configurations)" {
        return "configurations: sparse \(sparse.configurations), whole \(whole.configurations)"
      }
      if !sparse.external.isSubset(of: whole.external) {
        return "external names: sparse \(sparse.external), whole \(whole.external)"
      }
      if sparse.relays != whole.relays {
        return "relays: sparse \(sparse.relays), whole \(whole.relays)"
      }
      return nil
    }
    guard SwiftExtractor.excessiveBracketNesting(bytes) == nil else { return nil }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    guard !tree.hasError else { return nil }
    let whole = AppSwiftFile(path: path, bytes: bytes, tree: tree)
    // Read for its producers alone as the walk reads such a file: one with no other marker.
    let marked = bytes.withUnsafeBufferPointer {
      ConditionMarkers.mayHoldConditions($0) || AppSwiftFile.holdsMarker($0)
    }
    if !marked, !path.hasSuffix("main.swift"),
      let sparse = AppSwiftFile.producers(path: path, bytes: bytes)
    {
      if sparse.producers != whole.producers {
        return "producers: sparse \(sparse.producers), whole \(whole.producers)"
      }
      if sparse.diagnostics != whole.diagnostics {
        return "notes: sparse \(sparse.diagnostics), whole \(whole.diagnostics)"
      }
    }
    guard let followed = AppSwiftFile.followed(path: path, bytes: bytes) else {
      return "a followed file the whole reading parses is not read"
    }
    let (mine, theirs) = (followed.types.map(\.summary), whole.types.map(\.summary))
    if mine != theirs { return "types: sparse \(mine), whole \(theirs)" }
    if followed.producers != whole.producers {
      return "followed producers: sparse \(followed.producers), whole \(whole.producers)"
    }
    if followed.diagnostics != whole.diagnostics {
      return "followed notes: sparse \(followed.diagnostics), whole \(whole.diagnostics)"
    }
    if followed.mainCalls.map(\.type) != whole.mainCalls.map(\.type) {
      return "main calls: sparse \(followed.mainCalls), whole \(whole.mainCalls)"
    }
    return nil
  }

  package mutating func append(_ other: AppInputs) {
    swiftFiles += other.swiftFiles
    declarations += other.declarations
    propertyLists += other.propertyLists
    payloads += other.payloads
    objCFiles += other.objCFiles
    objCImplementations += other.objCImplementations
  }

  /// Whether a file name is read for the app model (and not linted): a property list named
  /// like an Info.plist (`Info.plist`, `App-Info.plist`, `Info-iOS.plist`), APNs payloads
  /// (`.apns`) and JSON files.
  package static func isAppFile(_ name: String) -> Bool {
    (name.hasSuffix(".plist") && name.contains("Info")) || name.hasSuffix(".apns")
      || name.hasSuffix(".json")
  }

  /// The largest JSON file read as a possible payload: APNs caps a payload at 4 KB (5 KB for
  /// VoIP), so a larger JSON file is data, not a payload.
  package static let maximumPayloadFileSize = 16 << 10
}

/// An Objective-C file's classes (`@implementation X` … `@end`, by line) and the identifiers it
/// sets, read by the lint's own Objective-C tokenizer
/// (``ObjCExtractor/appReading(in:path:module:whole:)``).
package struct AppObjCFile: Sendable {
  package var path: String
  package var classes: [(name: String, lines: ClosedRange<Int>)] = []
  package var producers: [Producer] = []
  /// The constant names its values used and it does not define (read again with the module).
  package var external: Set<ModuleName> = []
  /// Its app delegate's `application:configurationForConnectingSceneSession:options:`, read.
  package var configurationChoice: ConfigurationChoice?
  /// The scene configurations it makes in code.
  package var configurations: [SceneConfigurationEntry] = []
  /// Its methods that request a scene for the activity they are given: their callers'
  /// messages are read too (``ObjCRelay``).
  package var relays: [ObjCRelay] = []

  /// Reads `bytes`, with the module's constants through `module`; `whole` tokenizes every body
  /// (``ObjCExtractor/appReading(in:path:module:whole:calling:)``).
  package init(path: String, bytes: [UInt8], module: ModuleIndex? = nil, whole: Bool = false) {
    self.path = path
    let reading = ObjCExtractor.appReading(in: bytes, path: path, module: module, whole: whole)
    classes = reading.classes
    producers = reading.producers
    external = reading.external
    configurationChoice = reading.configurationChoice
    configurations = reading.configurations
    relays = reading.relays
  }

  /// The requests the messages `bytes` (the Objective-C file at `path`) sends to `relays`
  /// make, each read where it is sent, with the module's constants through `module`.
  package static func requests(
    path: String, bytes: [UInt8], calling relays: [ObjCRelay], module: ModuleIndex
  ) -> [Producer] {
    ObjCExtractor.appReading(
      in: bytes, path: path, module: module, whole: true, calling: relays
    ).relayed
  }

  /// The keyword that opens a class's implementation: a file without one declares no class
  /// a manifest could name (``AppInputs/objCImplementations``).
  package static let implementationMarker = Array("@implementation".utf8)

  /// The bytes that make the walk read an Objective-C file for the app model besides its
  /// conditions: an identifier it sets, an app delegate choosing configurations, a configuration
  /// made in code.
  package static let markers = [
    "ContentIdentifier", "ForConnectingSceneSession", "requestSceneSessionActivation",
    "UISceneConfiguration", "activateSceneSessionForRequest",
  ].map { Array($0.utf8) }

  /// What the walk asks of an Objective-C file, found in one scan (``BytePatterns``): whether
  /// it holds one of ``markers`` (read it), or else ``implementationMarker`` (a class a
  /// manifest may name).
  package static func marks(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    holdsMarker: Bool, implements: Bool
  ) {
    let found = markPatterns.found(in: bytes)
    return (found & ((1 << markers.count) - 1) != 0, found & (1 << markers.count) != 0)
  }

  private static let markPatterns = BytePatterns(markers + [implementationMarker])
}

extension AppCatalog {
  /// The most helpers of the module whose calls in other files are read: each is a search of
  /// every file.
  static let maximumRelayedFunctions = 256

  /// The producers other files' calls of `relays` give (helpers whose parameter a producer's
  /// value is, ``HelperRelay``): each file that may call one read whole, on every core, its
  /// calls read there. **Decision:** a helper other files may call keeps its own reading (a
  /// run-time value) beside them: a call on a value of its type, whose type the reading does not
  /// know, is not counted.
  private static func relayedProducers(
    _ relays: [HelperRelay], module: ModuleIndex?,
    read: @escaping @Sendable (String) -> [UInt8]?
  ) -> [Producer] {
    guard let module, !relays.isEmpty else { return [] }
    // Bounded: the first helpers in walk order, at most ``maximumRelayedFunctions``.
    var functions: [(name: String, type: String?)] = []
    var seen: Set<[String?]> = []
    for relay in relays where functions.count < maximumRelayedFunctions {
      if seen.insert([relay.name, relay.type]).inserted {
        functions.append((relay.name, relay.type))
      }
    }
    let relays = relays.filter { seen.contains([$0.name, $0.type]) }
    let files = module.swiftFiles(calling: functions)
    let found = Locked([[Producer]](repeating: [], count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let path = files[index]
      // A helper's own file read its calls with it.
      let others = relays.filter { $0.file != path }
      guard !others.isEmpty, let bytes = read(path) else { return }
      let made = AppSwiftFile.producers(path: path, bytes: bytes, calling: others, module: module)
      found.withLock { $0[index] = made }
    }
    return found.withLock { $0 }.flatMap { $0 }
  }

  /// The requests the Objective-C files' messages to `relays` make (methods that request a
  /// scene for the activity they are given, ``ObjCRelay``): each `.m` file that holds a
  /// selector's first label read whole, on every core. **Decision:** the method keeps its own
  /// reading (a run-time value) beside them, for the messages the reading cannot count.
  private static func relayedRequests(
    _ relays: [ObjCRelay], module: ModuleIndex?,
    read: @escaping @Sendable (String) -> [UInt8]?
  ) -> [Producer] {
    guard let module, !relays.isEmpty else { return [] }
    // Bounded: the first methods in walk order, at most ``maximumRelayedFunctions``.
    var unique: [ObjCRelay] = []
    var seen: Set<ObjCRelay> = []
    for relay in relays where unique.count < maximumRelayedFunctions {
      if seen.insert(relay).inserted { unique.append(relay) }
    }
    let relays = unique
    let files = module.objCImplementationFiles(holding: relays.map { $0.labels[0] })
    let found = Locked([[Producer]](repeating: [], count: files.count))
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      guard let bytes = read(files[index]) else { return }
      let made = AppObjCFile.requests(
        path: files[index], bytes: bytes, calling: relays, module: module)
      found.withLock { $0[index] = made }
    }
    return found.withLock { $0 }.flatMap { $0 }
  }

  /// Assembles the catalogue from what a walk gathered and the lint's conditions.
  ///
  /// - Parameter load: reads and parses the Swift files at the given paths (a followed type
  ///   declared in a file the walk did not parse).
  /// - Parameter sparsely: whether a followed file is parsed for its types alone
  ///   (``AppSwiftFile/followed(path:bytes:)``) or whole.
  /// - Parameter module: the module's constants, for the names a file uses and does not
  ///   declare; a file whose reading looked for such a name is read again, whole, through it.
  package static func build(
    _ inputs: AppInputs, conditions: [LintedCondition], sparsely: Bool = true,
    module: ModuleIndex? = nil, read: @escaping @Sendable (String) -> [UInt8]?
  ) -> AppCatalog {
    var inputs = inputs
    if let module {
      // Read again through the index, on every core: in an app whose views name their window
      // ids and routes from constants files, that is most of the files the walk read.
      let objC = inputs.objCFiles.indices.filter {
        module.mayDeclare(any: inputs.objCFiles[$0].external, besides: inputs.objCFiles[$0].path)
      }
      let swift = inputs.swiftFiles.indices.filter {
        module.mayDeclare(any: inputs.swiftFiles[$0].external, besides: inputs.swiftFiles[$0].path)
      }
      let objCPaths = objC.map { inputs.objCFiles[$0].path }
      let swiftPaths = swift.map { inputs.swiftFiles[$0].path }
      let readObjC = Locked([AppObjCFile?](repeating: nil, count: objC.count))
      let readSwift = Locked([AppSwiftFile?](repeating: nil, count: swift.count))
      let firstReadings = swift.map { inputs.swiftFiles[$0] }
      DispatchQueue.concurrentPerform(iterations: objC.count + swift.count) { job in
        if job < objCPaths.count {
          guard let bytes = read(objCPaths[job]) else { return }
          let file = AppObjCFile(path: objCPaths[job], bytes: bytes, module: module)
          readObjC.withLock { $0[job] = file }
        } else {
          let position = job - objCPaths.count
          if let file = firstReadings[position].reading(through: module) {
            readSwift.withLock { $0[position] = file }
            return
          }
          guard let bytes = read(swiftPaths[position]),
            SwiftExtractor.excessiveBracketNesting(bytes) == nil
          else { return }
          let file = AppSwiftFile(path: swiftPaths[position], bytes: bytes, module: module)
          readSwift.withLock { $0[position] = file }
        }
      }
      for (position, file) in zip(objC, readObjC.withLock { $0 }) {
        if let file { inputs.objCFiles[position] = file }
      }
      for (position, file) in zip(swift, readSwift.withLock { $0 }) {
        if let file { inputs.swiftFiles[position] = file }
      }
    }
    let index = DeclarationIndex(inputs.declarations)
    var builder = AppCatalogBuilder(files: inputs.swiftFiles, module: module) { names in
      // Read and parsed on every core: a level of a view chain can name many files.
      let paths = index.paths(declaring: names)
      let parsed = Locked([AppSwiftFile?](repeating: nil, count: paths.count))
      DispatchQueue.concurrentPerform(iterations: paths.count) { position in
        guard let bytes = read(paths[position]) else { return }
        let path = paths[position]
        let file =
          sparsely
          ? AppSwiftFile.followed(path: path, bytes: bytes)
          : SwiftExtractor.excessiveBracketNesting(bytes) == nil
            ? AppSwiftFile(path: path, bytes: bytes) : nil
        parsed.withLock { $0[position] = file }
      }
      return parsed.withLock { $0 }.compactMap { $0 }
    }
    var catalog = AppCatalog()
    catalog.apps = builder.swiftUIApps()
    catalog.producers =
      inputs.swiftFiles.flatMap(\.producers)
      + relayedProducers(inputs.swiftFiles.flatMap(\.relays), module: module, read: read)
      + builder.intents() + inputs.objCFiles.flatMap(\.producers)
      + relayedRequests(inputs.objCFiles.flatMap(\.relays), module: module, read: read)
    catalog.diagnostics = inputs.swiftFiles.flatMap(\.diagnostics) + builder.diagnostics

    // UIKit manifests, URL schemes and static quick actions.
    var manifests: [CatalogApp] = []
    for (path, bytes) in inputs.propertyLists {
      let list: PropertyList
      do {
        list = try PropertyList.read(bytes)
      } catch {
        catalog.diagnostics.append(
          AppCatalog.finding(
            .propertyList,
            "not a property list this tool reads: \(error.message); skipped",
            file: path, line: error.line ?? 1))
        continue
      }
      catalog.producers += producers(in: list, path: path)
      if let manifest = manifest(in: list, path: path) {
        manifests.append(manifest)
      }
    }
    // Configurations made in code: the manifest's, when the app has one (a name the manifest
    // lists is its entry); otherwise an app of their own, named by the file's type.
    let coded =
      inputs.swiftFiles.flatMap(\.configurations) + inputs.objCFiles.flatMap(\.configurations)
    let choices =
      inputs.swiftFiles.compactMap(\.configurationChoice)
      + inputs.objCFiles.compactMap(\.configurationChoice)
    if !coded.isEmpty {
      if manifests.isEmpty, let first = coded.first {
        let owner =
          inputs.swiftFiles.first { $0.path == first.file }?.types.first {
            first.line >= $0.line && first.line <= $0.endLine
          }?.name
          ?? inputs.objCFiles.first { $0.path == first.file }?.classes.first {
            $0.lines.contains(first.line)
          }?.name ?? "App"
        manifests.append(CatalogApp(name: owner, file: first.file, line: first.line))
      }
      for entry in coded {
        guard let index = nearest(manifests, to: entry.file) else { continue }
        if manifests[index].configuresInCode == nil {
          manifests[index].configuresInCode = SourcePlace(
            file: entry.file, line: entry.line, column: 1)
        }
        if let name = entry.name,
          manifests[index].sceneConfigurations.contains(where: {
            $0.name == name && $0.role == entry.role
          })
        {
          continue
        }
        manifests[index].sceneConfigurations.append(entry)
      }
    }
    // The app delegate's choice of configuration belongs to the nearest manifest; a second
    // one for the same app (two app delegates) leaves the choice unknown.
    for choice in choices {
      guard let index = nearest(manifests, to: choice.file) else { continue }
      if manifests[index].configurationChoice == nil {
        manifests[index].configurationChoice = choice
      } else if manifests[index].configurationChoice != choice {
        manifests[index].configurationChoice = ConfigurationChoice(
          file: choice.file, line: choice.line,
          rules: [
            .init(
              tests: [],
              result: .unknown(
                "two app delegates implement application(_:configurationForConnecting:options:) "
                  + "(\(manifests[index].configurationChoice!.place), \(choice.place))"),
              line: choice.line)
          ])
      }
      if manifests[index].configuresInCode == nil {
        manifests[index].configuresInCode = SourcePlace(
          file: choice.file, line: choice.line, column: 1)
      }
    }
    // A manifest belongs to the SwiftUI app that shares the most folders with it (the same
    // project); when none does, or two different apps tie, it is an app of its own.
    let swiftUI = catalog.apps.indices
    for manifest in manifests {
      let folders = manifest.file.split(separator: "/").dropLast()
      if let (owners, best) = owners(of: manifest.file, among: catalog.apps[swiftUI]),
        best > 0 || folders.isEmpty
      {
        for index in owners {
          catalog.apps[index].sceneConfigurations += manifest.sceneConfigurations
          catalog.apps[index].configuresInCode =
            catalog.apps[index].configuresInCode ?? manifest.configuresInCode
          catalog.apps[index].configurationChoice =
            catalog.apps[index].configurationChoice ?? manifest.configurationChoice
          catalog.apps[index].supportsMultipleScenes =
            catalog.apps[index].supportsMultipleScenes ?? manifest.supportsMultipleScenes
        }
      } else {
        catalog.apps.append(manifest)
      }
    }
    // Each delegate class's conditions: the lint's findings inside the class nearest the
    // configuration (two apps in one tree may each have a SceneDelegate), and inside the scene
    // subclass it names (`UISceneClassName`), which may set its own.
    for app in catalog.apps.indices {
      for entry in catalog.apps[app].sceneConfigurations.indices {
        let configuration = catalog.apps[app].sceneConfigurations[entry]
        func nearest(_ ranges: [(file: String, lines: ClosedRange<Int>)])
          -> [(file: String, lines: ClosedRange<Int>)]
        {
          let best = ranges.map { LintPaths.sharedFolders(configuration.file, $0.file) }.max() ?? 0
          return ranges.filter { LintPaths.sharedFolders(configuration.file, $0.file) == best }
        }
        func classRanges(_ qualified: String) -> [(file: String, lines: ClosedRange<Int>)] {
          let name = SwiftValues.lastComponent(qualified)
          return builder.ranges(of: name)
            + inputs.objCFiles.flatMap { file in
              file.classes.filter { $0.name == name }.map { (file.path, $0.lines) }
            }
        }
        let sceneClassRanges = configuration.sceneClass.map { nearest(classRanges($0)) } ?? []
        func inClasses(_ ranges: [(file: String, lines: ClosedRange<Int>)]) -> [LintedCondition] {
          conditions.filter { condition in
            ranges.contains { $0.file == condition.file && $0.lines.contains(condition.line) }
              && (condition.kind == .canActivate || condition.kind == .prefersToActivate)
              && !condition.inBuilder && !condition.neverInstalled
          }
        }
        guard let delegate = configuration.delegateClass else {
          catalog.apps[app].sceneConfigurations[entry].activationConditions = inClasses(
            sceneClassRanges)
          continue
        }
        let name = SwiftValues.lastComponent(delegate)
        var candidates = classRanges(delegate)
        if candidates.isEmpty {
          // A delegate class that sets no condition and names no identifier: its file was not
          // kept by the walk, and is read now that a manifest names the class.
          for path in inputs.objCImplementations.sorted() {
            guard let bytes = read(path),
              bytes.withUnsafeBufferPointer({ System.contains($0, Array(name.utf8)) })
            else { continue }
            candidates += AppObjCFile(path: path, bytes: bytes).classes
              .filter { $0.name == name }.map { (path, $0.lines) }
          }
        }
        catalog.apps[app].sceneConfigurations[entry].delegateDeclared = !candidates.isEmpty
        if candidates.isEmpty {
          catalog.diagnostics.append(
            AppCatalog.finding(
              .missingDelegateClass,
              "the scene configuration '\(configuration.name ?? "?")' names the delegate class "
                + "'\(name)', which no file of the tree declares: UIKit cannot load the class and "
                + "makes the scene without a delegate, so nothing sets its activation conditions "
                + "(routed with UIKit's defaults: can activate for anything, prefers nothing)",
              file: configuration.file,
              line: configuration.line,
              fixDescription: "declare the class, or correct UISceneDelegateClassName"))
        }
        let ranges = nearest(candidates)
        if !ranges.isEmpty {
          catalog.apps[app].sceneConfigurations[entry].handlesShortcutItems = ranges.contains {
            declaresShortcutHandler(read($0.file) ?? [], lines: $0.lines)
          }
        }
        // In source order within each class. **Decision:** the delegate's last, as the one in
        // force when both set a kind: UIKit makes the scene before it calls the delegate's
        // scene(_:willConnectTo:options:).
        catalog.apps[app].sceneConfigurations[entry].activationConditions =
          inClasses(sceneClassRanges) + inClasses(ranges)
      }
    }
    // Conditions set outside every delegate class (a view controller's
    // `view.window?.windowScene?.activationConditions`, a helper's): the scene they reach is the
    // one the code runs in. **Decision:** such a condition belongs to the app nearest its file
    // (when one app is), and each of that app's configurations then holds, for its kind, its
    // delegate's condition or one of those set elsewhere (`AppCondition.oneOf`). A file that
    // implements the scene-connection method (`scene(_:willConnectTo:options:)`) is a scene
    // delegate's, not such code: its conditions are for the scenes of a delegate class no
    // configuration the tool read names.
    let claimed = Set(
      catalog.apps.flatMap { app in
        app.sceneConfigurations.flatMap { entry in
          entry.activationConditions.map { "\($0.file):\($0.line):\($0.column)" }
        }
      })
    var sceneDelegateFiles: [String: Bool] = [:]
    for condition in conditions
    where (condition.kind == .canActivate || condition.kind == .prefersToActivate)
      && !condition.inBuilder && !condition.neverInstalled
      && !claimed.contains("\(condition.file):\(condition.line):\(condition.column)")
    {
      guard let (nearest, _) = owners(of: condition.file, among: catalog.apps[...]),
        !catalog.apps[nearest[0]].sceneConfigurations.isEmpty
      else { continue }
      let isSceneDelegate =
        sceneDelegateFiles[condition.file]
        ?? (read(condition.file).map {
          contains($0, Array("willConnectTo".utf8))
            || contains($0, Array("willConnectToSession".utf8))
        } ?? true)
      sceneDelegateFiles[condition.file] = isSceneDelegate
      guard !isSceneDelegate else { continue }
      for app in nearest { catalog.apps[app].runTimeConditions.append(condition) }
      catalog.diagnostics.append(
        finding(
          .runtimeValue,
          "this sets the \(condition.kind.rawValue) condition of whichever scene the code runs "
            + "in, outside the delegate class of every scene configuration: the scene it reaches "
            + "is known only at run time, so each configuration is routed as holding its "
            + "delegate's \(condition.kind.rawValue) condition or this one, which one unknown",
          file: condition.file, line: condition.line))
    }
    for (path, bytes) in inputs.payloads {
      if let producer = payload(bytes, path: path, diagnostics: &catalog.diagnostics) {
        catalog.producers.append(producer)
      }
    }
    // A DocumentGroup opens files whether or not the tree holds the Info.plist that declares
    // their types: one file event for it when no document type is declared.
    if !catalog.producers.contains(where: { $0.kind == .document }) {
      for app in catalog.apps {
        for group in app.windowGroups where group.kind == .documentGroup {
          var producer = Producer(
            kind: .document, file: group.file, line: group.line, detail: "DocumentGroup")
          var template = Template(parts: [.text("file://"), .hole("path")])
          template.pathHoles = ["path"]
          producer.template = template
          producer.platforms = group.platforms
          catalog.producers.append(producer)
        }
      }
    }
    // An AppKit app delegate that receives files: one file event at it, when no document type
    // is declared in the tree (its types may live in build settings).
    if !catalog.producers.contains(where: { $0.kind == .document }) {
      catalog.producers += inputs.swiftFiles.flatMap(\.fileHandlers)
    }
    catalog.producers.sort { ($0.file, $0.line) < ($1.file, $1.line) }
    // A custom scene type used by several groups is read once for each: what it says of its
    // own source is said once.
    var seen: Set<LintDiagnostic> = []
    catalog.diagnostics = catalog.diagnostics.filter { seen.insert($0).inserted }
    catalog.diagnostics.sort { ($0.file, $0.line) < ($1.file, $1.line) }
    return catalog
  }

  /// Whether lines `lines` of a file (a delegate class's) declare the shortcut item handler:
  /// `func windowScene(` with `performActionFor` in its signature in Swift, a
  /// `performActionForShortcutItem:` selector in Objective-C; lines that are comments do not
  /// count. A text test over the class's lines, as a declaration may span several.
  package static func declaresShortcutHandler(_ bytes: [UInt8], lines: ClosedRange<Int>) -> Bool {
    var text = ""
    var number = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard lines.contains(number) else { continue }
      let trimmed = String(decoding: line, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { continue }
      text += trimmed + " "
    }
    if text.contains("performActionForShortcutItem:") { return true }
    var rest = Substring(text)
    while let start = rest.range(of: "func windowScene(") {
      let signature = rest[start.upperBound...].prefix(300)
      if let brace = signature.firstIndex(of: "{"),
        signature[..<brace].contains("performActionFor")
      {
        return true
      }
      rest = rest[start.upperBound...]
    }
    return false
  }

  /// The apps of `apps` whose files share the most folders with `file` (their indices, and how
  /// many folders), when they are one app: variants of it (the branches of `if #available`)
  /// share its name. Nil when there is none, or when two different apps tie.
  package static func owners(of file: String, among apps: ArraySlice<CatalogApp>)
    -> (indices: [Int], shared: Int)?
  {
    let shared = apps.indices.map { LintPaths.sharedFolders(file, apps[$0].file) }
    guard let best = shared.max() else { return nil }
    let owners = zip(apps.indices, shared).filter { $0.1 == best }.map(\.0)
    guard Set(owners.map { apps[$0].name }).count == 1 else { return nil }
    return (owners, best)
  }

  /// The index of the app in `apps` whose file shares the most folders with `file`.
  package static func nearest(_ apps: [CatalogApp], to file: String) -> Int? {
    apps.indices.max {
      LintPaths.sharedFolders(file, apps[$0].file) < LintPaths.sharedFolders(file, apps[$1].file)
    }
  }

  package static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard let first = pattern.first, bytes.count >= pattern.count else { return false }
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        // The name must end there.
        let next = index + pattern.count
        if next == bytes.count || !(bytes[next].isIdentifierByte) { return true }
      }
      index += 1
    }
    return false
  }

  package static func finding(
    _ rule: LintRule, _ message: String, file: String, line: Int, fixDescription: String? = nil,
    severity: DiagnosticSeverity? = nil
  ) -> LintDiagnostic {
    finding(
      id: rule.id, severity: severity ?? rule.severity, message, file: file, line: line,
      fixDescription: fixDescription)
  }

  /// A finding reported under an id another stage declares (the router's warnings).
  package static func finding(
    id: DiagnosticID, severity: DiagnosticSeverity, _ message: String, file: String, line: Int,
    fixDescription: String? = nil
  ) -> LintDiagnostic {
    LintDiagnostic(
      file: file, line: line, column: 1, endLine: line, endColumn: 1, scalarColumn: 1,
      scalarEndColumn: 1, severity: severity, id: id, message: message,
      fixDescription: fixDescription)
  }

  /// `$(PRODUCT_BUNDLE_IDENTIFIER)`-style build settings in a value, as template holes.
  private static func template(_ text: String) -> Template? {
    guard text.contains("$(") else { return nil }
    var parts: [Template.Part] = []
    var rest = Substring(text)
    while let start = rest.range(of: "$("), let end = rest[start.upperBound...].firstIndex(of: ")")
    {
      parts.append(.text(String(rest[..<start.lowerBound])))
      parts.append(.hole(String(rest[start.lowerBound...end])))
      rest = rest[rest.index(after: end)...]
    }
    parts.append(.text(String(rest)))
    return Template(parts: parts.filter { $0 != .text("") })
  }

  private static func producers(in list: PropertyList, path: String) -> [Producer] {
    var producers: [Producer] = []
    for type in list["CFBundleURLTypes"]?.array ?? [] {
      for scheme in type["CFBundleURLSchemes"]?.array ?? [] {
        guard let name = scheme.string else { continue }
        var producer = Producer(kind: .urlScheme, file: path, line: scheme.line ?? 1)
        if let template = template(name) {
          producer.template = Template(parts: template.parts + [.text("://")])
          producer.unknown = "the scheme is a build setting"
        } else {
          producer.identifier = name + "://"
        }
        producers.append(producer)
      }
    }
    producers += documents(in: list, path: path)
    for item in list["UIApplicationShortcutItems"]?.array ?? [] {
      let type = item["UIApplicationShortcutItemType"]
      var producer = Producer(
        kind: .infoPlistShortcutItem, file: path, line: type?.line ?? item.line ?? 1,
        detail: type?.string)
      producer.unknown =
        "a static quick action carries no target content identifier (UIApplicationShortcutItems "
        + "documents no key for one)"
      producer.carriesIdentifier = false
      producers.append(producer)
    }
    return producers
  }

  /// The files the app opens: a producer per extension of each `CFBundleDocumentTypes` entry
  /// (its `CFBundleTypeExtensions`, and the `public.filename-extension` tags its
  /// `LSItemContentTypes` are declared with in `UTExportedTypeDeclarations` or
  /// `UTImportedTypeDeclarations`, or that a few system types have), each routed as
  /// `file://⟨path⟩.ext`; a type whose extensions are not known as `file://⟨path⟩`.
  private static func documents(in list: PropertyList, path: String) -> [Producer] {
    var tags: [String: [String]] = systemTypeExtensions
    for key in ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"] {
      for declaration in list[key]?.array ?? [] {
        guard let identifier = declaration["UTTypeIdentifier"]?.string else { continue }
        let tag = declaration["UTTypeTagSpecification"]?["public.filename-extension"]
        tags[identifier] = tag?.array?.compactMap(\.string) ?? tag?.string.map { [$0] } ?? []
      }
    }
    var producers: [Producer] = []
    for type in list["CFBundleDocumentTypes"]?.array ?? [] {
      var extensions = (type["CFBundleTypeExtensions"]?.array ?? []).compactMap(\.string)
      for uti in (type["LSItemContentTypes"]?.array ?? []).compactMap(\.string) {
        extensions += tags[uti] ?? []
      }
      var seen: Set<String> = []
      extensions = extensions.map { $0.lowercased() }.filter {
        $0 != "*" && seen.insert($0).inserted
      }
      let name = type["CFBundleTypeName"]?.string
      for fileExtension in extensions.isEmpty ? [nil] : extensions.map(Optional.some) {
        var producer = Producer(
          kind: .document, file: path, line: type.line ?? 1, detail: name)
        var template = Template(
          parts: [.text("file://"), .hole("path")] + (fileExtension.map { [.text(".\($0)")] } ?? [])
        )
        template.pathHoles = ["path"]
        producer.template = template
        producers.append(producer)
      }
    }
    return producers
  }

  /// The file name extensions of system types apps list in `LSItemContentTypes` (Apple's
  /// *System-declared uniform type identifiers*); an abstract type (`public.data`,
  /// `public.image`) has none: any file of it.
  private static let systemTypeExtensions: [String: [String]] = [
    "public.plain-text": ["txt"], "public.utf8-plain-text": ["txt"], "com.adobe.pdf": ["pdf"],
    "public.png": ["png"], "public.jpeg": ["jpg", "jpeg"], "public.heic": ["heic"],
    "public.json": ["json"], "public.html": ["html", "htm"], "public.rtf": ["rtf"],
    "net.daringfireball.markdown": ["md", "markdown"],
    "public.comma-separated-values-text": ["csv"],
    "public.zip-archive": ["zip"], "public.mp3": ["mp3"], "public.mpeg-4": ["mp4"],
    "com.apple.quicktime-movie": ["mov"], "public.xml": ["xml"], "public.svg-image": ["svg"],
  ]

  private static func manifest(in list: PropertyList, path: String) -> CatalogApp? {
    guard let manifest = list["UIApplicationSceneManifest"] else { return nil }
    let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? "App"
    let bundleName = list["CFBundleName"]?.string.flatMap { $0.contains("$(") ? nil : $0 }
    var app = CatalogApp(name: bundleName ?? folder, file: path, line: manifest.line ?? 1)
    app.supportsMultipleScenes = manifest["UIApplicationSupportsMultipleScenes"]?.bool
    guard case .dictionary(let roles)? = manifest["UISceneConfigurations"]?.value else {
      return app
    }
    for (role, configurations) in roles {
      for configuration in configurations.array ?? [] {
        app.sceneConfigurations.append(
          SceneConfigurationEntry(
            role: role, name: configuration["UISceneConfigurationName"]?.string,
            delegateClass: configuration["UISceneDelegateClassName"]?.string,
            storyboard: configuration["UISceneStoryboardFile"]?.string,
            sceneClass: configuration["UISceneClassName"]?.string, file: path,
            line: configuration.line ?? manifest.line ?? 1))
      }
    }
    return app
  }

  /// An APNs payload's `aps.target-content-id`, at its line.
  private static func payload(
    _ bytes: [UInt8], path: String, diagnostics: inout [LintDiagnostic]
  ) -> Producer? {
    let key = Array("\"\(PushNotification.targetContentIDKey)\"".utf8)
    guard path.hasSuffix(".apns") || contains(bytes, key) else { return nil }
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      diagnostics.append(
        finding(
          .propertyList,
          "payload file is not JSON (\(error.line):\(error.column): "
            + "\(error.message)); skipped", file: path, line: error.line))
      return nil
    }
    guard let aps = json.objectValue?[PushNotification.apsKey]?.objectValue else { return nil }
    var line = 1
    if let at = bytes.withUnsafeBufferPointer({ System.firstOffset(of: key, in: $0, from: 0) }) {
      line = 1 + bytes[..<at].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    var producer = Producer(kind: .payload, file: path, line: line)
    if let identifier = aps[PushNotification.targetContentIDKey]?.stringValue {
      producer.identifier = identifier
    } else {
      producer.unknown = "the payload has no aps.\(PushNotification.targetContentIDKey)"
      producer.carriesIdentifier = false
    }
    return producer
  }
}

/// Which Swift files (of those the walk did not parse) declare a type of a name: the walk
/// records the `struct` and `extension` names of every file that mentions `View` while its bytes
/// are in memory (a byte scan, no parse), so following a view type into a file without a marker
/// costs no second read of the tree.
package struct DeclarationIndex {
  private var index: [String: [String]] = [:]
  private var order: [String: Int] = [:]

  package init(_ declarations: [(path: String, names: [String])]) {
    for (position, entry) in declarations.enumerated() {
      order[entry.path] = position
      for name in entry.names { index[name, default: []].append(entry.path) }
    }
  }

  /// The files that may declare one of `names`, each once, in walk order.
  package func paths(declaring names: Set<String>) -> [String] {
    var found: Set<String> = []
    for name in names { found.formUnion(index[name] ?? []) }
    return found.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
  }

  private static let keywords = ["struct ", "extension "].map { Array($0.utf8) }

  /// The names after `struct ` and `extension ` in `buffer` (the last component of a dotted
  /// name): each keyword found by the byte search, then checked to start a word. The walk
  /// passes the file's bytes where it read them, not a copy.
  package static func declaredNames(_ buffer: UnsafeBufferPointer<UInt8>) -> [String] {
    var names: Set<String> = []
    let count = buffer.count
    for keyword in keywords {
      var from = 0
      while let at = System.firstOffset(of: keyword, in: buffer, from: from) {
        from = at + keyword.count
        guard at == 0 || !buffer[at - 1].isIdentifierByte else { continue }
        var start = from
        while start < count, buffer[start] == 0x20 { start += 1 }
        var end = start
        while end < count, buffer[end].isIdentifierByte || buffer[end] == UInt8(ascii: ".") {
          end += 1
        }
        if end > start {
          let name = String(
            decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
          names.insert(SwiftValues.lastComponent(name))
        }
        from = max(from, end)
      }
    }
    return Array(names)
  }
}
