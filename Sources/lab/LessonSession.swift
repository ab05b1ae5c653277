import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// One playing of a lesson: prints it, runs its scenarios, and keeps what went wrong.
struct LessonSession {
  let lesson: Lesson
  let context: CommandContext
  let ascii: Bool
  /// Whether to wait for Return between sections.
  let pauses: Bool
  /// Each run's plain text report, by its index in `lesson.runs`, for the excerpts after it.
  var reports: [Int: String] = [:]
  var runCount = 0
  /// What did not go as the lesson says, one line each.
  var failures: [String] = []
  /// The number of sections shown, when the learner stopped before the end.
  var stoppedAfter: Int?

  init(lesson: Lesson, context: CommandContext, ascii: Bool, pauses: Bool) {
    self.lesson = lesson
    self.context = context
    self.ascii = ascii
    self.pauses = pauses
  }

  var console: Console { context.console }

  mutating func play() {
    let heading = "Lesson \(lesson.number) · \(lesson.name) — \(lesson.title)"
    console.out(console.paint(heading, .bold) + "\n")
    if !lesson.concepts.isEmpty {
      console.out(
        console.paint("concepts: " + lesson.concepts.joined(separator: ", "), .dim) + "\n")
    }
    console.out("\n")
    for (index, section) in lesson.sections.enumerated() {
      if let title = section.heading {
        console.out(console.paint("## \(title)", .bold) + "\n\n")
      }
      for block in section.blocks { show(block) }
      if pauses, index < lesson.sections.count - 1, !waitForReturn() {
        stoppedAfter = index + 1
        return
      }
    }
  }

  mutating func show(_ block: Lesson.Block) {
    switch block {
    case .text(let lines):
      console.out(lines.map(styled).joined(separator: "\n") + "\n\n")
    case .code(_, let lines):
      console.out(lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n\n")
    case .runs(let runs):
      for run in runs { perform(run) }
    case .excerpt(let excerpt):
      // The reader has just seen the whole run; the excerpt is for GitHub. Only check it.
      guard let report = reports[excerpt.run] else { return }
      if let mismatch = excerpt.mismatch(in: report) {
        fail(
          "\(lesson.file):\(excerpt.line): the lesson's excerpt of this run does not match: "
            + mismatch)
      }
    }
  }

  /// Runs one `lab run` line and prints its report and, when it surprises, why.
  mutating func perform(_ run: LessonRun) {
    let index = runCount
    runCount += 1
    console.out(console.paint("$ \(run.command)", .cyan) + "\n")
    let scenario: Scenario
    do {
      guard let loaded = context.loadScenario(try context.scenarioFile(run.scenario)) else {
        fail("\(lesson.file):\(run.line): scenario '\(run.scenario)' does not validate")
        return
      }
      scenario = loaded
    } catch {
      fail("\(lesson.file):\(run.line): \(error.message)")
      return
    }
    let result = ScenarioRunner.runAndCheck(scenario, options: run.options)
    let report = TraceText.report(result)
    reports[index] = report
    if run.timeline {
      let options = Timeline.Options(
        environment: context.environment, terminalColumns: console.terminalColumns,
        ascii: ascii || run.ascii, color: console.colorOut, taskRows: run.taskRows)
      console.out(console.highlight(Timeline.report(result, options: options)))
    } else {
      console.out(console.highlight(report))
    }
    switch (run.expectsFailure, result.passed) {
    case (false, false):
      failures.append("\(lesson.file):\(run.line): \(run.command) failed a check")
    case (true, true):
      fail(
        "\(lesson.file):\(run.line): the lesson expects this run to fail a check, but every "
          + "check passed")
    case (true, false):
      console.out(
        console.paint("(this run fails on purpose: the ✗ is what the lesson is showing)", .dim)
          + "\n")
    case (false, true):
      break
    }
    console.out("\n")
  }

  /// A Markdown line for the terminal: `**bold**` in bold and `code` in cyan, the marks dropped.
  /// Without colour the line stays as written: Markdown reads well as plain text.
  func styled(_ line: String) -> String {
    guard console.colorOut else { return line }
    var out = ""
    var rest = Substring(line)
    while let mark = rest.firstIndex(where: { $0 == "`" || $0 == "*" }) {
      let delimiter = rest[mark] == "`" ? "`" : "**"
      let body = rest[mark...].dropFirst(delimiter.count)
      guard rest[mark...].hasPrefix(delimiter), let end = body.range(of: delimiter),
        !body[..<end.lowerBound].isEmpty
      else {
        out += rest[...mark]
        rest = rest[rest.index(after: mark)...]
        continue
      }
      out += rest[..<mark]
      out += console.paint(String(body[..<end.lowerBound]), delimiter == "`" ? .cyan : .bold)
      rest = body[end.upperBound...]
    }
    return out + rest
  }

  /// Notes a failure and says so at once, where it happened.
  mutating func fail(_ message: String) {
    failures.append(message)
    console.out(console.paint("✗ \(message)", .red) + "\n")
  }

  /// Waits for Return; false when the learner typed q to stop.
  func waitForReturn() -> Bool {
    console.err(console.paint("── Return: next section · q: stop ──", .dim, forErr: true))
    let answer = readLine()
    return answer.map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "q" } ?? false
  }

  /// The last lines: did every run do what the lesson says, and which lesson comes next.
  func finish(next: LessonCatalog.Entry?) {
    let what = "lesson \(lesson.number) (\(lesson.name))"
    if let stoppedAfter {
      console.out("stopped after section \(stoppedAfter) of \(lesson.sections.count)\n")
    }
    if failures.isEmpty {
      let verdict =
        switch runCount {
        case 0: "nothing ran yet"
        case 1: "its run did what the lesson says"
        case 2: "both runs did what the lesson says"
        default: "all \(runCount) runs did what the lesson says"
        }
      console.out(console.paint("✓ \(what): \(verdict)", .green) + "\n")
    } else {
      let things = failures.count == 1 ? "1 thing" : "\(failures.count) things"
      console.out(console.paint("✗ \(what): \(things) did not go as the lesson says:", .red) + "\n")
      for failure in failures { console.out("  \(failure)\n") }
    }
    if let next {
      console.out("next: lab lesson \(next.number)   (\(next.name))\n")
    }
  }
}
