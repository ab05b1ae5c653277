import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabPictures
import LabRuntime
import LabSwift

/// One playing of a lesson: prints it, runs its scenarios, and keeps what went wrong. What it
/// prints goes to `Surroundings.write`, so the session holds no terminal of its own.
package struct LessonSession {
  /// What a session asks of the command that plays it.
  package struct Surroundings {
    /// Prints text on stdout.
    package var write: (String) -> Void
    /// How stdout is coloured.
    package var style: TextStyle
    /// The scenario a run names, or why not: a message, or nil when the scenario does not
    /// validate (its diagnostics already printed).
    package var load: (String) -> Result<Scenario, LoadProblem>
    /// How to draw a timeline, given `--ascii` and `--tasks`.
    package var timeline: (_ ascii: Bool, _ taskRows: Bool) -> Timeline.Options
    /// Waits between sections, and between the screens of a section taller than `rows`; false
    /// when the learner stops. Nil: no pauses.
    package var pause: ((Pause) -> Bool)?
    /// The terminal's height, to show a paused lesson's long sections a screen at a time; nil:
    /// each section whole.
    package var rows: Int?
    /// The terminal's width, to re-flow prose to; nil (piped) prints it as written.
    package var width: Int?
    /// What `lab swift NAME --check` prints for a program, and whether swiftc agreed with the
    /// lab; nil where there is no toolchain.
    package var checkSwift: ((Scenario, String) -> (report: String, expected: Bool))?
    /// swiftc's verdict on a ```swift-verdict block's program with its settings, read as the
    /// block expects it (whether a warning counts); nil where there is no toolchain.
    package var checkVerdict: ((VerdictBlock) throws -> SwiftVerdictCheck)?
    /// Prints a prediction's prompt and reads the learner's line; nil without a terminal, where
    /// a lesson never waits (it reveals at once), and when input ends.
    package var ask: ((String) -> String?)?
    /// Runs a scenario's Swift program natively, at most `runs` times within about `seconds`;
    /// nil where there is no toolchain.
    package var runNatively:
      ((Scenario, _ runs: Int, _ seconds: Double) -> Result<NativeRuns, LoadProblem>)?
    /// The most the whole lesson may take: past it, the lesson stops before its next block and
    /// says so. Nil: no bound.
    package var budget: Duration?

    package init(
      write: @escaping (String) -> Void, style: TextStyle,
      load: @escaping (String) -> Result<Scenario, LoadProblem>,
      timeline: @escaping (_ ascii: Bool, _ taskRows: Bool) -> Timeline.Options,
      pause: ((Pause) -> Bool)?, rows: Int? = nil, width: Int? = nil,
      checkSwift: ((Scenario, String) -> (report: String, expected: Bool))? = nil,
      checkVerdict: ((VerdictBlock) throws -> SwiftVerdictCheck)? = nil,
      ask: ((String) -> String?)? = nil,
      runNatively: ((Scenario, Int, Double) -> Result<NativeRuns, LoadProblem>)? = nil,
      budget: Duration? = nil
    ) {
      self.budget = budget
      self.checkSwift = checkSwift
      self.checkVerdict = checkVerdict
      self.ask = ask
      self.runNatively = runNatively
      self.write = write
      self.style = style
      self.load = load
      self.timeline = timeline
      self.pause = pause
      self.rows = rows
      self.width = width
    }
  }

  /// Why a run's scenario could not be loaded: `message` says why, nil when it does not validate.
  package struct LoadProblem: Error {
    package var message: String?
    /// The lesson's own time stopped the work (not the program or the course): the lesson
    /// fails as when its time runs out between blocks, rather than passing with a part unshown.
    package var lessonTimeRanOut: Bool
    package init(_ message: String?, lessonTimeRanOut: Bool = false) {
      self.message = message
      self.lessonTimeRanOut = lessonTimeRanOut
    }
  }

  let lesson: Lesson
  /// Where it prints; `showPaged` holds a section's text back while it is made.
  var surroundings: Surroundings
  let ascii: Bool
  /// Whole runs even where the lesson has an excerpt (`lab lesson --full`).
  let full: Bool
  /// Each run's plain text report, by its index in `lesson.runs`, for the excerpts after it.
  var reports: [Int: String] = [:]
  var runCount = 0
  /// Predictions and compiler verdicts shown, for the last line.
  var predictionCount = 0
  var verdictCount = 0
  /// What did not go as the lesson says, one line each.
  package private(set) var failures: [String] = []
  /// The number of sections shown, when the learner stopped before the end.
  var stoppedAfter: Int?
  /// The number of each fact cited so far, in the order first cited: its mark is `[✓N]`.
  var citedFacts: [String: Int] = [:]
  /// When the lesson's budget is spent; nil without one.
  let deadline: ContinuousClock.Instant?
  /// The lesson stopped at its budget: what is left is not played.
  var outOfTime = false
  /// The line of the last block or run the lesson reached: where its time ran out.
  var reachedLine = 1

  package init(lesson: Lesson, surroundings: Surroundings, ascii: Bool, full: Bool = false) {
    self.lesson = lesson
    self.surroundings = surroundings
    self.ascii = ascii
    self.full = full
    deadline = surroundings.budget.map { ContinuousClock.now + $0 }
  }

  /// `output` cut as the lesson's excerpt of run `index` cuts it, each gap one line that counts
  /// it and names the lab command that shows the whole; nil with `--full` or without an excerpt.
  /// Gaps are at least three lines (`TraceExcerpt.cut`).
  func excerptCut(
    _ output: String, ofRun index: Int, mark: String, whole: (what: String, command: String)
  ) -> String? {
    guard !full, let excerpt = excerpt(ofRun: index) else { return nil }
    return excerpt.cut(output) { count in
      let text = "\(count) more lines · \(whole.what): " + LabCommand.line(whole.command)
      guard let width = surroundings.width else { return "\(mark) " + text }
      // On a terminal the note wraps under itself, its lines still marked as the cut's.
      return WordWrap.text(
        text, width: max(20, width - 1), first: mark + " ", hanging: mark.dropLast() + "  ")
    }
  }

  /// The lesson's excerpt of its run number `index`, if it has one.
  func excerpt(ofRun index: Int) -> TraceExcerpt? {
    for section in lesson.sections {
      for case .excerpt(let excerpt) in section.blocks where excerpt.run == index {
        return excerpt
      }
    }
    return nil
  }

  var printer: Printer { Printer(surroundings) }

  package mutating func play() {
    // Every byte of the course reaches the terminal through `terminalSafe`: its title, its
    // concepts, its prose and code, a verdict's program and what swiftc says of it, a
    // prediction's question and choices, a fact's note.
    let heading = "Lesson \(lesson.number) · \(lesson.name) — \(terminalSafe(lesson.title))"
    printer.say(heading, .bold)
    if !lesson.concepts.isEmpty {
      printer.say("concepts: " + terminalSafe(lesson.concepts.joined(separator: ", ")), .dim)
    }
    printer.out("\n")
    for (index, section) in lesson.sections.enumerated() {
      let last = index == lesson.sections.count - 1
      guard showPaged(section), !outOfTime, last || surroundings.pause?(.section) ?? true else {
        stoppedAfter = index + 1
        return
      }
    }
  }

  /// The lab commands a lesson's text quotes (`` `lab run …` ``, a code line `lab run …`, a
  /// shell prompt's `$ lab explore …`, indented or not) as the reader can paste them where they
  /// are: `swift run lab run …` under `swift run`.
  static func pasteable(_ lines: [String]) -> [String] {
    let name = LabCommand.name
    guard name != "lab" else { return lines }
    return lines.map { line in
      let quoted = line.replacingOccurrences(of: "`lab ", with: "`\(name) ")
      let indent = quoted.prefix { $0 == " " }
      var rest = quoted.dropFirst(indent.count)
      let prompt = rest.hasPrefix("$ ") ? "$ " : ""
      rest = rest.dropFirst(prompt.count)
      return rest.hasPrefix("lab ") ? indent + prompt + name + rest.dropFirst(3) : quoted
    }
  }

  /// Code as a lesson prints it, indented by four. On a terminal a line wider than it (a quoted
  /// error message) wraps at its words, under its own indent plus two (a comment as a comment),
  /// rather than where the terminal would cut it.
  func indentedCode(_ code: [String]) -> String {
    let lines = code.flatMap { line in
      surroundings.width.map { WordWrap.fitCode(line, width: max(20, $0 - 5)) } ?? [line]
    }
    return lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
  }

  mutating func show(_ block: Lesson.Block) {
    if let line = block.line { reachedLine = line }
    guard !outOfBudget() else { return }
    switch block {
    case .text(let lesson):
      let (marked, notes) = markCitations(lesson.map(terminalSafe))
      let written = Self.pasteable(marked)
      // On a terminal, prose fits its width (capped for reading); piped, it stays as written,
      // each character bounded as wrapping bounds it.
      let lines = surroundings.width.map {
        TextFlow.reflow(written, width: min($0 - 1, TextFlow.readingWidth))
      }
      let shown = TerminalMarkdown.render(
        lines ?? written.map(WordWrap.boundingCharacters), surroundings.style)
      printer.out(shown.joined(separator: "\n") + "\n")
      for note in notes { printer.say(note, .dim, indent: "  ") }
      printer.out("\n")
    case .code(_, let lesson):
      let code = lesson.map { WordWrap.boundingCharacters(terminalSafe($0)) }
      printer.out(indentedCode(Self.pasteable(code)) + "\n\n")
    case .runs(let runs):
      for run in runs {
        reachedLine = run.line
        guard !outOfBudget() else { break }
        perform(run)
      }
    case .predict(let prediction):
      predictionCount += 1
      predict(prediction)
    case .excerpt(let excerpt):
      // The reader has just seen the run, cut as the excerpt cuts it. Only check it.
      guard let report = reports[excerpt.run] else { return }
      if let mismatch = excerpt.mismatch(in: report) {
        fail(
          at: excerpt.line,
          "the lesson's excerpt of this run does not match: "
            + mismatch)
      }
    case .verdict(let verdict):
      verdictCount += 1
      showVerdict(verdict)
    }
  }

  /// `lines` with each link to a fact replaced by its mark, `[✓N]` (after the link's text unless
  /// that is only "fact"), and a note for each fact cited here for the first time: what was
  /// checked, where, and the command that checks it again.
  mutating func markCitations(_ lines: [String]) -> (lines: [String], notes: [String]) {
    var notes: [String] = []
    let marked = lines.map { line in
      FactCitation.replacing(in: line) { name, text in
        let number: Int
        if let known = citedFacts[name] {
          number = known
        } else {
          number = citedFacts.count + 1
          citedFacts[name] = number
          let checked = terminalSafe(lesson.facts[name].map(\.mark) ?? "checked: \(name)")
          notes.append("✓\(number) \(checked) · " + LabCommand.line("facts \(name)"))
        }
        let mark = "[✓\(number)]"
        return text == FactCitation.markText ? mark : "\(text) \(mark)"
      }
    }
    return (marked, notes)
  }

  /// Runs one `lab run` line and prints its report and, when it surprises, why.
  mutating func perform(_ run: LessonRun) {
    let index = runCount
    runCount += 1
    if run.compare != nil { return showComparison(run, index: index) }
    printer.command(run.pasteable)
    let scenario: Scenario
    switch surroundings.load(run.scenario) {
    case .success(let loaded): scenario = loaded
    case .failure(let problem):
      let why =
        problem.message ?? "scenario '\(run.scenario)' does not validate; fix what is named above"
      fail(at: run.line, why)
      return
    }
    if let show = run.swift { return showSwift(show, of: scenario, index: index, line: run.line) }
    var options = run.options
    // A run keeps within what is left of the lesson's budget.
    if let left = secondsLeft {
      options.limits.runtime.wallClockSeconds = min(options.limits.runtime.wallClockSeconds, left)
    }
    if let schedule = run.schedule,
      case .failure(let problem) = ScheduleOption.prepare(scenario, &options, replaying: schedule)
    {
      fail(at: run.line, "\(problem.message(hints: LabCommand.hint))")
      return
    }
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    if let unknown = run.display.unknownName(in: result.events) {
      fail(at: run.line, "\(unknown)")
      return
    }
    let report = TraceText.report(result, hints: LabCommand.hint)
    reports[index] = report
    if run.timeline {
      let options = surroundings.timeline(ascii || run.ascii, run.taskRows)
      printer.out(
        printer.highlight(Timeline.report(result, options: options, hints: LabCommand.hint)))
    } else {
      // The part of the run the lesson talks about, as its excerpt cuts it; --full: all of it.
      let cut =
        run.display.filters
        ? nil
        : excerptCut(
          report, ofRun: index, mark: "       …",
          whole: ("every line", "lesson \(lesson.number) --full"))
      var display = full ? TraceDisplay.plain : run.display
      display.width = surroundings.width
      let shown = cut.map { text in
        surroundings.width.map { TraceText.fitted(text, width: $0) } ?? text
      }
      printer.out(
        printer.highlight(
          Self.cut(
            shown ?? TraceText.report(result, display: display, hints: LabCommand.hint),
            whole: run.pasteable)))
    }
    let grade = run.grade(result)
    switch grade {
    case .missedOnlyTimes, .failsOnPurpose:
      printer.say("(\(grade.note ?? ""))", .dim)
    case .failedACheck:
      failures.append(
        terminalSafe(
          "\(lesson.file):\(run.line):1: error: \(run.command) failed a check; its checks are "
            + "above"))
    case .passedThoughExpectedToFail:
      fail(
        at: run.line,
        "the lesson expects this run to fail a check, but every "
          + "check passed")
    case .asSaid:
      break
    }
    printer.out("\n")
  }

  /// Notes a failure and says so at once, where it happened. A message may quote the course
  /// (a verdict's text, a variable's name): it is printed through `terminalSafe`.
  /// A problem of the lesson, said and kept: the lesson fails.
  mutating func fail(_ message: String) {
    // A message may quote a lesson's text: escaped, and cut to a line (a 60,000-character
    // `of:` gave a 60 KB line, shown where it failed and again in the lesson's last lines).
    let safe = LabModel.cut(terminalSafe(message), toWidth: DiagnosticList.longestLine)
    failures.append(safe)
    printer.say("✗ \(safe)", .red)
  }

  /// Whether the learner read the lesson to its end (rather than stopping with q).
  package var playedToTheEnd: Bool { stoppedAfter == nil }

}

/// Prints through the surroundings, painting as their style says.
struct Printer {
  let surroundings: LessonSession.Surroundings
  init(_ surroundings: LessonSession.Surroundings) { self.surroundings = surroundings }
  var colorOut: Bool { surroundings.style.color }
  func out(_ text: String) { surroundings.write(text) }
  func paint(_ text: String, _ style: TextStyle.Style) -> String {
    surroundings.style.paint(text, style)
  }
  func highlight(_ report: String) -> String { surroundings.style.highlight(report) }

  /// A line of the lesson's own (a heading, a verdict, a note) on stdout: on a terminal its words
  /// wrap to the width under two more spaces than `indent`, each line painted `style`.
  /// A command the learner may paste, after `$ `: a long one goes on under itself as a shell
  /// continues a line (` \`), so every line pasted runs the whole command.
  func command(_ text: String) {
    let lines =
      surroundings.width.map {
        WordWrap.command(text, width: $0 - 1, first: "$ ", hanging: "    ")
      } ?? ["$ " + text]
    out(lines.map { paint($0, .cyan) + "\n" }.joined())
  }

  /// One paragraph of a lesson's inline Markdown (`**bold**`, `` `code` ``), wrapped to the
  /// terminal and marked as the lesson's prose is.
  func markdown(_ text: String) {
    // Piped, unwrapped: each character bounded as wrapping bounds it (`say`).
    let lines =
      surroundings.width.map { WordWrap.lines(text, width: max(20, $0 - 1), codeSpans: true) }
      ?? [WordWrap.boundingCharacters(text)]
    out(TerminalMarkdown.render(lines, surroundings.style).joined(separator: "\n") + "\n")
  }

  func say(_ text: String, _ style: TextStyle.Style? = nil, indent: String = "") {
    let lines =
      surroundings.width.map {
        WordWrap.lines(text, width: max(20, $0 - 1), first: indent, hanging: indent + "  ")
      } ?? [indent + WordWrap.boundingCharacters(text)]
    out(lines.map { line in (style.map { paint(line, $0) } ?? line) + "\n" }.joined())
  }
}
