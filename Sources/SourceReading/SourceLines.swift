import PredicateEvaluation
import SwiftSyntax

/// Where the byte offsets of one source file fall, with its lines broken as Swift and
/// Objective-C break them (LF, CR or CRLF), so a finding's line is the one the compiler and Xcode
/// show: one index of line starts over the file's bytes, for both languages.
///
/// Columns count bytes, as compilers count them (the `xcode`, `github` and `json` formats);
/// ``scalarColumn(_:)`` counts Unicode scalars, as SARIF's `unicodeCodePoints` does.
package struct SourceLines: Sendable {
  private let converter: PredicateSyntax.SourceLocationConverter

  /// The lines of a Swift file: Swift breaks lines as C does, so its bytes say where each
  /// starts, and no tree is walked for it.
  package init(swift bytes: [UInt8]) {
    converter = PredicateSyntax.SourceLocationConverter(utf8: bytes)
  }

  /// The lines of an Objective-C (or other C-family) file.
  package init(objectiveC bytes: [UInt8]) {
    converter = PredicateSyntax.SourceLocationConverter(utf8: bytes)
  }

  /// The 1-based line and byte column of `offset`.
  package func location(_ offset: Int) -> (line: Int, column: Int) {
    (converter.location(of: offset).line, converter.utf8Column(of: offset))
  }

  /// The 1-based column of `offset` counted in Unicode scalars.
  package func scalarColumn(_ offset: Int) -> Int {
    converter.location(of: offset).column
  }
}
