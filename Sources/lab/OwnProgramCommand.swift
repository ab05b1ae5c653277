import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabPictures
import LabRuntime
import LabSwift

/// `lab run FILE.swift` and `lab explore FILE.swift`: a learner's own program under the lab's
/// scheduler (docs/own-programs.md).
enum OwnProgramCommand {
  /// Whether a command's argument names a Swift file rather than a scenario.
  static func names(_ argument: String) -> Bool { argument.hasSuffix(".swift") }

  /// The options that mean nothing for an own program: refused, not ignored.
  static let refused: [Option] =
    [
      .live, .native, .scale, .preemptions, .reduction, .jobs, .shard, .merge,
    ] + interpreterLimits

  /// The limits of what the virtual runtime's interpreter does, which a Swift program's run
  /// has no part in: refused, not ignored.
  static let interpreterLimits: [Option] = [.maxTasks, .maxSteps, .maxDepth]

  /// The largest program file the lab reads.
  static let maxBytes = ProgramScenario.maxProgramBytes

  /// The file, read; a usage error when it does not exist or is no program file. Read as a
  /// course's files are: a regular file, at most `maxBytes` whatever its size says (a link to
  /// `/proc` says 0), never a folder, a pipe or a device.
  static func load(_ argument: String) throws(UsageError) -> OwnProgram {
    let shown = "'\(terminalSafe(argument))'"
    let data: Data?
    do throws(FileError) {
      // FileError makes its text safe for the terminal itself.
      data = try BoundedFile.read(argument, cap: maxBytes, shown: "'\(argument)'")
    } catch {
      throw UsageError("\(error); a Swift program is UTF-8 text of at most 1 MB")
    }
    guard let data else {
      throw UsageError("no Swift file at \(shown): \(BoundedFile.missing(argument))")
    }
    guard let source = String(data: data, encoding: .utf8) else {
      throw UsageError("\(shown) is not UTF-8 text; a Swift program is UTF-8 text of at most 1 MB")
    }
    return OwnProgram(path: argument, source: source)
  }

  /// A usage error for the first of `options` given: it has no meaning `here`, and what to do.
  static func refuse(_ options: [Option], in arguments: Arguments, _ here: String)
    throws(UsageError)
  {
    for option in options where arguments.given(option) {
      throw UsageError("--\(option.rawValue) has no meaning \(here)")
    }
  }

  /// The program built with the scheduler — or `native`ly, as it is — or nil with the error
  /// printed.
  static func build(
    _ program: OwnProgram, _ arguments: Arguments, _ context: CommandContext,
    native: Bool = false
  ) throws(UsageError) -> NativeBuild? {
    try refuse(
      native ? refused.filter { $0 != .native } : refused, in: arguments,
      "for a Swift file, which runs under the lab's scheduler; drop it")
    // --chrome is checked before the build and the run, as for a scenario's run: it replaces
    // only a Chrome trace the lab wrote, never the program, a scenario or a lesson.
    if let refusal = RunCommand.reportsPlan(arguments).refusal() {
      context.console.err(context.console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return nil
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      context.console.err(
        "error: no Swift toolchain: \(SwiftCompiler.missing(environment: context.environment)); install "
          + "Swift 6.3 (swift.org/install)\n")
      return nil
    }
    let (cache, records) = try NativeCommand.cache(context)
    let builder = NativeBuilder(compiler: compiler, cache: cache, records: records)
    do throws(NativeError) {
      return native ? try program.buildNative(with: builder) : try program.build(with: builder)
    } catch {
      context.console.err(
        context.console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return nil
    }
  }

  /// How a program's commands name it and grade it: by its path, ungraded, when it is given
  /// as `FILE.swift`; by its scenario's name, pool and outcomes when a program scenario
  /// names it (`ProgramScenarioCommand`).
  struct ProgramRun {
    /// What a replay hint names: the file's path, or the scenario's argument.
    var replaying: String
    /// The scenario whose outcomes grade each run, if any.
    var scenario: ProgramScenario?

    init(replaying: String, scenario: ProgramScenario? = nil) {
      self.replaying = replaying
      self.scenario = scenario
    }

    /// The options as given, on the scenario's pool unless `--threads` says otherwise.
    func options(_ arguments: Arguments) throws(UsageError) -> RunOptions {
      var options = try RunArguments.parse(arguments)
      if let scenario, options.threads == nil { options.threads = scenario.threads }
      return options
    }

    /// The command that runs it again with `options`: a scenario's asks for `--scheduled`, as
    /// its every run must.
    func hint(_ command: String, _ options: String) -> String {
      LabCommand.hint.command(
        command, replaying,
        scenario == nil ? options : options + (options.isEmpty ? "" : " ") + "--scheduled")
    }

    /// A replay hint's pool: none for the scenario's own, which its name brings.
    func width(_ threads: Int?) -> String {
      guard let scenario else { return OwnProgramCommand.width(threads) }
      return threads.flatMap { $0 == scenario.threads ? nil : " --threads \($0)" } ?? ""
    }
  }

  /// `lab run FILE.swift` or `lab run NAME --scheduled` of a program scenario: one run, its
  /// trace (or timeline) and what the scheduler controlled, named and graded as `named` says.
  static func run(
    _ program: OwnProgram, as named: ProgramRun, _ arguments: Arguments, _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    let options = try named.options(arguments)
    let json = try arguments.choice(.format, RunCommand.Format.self) == .json
    guard let build = try build(program, arguments, context) else { return ExitStatus.failure }
    let seed = options.seed ?? 0
    let schedule = try Self.schedule(arguments)
    var run: OwnRun
    do throws(NativeError) {
      run = try OwnProgram.run(
        build, name: program.name, seed: seed, schedule: schedule, options: options)
      if let scenario = named.scenario {
        run.record.scenario = scenario.name
        run.record.title = scenario.title
      }
    } catch {
      context.console.err(
        context.console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    let console = context.console
    if let unfit = run.unfitSchedule {
      console.err(
        console.paint("error: ", .red, forErr: true) + unfit + "; take one that '"
          + named.hint("run", "--show-schedule") + "' or '"
          + named.hint("explore", "--exhaustive") + "' printed\n")
      return ExitStatus.usage
    }
    // A program scenario's grade is the run's one check, so that the JSON and the exit status
    // say what the text does.
    let grade = named.scenario.map { ProgramScenarioCommand.grade(run, by: $0) }
    let result = RunResult(
      record: run.record, checks: grade.map { [ProgramScenarioCommand.check($0)] } ?? [])
    let shown = arguments.flag(.showSchedule) ? run.choices?.schedule.text : nil
    if json, let shown {
      let display = RunArguments.display(arguments)
      if let unknown = display.unknownName(in: result.events) { throw UsageError(unknown) }
      console.out(ScheduleOption.addingField(shown, to: TraceJSON.document(result)))
    } else {
      try show(result, replaying: named.replaying, arguments, json: json, context)
    }
    if !json {
      if let shown { console.out("schedule \(shown)\n") }
      let notes = notes(
        run, seed: seed, policy: options.policy, schedule: schedule, named: named,
        drawsRandomNumbers: program.drawsRandomNumbers)
      for note in notes {
        console.out(console.fitted(note))
      }
    }
    guard writeReports(result, program: program, arguments, context) else {
      return ExitStatus.failure
    }
    if let grade { return grade.grade.fails ? ExitStatus.failure : ExitStatus.ok }
    return run.record.problem == nil ? ExitStatus.ok : ExitStatus.failure
  }

  /// A run under the scheduler as asked: its JSON, its timeline, or its text trace, replayed by
  /// `replaying`; a usage error for a `--task` or `--lane` that names nothing in it.
  static func show(
    _ result: RunResult, replaying: String, _ arguments: Arguments, json: Bool,
    _ context: CommandContext
  ) throws(UsageError) {
    let console = context.console
    var display = RunArguments.display(arguments)
    if let unknown = display.unknownName(in: result.events) { throw UsageError(unknown) }
    if json {
      console.out(TraceJSON.document(result))
    } else if arguments.flag(.timeline) || arguments.flag(.tasks) {
      let style = Timeline.Options(
        environment: context.environment, terminalColumns: console.terminalColumns,
        ascii: arguments.flag(.ascii), color: console.colorOut, taskRows: arguments.flag(.tasks))
      console.out(
        console.highlight(
          Timeline.report(result, options: style, replaying: replaying, hints: LabCommand.hint)))
    } else {
      display.width = console.terminalColumns
      console.out(
        console.highlight(
          TraceText.report(result, replaying: replaying, display: display, hints: LabCommand.hint)))
    }
  }

  /// Writes `--html FILE` (the run's page: its player, and the program's source when it is one
  /// of one's own) and `--chrome FILE` when given; false, with the error printed, when one
  /// could not be written.
  static func writeReports(
    _ result: RunResult, program: OwnProgram? = nil, scenario: Scenario? = nil,
    _ arguments: Arguments, _ context: CommandContext
  ) -> Bool {
    var files: [(path: String, text: () -> String)] = []
    if let path = arguments.value(.html) {
      files.append((path, { page(result, program: program, scenario: scenario) }))
    }
    if let path = arguments.value(.chrome) {
      files.append((path, { ChromeTrace.document(result) }))
    }
    let console = context.console
    for file in files {
      do {
        try AtomicFile.write(file.text(), toPath: file.path)
        console.err("wrote \(terminalSafe(file.path))\n")
      } catch {
        console.err(console.paint("error: ", .red, forErr: true) + "\(error)\n")
        return false
      }
    }
    return true
  }

  /// A run's page, as `lab run NAME --html` writes a scenario's: with the program's source in
  /// place of the scenario's Swift program for a program of one's own, with the scenario's own
  /// (its summary, its Swift program) for a scenario's program under the scheduler.
  static func page(_ result: RunResult, program: OwnProgram?, scenario: Scenario? = nil)
    -> String
  {
    let source = program.map { program in
      [
        "<section class=\"swift\">", "<h2>The program</h2>",
        "<p class=\"meta\">\(Markup.escape(program.path)), as the lab built it.</p>",
        "<pre class=\"program\"><code>\(Markup.escape(program.source))</code></pre>",
        "</section>",
      ].joined(separator: "\n")
    }
    return HTMLReport.page(
      title: "\(result.scenario) — ConcurrencyLab",
      body: HTMLReport.body(result, scenario: scenario, extra: source.map { [$0] } ?? []))
  }

  /// What the scheduler controlled in this run and what it did not: the run's honest edges.
  static func notes(
    _ run: OwnRun, seed: UInt64, policy: SchedulingPolicy = .random, schedule: OwnSchedule?,
    named: ProgramRun, drawsRandomNumbers: Bool
  ) -> [String] {
    let order: String
    switch (schedule, policy) {
    case (let schedule?, _): order = "schedule \(schedule.text)"
    case (nil, .random):
      order =
        seed == 0 ? "seed 0: first in, first out" : "seed \(seed) chose the order of ready jobs"
    case (nil, .pct):
      order =
        "seed \(seed) gave each task a priority and dropped one at \(OwnProgram.pctChanges) points"
    }
    let threads = run.record.threads
    let replay =
      (schedule.map { "--schedule \($0.text)" } ?? "--seed \(seed)\(Self.policy(policy))")
      + named.width(threads)
    var lines = [
      "scheduled by the lab: \(run.jobs.map { "\($0) job\($0 == 1 ? "" : "s")" } ?? "the jobs"), "
        + "one at a time, on the main thread and a pool of \(threads) per priority (\(order)); '"
        + named.hint("run", replay)
        + "' replays it. Time is virtual: Task.sleep, the clocks (ContinuousClock, "
        + "SuspendingClock, Date(), DispatchTime) and blocking sleeps (Thread.sleep, usleep) "
        + "take it; Dispatch's own threads keep the machine's."
    ]
    if run.inexactSleeps > 0 {
      lines.append(
        "\(run.inexactSleeps) sleep(s) on a clock of the program's own: their lengths are "
          + "rounded to the millisecond")
    }
    if run.record.escapedJobs > 0 {
      lines.append(
        "not controlled: \(run.record.escapedJobs) job(s) arrived from a thread the lab does not "
          + "run (Dispatch, Thread): their moment is real time, so this seed may not replay")
    }
    if run.dispatchBlocks > 0 {
      lines.append(dispatchNote(run.dispatchBlocks))
    }
    lines.append(
      "not shown: two jobs interleave only where another thread would see it (a line "
        + "printed, a task made ready, a lock) — not between two plain statements, so a data "
        + "race through shared memory is not shown; run the program under ThreadSanitizer")
    if drawsRandomNumbers { lines.append(randomNumbers) }
    if let problem = run.horizonProblem {
      lines.append(
        "pct placed its priorities' changes among the points of choice of the first in, first "
          + "out run, which ended early (\(terminalSafe(problem))): they fall early in this run")
    }
    // The runtime's message, not the stack trace it prints after it.
    let said = run.otherOutput.prefix { !$0.hasPrefix("Current stack trace") }.prefix(3)
    lines += said.map { "the program wrote: \(terminalSafe($0))" }
    // How much more it wrote, and its last words: 300 lines showed as their first 3.
    let more = run.otherLineCount - said.count
    if more > 0, said.count == 3 || said.count == run.otherOutput.count {
      let last = run.otherOutput.last.map { "; the last: \(terminalSafe($0))" } ?? ""
      lines.append(
        "the program wrote \(more) more line\(more == 1 ? "" : "s") past print (standard "
          + "output and error)" + (said.count == run.otherOutput.count ? "" : last))
    }
    return lines.map { "note: \($0)" }
  }

  /// What a run of a program that draws random numbers should know of its replays.
  static let randomNumbers =
    "the program draws random numbers from the system: a seed replays the order of its jobs, "
    + "not them; give it a generator of your own, seeded, to replay those too"

  /// What a run that gave Dispatch work should know of its times.
  static func dispatchNote(_ blocks: Int) -> String {
    "not controlled: \(blocks) Dispatch block(s) and timer(s) ran on Dispatch's threads in real "
      + "time; the virtual clock followed the machine's while the run waited for them"
  }

  /// ` --policy pct` for priorities, to replay a run with; nothing for the fair choice.
  static func policy(_ policy: SchedulingPolicy) -> String {
    switch policy {
    case .random: ""
    case .pct: " --policy pct"
    }
  }

  /// ` --threads N` for a pool of other than a scenario's width, to replay a run with.
  static func width(_ threads: Int?) -> String {
    threads.flatMap { $0 == Scenario.defaultThreads ? nil : " --threads \($0)" } ?? ""
  }

  /// `--schedule S`, read; a usage error when it is not one, or comes with `--seed`.
  static func schedule(_ arguments: Arguments) throws(UsageError) -> OwnSchedule? {
    guard let text = arguments.value(.schedule) else { return nil }
    for option in [Option.seed, .policy] where arguments.given(option) {
      throw UsageError("--schedule replays a run exactly; drop --\(option.rawValue)")
    }
    return try schedule(text)
  }

  /// `text` read as a program's schedule; a usage error when it is not one.
  static func schedule(_ text: String) throws(UsageError) -> OwnSchedule {
    guard let schedule = OwnSchedule(text) else {
      throw UsageError(
        "'--schedule \(terminalSafe(text))' is not a schedule of a program: whole numbers "
          + "separated by dots, as 'lab run FILE.swift --show-schedule' prints (0 for first in, "
          + "first out)")
    }
    return schedule
  }
}
