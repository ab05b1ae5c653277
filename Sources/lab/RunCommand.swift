import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab run`: runs one scenario and prints its trace and checks.
enum RunCommand: Command {
  static let name = "run"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Run a scenario and print its timestamped trace and checks."
  static let usage = "run <scenario name, path.json or program.swift> [options]"
  static let discussion = """
    Runs the scenario on the deterministic virtual runtime (or on real threads with --live), prints
    one line per event — time in scenario milliseconds, thread, task, event, details — then the
    duration, how long the main thread was stalled, the final values and the scenario's checks.

    --timeline draws the run instead of listing it: a row per thread over scenario time (--tasks
    adds a row per task), as wide as the terminal or COLUMNS. --html and --chrome also write the
    run to a file: a self-contained HTML report, or Chrome trace JSON for ui.perfetto.dev; both
    are checked before the run (an existing folder, a missing one), then written atomically. See
    docs/pictures.md.

    --show-schedule adds the run's schedule, a short string; --schedule S replays it exactly (from
    'lab explore NAME --exhaustive' too). Both show an add's read as its own event when another
    task ran before its write.

    --task NAME and --lane NAME show only that task's or thread's events (both repeatable; a
    group's name also shows its children, g[0], g[1]…); the heading and summary stay whole. A
    NAME that names no task or thread of the run is a usage error that lists the run's.
    Repeated rounds (the same 1–4 events, numbers aside, three times or more) print once, then
    one line counting the rest; --full prints every event.

    --native compiles the Swift program of 'lab swift NAME' (cached in
    ~/.cache/concurrency-lab/native/) and runs it on the real Swift runtime, its time played at
    --scale like --live; its output is read back as a trace, printed and checked like a live
    run. Its tasks run as wide as the scenario's "threads" (or --threads): where that is not the
    machine's core count, they prefer a pool of that width (LAB_THREADS). The program runs as an
    untrusted one: in a process group of its own, with only LAB_SCALE, LAB_THREADS and
    SWIFT_BACKTRACE=enable=no in its environment, stopped (its whole group killed) after
    --timeout, past --max-memory-mb of memory, --max-cpu seconds of CPU or --max-trace-mb of
    output, or when the lab is interrupted. A race scenario is built in Swift 5 mode with
    ThreadSanitizer, since Swift 6 refuses it; its times and a race it did not report are shown
    as missed, expected on this machine. Notes on the run follow the checks. See
    docs/swift-programs.md.

    --scheduled runs that program under the lab's scheduler instead: the real runtime, its jobs
    one at a time in the order --seed and --policy choose (0: first in, first out), on a pool of
    the scenario's width, in virtual time; its trace is read back and checked like a native
    run's, --seed S replays it, and --html writes its page. A race scenario is refused. See
    docs/own-programs.md.

    A .swift file is a program of yours: compiled (Swift 6, cached) and linked with the lab's
    scheduler, which runs its jobs one at a time — the main actor's on the main thread, the
    rest on a pool per priority as wide as --threads says (4) — in an order --seed chooses (0:
    first in, first out; with --policy pct each task gets a priority, dropped at 3 points, so
    that one task runs on as a real thread often does), with virtual time: Task.sleep, every
    clock, and a blocking sleep (Thread.sleep, usleep), which holds its worker meanwhile; a
    semaphore's or a Mutex's wait holds its thread while other jobs run. Its prints are the
    trace's log events, each with its task and thread; --seed S replays a run, as does
    --schedule S from --show-schedule; --timeline draws it, --format json and --chrome write it,
    --html writes its page with the program's source. What escaped the scheduler
    (another thread, Dispatch) is noted; a deadlock, a continuation never resumed and a blocking
    call (an NSCondition, a read) are named. See docs/own-programs.md.

    A program scenario — a file with "program": "FILE.swift" in place of steps — runs its Swift
    file so, on the scenario's pool, and only with --scheduled: a course's program is compiled
    and run only when asked. Its outcomes grade the run, which is its check ('✓ outcome:
    interesting — why'); one forbidden, or that no rule matches, exits 1.

    A name is looked up under Scenarios/ at any depth; a path runs that file.
    Exit status: 0 when every check passes, 1 when one fails, 64 on a usage error.

    Examples:
      lab run async-let-downloads
      lab run async-let-downloads --threads 2
      lab run sync-download --live
      lab run Scenarios/02-async-await/async-download.json --format json
      lab run async-let-downloads --timeline --tasks
      lab run async-let-downloads --html run.html --chrome run.json
      lab run racy-counter --seed 2 --show-schedule
      lab run async-let-downloads --task num2
      lab run task-group-five --native
      lab run Tests/OwnPrograms/bank.swift --seed 3
    """
  static func pages(_ arguments: Arguments) -> Bool { true }
  static let options: [OptionSpec] =
    RunArguments.options + RunArguments.displayOptions
    + [
      Option.format, .timeline, .tasks, .ascii, .html, .chrome, .schedule, .showSchedule, .native,
      .scheduled,
    ].specs

  enum Format: String, CaseIterable { case text, json }

  /// Options that would show nothing in the output asked for: refused rather than ignored.
  static func refuseOptionsThatDrawNothing(
    _ arguments: Arguments, _ display: TraceDisplay, timeline: Bool, json: Bool
  ) throws(UsageError) {
    if display.filters, timeline || json {
      throw UsageError("--task and --lane choose what the text trace shows; drop them")
    }
    if timeline, json { throw UsageError("--timeline draws text; drop --format json") }
    if arguments.flag(.ascii), !timeline {
      throw UsageError("--ascii draws the timeline in plain ASCII: add --timeline, or drop --ascii")
    }
  }

  /// `--native` or `--scheduled`: the scenario's Swift program rather than the interpreter; nil
  /// when neither is asked for.
  static func programRun(
    _ scenario: Scenario, _ arguments: Arguments, options: RunOptions, json: Bool,
    _ context: CommandContext
  ) throws(UsageError) -> Int32? {
    switch (arguments.flag(.native), arguments.flag(.scheduled)) {
    case (true, true):
      throw UsageError(
        "--native runs on Swift's own executors, --scheduled under the lab's: pick one")
    case (true, false):
      return try NativeCommand.run(scenario, arguments, options: options, json: json, context)
    case (false, true):
      return try ScheduledCommand.run(scenario, arguments, options: options, json: json, context)
    case (false, false):
      return nil
    }
  }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to run" : "run takes one scenario")
    }
    if let status = try ProgramScenarioCommand.perform(.run, ifProgram: arguments, context) {
      return status
    }
    var options = try RunArguments.parse(arguments)
    let format = try arguments.choice(.format, Format.self) ?? .text
    let url = try context.scenarioFile(arguments.positionals[0])
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    let timeline = arguments.flag(.timeline) || arguments.flag(.tasks)
    var display = RunArguments.display(arguments)
    display.width = context.console.terminalColumns
    try refuseOptionsThatDrawNothing(arguments, display, timeline: timeline, json: format == .json)
    if let status = try programRun(
      scenario, arguments, options: options, json: format == .json, context)
    {
      return status
    }

    // --html and --chrome are checked before the run: a file that cannot be written stops it.
    let reports = reportsPlan(arguments)
    if let refusal = reports.refusal() {
      context.console.err(context.console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return reports.refusesATypedPath ? ExitStatus.usage : ExitStatus.failure
    }
    let scheduled = arguments.value(.schedule) != nil || arguments.flag(.showSchedule)
    if scheduled, options.mode == .live { throw UsageError("a schedule is virtual; drop --live") }
    var replay: Schedule.Replay?
    if scheduled {
      switch ScheduleOption.prepare(scenario, &options, replaying: arguments.value(.schedule)) {
      case .failure(let problem):
        return scheduleError(context, problem.message(hints: LabCommand.hint))
      case .success(let prepared): replay = prepared
      }
    }
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    if let unknown = display.unknownName(in: result.events) { throw UsageError(unknown) }
    if let replay, !replay.fits {
      return scheduleError(context, Schedule.Problem.damaged.message(hints: LabCommand.hint))
    }
    let schedule = arguments.flag(.showSchedule) ? ScheduleOption.text(scenario, options) : nil
    switch format {
    case .text where timeline:
      let style = Timeline.Options(
        environment: context.environment, terminalColumns: context.console.terminalColumns,
        ascii: arguments.flag(.ascii), color: context.console.colorOut,
        taskRows: arguments.flag(.tasks))
      let report = Timeline.report(
        result, options: style, replaying: arguments.positionals[0], hints: LabCommand.hint)
      context.console.out(context.console.highlight(report))
    case .text:
      let report = TraceText.report(
        result, replaying: arguments.positionals[0], display: display, hints: LabCommand.hint)
      context.console.out(context.console.highlight(report))
      if let schedule { context.console.out("schedule \(schedule)\n") }
    case .json:
      let document = TraceJSON.document(result)
      context.console.out(schedule.map { ScheduleOption.addingField($0, to: document) } ?? document)
    }
    var files: [(path: String, text: () -> String)] = []
    if let path = arguments.value(.html) {
      files.append((path, { HTMLReport.render(result, scenario: scenario) }))
    }
    if let path = arguments.value(.chrome) {
      files.append((path, { ChromeTrace.document(result) }))
    }
    for file in files {
      do {
        try AtomicFile.write(file.text(), toPath: file.path)
        context.console.err("wrote \(terminalSafe(file.path))\n")
      } catch {
        context.console.err(context.console.paint("error: ", .red, forErr: true) + "\(error)\n")
        return ExitStatus.failure
      }
    }
    return result.passed ? ExitStatus.ok : ExitStatus.failure
  }

  /// What `--html` and `--chrome` write. Each replaces only a report of its kind the lab wrote:
  /// a slip that named a scenario or a lesson replaced it with a report.
  static func reportsPlan(_ arguments: Arguments) -> OutputPlan {
    var output = OutputPlan(isLabPage: HTMLReport.isLabPage(atPath:))
    if let html = arguments.value(.html) { output.file(html, replaces: .labPage) }
    if let chrome = arguments.value(.chrome) {
      output.file(chrome, replaces: .report(marker: ChromeTrace.marker))
    }
    return output
  }

  /// A schedule that cannot be used: one line saying what to do, and the usage status.
  private static func scheduleError(_ context: CommandContext, _ message: String) -> Int32 {
    context.console.err(context.console.paint("error: ", .red, forErr: true) + message + "\n")
    return ExitStatus.usage
  }
}
