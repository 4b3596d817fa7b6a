import SceneRouting

/// Text-mode output of a canonical form: control characters escaped, as JSON mode escapes them.
///
/// A canonical form keeps a string literal's characters as they are, so a predicate holding NUL
/// or a line break would print a raw NUL or break the one-line-per-predicate output. Control
/// characters can only occur inside string literals there, so writing each as the predicate
/// language's `\uHHHH` escape keeps the output a valid predicate with the same meaning.
extension String {
  package var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.needsEscape) else { return self }
    var output = ""
    for scalar in unicodeScalars {
      guard scalar.needsEscape else {
        output.unicodeScalars.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return output
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls, DEL, and the line and paragraph separators.
  fileprivate var needsEscape: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}
