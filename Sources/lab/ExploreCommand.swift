import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab explore`: runs a scenario many times and shows every outcome found, how often, and how
/// the scenario grades it.
enum ExploreCommand: Command {
  static let name = "explore"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Run a scenario many times and show a graded histogram of its outcomes."
  static let usage = "explore <scenario name, path.json or program.swift> [--runs N] [options]"
  static let discussion = """
    Runs the scenario N times — virtual: seeds 1…N under each scheduling policy (random and pct,
    or --policy); --live: N real runs — and counts the outcomes: the final values of its shared
    variables, whether a data race was seen, how the run ended, and which task finished first when
    an outcome rule asks. Each row shows the count, the share of runs, the grade and reason from the
    scenario's "outcomes" (docs/outcomes.md), and the first run that produced it: replay it with
    'lab run NAME --seed S'.

    A forbidden outcome, or one no rule grades, fails the exploration even if seen once. The
    runs stop at --max-seconds (60 s): the table counts the runs made, and a note says so.

    --exhaustive runs one schedule for each order of the steps that conflict (optimal DPOR:
    orders that only swap independent steps are the same) and gives each outcome the shortest
    schedule that replays it: 'lab run NAME --schedule S'. A complete search also fails a rule
    that claims an outcome no schedule reaches. --preemptions K searches 0, 1, … K preemptions,
    fewest first. --jobs N explores on N threads, --shard K/N one part of the tree for a CI
    matrix, --merge the shards' JSON into one result; every way gives the same result, byte for
    byte (docs/exploration.md).
    Every schedule runs under sequential consistency; when one races, the report says real
    hardware can do more (docs/exploration.md, "assumes" and "races" in the JSON).
    The search stops at its budget — 100,000 schedules, 60 s, or 512 MB more memory, whichever
    comes first — and then says 'incomplete: stopped by the budget of …; raise it with …'.
    A search that ends by itself is checked by 32 seeds of each policy: an outcome a seed
    reaches that no schedule did makes it 'not a proof', with the seed that replays it
    (docs/exploration.md, "A known defect").

    A .swift file is a program of yours, built with the lab's scheduler (as 'lab run FILE.swift'
    does) and run with seeds 0…N-1 under each policy (a fair choice at every point, and pct:
    priorities, so that one task runs on), or --policy's: its outcomes are what it printed, each
    with the options that replay it. That is a sample, not a proof. With --exhaustive it runs instead every schedule
    within --departures K (2) of first in, first out, where taking the ready job N places behind
    the oldest departs N: complete within that bound, silent past it (docs/own-programs.md).
    A program scenario ("program": "FILE.swift") explores its Swift file so, only with
    --scheduled, each outcome graded by the scenario's rules; one forbidden or unmatched fails.
    --native instead runs a Swift program (FILE.swift, or a program scenario) as it is, on
    Swift's own executors, N times (20 unless --runs says), and lists what the real runs
    printed — graded for a scenario — beside which the seeds' outcomes can be read.

    Exit status: 0 when no outcome failed, 1 when one did or the search is not a proof, 64 on a
    usage error.

    Examples:
      lab explore racy-counter --runs 100
      lab explore racy-counter --runs 500 --policy pct
      lab explore racy-counter --runs 50 --live
      lab explore racy-counter --exhaustive
      lab explore Tests/OwnPrograms/bank.swift --runs 50
      lab explore racy-counter --exhaustive --shard 1/2 > shard-1.json
    """
  static let options: [OptionSpec] =
    [Option.runs.spec]
    + RunArguments.searchOptions(
      RunArguments.options(without: [.seed, .tolerance, .policy]),
      schedules: ExhaustiveSearch.Budget.defaultSchedules
    ).map { option in
      guard option.option == .maxSeconds else { return option }
      return option.helping(
        "Stop the runs of seeds, or a search of every schedule, after S seconds (default: "
          + "\(ExhaustiveSearch.Limit.number(ExhaustiveSearch.Budget.defaultSeconds))); a search "
          + "it stops takes up to "
          + "\(ExhaustiveSearch.Limit.number(ExhaustiveSearch.secondsForTheBounds)) s more to "
          + "name a preemption bound that finishes.")
    }
    + [
      Option.policy.helping("Virtual runs: only this policy (default: both)."),
      Option.format.spec, Option.exhaustive.spec, Option.preemptions.spec, Option.reduction.spec,
      Option.jobs.spec, Option.shard.spec, Option.merge.spec, Option.departures.spec,
      Option.scheduled.helping(
        "Run the scenario's Swift program under the lab's scheduler instead, seeds 0…N-1, and "
          + "count its outcomes in the scenario's table."),
      Option.native.helping(
        "A Swift program (FILE.swift, or a program scenario): run it as it is on Swift's own "
          + "executors N times (default 20) and list what the real runs printed."),
    ]

  enum Format: String, CaseIterable { case text, json }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to explore" : "explore takes one scenario")
    }
    if let status = try ProgramScenarioCommand.perform(.explore, ifProgram: arguments, context) {
      return status
    }
    try refuseProgramsOptions(arguments)
    let count = try arguments.integer(.runs, in: 1...10_000_000) ?? 100
    let options = try RunArguments.parse(arguments)
    let policies: [SchedulingPolicy] =
      options.mode == .live
      ? [.random]
      : try arguments.choice(.policy, SchedulingPolicy.self).map { [$0] }
        ?? SchedulingPolicy.allCases
    let format = try arguments.choice(.format, Format.self) ?? .text
    let argument = arguments.positionals[0]
    let console = context.console
    let url = try context.scenarioFile(argument)
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    if arguments.flag(.scheduled) {
      return try ScheduledCommand.explore(
        scenario, arguments, count: count, options: options, json: format == .json, context)
    }

    if arguments.flag(.exhaustive) {
      return try exhaustive(scenario, argument, options, format, arguments, console)
    }
    // Ignored, a forgotten --exhaustive made a CI job's "shard" a seeded table, and it passed;
    // --max-schedules was not even read, so 'nan' or '-1' passed too.
    let searchOnly: [Option] = [.maxSchedules, .preemptions, .reduction, .jobs, .shard, .merge]
    if let given = searchOnly.first(where: arguments.given) {
      throw UsageError("--\(given.rawValue) belongs to the exhaustive search: add --exhaustive")
    }
    let total = count * policies.count
    let seconds =
      try arguments.number(.maxSeconds, in: 0.001...86_400)
      ?? ExhaustiveSearch.Budget.defaultSeconds
    let progress = ProgressLine(console: console)
    let findings = Exploration.explore(
      scenario, options: options, count: count, policies: policies, maxSeconds: seconds
    ) { run, outcomes in
      progress.update("explore \(argument): \(run)/\(total) runs · \(outcomes) outcomes")
    }
    progress.clear()
    if let stoppedAt = findings.stoppedAt {
      console.err(
        console.fitted(
          "note: explore stopped after \(findings.histogram.runs) of \(total) runs, when "
            + "--max-seconds \(ExhaustiveSearch.Limit.number(stoppedAt)) ran out: the table "
            + "counts those; raise it, or ask for fewer --runs"))
    }
    let histogram = findings.histogram
    // A replay needs what shaped the run: the pool, and a limit that may have stopped it.
    let extra = (options.threads.map { " --threads \($0)" } ?? "") + options.limits.shapingOptions
    switch format {
    case .text:
      var heading = Exploration.heading(mode: options.mode, count: count, policies: policies)
      if let stoppedAt = findings.stoppedAt {
        heading =
          "\(histogram.runs) of \(heading), stopped by --max-seconds "
          + ExhaustiveSearch.Limit.number(stoppedAt)
      }
      console.out(
        Exploration.report(
          histogram, argument: argument, heading: heading, extra: extra, hints: LabCommand.hint,
          columns: console.terminalColumns, console.outStyle)
          + findings.otherFailures(argument: argument, extra: extra, hints: LabCommand.hint))
    case .json:
      console.out(
        Exploration.json(
          histogram, argument: argument, mode: options.mode,
          threads: options.threads ?? scenario.threads, extra: extra, hints: LabCommand.hint))
    }
    return histogram.failures.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }

  /// A usage error for an option only a Swift program's explore takes, given for a scenario of
  /// steps.
  static func refuseProgramsOptions(_ arguments: Arguments) throws(UsageError) {
    if arguments.given(.departures) {
      throw UsageError("--departures belongs to a .swift program's search; drop it")
    }
    if arguments.flag(.native) {
      throw UsageError(
        "--native explores a Swift program's real runs (FILE.swift, or a program scenario); a "
          + "scenario of steps runs natively with 'lab run NAME --native' or 'lab check --native'")
    }
  }

  /// Seconds as people say them: 40 s, 3 min, 2 h.
  static func duration(_ seconds: Double) -> String {
    seconds < 90
      ? "\(Int(seconds.rounded())) s"
      : seconds < 5400
        ? "\(Int((seconds / 60).rounded())) min"
        : "\(Int((seconds / 3600).rounded())) h"
  }

  static func exhaustive(
    _ scenario: Scenario, _ argument: String, _ options: RunOptions, _ format: Format,
    _ arguments: Arguments, _ console: Console
  ) throws(UsageError) -> Int32 {
    if options.mode == .live { throw UsageError("--exhaustive searches virtual runs; drop --live") }
    // Ignored, they let a command line say what it did not do (exit 0).
    if let given = [Option.runs, .policy].first(where: arguments.given) {
      throw UsageError(
        "--\(given.rawValue) belongs to seeded runs, and --exhaustive runs every schedule; "
          + "drop one of them")
    }
    if !arguments.values(.merge).isEmpty,
      let given = [Option.shard, .maxSchedules, .jobs].first(where: arguments.given)
    {
      throw UsageError(
        "--\(given.rawValue) belongs to a search, and --merge reads one's shards, running only "
          + "their outcomes' schedules; drop --\(given.rawValue)")
    }
    var budget = try RunArguments.searchBudget(arguments, options: options, .init())
    budget.preemptions = try arguments.integer(.preemptions, in: 0...1000)
    let progress = ProgressLine(console: console)
    let of = budget.maxSchedules.map { "/\($0)" } ?? ""
    let search = ExhaustiveSearch(scenario, options: options, budget: budget)
    var findings: ExhaustiveSearch.Findings
    let shards = arguments.values(.merge)
    if !shards.isEmpty {
      switch search.merge(files: shards) {
      case .success(let merged): findings = merged
      case .failure(let problem): throw UsageError("--merge: \(problem.message)")
      }
    } else {
      var warned = false
      findings = search.run { now in
        // Beside the progress line, on a terminal only: a log gets the bound at the end.
        if !warned, console.errIsTerminal, now.seconds >= 2, let left = now.secondsLeft,
          let line = now.estimate(left: left, budget: budget)
        {
          warned = true
          progress.clear()
          console.err(line + "\n")
        }
        progress.update(
          "explore \(argument) --exhaustive: \(now.schedules)\(of) schedules · \(now.outcomes) "
            + "outcomes" + (now.secondsLeft.map { " · about \(Self.duration($0)) left" } ?? ""))
      }
    }
    progress.clear()
    // Stopped by its budget: say which smaller search would finish (a search of its own, of at
    // most `secondsForTheBounds`; not after a merge, whose searches were the shards').
    if findings.stoppedBy != nil, budget.preemptions == nil, budget.shard == nil, shards.isEmpty {
      findings.boundThatFinishes = search.boundThatFinishes()
    }
    let rules = scenario.expect.outcomes
    // A shard is half a result: only its JSON, for --merge, says what it is.
    switch budget.shard == nil ? format : .json {
    case .text:
      console.out(
        findings.report(
          argument: argument, rules: rules, hints: LabCommand.hint,
          columns: console.terminalColumns, console.outStyle))
    case .json:
      console.out(
        findings.json(
          argument: argument, threads: options.threads ?? scenario.threads, rules: rules,
          hints: LabCommand.hint))
    }
    return findings.passed(rules) ? ExitStatus.ok : ExitStatus.failure
  }
}
