/// The command line as the kernel passed it, before Swift decodes it.
///
/// Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so a predicate
/// `SELF == "\xFF"` would silently become `SELF == "�"` and match the wrong identifiers. Every
/// argument is checked first: predicates, identifiers and paths alike are text here.
package enum RawArguments {
  /// Ends the command with `status` (the CLI's `EX_DATAERR`) when an argument is not UTF-8,
  /// naming the argument and the byte.
  package static func requireUTF8(orExit status: Int32) {
    for (index, bytes) in System.argumentBytes().enumerated() {
      guard let offset = firstInvalidUTF8(bytes) else { continue }
      OutputStream.standardError.writeLine(
        "error: argument \(index + 1) is not valid UTF-8: byte \(offset + 1) is "
          + "0x\(hex(bytes[offset])) in \(escaped(bytes))")
      OutputStream.standardError.flush()
      System.exit(status)
    }
  }

  /// Takes the positional arguments off a command line whose options are known: every argument
  /// that is not an option, nor the value of one of `optionsTakingValues`, and everything after
  /// `--`. Returns the options (with their values, in order) and the positional arguments.
  package static func separate(
    _ arguments: ArraySlice<String>, optionsTakingValues: Set<String>
  ) -> (options: [String], positional: [String]) {
    var options: [String] = []
    var positional: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--" {
        positional += arguments[(index + 1)...]
        break
      }
      if argument.hasPrefix("-") && argument != "-" {
        options.append(argument)
        if optionsTakingValues.contains(argument), index + 1 < arguments.endIndex {
          options.append(arguments[index + 1])
          index += 1
        }
      } else {
        positional.append(argument)
      }
      index += 1
    }
    return (options, positional)
  }

  /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }

  /// The argument with each byte that is not printable ASCII written as `\xHH`.
  private static func escaped(_ bytes: [UInt8]) -> String {
    "'"
      + bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + hex($0) }
      .joined() + "'"
  }
}
