import Foundation
import LabChecks
import LabLessons
import LabSwift
import Testing

/// A course's text files saved on Windows ("\r\n" line ends) or by an editor that writes a
/// byte-order mark read as they do with "\n": in Swift, "\r\n" is one `Character`, and splitting a
/// file's characters at "\n" left a whole lesson on one line ("no front matter").
@Suite struct LineEndingTests {
  static func windows(_ text: String) -> String {
    "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
  }

  @Test func aLessonWithWindowsLineEndsAndAByteOrderMarkReadsTheSame() throws {
    let url = try #require(
      try FileManager.default.contentsOfDirectory(atPath: "Lessons").sorted().first {
        $0.hasPrefix("02-")
      })
    let text = try String(contentsOfFile: "Lessons/\(url)", encoding: .utf8)
    let plain = try LessonParser.parse(
      text, file: "Lessons/\(url)", number: 2, name: "await-and-main")
    let saved = try LessonParser.parse(
      Self.windows(text), file: "Lessons/\(url)", number: 2, name: "await-and-main")
    #expect(saved.title == plain.title && saved.concepts == plain.concepts)
    #expect(saved.sections.count == plain.sections.count && saved.questions == plain.questions)
    #expect(saved.runs.map(\.pasteable) == plain.runs.map(\.pasteable))
  }

  @Test func anExpectedTraceASwiftBlockAndAFactHeaderToo() throws {
    let trace = "# a comment\n  0  main  root  start\nany order {\n  0  *  root  log  a\n}\n"
    let plain = try ExpectedTrace.parse(trace, file: "x.expected")
    let saved = try ExpectedTrace.parse(Self.windows(trace), file: "x.expected")
    #expect(saved.items.count == plain.items.count && plain.items.count == 2)
    let markdown = "Text\n\n```swift\nlet x = 1\n```\n"
    #expect(SwiftSnippet.scan(Self.windows(markdown)).snippets.count == 1)
    let fact = "// fact: x\n// checked: Swift 6.3.1, Linux\n// verdict: compiles\nlet x = 1\n"
    let parsed = Fact.parse(Self.windows(fact), name: "x", file: "Tests/NativeFacts/x.swift")
    guard case .success = parsed else {
      Issue.record("\(parsed)")
      return
    }
  }
}
