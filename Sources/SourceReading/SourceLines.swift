import PortableIO
import PredicateEvaluation
import SwiftSyntax

/// Where the byte offsets of one source file fall, with its lines broken as its language breaks
/// them (LF, CR or CRLF): swift-syntax's converter for a Swift file, the library's for
/// Objective-C, so a finding's line is the one the compiler and Xcode show.
///
/// Columns count bytes, as compilers count them (the `xcode`, `github` and `json` formats);
/// ``scalarColumn(_:)`` counts Unicode scalars, as SARIF's `unicodeCodePoints` does.
package struct SourceLines: Sendable {
  private enum Converter: Sendable {
    case swift(SwiftSyntax.SourceLocationConverter)
    case library(PredicateSyntax.SourceLocationConverter)
  }

  private let converter: Converter
  private let bytes: [UInt8]

  /// The lines of a Swift file, from its parsed `tree` (of exactly `bytes`).
  package init(swift tree: SourceFileSyntax, path: String, bytes: [UInt8]) {
    converter = .swift(SwiftSyntax.SourceLocationConverter(fileName: path, tree: tree))
    self.bytes = bytes
  }

  /// The lines of an Objective-C (or other C-family) file.
  package init(objectiveC bytes: [UInt8]) {
    converter = .library(PredicateSyntax.SourceLocationConverter(utf8: bytes))
    self.bytes = bytes
  }

  /// The 1-based line and byte column of `offset`.
  package func location(_ offset: Int) -> (line: Int, column: Int) {
    switch converter {
    case .swift(let converter):
      let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
      return (location.line, location.column)
    case .library(let converter):
      return (converter.location(of: offset).line, converter.utf8Column(of: offset))
    }
  }

  /// The 1-based column of `offset` counted in Unicode scalars.
  package func scalarColumn(_ offset: Int) -> Int {
    switch converter {
    case .swift:
      let column = location(offset).column
      return PredicateSyntax.SourceLocationConverter.scalarColumn(
        of: offset, lineStart: max(0, min(offset, bytes.count) - (column - 1)), in: bytes)
    case .library(let converter):
      return converter.location(of: offset).column
    }
  }
}
