import Foundation
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
    let whole = InProcessLab.run(["run", "async-let-downloads", "--full"])
    let part = InProcessLab.run(["run", "async-let-downloads", "--task", "num3", "--full"])
    #expect(part.status == 0, "\(part.err)")
    let lines = Self.traceLines(part.out)
    #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("  num3  ") })
    let wanted = Self.traceLines(whole.out).filter { $0.contains("  num3  ") }
    #expect(lines == wanted)
    #expect(part.out.hasSuffix(String(whole.out.split(separator: "\n\n").last!)))
  }

  @Test func tasksAndLanesCombine() {
    let part = InProcessLab.run([
      "run", "async-let-downloads", "--task", "num1", "--task", "num3", "--lane", "main", "--full",
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

  @Test func aNameThatNamesNothingInTheRunIsAUsageErrorNamingWhatThereIs() {
    let task = InProcessLab.run(["run", "async-let-downloads", "--task", "nmu2"])
    #expect(task.status == 64 && task.out.isEmpty, "\(task.out)")
    #expect(
      task.err.contains(
        "--task 'nmu2' names no task of this run (its tasks: root, num1, num2, num3); did you "
          + "mean 'num2'?"),
      "\(task.err)")
    let lane = InProcessLab.run(["run", "async-let-downloads", "--task", "num2", "--lane", "mian"])
    #expect(lane.status == 64)
    #expect(
      lane.err.contains("--lane 'mian' names no thread of this run (its threads: main, worker-"),
      "\(lane.err)")
    // A group's name, and one child's, each name something.
    for name in ["tasks", "tasks[3]"] {
      let group = InProcessLab.run(["run", "task-group-five", "--task", name])
      #expect(group.status == 0, "\(name): \(group.err)")
    }
  }

  @Test func theRunsNamesAreListedOnceAGroupAndBounded() {
    func event(_ task: String, _ thread: String = "main") -> TraceEvent {
      TraceEvent(time: 0, thread: thread, task: task, kind: .start, text: "")
    }
    let events = [event("root"), event("g[1]", "worker-1"), event("g[2].h[1]"), event("t")]
    #expect(TraceDisplay(tasks: ["g", "g[1]", "g[2].h", "t"]).unknownName(in: events) == nil)
    #expect(
      TraceDisplay(tasks: ["h"]).unknownName(in: events)
        == "--task 'h' names no task of this run (its tasks: root, g, t)")
    #expect(
      TraceDisplay(lanes: ["worker-2"]).unknownName(in: events)
        == "--lane 'worker-2' names no thread of this run (its threads: main, worker-1); did you "
        + "mean 'worker-1'?")
    let many = (1...30).map { event("t\($0)") }
    #expect(
      TraceDisplay(tasks: ["x"]).unknownName(in: many)?.hasSuffix("t19, t20, … (30 in all))")
        == true)
    #expect(
      TraceDisplay(tasks: ["x"]).unknownName(in: [])?.hasSuffix("(it recorded no event)") == true)
  }

  @Test func aLessonsRunWhoseTaskNamesNothingFailsTheLesson() throws {
    let root = try LessonCommandTests.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = ["LAB_ROOT": root.path]
    #expect(InProcessLab.run(["new", "starter"], environment: environment).status == 0)
    let lesson = """
      ---
      name: filtered
      title: A lesson that shows a task the run has not
      concepts: [testing]
      scenarios: [starter]
      ---

      ## Runs

      ```lab
      lab run starter --task nobody
      ```

      ## Questions

      1. Why?
      """
    try Data(lesson.utf8).write(to: root.appendingPathComponent("Lessons/01-filtered.md"))
    let (status, out, _) = InProcessLab.run(["lesson", "1"], environment: environment)
    #expect(status == 1)
    #expect(
      out.contains("Lessons/01-filtered.md:11:1: error: --task 'nobody' names no task of this run"),
      "\(out)"
    )
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
    #expect(run.display == TraceDisplay(tasks: ["num2"], lanes: ["worker-1"], fold: true))
    #expect(throws: LessonProblem.self) {
      try LessonRun.parse("lab run async-let-downloads --task num2 --timeline", line: 3)
    }
  }

  static func event(_ time: Double, _ task: String, _ text: String) -> TraceEvent {
    TraceEvent(time: time, thread: "main", task: task, kind: .log, text: text)
  }

  @Test func repeatedRoundsFoldToTheFirstAndACount() {
    // Two events a round, four rounds, numbers aside; then one that differs.
    var events: [TraceEvent] = []
    for round in 0..<4 {
      events.append(Self.event(Double(round * 300), "t", "file2: \(round)/20"))
      events.append(Self.event(Double(round * 300), "t", "downloaded = \(round * 7)"))
    }
    events.append(Self.event(1200, "t", "done"))
    #expect(
      TraceText.folded(events) == [
        .event(0), .event(1), .rounds(count: 3, from: 300, to: 900), .event(8),
      ])
    let lines = TraceText.lines(events, display: TraceDisplay(fold: true))
    #expect(lines.count == 4)
    #expect(lines[2] == "       … 3 more rounds like this, 300–900 ms")
  }

  @Test func twoRepeatsAndNamesEndingInDigitsDoNotFold() {
    let twice = [Self.event(0, "t", "a 1"), Self.event(0, "t", "a 2"), Self.event(0, "t", "b")]
    #expect(TraceText.folded(twice) == [.event(0), .event(1), .event(2)])
    let spawns = (1...3).map { Self.event(0, "root", "async let num\($0) = f()") }
    #expect(TraceText.folded(spawns) == [.event(0), .event(1), .event(2)])
    let otherTasks = (1...3).map { Self.event(0, "t\($0)", "x") }
    #expect(TraceText.folded(otherTasks).count == 3)
  }

  /// A loop's events are the same step when only their numbers differ: each run of digits
  /// outside a name is one `#`, digits that end a name (an ASCII one or any other script's) stay,
  /// and other text is kept byte for byte.
  @Test(arguments: [
    ("round 12 of 345", "round # of #"),
    ("yield(5) → .enqueued", "yield(#) → .enqueued"), ("num1 = 2", "num1 = #"),
    ("café7 x_9 ä8", "café7 x_9 ä8"), ("→9€10", "→#€#"), ("no digits — ✓", "no digits — ✓"),
    ("", ""), ("007", "#"),
  ])
  func aShapeReadsEachNumberAsOneMark(text: String, shape: String) {
    #expect(TraceText.shape(text) == shape)
  }

  @Test func runFoldsUnlessFullAndJSONNeverDoes() {
    let folded = InProcessLab.run(["run", "async-let-downloads", "--task", "num2"]).out
    let full = InProcessLab.run(["run", "async-let-downloads", "--task", "num2", "--full"]).out
    #expect(folded.contains("more rounds like this"))
    #expect(!full.contains("more rounds like this"))
    #expect(Self.traceLines(folded).count < Self.traceLines(full).count)
    let json = InProcessLab.run(["run", "async-let-downloads", "--format", "json"]).out
    #expect(!json.contains("more rounds"))
  }

  @Test func aLessonFoldsItsRunsButChecksExcerptsOnTheWholeReport() throws {
    let run = try LessonRun.parse("lab run async-let-downloads --full", line: 3)
    #expect(run.display == TraceDisplay(fold: false))
    let lesson = InProcessLab.run(["lesson", "4"])
    #expect(lesson.status == 0, "\(lesson.out)")
    #expect(lesson.out.contains("more rounds like this"))
  }
}
