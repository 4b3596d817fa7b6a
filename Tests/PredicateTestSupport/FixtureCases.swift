/// Decodes the one-line fixture encoding: `\\` `\t` `\n` `\r`; everything else stands for itself.
public func decodeFixtureField(_ field: String) -> String {
  var output = ""
  var iterator = field.makeIterator()
  while let character = iterator.next() {
    guard character == "\\" else {
      output.append(character)
      continue
    }
    switch iterator.next() {
    case "\\": output.append("\\")
    case "t": output.append("\t")
    case "n": output.append("\n")
    case "r": output.append("\r")
    case let other?:
      output.append("\\")
      output.append(other)
    case nil: output.append("\\")
    }
  }
  return output
}

/// Encodes text in the one-line fixture encoding.
public func encodeFixtureField(_ text: String) -> String {
  var output = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": output += "\\\\"
    case "\t": output += "\\t"
    case "\n": output += "\\n"
    case "\r": output += "\\r"
    default: output.unicodeScalars.append(scalar)
    }
  }
  return output
}

/// One case of a marked-input fixture folder (`NAME.pred` + `NAME.expected`).
public struct MarkedFixture: Sendable, CustomTestStringConvertible {
  /// The `.pred` path relative to `Fixtures/`.
  public let path: String
  /// The input with markers.
  public let marked: MarkedText

  public var testDescription: String { path }

  /// The golden file's path relative to `Fixtures/`.
  public var expectedPath: String { String(path.dropLast(".pred".count)) + ".expected" }

  /// The file name without folder and extension.
  public var name: String {
    String(path.split(separator: "/").last!.dropLast(".pred".count))
  }

  /// Every `.pred` file in `folder`.
  public static func all(in folder: String) -> [MarkedFixture] {
    Fixtures.files(in: folder, suffix: ".pred").map { path in
      var text = Fixtures.read(path) ?? ""
      if text.hasSuffix("\n") { text.removeLast() }
      return MarkedFixture(path: path, marked: MarkedText(text))
    }
  }
}

/// Swift Testing names parameterised cases by this description.
public protocol CustomTestStringConvertible {
  var testDescription: String { get }
}
