import Foundation
import LabCommandLine
import LabLessons
import LabModel
import LabTestSupport
import Testing

@testable import LabChecks
@testable import lab

/// What the lab prints fits a terminal 60 or 80 columns wide (`COLUMNS`): no line passes the
/// width, and no word is split — every word printed is a word of the same output piped, except
/// where a trace row is cut with `…` (its columns stay columns) and where a word is itself wider
/// than a line, the one thing that may be broken.
struct TerminalWidthTests {
  static let widths = [60, 80]

  /// The lines of `lab ARGUMENTS` at `columns` that pass the width or split a word; `verbatim`
  /// says which lines are exempt from the width (a lesson's code and tables, printed as written).
  static func misfits(
    _ arguments: [String], columns: Int, verbatim: (String) -> Bool = { _ in false }
  ) -> [String] {
    let piped = InProcessLab.run(arguments)
    let fitted = InProcessLab.run(arguments, environment: ["COLUMNS": String(columns)])
    // The statuses are not compared: a lesson's live run may miss its tolerance on a loaded
    // machine, which changes what it says, not how it fits.
    let words = Set(piped.out.split(whereSeparator: \.isWhitespace).map(String.init))
    let lines = fitted.out.split(separator: "\n").map(String.init)
    var misfits = lines.filter { $0.count > columns && !verbatim($0) }.map {
      "\($0.count) columns: \($0)"
    }
    // A word split by the wrapping is a word of the piped output whose two pieces end one line
    // and start the next; only a word too wide for any line may be.
    for (line, next) in zip(lines, lines.dropFirst()) {
      guard let end = line.split(separator: " ").last, let start = next.split(separator: " ").first
      else { continue }
      let whole = String(end + start)
      if words.contains(whole), !(words.contains(String(end)) && words.contains(String(start))),
        whole.count <= columns - 8
      {
        misfits.append("split word '\(whole)' in: \(line)")
      }
    }
    return misfits
  }

  @Test(arguments: widths) func labListFits(_ columns: Int) {
    #expect(Self.misfits(["list"], columns: columns) == [])
    let list = InProcessLab.run(["list", "--lessons"], environment: ["COLUMNS": "\(columns)"])
    let sixteen = list.out.split(separator: "\n").first { $0.contains("locks-atomics-semaphores") }
    #expect(sixteen?.contains("locks-atomics-semaphores  ") == true, "name and title apart")
  }

  @Test(arguments: widths) func labExploreFits(_ columns: Int) {
    for arguments in [["explore", "racy-counter"], ["explore", "racy-counter", "--exhaustive"]] {
      #expect(Self.misfits(arguments, columns: columns) == [], "lab \(arguments)")
    }
  }

  @Test(arguments: widths) func labCheckFits(_ columns: Int) {
    #expect(Self.misfits(["check", "Scenarios/08-data-races"], columns: columns) == [])
  }

  /// Every bundled lesson: prose, headings, concepts, run reports, tables (drawn as columns that
  /// fit), code blocks and Swift programs (a line too long wraps under itself, a comment as a
  /// comment) fit.
  @Test(arguments: widths) func everyLessonFits(_ columns: Int) throws {
    let catalog = LessonCatalog(root: TestSupport.packageRoot)
    for entry in catalog.entries() {
      let misfits = Self.misfits(["lesson", String(entry.number)], columns: columns)
      #expect(misfits == [], "lesson \(entry.number) at \(columns)")
    }
  }

  /// A failed check's explanation too long for the line wraps under itself, whole.
  @Test(arguments: widths) func aLongCheckExplanationWrapsUnderItself(_ columns: Int) {
    let message =
      "outcome: forbidden counter = 1 · race: lab run Scenarios/08-data-races/racy-counter.json "
      + "--schedule 3-8d4eb6-hgjghggg-a4, found by the search before its budget ended"
    let verdict = ScenarioVerdict(
      scenario: "racy-counter", file: "racy-counter.json", status: .failed, summary: "", runs: 1,
      failures: [.init(run: nil, messages: [message], replay: nil, searched: true)])
    let text = CheckReport.line(verdict, width: 20, columns: columns, TextStyle(color: false))
    let lines = text.split(separator: "\n")
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count < columns }, "\(lines)")
    // Under the explanation while every word fits there, else under the name.
    let indent = columns - 1 - 28 >= 41 ? 28 : 6
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: indent)) })
    #expect(
      lines.map { $0.drop { $0 == " " } }.joined(separator: " ").hasSuffix(message),
      "the whole explanation, in order")
    #expect(CheckReport.line(verdict, width: 20, TextStyle(color: false)).hasSuffix(message))
  }
}
