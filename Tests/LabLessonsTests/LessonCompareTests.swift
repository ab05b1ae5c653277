import LabTestSupport
import Testing

@testable import LabLessons
@testable import LabModel

/// A lesson's `lab compare` line: parsed as `lab compare` parses it, within what a lesson runs.
@Suite struct LessonCompareTests {
  static func problem(_ line: String) -> String? {
    do {
      _ = try LessonRun.parse(line, line: 7)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aCompareLineIsTwoRuns() throws {
    let run = try LessonRun.parse("lab compare racy-counter --seed 1 --vs --seed 2", line: 7)
    #expect(run.scenario == "racy-counter")
    #expect(run.compare == ["racy-counter", "--seed", "1", "--vs", "--seed", "2"])
    #expect(!run.live)
    let shown = run.comparison(width: 80, full: false) { name in
      Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
    }
    guard case .success(let report)? = shown else {
      Issue.record("no comparison")
      return
    }
    #expect(report.contains("first difference at event 7: another task ran"))
  }

  /// A lesson's comparison keeps within what is left of the lesson's time: a live side got the
  /// whole 60 s of its timeout (a lesson bounded to 3 s took 120 s), and the side after `--vs`
  /// got a second of its own after the first had spent the lesson's.
  @Test func bothSidesKeepWithinTheLessonsTime() throws {
    let slow = try TestSupport.scenario(
      json: #"{"format": 1, "name": "slow", "steps": [{"sleep": 600000}, {"log": "done"}]}"#)
    let run = try LessonRun.parse("lab compare slow --live --vs --live", line: 7)
    let began = ContinuousClock.now
    let compared = run.compared(
      load: { _ in .success(slow) }, deadline: ContinuousClock.now + .seconds(1))
    guard case .failure(let problem)? = compared else {
      Issue.record("the second side ran")
      return
    }
    #expect(
      problem.message?.contains("the lesson's time ran out before the run after --vs") == true)
    #expect(ContinuousClock.now - began < .seconds(30))
  }

  /// What a lesson prints of one run is cut at `maxShownLines`, and says how to see it all.
  @Test func aRunsOutputIsCutAtItsBound() {
    let long = (1...5_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let shown = LessonSession.cut(long, whole: "lab run big")
    #expect(shown.split(separator: "\n").count == LessonSession.maxShownLines + 1)
    #expect(
      shown.hasSuffix("… 3000 more lines · all of them: lab run big\n"), "\(shown.suffix(80))")
    #expect(LessonSession.cut("a\nb\n", whole: "x") == "a\nb\n")
  }

  /// A lesson makes no more of a comparison than it shows: two runs of 30,000 events that
  /// differ in every row were aligned and made whole (a million events each: a minute past
  /// `--max-seconds 20`), then cut. Now its first rows are made, and a line counts the rest and
  /// names the command that shows them.
  @Test func aLongComparisonIsMadeOnlyAsFarAsItIsShown() throws {
    func counter(_ name: String, by step: Int) throws -> Scenario {
      try TestSupport.scenario(
        json: #"{"format": 1, "name": "\#(name)", "state": {"i": 0}, "steps": [{"repeat": 15000, "#
          + #""steps": [{"add": "i", "value": \#(step)}, {"log": "at {i}"}]}]}"#)
    }
    let (a, b) = (try counter("a", by: 1), try counter("b", by: 3))
    let run = try LessonRun.parse("lab compare a b", line: 7)
    guard
      case .success(let compared)? = run.compared(load: { $0 == "a" ? .success(a) : .success(b) })
    else {
      Issue.record("no comparison")
      return
    }
    let rows: (count: Int, more: (Int) -> String) = (50, { "… \($0) more rows · lab compare a b" })
    let report = compared.report(width: 100, full: false, rows: rows)
    let lines = report.split(separator: "\n")
    #expect(lines.count < 70, "\(lines.count)")
    #expect(report.contains("… 29952 more rows · lab compare a b"), "\(report)")
    #expect(report.contains("first difference at event 2"))
    // Whole, it is every row.
    #expect(compared.report(width: 100, full: false).split(separator: "\n").count > 30_000)
  }

  /// A comparison of two scenarios runs both: the second counts as run for the front matter's
  /// `scenarios:`, and must be listed there (it was neither).
  @Test func aComparisonRunsBothOfItsScenarios() throws {
    let run = try LessonRun.parse("lab compare withdraw-reentrant withdraw-reserved", line: 7)
    #expect(run.scenarios == ["withdraw-reentrant", "withdraw-reserved"])
    #expect(
      try LessonRun.parse("lab compare racy-counter --vs --seed 2", line: 7).scenarios == [
        "racy-counter"
      ])
    let compare = "```lab\nlab compare sync-download async-download\n```" + LessonTests.questions
    #expect(LessonTests.problems(compare).isEmpty == false)
    #expect(
      LessonTests.problems(compare).contains {
        $0.contains(
          "'async-download' is run here, and the front matter's scenarios: list does not name it")
      })
    let listed = LessonTests.problems(
      compare,
      frontMatter: "---\nname: sample\ntitle: T\nscenarios: [sync-download, async-download]\n---")
    #expect(listed.isEmpty, "\(listed)")
  }

  @Test func whatALessonCannotCompare() {
    #expect(
      Self.problem("lab compare racy-counter --vs --native")?.contains("not '--native'") == true)
    #expect(Self.problem("lab compare racy-counter")?.contains("--vs is missing") == true)
    #expect(
      Self.problem("lab compare racy-counter --vs ../x.json")?.contains("not a path") == true)
    #expect(
      Self.problem("lab compare racy-counter --vs --schedule zz")?.contains("schedule") == true)
  }
}
