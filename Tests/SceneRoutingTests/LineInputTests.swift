import CommandLineOutput
import SceneRouting
import Testing

@Suite("line-per-item inputs")
struct LineInputTests {
  @Test("blank lines are left out, lines keep their numbers and lose a final CR")
  func lines() {
    let lines = LineInput.nonBlankLines(Array("a\r\n \t\n\nb\nc".utf8))
    #expect(lines.map(\.number) == [1, 4, 5])
    #expect(lines.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "b", "c"])
  }

  @Test("a line that is not UTF-8 is a problem at its path and line; the others are kept")
  func identifiers() {
    let read = LineInput.identifiers([0x61, 0x0A, 0xFF, 0x0A, 0x0A, 0x62], path: "ids.txt")
    #expect(read.identifiers == ["a", "b"])
    #expect(read.problems == ["ids.txt:2: error: the line is not valid UTF-8; it is skipped"])
  }
}
