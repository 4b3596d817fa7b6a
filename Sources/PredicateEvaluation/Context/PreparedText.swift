/// A string literal prepared at compile time for the operator that uses it.
///
/// A class, so that a matcher holding one hands the evaluator a single reference, not five.
final class PreparedText: Sendable {
  let form: TextForm
  /// The literal as written.
  let original: String
  /// Folded and normalised for `form`, as UTF-8.
  let bytes: [UInt8]
  let isASCII: Bool
  /// Whether ASCII bytes are compared case-insensitively (the literal is already folded).
  let foldsCase: Bool
  let units: UnitText

  init(_ literal: String, form: TextForm) {
    self.form = form
    self.original = literal
    let text = form.apply(literal)
    self.bytes = Array(text.utf8)
    self.isASCII = bytes.allSatisfy { $0 < 0x80 }
    self.foldsCase = form.folding.foldsCase
    self.isLiteral = form.isIdentity
    self.units = UnitText(text)
  }

  var isEmpty: Bool { bytes.isEmpty }
  /// Whether `form` leaves text untouched (no folding, no normalisation): stored, because `==`
  /// asks on every evaluation and a computed property here is a call.
  let isLiteral: Bool
}
