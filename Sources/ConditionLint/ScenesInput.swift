import AppModel
import SceneRouting
import SourceReading

/// The scenes `route` and `table` read: a scenes file, or an app read from its source.
///
/// One loader for every command that routes, so each reports the same problems in the same
/// words. Nothing is printed: notes, warnings and failures come back as the lines to show.
package struct ScenesInput {
  /// The scenes, as a scenes file (an app's is made from its catalogue); nil for an app whose
  /// conditions hold run-time values (``AppRouting/problem``), which only its table routes.
  package var file: ScenesFile?
  /// The name to show for them: the path given.
  package var path: String
  /// For an app, the read of its tree.
  package var run: Linter.Run?
  /// For an app, the app chosen and its routing.
  package var routing: AppRouting?

  /// Why the scenes could not be loaded: the lines that say so, and whether a path was missing
  /// (exit 66) rather than its content wrong (exit 65).
  package struct Failure: Error {
    /// The lines to show, each a `note:` or an `error:`, or a scenes file's problem lines.
    package var lines: [String]
    /// Whether a path named does not exist.
    package var missingPath = false
  }

  /// Reads the scenes file at `path` with `read` (which may treat `-` as standard input);
  /// `notes` receives the file's warnings.
  package static func scenesFile(
    _ path: String, read: (String) throws -> [UInt8], notes: inout [String]
  ) throws(Failure) -> ScenesInput {
    let file: ScenesFile
    do {
      file = try ScenesFile(bytes: try read(path))
    } catch let error as ScenesFileError {
      throw Failure(lines: error.problemLines(path: path))
    } catch {
      throw Failure(lines: ["error: \(error)"])
    }
    notes += file.warningLines(path: path)
    return ScenesInput(file: file, path: path)
  }

  /// Reads the app under `path` and routes the one named `name` (else the first); `notes`
  /// receives what the choice noted.
  package static func app(_ path: String, name: String?, notes: inout [String]) throws(Failure)
    -> ScenesInput
  {
    let run = Linter.readApp(paths: [path])
    if !run.missingPaths.isEmpty {
      throw Failure(lines: ["error: \(path): no such file or folder"], missingPath: true)
    }
    let routing = try choose(run, name: name, notes: &notes)
    return ScenesInput(file: routing.file, path: path, run: run, routing: routing)
  }

  /// The app of `run` named `name` (else the first); `notes` receives what the choice noted.
  package static func choose(_ run: Linter.Run, name: String?, notes: inout [String])
    throws(Failure) -> AppRouting
  {
    do {
      let (routing, note) = try run.app(named: name)
      if let note { notes.append("note: \(note)") }
      return routing
    } catch {
      throw Failure(lines: (error.note.map { ["note: \($0)"] } ?? []) + ["error: \(error)"])
    }
  }
}
