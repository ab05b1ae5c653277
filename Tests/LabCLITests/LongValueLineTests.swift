import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A course's values shown on one line — `lab run`'s values and its checks (the outcome check
/// quotes every value), `lab step`'s `now:`, the outcome rows of `lab explore` and of its
/// exhaustive search — are escaped and cut: whole, a value of 3 MB made lines of 3 MB (`lab step`
/// printed 21 MB; held-out round 30; `lab run`'s outcome check 3.7 MB, round 31).
@Suite struct LongValueLineTests {
  /// Two tasks that race on `counter` beside a string of 6,000 letters with an escape in it.
  static let scenario = """
    { "format": 1, "name": "long-value",
      "state": { "note": "\\u001b[2J\(String(repeating: "w", count: 6_000))", "counter": 0 },
      "steps": [ { "group": "adders", "count": 2, "steps": [ { "add": "counter" } ] } ],
      "expect": { "outcomes": [ { "grade": "acceptable", "reason": "any" } ] } }
    """

  /// The lines of `text` that show the long value.
  static func valueLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains("www") }
  }

  @Test(arguments: [["run"], ["explore", "--runs", "3"], ["explore", "--exhaustive"]])
  func aLongValueIsOneCutLine(_ command: [String]) throws {
    let project = try CheckCommandTests.Project(["long-value.json": Self.scenario])
    let run = project.lab([command[0], "long-value"] + command.dropFirst())
    let lines = Self.valueLines(run.out)
    #expect(!lines.isEmpty, "\(run.out.prefix(500))\(run.err)")
    if command == ["run"] { #expect(lines.contains { $0.hasPrefix("✓ outcome: ") }) }
    // A row is the outcome and a few columns of grade and count around it.
    #expect(lines.allSatisfy { $0.count <= 1_100 && $0.contains("w…") }, "\(lines.map(\.count))")
    #expect(!run.out.contains("\u{1B}"), "the raw escape reached the terminal")
    #expect(run.out.contains("\\u{1B}[2J"))
  }

  /// A long outcome runs past the outcome column on its own row: the column is at most
  /// `String.widestColumn` wide, and the short outcome's row is not padded to the long one's.
  @Test(arguments: [["--exhaustive"], ["--runs", "20"]])
  func theOutcomeColumnIsAtMost80Wide(_ options: [String]) throws {
    let long = String(repeating: "w", count: 200)
    let project = try CheckCommandTests.Project([
      "two-writers.json": """
      { "format": 1, "name": "two-writers", "threads": 2, "state": { "s": "" },
        "steps": [ { "task": "a", "steps": [ { "set": "s", "to": "'\(long)'" } ] },
          { "task": "b", "steps": [ { "set": "s", "to": "'x'" } ] },
          { "awaitTask": "a" }, { "awaitTask": "b" } ],
        "expect": { "outcomes": [ { "grade": "acceptable", "reason": "any" } ] } }
      """
    ])
    let run = project.lab(["explore", "two-writers"] + options)
    let rows = run.out.split(separator: "\n")
    let short = rows.first { $0.contains("s = \"x\"") }
    let wide = rows.first { $0.contains(long) }
    #expect(short != nil && wide != nil, "\(run.out)\(run.err)")
    if let short, let wide {
      let column = short.count - short.drop { $0 != "s" }.count
      #expect(short.count - column <= String.widestColumn + 30, "\(short)")
      #expect(wide.count > String.widestColumn + column, "\(wide)")
    }
  }

  /// At a choice, `now:` takes at most two lines of the terminal, or 1,000 columns piped.
  @Test func nowAtAChoiceIsCutToTwoLines() throws {
    let scenario = try TestSupport.scenario(json: Self.scenario)
    var session = StepSession(scenario, options: RunOptions())
    guard case .decision(let decision) = session.next() else {
      Issue.record("no choice")
      return
    }
    for (width, most) in [(80, 160), (120, 240), (nil, 1_000)] as [(Int?, Int)] {
      let now = StepText.decision(decision, width: width).split(separator: "\n")
        .filter { $0.hasPrefix("now: ") }
      #expect(now.count == 1 && now[0].count == most && now[0].hasSuffix("…"), "\(width ?? 0)")
      #expect(!now.joined().contains("\u{1B}"))
    }
  }
}
