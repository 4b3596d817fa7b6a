import PortableIO
import SceneJSON

extension OutputStream {
  /// Writes a JSON value and a newline.
  func writeLine(json: JSONValue) {
    var bytes = json.jsonBytes
    bytes.append(UInt8(ascii: "\n"))
    bytes.withUnsafeBufferPointer { write($0) }
  }
}
