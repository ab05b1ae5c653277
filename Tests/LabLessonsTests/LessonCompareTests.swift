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
