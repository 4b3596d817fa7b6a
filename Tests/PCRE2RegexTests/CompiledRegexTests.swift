import Testing

@testable import PCRE2Regex

@Suite("CompiledRegex")
struct CompiledRegexTests {
  @Test func wholeStringAnchoring() throws {
    let regex = try CompiledRegex(pattern: "doc-[0-9]+", options: .wholeString)
    #expect(try regex.matches("doc-42"))
    #expect(try !regex.matches("doc-42x"))
    #expect(try !regex.matches("xdoc-42"))
    #expect(try !regex.matches(""))
  }

  @Test func alternationIsAnchoredAsAWhole() throws {
    let regex = try CompiledRegex(pattern: "inbox|sent", options: .wholeString)
    #expect(try regex.matches("sent"))
    #expect(try !regex.matches("sentx"))
    #expect(try !regex.matches("xinbox"))
  }

  @Test func unicodeAndDotAll() throws {
    let options: CompiledRegex.Options = [
      .wholeString, .unicodeProperties, .dotMatchesLineSeparators,
    ]
    #expect(try CompiledRegex(pattern: ".", options: options).matches("😀"))
    #expect(try CompiledRegex(pattern: "a.b", options: options).matches("a\nb"))
    #expect(try CompiledRegex(pattern: "\\p{Han}+", options: options).matches("中文"))
    #expect(try CompiledRegex(pattern: "\\w+", options: options).matches("héllo"))
  }

  @Test func caseInsensitive() throws {
    let regex = try CompiledRegex(
      pattern: "INBOX-[0-9]+", options: [.wholeString, .caseInsensitive])
    #expect(try regex.matches("inbox-2"))
  }

  @Test func bracedHexEscapes() throws {
    let regex = try CompiledRegex(pattern: "caf\\x{e9}", options: .wholeString)
    #expect(try regex.matches("café"))
    let braces = try CompiledRegex(pattern: "\\x{1F600}", options: .wholeString)
    #expect(try braces.matches("😀"))
  }

  @Test func compileErrorCarriesMessageAndOffset() {
    do {
      _ = try CompiledRegex(pattern: "ab(c", options: .wholeString)
      Issue.record("expected a compile error")
    } catch {
      #expect(error.kind == .compile)
      #expect(error.offset == 4)
      #expect(error.message.contains("missing closing parenthesis"))
    }
  }

  @Test func catastrophicBacktrackingHitsTheLimit() throws {
    let regex = try CompiledRegex(pattern: "(a+)+$", options: .wholeString)
    let subject = String(repeating: "a", count: 40) + "b"
    // The match limit bounds the work, and the error's kind says it was reached; no clock.
    #expect(throws: PCRE2Error.self) { try regex.matches(subject) }
    do {
      _ = try regex.matches(subject)
    } catch {
      #expect(error.kind == .resourceLimit)
    }
  }

  @Test func concurrentMatchesShareCompiledCode() async throws {
    let regex = try CompiledRegex(pattern: "thread/[0-9]+", options: .wholeString)
    let results = await withTaskGroup(of: Bool.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var ok = true
          for index in 0..<2_000 {
            let hit = (try? regex.matches("thread/\(index * worker)")) ?? false
            let miss = (try? regex.matches("thread/x\(index)")) ?? true
            ok = ok && hit && !miss
          }
          return ok
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0 })
  }

  @Test func nonContiguousSubject() throws {
    let regex = try CompiledRegex(pattern: "abc", options: .wholeString)
    let bridged = String(decoding: Array("abc".utf16), as: UTF16.self)
    #expect(try regex.matches(bridged))
  }
}
