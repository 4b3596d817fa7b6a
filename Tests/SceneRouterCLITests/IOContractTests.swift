import Foundation
import Testing

/// Nothing lost in silence: a write or read that fails ends the command with a message and exit
/// 74, and input that is not UTF-8 is an error at its byte, never replaced.
@Suite("I/O contract")
struct IOContractTests {
  @Test(
    "a write that fails (a full disk) exits 74 with a message, for every command",
    arguments: [
      #"printf '{"predicate": "SELF == \"a\"", "identifier": "a"}\n' | "$CLI" evaluate --batch > /dev/full"#,
      #"printf '{"aps": {"target-content-id": "x"}}\n' | "$CLI" route --scenes Fixtures/example/scenes.json --jsonl > /dev/full"#,
      #""$CLI" route --scenes Fixtures/example/scenes.json --format json Fixtures/example/events/1-push-thread-42.apns > /dev/full"#,
      #""$CLI" check 'SELF == "a"' > /dev/full"#,
      #""$CLI" --help > /dev/full"#,
      #""$CLI" lint Fixtures/lint/sources > /dev/full"#,
    ])
  func fullDisk(_ script: String) throws {
    let result = try CLI.shell(script)
    #expect(result.status == 74, "\(script)")
    #expect(result.stderr.contains("cannot write to standard output: No space left on device"))
  }

  @Test("with SIGPIPE ignored, a closed pipe exits 74 instead of reading on and discarding")
  func brokenPipe() throws {
    let result = try CLI.shell(
      #"""
      trap '' PIPE
      for i in $(seq 100000); do echo '{"predicate": "SELF == \"a\"", "identifier": "a"}'; done \
        | "$CLI" evaluate --batch | head -1
      echo "status ${PIPESTATUS[1]}"
      """#)
    #expect(result.stdout == "{\"result\":true}\nstatus 74\n")
    #expect(result.stderr.contains("cannot write to standard output: Broken pipe"))
  }

  @Test(
    "a directory or a closed descriptor as standard input is a read error naming it",
    arguments: [
      (#""$CLI" evaluate --batch < /tmp"#, "it is a directory"),
      (#""$CLI" evaluate --batch <&-"#, "it is not open"),
      (#""$CLI" route --scenes Fixtures/example/scenes.json --jsonl < /tmp"#, "it is a directory"),
      (#""$CLI" route --scenes Fixtures/example/scenes.json --jsonl <&-"#, "it is not open"),
      (#""$CLI" check --file - < /tmp"#, "is a directory"),
    ])
  func unreadableInput(_ script: String, reason: String) throws {
    let result = try CLI.shell(script)
    #expect(result.status == 74, "\(script): \(result.stderr)")
    #expect(result.stderr.contains("standard input") || result.stderr.contains("-:"))
    #expect(result.stderr.contains(reason), "\(script): \(result.stderr)")
  }

  @Test("bytes that are not UTF-8 in a predicate file are errors at their line, column and byte")
  func invalidUTF8InFile() throws {
    let result = try CLI.shell(
      #"""
      f=$(mktemp)
      printf 'SELF == "a"\nSELF == "\xff"\n' > "$f"
      "$CLI" check --file "$f" | sed "s|$f|F|"
      echo "status ${PIPESTATUS[0]}"
      rm -f "$f"
      """#)
    #expect(result.stdout.contains("F:1: SELF == \"a\""))
    #expect(
      result.stdout.contains(
        "F:2:10: error[syntax.invalid-utf8]: invalid UTF-8: byte 10 of the input (0xFF)"))
    #expect(result.stdout.hasSuffix("status 65\n"))
  }

  @Test("an argument that is not UTF-8 is an error naming the argument and the byte")
  func invalidUTF8InArguments() throws {
    let result = try CLI.shell(
      #""$CLI" evaluate "$(printf 'SELF == "\xff"')" "$(printf '\xef\xbf\xbd')""#)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty, "nothing is evaluated: \(result.stdout)")
    #expect(
      result.stderr.contains(#"argument 2 is not valid UTF-8: byte 10 is 0xFF in 'SELF == "\xFF"'"#)
    )
  }

  @Test("the canonical form in text output escapes control characters; JSON escapes them too")
  func controlCharactersEscaped() throws {
    let text = try CLI.run(["check", "SELF == \"a\\u0000b\\nc\""])
    #expect(text.status == 0)
    #expect(text.stdout == "SELF == \"a\\u0000b\\u000Ac\"\n")
    #expect(!text.stdoutBytes.contains(0))
    let json = try CLI.run(["check", "--json", "SELF == \"a\\u0000b\""])
    #expect(!json.stdoutBytes.contains(0))
    #expect(json.stdout.contains(#"\u0000"#))
  }
}

@Suite("Overlong lines")
struct OverlongLineTests {
  @Test("a line over 16 MiB is an error line, read in bounded memory; the lines around it answer")
  func overlongLine() throws {
    var input = Data(#"{"predicate": "SELF == 'a'", "identifier": "a"}"#.utf8)
    input.append(0x0A)
    input.append(Data(repeating: UInt8(ascii: "x"), count: (16 << 20) + 10))
    input.append(0x0A)
    input.append(Data(#"{"predicate": "SELF == 'a'", "identifier": "b"}"#.utf8))
    input.append(0x0A)
    input.append(Data(repeating: UInt8(ascii: "y"), count: 17 << 20))  // and no newline
    let result = try CLI.run(["evaluate", "--batch"], stdin: input)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0] == #"{"result":true}"#)
    #expect(lines[1].contains("line 2: the line is 16777226 bytes long; the limit is 16777216"))
    #expect(lines[2] == #"{"result":false}"#)
    #expect(lines[3].contains("line 4: the line is 17825792 bytes long"))
    #expect(result.status == 65)
  }
}

/// `lint --fix` and `--write-baseline` replace a user's file whole or not at all.
@Suite("atomic fixes")
struct AtomicFixTests {
  @Test(
    "on a full file system, lint --fix and --write-baseline exit 74 and leave each file as it was",
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func fullFileSystem() throws {
    let result = try CLI.shell(
      #"""
      set -u
      dir=$(mktemp -d)
      mount -t tmpfs -o size=64k tmpfs "$dir" || { echo "mount failed"; exit 3; }
      trap 'umount "$dir"; rmdir "$dir"' EXIT
      cp Fixtures/lint/sources/ChatSceneDelegate.swift "$dir/Chat.swift"
      printf 'version: 1\n' > "$dir/baseline.yml"
      before=$(sha256sum "$dir/Chat.swift" "$dir/baseline.yml" | cut -c1-64)
      dd if=/dev/zero of="$dir/filler" bs=4k 2>/dev/null
      "$CLI" lint --fix "$dir/Chat.swift" > /dev/null
      echo "fix status $?"
      "$CLI" lint --write-baseline "$dir/baseline.yml" "$dir/Chat.swift" > /dev/null
      echo "baseline status $?"
      after=$(sha256sum "$dir/Chat.swift" "$dir/baseline.yml" | cut -c1-64)
      [ "$before" = "$after" ] && echo "files unchanged"
      ls -A "$dir" | tr '\n' ' '
      """#)
    #expect(result.stdout.contains("fix status 74"), "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.contains("baseline status 73"), "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.contains("files unchanged"))
    #expect(result.stdout.hasSuffix("Chat.swift baseline.yml filler "), "no temporary file left")
    #expect(
      result.stderr.contains(
        "Chat.swift: could not write the fixes, the file is unchanged: No space left on device"))
    #expect(
      result.stderr.contains(
        "baseline.yml: could not write the baseline, the file is unchanged: No space left on device"))
  }
}
