import Foundation
import Testing

/// A course's text reaches the terminal escaped wherever the lab quotes it: a scenario's file
/// name in `lab check`'s line, an outcome's string value and a rule's reason in `lab explore`'s
/// table and `lab check --verbose`, an expected trace's lines in `lab diff`. Each holds an escape
/// that would retitle the window and clear the screen.
struct HostileCourseTextTests {
  static let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J"

  static func project() throws -> CheckCommandTests.Project {
    // The escape in JSON as \u001b and \u0007: the file is valid JSON, the value holds the bytes.
    let json = "\\u001b]0;pwned\\u0007\\u001b[2J"
    return try CheckCommandTests.Project([
      "hostile\(escape).json": CheckCommandTests.failing,
      "values.json": """
      {"format": 1, "threads": 2, "state": {"word": "a"},
       "steps": [{"group": "writers", "count": 2, "as": "i", "steps": [
         {"set": "word", "to": "'\(json)' + i"}]}],
       "expect": {"outcomes": [
         {"when": {"values": {"word": "nothing"}}, "grade": "acceptable", "reason": "\(json)"},
         {"grade": "forbidden", "reason": "\(json) a reason"}]}}
      """,
      "values.expected": "       0  main      root      log     \(escape)\n",
    ])
  }

  @Test(arguments: [
    ["check"], ["check", "values", "--verbose"], ["explore", "values"], ["diff", "values"],
  ])
  func courseTextReachesTheTerminalEscaped(_ arguments: [String]) throws {
    let project = try Self.project()
    let run = project.lab(arguments)
    #expect(!run.out.contains("\u{1B}") && !run.err.contains("\u{1B}"), "\(run.out)\(run.err)")
    #expect(!run.out.contains("\u{07}") && !run.err.contains("\u{07}"))
    #expect(run.out.contains("\\u{1B}") || run.err.contains("\\u{1B}"), "\(run.out)\(run.err)")
  }
}
