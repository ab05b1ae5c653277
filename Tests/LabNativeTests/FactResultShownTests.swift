import LabSwift
import Testing

@testable import LabNative

/// A fact that fails is shown in at most 20 lines, each escaped and cut at 1,000 columns: a
/// test's issue of three megabytes was one line of three megabytes.
@Suite struct FactResultShownTests {
  @Test func aFailureIsShownInTwentyEscapedCutLines() throws {
    let fact = try Fact.parse(
      "// fact: Something holds.\n// checked: Swift 6.3.1, Linux\n// compare: sequence\n// log: x\nprint(\"log: x\")\n",
      name: "sample", file: "Tests/NativeFacts/sample.swift"
    ).get()
    let long = "\u{1B}[2J" + String(repeating: "y", count: 5_000)
    let text = ([long] + (1...29).map { "line \($0)" }).joined(separator: "\n")
    let shown = FactResult(fact: fact, outcome: .failed(text)).shown
    guard case .failed(let said) = shown.outcome else {
      Issue.record("not a failure: \(shown.outcome)")
      return
    }
    let lines = said.split(separator: "\n")
    #expect(lines.count == FactResult.shownLines + 1)
    #expect(lines.last == "… 10 more lines")
    #expect(lines[0].hasPrefix("\\u{1B}[2Jyyy") && lines[0].count == 1_000, "\(lines[0].count)")
    #expect(!said.contains("\u{1B}"))
    // A fact that holds is as it was.
    let held = FactResult(fact: fact, outcome: .held(note: nil)).shown
    #expect(held.outcome == .held(note: nil))
  }
}
