import Foundation
import LabCommandLine
import LabLessons
import LabModel
import LabPictures
import LabSwift
import LabTestSupport
import Testing

/// A lesson is someone else's file: every byte of it reaches the terminal through
/// `terminalSafe`, whichever field it is in — title, concepts, headings, prose, code, a
/// prediction's question and choices, a verdict's program, what swiftc says of it, a fact's
/// note — so it can neither clear the screen, retitle the window nor hide a link.
@Suite struct LessonTerminalSafetyTests {
  /// Escapes that would act on a terminal: retitle the window, clear the screen, a hyperlink,
  /// a bell, a bidirectional override.
  static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]8;;http://x\u{1B}\\\u{9B}31m\u{202E}"

  static var lesson: String {
    let h = hostile
    return """
      ---
      name: sample
      title: A title \(h)
      concepts: [one \(h), two]
      scenarios: [racy-counter]
      ---

      # 1 · ignored

      Prose \(h) with `code \(h)` and **bold \(h)** and a fact [fact](../Tests/NativeFacts/x.swift).

      ## A heading \(h)

      ```swift
      let x = "\(h)"
      ```

      ```swift-verdict
      expect: error: no \(h)
      ---
      let y = "\(h)"
      ```

      ```predict
      scenario: racy-counter
      question: Which \(h)?
      of: counter
      choices: 1 \(h), 2
      ```

      ## Questions

      1. Why \(h)?
      """
  }

  /// What `lab lesson` prints of `lesson` piped (no terminal width), and the lesson's failures.
  static func played(_ lesson: Lesson) -> (text: String, failures: [String]) {
    final class Box: @unchecked Sendable { var text = "" }
    let output = Box()
    let hostile = Self.hostile
    var session = LessonSession(
      lesson: lesson,
      surroundings: LessonSession.Surroundings(
        write: { output.text += $0 }, style: TextStyle(color: false),
        load: { name in
          Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
        },
        timeline: { _, _ in Timeline.Options() }, pause: nil,
        checkVerdict: { _ in
          SwiftVerdictCheck(
            verdict: .error("other \(hostile)"),
            diagnostics: "Verdict.swift:1:9: error: other \(hostile)\nlet y = \"\(hostile)\"\n",
            seconds: 0.1)
        }),
      ascii: true)
    session.play()
    session.finish(next: nil)
    return (output.text, session.failures)
  }

  @Test func noEscapeFromTheCourseReachesTheTerminal() throws {
    let fact = try Fact.parse(
      "// fact: x\n// checked: Swift 6.3.1, Linux \(Self.hostile)\n// verdict: compiles\n",
      name: "x", file: "x.swift"
    ).get()
    let lesson = try LessonParser.parse(
      Self.lesson, file: "Lessons/01-sample.md", number: 1, name: "sample",
      facts: ["x": .success(fact)])
    let (text, failures) = Self.played(lesson)
    #expect(text.contains("A title \\u{1B}]0;pwned\\u{7}"), "\(text.prefix(400))")
    for scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
      #expect(!text.contains(scalar), "a raw \(scalar.unicodeScalars.first!.value) was printed")
    }
    #expect(failures.allSatisfy { !$0.contains("\u{1B}") })
  }

  /// Piped, a paragraph is printed unwrapped, and each character keeps as many scalars as
  /// wrapped text keeps of it: a letter of 100,000 combining marks was printed whole (200 KB),
  /// and so it was in a code block, on a terminal too.
  @Test func pipedProseBoundsEachCharacter() throws {
    let flood = "e" + String(repeating: "\u{301}", count: 100_000)
    let lesson = try LessonParser.parse(
      """
      ---
      name: sample
      title: A title
      concepts: [one]
      scenarios: [racy-counter]
      ---

      # 1 · ignored

      A flood: \(flood) done.

      ```swift
      let flood = "\(flood)"
      ```

      ```lab
      lab run racy-counter
      ```

      ## Questions

      1. Why?
      """, file: "Lessons/01-sample.md", number: 1, name: "sample", facts: [:])
    let (text, _) = Self.played(lesson)
    #expect(text.contains("A flood: " + WordWrap.boundingCharacters(flood) + " done."))
    #expect(text.contains("let flood = \"" + WordWrap.boundingCharacters(flood) + "\""))
    #expect(text.utf8.count < 2_000, "\(text.utf8.count) bytes")
  }
}
