import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabPictures
import LabRuntime
import LabSwift

/// `lab explore FILE.swift`: seeded runs of a program of one's own, or the bounded search of
/// its schedules.
extension OwnProgramCommand {
  /// `lab explore FILE.swift` or `lab explore NAME --scheduled` of a program scenario: seeds
  /// 0…N-1 under each policy (or `--policy`'s), or with `--exhaustive` every schedule within
  /// `--departures` of first in, first out; the outcomes by what the program printed, graded
  /// as `named` says.
  static func explore(
    _ program: OwnProgram, as named: ProgramRun, _ arguments: Arguments, _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    let options = try named.options(arguments)
    if arguments.given(.format) {
      throw UsageError(
        "--format has no meaning for the explore of a Swift program, which lists its outcomes as "
          + "text; drop it (lab run FILE.swift --format json writes one run)")
    }
    if arguments.flag(.native) {
      return try exploreNatively(program, as: named, options: options, arguments, context)
    }
    if arguments.flag(.exhaustive) {
      for option in [Option.runs, .policy] where arguments.given(option) {
        throw UsageError(
          "--\(option.rawValue) belongs to the seeded runs, which --exhaustive does not make; "
            + "drop it or --exhaustive")
      }
      let budget = OwnProgramSearch.Budget(
        departures: try arguments.integer(.departures, in: 0...20) ?? 2,
        maxSchedules: try arguments.integer(.maxSchedules, in: 1...10_000_000) ?? 10_000,
        maxSeconds: try arguments.number(.maxSeconds, in: 0.001...86_400) ?? 60)
      guard let build = try build(program, arguments, context) else { return ExitStatus.failure }
      return searched(program, as: named, build, budget: budget, options: options, context)
    }
    for option in [Option.departures, .maxSchedules] where arguments.given(option) {
      throw UsageError(
        "--\(option.rawValue) belongs to the search of every schedule: add --exhaustive")
    }
    let count = try arguments.integer(.runs, in: 1...100_000) ?? 100
    let policies =
      try arguments.choice(.policy, SchedulingPolicy.self).map { [$0] }
      ?? SchedulingPolicy.allCases
    let seconds = try SeedBudget.seconds(arguments)
    guard let build = try build(program, arguments, context) else { return ExitStatus.failure }
    let budget = SeedBudget(seconds: seconds)
    var sample = Sample(path: program.path, of: count * policies.count, graded: named.scenario)
    let progress = ProgressLine(console: context.console)
    do throws(NativeError) {
      try eachSeededRun(
        build, name: program.name, options: options, seeds: count, policies: policies,
        budget: budget,
        each: { run, policy, seed in
          sample.add(run, policy: policy, replay: "--seed \(seed)\(Self.policy(policy))")
          progress.update(sample.progress)
        })
    } catch {
      progress.clear()
      let console = context.console
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    progress.clear()
    let made = sample.made
    let seeds = SeedBudget.seeds(policies.map { ($0, sample.made(by: $0)) })
    context.console.out(
      "\(terminalSafe(named.replaying)): \(sample.outcomes.count) outcome"
        + "\(sample.outcomes.count == 1 ? "" : "s") in \(made) seeded run\(made == 1 ? "" : "s") (sampled, not a proof: "
        + seeds
        + budget.stopped(made: made, of: count * policies.count) + "), by what it printed\n")
    let failed = show(
      sample.outcomes, of: program, as: named, unit: "run", threads: options.threads,
      context.console)
    return failed ? ExitStatus.failure : ExitStatus.ok
  }

  /// Runs seeds 0…`count`-1 under each of `policies`, in turn, until `budget` is spent, and
  /// hands each run to `body`; a run the budget cut short is no outcome, and the last.
  static func eachSeededRun(
    _ build: NativeBuild, name: String, options: RunOptions, seeds count: Int,
    policies: [SchedulingPolicy], budget: SeedBudget,
    each body: (OwnRun, SchedulingPolicy, UInt64) -> Void
  ) throws(NativeError) {
    // Priorities change among the points of choice of the first in, first out run: seed 0's
    // under the fair choice, which runs first when it is asked for.
    var horizon: Int?
    var made = 0
    for policy in policies {
      var options = options
      options.policy = policy
      // Seed 0 first: first in, first out is the order a real run most often shows.
      for seed in 0..<UInt64(count) {
        if budget.spent(after: made) { return }
        let next = try budget.run(options, timedOut: \.timedOut) { (bounded) throws(NativeError) in
          if policy == .pct, horizon == nil {
            horizon = try OwnProgram.horizon(build, name: name, options: bounded).points
          }
          return try OwnProgram.run(
            build, name: name, seed: seed, options: bounded, horizon: horizon)
        }
        guard let run = next else { return }
        if policy == .random, seed == 0 { horizon = run.choices?.counts.count }
        made += 1
        body(run, policy, seed)
      }
    }
  }

  /// The outcomes of seeded runs, as they come.
  struct Sample {
    var path: String
    var of: Int
    /// The scenario whose rules grade each outcome, when there is one.
    var graded: ProgramScenario?
    private(set) var outcomes: [Found] = []
    /// Each outcome's place in `outcomes`, by `PrintedOutput.outcomeKey`.
    private var index: [String: Int] = [:]
    private(set) var made = 0
    private var madeBy: [SchedulingPolicy: Int] = [:]

    func made(by policy: SchedulingPolicy) -> Int { madeBy[policy] ?? 0 }

    init(path: String, of count: Int, graded: ProgramScenario?) {
      self.path = path
      of = count
      self.graded = graded
    }

    mutating func add(_ run: OwnRun, policy: SchedulingPolicy, replay: String) {
      madeBy[policy, default: 0] += 1
      add(
        printed: run.output, problem: run.record.problem,
        ending: ProgramScenarioCommand.ending(of: run.record), replay: replay)
    }

    /// A run that printed `printed` and ended as `ending` (with `problem`, when it ended
    /// badly), replayed by `replay` (none: a real run); graded by the whole of what it printed
    /// when its outcome is new (runs of one outcome printed the same).
    mutating func add(
      printed: PrintedOutput, problem: String?, ending: Outcome.Ending, replay: String
    ) {
      made += 1
      let key = printed.outcomeKey(problem: problem)
      if let at = index[key] {
        outcomes[at].count += 1
      } else {
        index[key] = outcomes.count
        outcomes.append(
          Found(
            lines: printed.shown + (problem.map { ["⚠ \($0)"] } ?? []), count: 1, replay: replay,
            failed: problem != nil,
            grade: graded?.grade(printed: printed, ending: ending), lineCount: printed.lineCount,
            digest: printed.digest))
      }
    }

    var progress: String { "explore \(path): \(made)/\(of) runs · \(outcomes.count) outcomes" }
  }

  /// An outcome as `explore` lists it.
  struct Found {
    var lines: [String]
    var count: Int
    /// The options that replay it: `--seed 3`, `--schedule 0.2`.
    var replay: String
    /// Whether the run ended with a problem (a deadlock, a limit, a crash).
    var failed: Bool
    /// Its grade by a program scenario's outcomes, when there is one.
    var grade: OutcomeRule?
    /// How many lines it printed, all told, and the digest of all of them.
    var lineCount: Int
    var digest: String
  }

  /// Lists `outcomes`, each graded by `named`'s scenario when there is one; whether one failed
  /// (a problem, or a grade that fails).
  static func show(
    _ outcomes: [Found], of program: OwnProgram, as named: ProgramRun, unit: String,
    threads: Int?, _ console: Console
  ) -> Bool {
    var failed = false
    for (number, outcome) in outcomes.enumerated() {
      // A real run has no replay: its order was the machine's.
      let replay =
        outcome.replay.isEmpty
        ? "" : "; replay: " + named.hint("run", outcome.replay + named.width(threads))
      console.out(
        "\n\(number + 1). \(outcome.count) \(unit)\(outcome.count == 1 ? "" : "s")\(replay)\n")
      show(outcome, console)
      guard let grade = outcome.grade else {
        failed = failed || outcome.failed
        continue
      }
      console.out(console.fitted(ProgramScenarioCommand.line(grade), indent: "   "))
      failed = failed || grade.grade.fails
    }
    if program.drawsRandomNumbers {
      console.out(
        "\n" + console.fitted("note: " + randomNumbers + ", and a replay may print otherwise"))
    }
    return failed
  }

  /// The most lines of what an outcome printed `explore` shows: the outcomes are a list to
  /// compare, and a run's replay shows the rest (an outcome of 1,000 lines printed 7.5 MB).
  static let shownOutcomeLines = 20

  /// An outcome's lines under its heading: at most `shownOutcomeLines`, each cut to the
  /// terminal, and how its run ended badly, when it did.
  static func show(_ outcome: Found, _ console: Console) {
    var lines = outcome.lines
    let problem = outcome.failed ? lines.popLast() : nil
    let width = max(20, (console.terminalColumns ?? 200) - 3)
    let more = lines.count > shownOutcomeLines ? outcome.lineCount - shownOutcomeLines : 0
    let notShown =
      more > 0
      ? [
        "… \(more) more line\(more == 1 ? "" : "s") not shown (all \(outcome.lineCount): digest "
          + "\(outcome.digest)): its replay shows them"
      ] : []
    for line in lines.prefix(shownOutcomeLines) + notShown + (problem.map { [$0] } ?? []) {
      console.out("   \(cut(terminalSafe(line), toWidth: width))\n")
    }
  }

  /// The bounded search of every schedule, and what it proves.
  static func searched(
    _ program: OwnProgram, as named: ProgramRun, _ build: NativeBuild,
    budget: OwnProgramSearch.Budget, options: RunOptions, _ context: CommandContext
  ) -> Int32 {
    let console = context.console
    let result: OwnProgramSearch.Result
    do throws(NativeError) {
      result = try OwnProgramSearch.run(
        build, name: program.name, budget: budget, options: options, graded: named.scenario)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    let bound =
      "every schedule within \(budget.departures) departure\(budget.departures == 1 ? "" : "s") "
      + "from first in, first out"
    let verdict =
      result.stoppedBy.map { "incomplete: stopped by \($0)" }
      ?? (result.complete ? "complete within that bound" : "not complete")
    console.out(
      "\(terminalSafe(named.replaying)): \(result.outcomes.count) outcome"
        + "\(result.outcomes.count == 1 ? "" : "s") in \(bound) (\(result.schedules) schedules; "
        + "\(verdict)), by what it printed\n")
    let found = result.outcomes.map {
      Found(
        lines: $0.printed + ($0.problem.map { ["⚠ \($0)"] } ?? []), count: $0.count,
        replay: "--schedule \($0.schedule.text)", failed: $0.problem != nil, grade: $0.grade,
        lineCount: $0.lineCount, digest: $0.digest)
    }
    let failed = show(
      found, of: program, as: named, unit: "schedule", threads: options.threads, console)
    var notes = [
      result.stoppedBy.map {
        "\($0) stopped the search before every schedule within the bound ran: raise it, or "
          + "lower --departures"
      } ?? "a schedule past the bound may reach more: raise --departures, or sample with --runs N"
    ]
    if result.uncontrolledRuns > 0 {
      notes.append(
        "\(result.uncontrolledRuns) run(s) took a job from a thread the lab does not run, or did "
          + "not repeat their choices: the search is not complete (the first: "
          + "\(result.firstUncontrolled ?? "?"))")
    }
    if result.repeatedRuns > 0 {
      notes.append(
        "\(result.repeatedRuns) run(s) did not follow their schedule the first time and ran "
          + "again")
    }
    if result.cutRuns > 0 {
      notes.append(
        "\(result.cutRuns) run(s) had more than 100,000 points of choice; the search varied the "
          + "first 100,000")
    }
    console.out("\n")
    for note in notes { console.out(console.fitted("note: " + note)) }
    return failed || !result.complete ? ExitStatus.failure : ExitStatus.ok
  }
}
