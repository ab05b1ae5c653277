import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabNative

/// `lab compare`: two runs side by side; `CompareArguments` reads them, `RunComparison` aligns
/// and draws them.
enum CompareCommand: Command {
  static let name = "compare"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Show two runs side by side, event by event, the first difference marked."
  static let usage = "compare <scenario> [run options] --vs [<scenario>] [run options]"
  static let discussion = """
    Runs a scenario two ways — or two scenarios, variants that differ in one setting — and shows
    the runs in two columns, A | B, one row per event. Events are aligned by what they are (task,
    event and details), not by when they ran, so the same step stands on one row however far the
    runs drift. The first row that differs is marked ▶ and said in words below: another task ran,
    a different value, a different thread, or only the time. Other rows that differ in what ran
    are marked ≠, in thread or time only ~. Identical events far from any difference fold into
    one line that counts them; --full shows every one.

    The words before --vs are run A, those after it run B: B runs A's scenario unless it names
    its own, and takes none of A's options. Without --vs, two scenarios run with the same options.
    Each side takes lab run's run options, --schedule S (as 'lab run' and 'lab step' print them),
    --native and --scheduled (the scenario's Swift program under the lab's scheduler, with
    --seed); where a side is live or native, times within the tolerance count as the same. A side
    may name a .swift program of yours instead of a scenario: it runs as 'lab run FILE.swift'
    runs it, with that side's --seed, --policy, --schedule and --threads; a program scenario
    (one that names a Swift file of its course) runs the same way, on its pool, on a side that
    asks with --scheduled — its program is compiled and run only then.
    Rows fit the terminal (COLUMNS): details are cut with … at 80 columns; from 140 columns
    threads show their full names. At most 200 rows are shown, and how many more there are;
    --full shows every row, identical ones too.

    A comparison is not a check: exit status 0 when both runs were made, whatever they did; 1 when
    a run could not be made (no swiftc for --native, a scenario that does not validate); 64 on a
    usage error.

    Examples:
      lab compare task-sleep-five-two-threads --threads 2 --vs --threads 8
      lab compare task-immediate task-immediate-main
      lab compare racy-counter --seed 1 --vs --native
      lab compare async-let-result --vs --scheduled
      lab compare racy-counter --seed 1 --vs --seed 2
      lab compare racy-counter --schedule S1 --vs --schedule S2
      lab compare Tests/OwnPrograms/bank.swift --seed 0 --vs --seed 3
    """
  static func pages(_ arguments: Arguments) -> Bool { true }
  static let options = CompareArguments.options

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let sides = try CompareArguments.parse(arguments.words)
    // Both are found before either runs: a misspelt B costs no run of A.
    let subjects = (try Subject(sides.a, context), try Subject(sides.b, context))
    var results: [RunResult] = []
    for (side, subject) in [(sides.a, subjects.0), (sides.b, subjects.1)] {
      let result: RunResult?
      switch subject {
      case .scenario(let url):
        guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
        result = try run(side, scenario, context)
      case .program(let program): result = try run(side, program, context)
      case .programScenario(let url):
        guard case .program(let scenario)? = context.loadScenarioFile(url) else {
          return ExitStatus.failure
        }
        result = try run(side, scenario, context)
      }
      guard let result else { return ExitStatus.failure }
      results.append(result)
    }
    let comparison = CompareArguments.compare(results[0], results[1], sides)
    // Unless --full asks for every row, as many as a reader takes in: two runs of 250,000
    // events each were 40 MB of rows, made whole before the first was printed.
    let rows: (count: Int, more: (Int) -> String)? =
      sides.full ? nil : (Self.shownRows, { "… \($0) more rows: --full shows every one" })
    let report = comparison.report(
      labels: (sides.a.label, sides.b.label), width: context.console.terminalColumns,
      fold: !sides.full, rows: rows)
    context.console.out(context.console.outStyle.comparison(report))
    return ExitStatus.ok
  }

  /// The most rows (and folded stretches) a comparison shows without `--full`.
  static let shownRows = 200

  /// What a side runs: a scenario's file, a Swift program of one's own, or a program scenario's
  /// file (which names a program of the course's).
  enum Subject {
    case scenario(URL)
    case program(OwnProgram)
    case programScenario(URL)

    init(_ side: CompareArguments.Side, _ context: CommandContext) throws(UsageError) {
      if OwnProgramCommand.names(side.scenario) {
        try OwnProgramCommand.refuse(
          [.scheduled], in: Arguments(side.optionWords, options: CompareArguments.options),
          "for a Swift file, which runs under the lab's scheduler; drop it")
        self = .program(try OwnProgramCommand.load(side.scenario))
        return
      }
      let url = try context.scenarioFile(side.scenario)
      guard ScenarioLoader.namesProgram(path: url.path) else {
        self = .scenario(url)
        return
      }
      try Self.askedFor(url, by: side)
      self = .programScenario(url)
    }

    /// A course's program is compiled and run only when its side asks with `--scheduled`, as
    /// `lab run NAME --scheduled` does (docs/security.md) — checked before either side runs.
    static func askedFor(_ url: URL, by side: CompareArguments.Side) throws(UsageError) {
      guard !side.scheduled || side.native else { return }
      let program: String? =
        switch try? ScenarioLoader.loadFile(path: url.path) {
        case .program(let scenario)?:
          ScenarioCatalog.pathFromHere(URL(writtenPath: scenario.programPath))
        case .steps?, nil: nil
        }
      throw UsageError(
        "'\(terminalSafe(side.scenario))' runs the course's Swift program"
          + (program.map { " " + terminalSafe($0) } ?? "")
          + ", which the lab compiles and runs only when asked: give its side --scheduled, "
          + "which runs it under the lab's scheduler"
          + (side.native ? ", in place of --native (a real run replays nothing to compare)" : ""))
    }
  }

  /// A side that runs a program scenario's program under the lab's scheduler, as
  /// `lab run NAME --scheduled` does, on the scenario's pool unless `--threads` says otherwise.
  private static func run(
    _ side: CompareArguments.Side, _ scenario: ProgramScenario, _ context: CommandContext
  ) throws(UsageError) -> RunResult? {
    var sided = side
    sided.options.threads = side.options.threads ?? scenario.threads
    return try run(sided, ProgramScenarioCommand.program(of: scenario), context)
  }

  /// A side that runs a program of one's own under the lab's scheduler, as `lab run FILE.swift`
  /// does with the side's seed, policy or schedule; nil with the reason printed when it could
  /// not be made.
  private static func run(
    _ side: CompareArguments.Side, _ program: OwnProgram, _ context: CommandContext
  ) throws(UsageError) -> RunResult? {
    let words = try Arguments(side.optionWords, options: CompareArguments.options)
    let schedule = try side.schedule.map { text throws(UsageError) in
      try OwnProgramCommand.schedule(text)
    }
    if schedule != nil, words.given(.seed) || words.given(.policy) {
      throw UsageError("--schedule replays a run exactly; drop --seed and --policy")
    }
    guard let build = try OwnProgramCommand.build(program, words, context) else { return nil }
    let console = context.console
    let run: OwnRun
    do throws(NativeError) {
      run = try OwnProgram.run(
        build, name: program.name, seed: side.options.seed ?? 0, schedule: schedule,
        options: side.options)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return nil
    }
    if let unfit = run.unfitSchedule {
      throw UsageError(unfit + "; take one that 'lab run FILE.swift --show-schedule' printed")
    }
    return RunResult(record: run.record, checks: [])
  }

  /// One side's run; nil with the reason printed when it could not be made.
  private static func run(
    _ side: CompareArguments.Side, _ scenario: Scenario, _ context: CommandContext
  ) throws(UsageError) -> RunResult? {
    let console = context.console
    if side.scheduled {
      let words = try Arguments(side.optionWords, options: CompareArguments.options)
      guard let build = try ScheduledCommand.build(scenario, words, context) else { return nil }
      do throws(NativeError) {
        return try ScheduledScenario.run(
          scenario, build: build, seed: side.options.seed ?? 0, options: side.options
        ).result
      } catch {
        console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
        return nil
      }
    }
    guard side.native else {
      switch CompareArguments.run(side, scenario) {
      case .success(let result): return result
      case .failure(let problem): throw UsageError(problem.message(hints: LabCommand.hint))
      }
    }
    let words = try Arguments(side.optionWords, options: CompareArguments.options)
    guard let builder = try NativeCommand.builder(words, context) else { return nil }
    do {
      return try NativeRunner.run(scenario, options: side.options, builder: builder).result
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return nil
    }
  }
}
