import LabChecks
import LabInterpreter
import LabLessons
import Testing

/// `--task` and `--lane` show part of a text trace; the run, its summary and JSON stay whole.
@Suite struct TraceDisplayTests {
  /// The trace lines of a `lab run` report: between the column header and the blank line.
  static func traceLines(_ report: String) -> [Substring] {
    let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.hasSuffix("event   details") }),
      let blank = lines[header...].firstIndex(of: "")
    else { return [] }
    return Array(lines[(header + 1)..<blank])
  }

  @Test func aTaskShowsOnlyItsEventsAndTheSummaryStays() {
    let whole = InProcessLab.run(["run", "async-let-downloads"])
    let part = InProcessLab.run(["run", "async-let-downloads", "--task", "num3"])
    #expect(part.status == 0, "\(part.err)")
    let lines = Self.traceLines(part.out)
    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("  num3  ") })
    let wanted = Self.traceLines(whole.out).filter { $0.contains("  num3  ") }
    #expect(lines == wanted)
    #expect(part.out.hasSuffix(String(whole.out.split(separator: "\n\n").last!)))
  }

  @Test func tasksAndLanesCombine() {
    let part = InProcessLab.run([
      "run", "async-let-downloads", "--task", "num1", "--task", "num3", "--lane", "main",
    ])
    let lines = Self.traceLines(part.out)
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.contains("  main  ") })
    #expect(lines.contains { $0.contains("num1") } && lines.contains { $0.contains("num3") })
    #expect(!lines.contains { $0.contains("num2") })
  }

  @Test func aGroupsNameShowsItsChildren() {
    let display = TraceDisplay(tasks: ["g"])
    func event(_ task: String) -> TraceEvent {
      TraceEvent(time: 0, thread: "main", task: task, kind: .start, text: "")
    }
    #expect(display.shows(event("g")) && display.shows(event("g[2]")))
    #expect(!display.shows(event("gg")) && !display.shows(event("g2")))
  }

  @Test func filtersAreForTheTextTrace() {
    let json = InProcessLab.run([
      "run", "async-let-downloads", "--task", "num1", "--format", "json",
    ])
    #expect(json.status == 64 && json.err.contains("--task and --lane"), "\(json.err)")
  }

  @Test func aLessonsRunTakesThemTooAndKeepsTheWholeReportForExcerpts() throws {
    let run = try LessonRun.parse(
      "lab run async-let-downloads --task num2 --lane worker-1", line: 3)
    #expect(run.display == TraceDisplay(tasks: ["num2"], lanes: ["worker-1"]))
    #expect(throws: LessonProblem.self) {
      try LessonRun.parse("lab run async-let-downloads --task num2 --timeline", line: 3)
    }
  }
}
