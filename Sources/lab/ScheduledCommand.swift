import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabPictures
import LabRuntime

/// `lab run NAME --scheduled` and `lab explore NAME --scheduled`: a scenario's Swift program
/// under the lab's scheduler (docs/own-programs.md, "A scenario's own program"); `LabNative`
/// does the work.
enum ScheduledCommand {
  /// Options with no meaning here: the order is the scheduler's, the time virtual.
  static let refused: [Option] =
    [
      .live, .native, .scale, .tolerance, .schedule, .showSchedule, .exhaustive,
      .preemptions, .reduction, .jobs, .shard, .merge, .departures,
    ] + OwnProgramCommand.interpreterLimits

  /// The program built with the scheduler; nil with the error printed.
  static func build(_ scenario: Scenario, _ arguments: Arguments, _ context: CommandContext)
    throws(UsageError) -> NativeBuild?
  {
    try OwnProgramCommand.refuse(
      refused, in: arguments, "for a run under the lab's scheduler; drop it or --scheduled")
    let console = context.console
    let program: OwnProgram
    do throws(NativeError) {
      program = try ScheduledScenario.program(scenario)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return nil
    }
    return try OwnProgramCommand.build(program, arguments, context)
  }

  /// One run: the trace in the scenario's terms, its checks, and what the scheduler controlled.
  static func run(
    _ scenario: Scenario, _ arguments: Arguments, options: RunOptions, json: Bool,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    guard let build = try build(scenario, arguments, context) else { return ExitStatus.failure }
    let console = context.console
    let seed = options.seed ?? 0
    let run: ScheduledRun
    do throws(NativeError) {
      run = try ScheduledScenario.run(scenario, build: build, seed: seed, options: options)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    let argument = arguments.positionals[0]
    try OwnProgramCommand.show(run.result, replaying: argument, arguments, json: json, context)
    if !json {
      let replay =
        "--scheduled --seed \(seed)" + OwnProgramCommand.policy(options.policy)
        + OwnProgramCommand.width(options.threads)
      let command = LabCommand.hint.command("run", argument, replay)
      for note in notes(run, seed: seed, policy: options.policy, replay: command) {
        console.out(console.fitted(note))
      }
    }
    guard OwnProgramCommand.writeReports(run.result, scenario: scenario, arguments, context) else {
      return ExitStatus.failure
    }
    return run.result.passed ? ExitStatus.ok : ExitStatus.failure
  }

  /// What the scheduler controlled in this run, and what it did not.
  static func notes(
    _ run: ScheduledRun, seed: UInt64, policy: SchedulingPolicy, replay: String
  ) -> [String] {
    let order: String
    switch policy {
    case .random: order = seed == 0 ? "seed 0: first in, first out" : "seed \(seed) chose the order"
    case .pct: order = "seed \(seed) gave each task a priority"
    }
    var lines = [
      "the scenario's Swift program ('lab swift' prints it), run under the lab's scheduler: "
        + "\(run.own.jobs.map { "\($0) job\($0 == 1 ? "" : "s")" } ?? "its jobs"), one at a "
        + "time, on the main thread and a pool of \(run.result.record.threads) per priority (\(order)), in "
        + "virtual time; '\(replay)' replays it"
    ]
    if run.result.record.escapedJobs > 0 {
      lines.append(
        "not controlled: \(run.result.record.escapedJobs) job(s) arrived from a thread the lab "
          + "does not run (Dispatch): their moment is real time, so this seed may not replay")
    }
    if run.own.dispatchBlocks > 0 {
      lines.append(OwnProgramCommand.dispatchNote(run.own.dispatchBlocks))
    }
    let said = run.own.otherOutput.filter { $0.contains("Fatal error") }.prefix(2)
    lines += said.map { "the program wrote: \(terminalSafe($0))" }
    return lines.map { "note: \($0)" }
  }

  /// `lab explore NAME --scheduled --runs N`: seeds 0…N-1 of the program under the scheduler,
  /// counted in the scenario's outcome table.
  static func explore(
    _ scenario: Scenario, _ arguments: Arguments, count: Int, options: RunOptions, json: Bool,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    if json { throw UsageError("--scheduled lists its outcomes as text; drop --format") }
    guard let build = try build(scenario, arguments, context) else { return ExitStatus.failure }
    let console = context.console
    let argument = arguments.positionals[0]
    let progress = ProgressLine(console: console)
    let budget = SeedBudget(seconds: try SeedBudget.seconds(arguments))
    var histogram = OutcomeHistogram(rules: scenario.expect.outcomes)
    let policies =
      try arguments.choice(.policy, SchedulingPolicy.self).map { [$0] }
      ?? SchedulingPolicy.allCases
    var made = 0
    var madeBy: [SchedulingPolicy: Int] = [:]
    var horizon: Int?
    do throws(NativeError) {
      seeds: for policy in policies {
        var options = options
        options.policy = policy
        for seed in 0..<UInt64(count) where !budget.spent(after: made) {
          let next = try budget.run(options, timedOut: \.own.timedOut) {
            (bounded) throws(NativeError) in
            // The changes of pct fall among the points of the first in, first out run's choices.
            if policy == .pct, horizon == nil {
              var fair = bounded
              fair.policy = .random
              horizon =
                try ScheduledScenario.run(scenario, build: build, seed: 0, options: fair).own
                .choices?.counts.count ?? 1
            }
            return try ScheduledScenario.run(
              scenario, build: build, seed: seed, options: bounded, horizon: horizon)
          }
          guard let run = next else { break seeds }  // the budget cut it: no outcome
          if policy == .random, seed == 0 { horizon = run.own.choices?.counts.count }
          made += 1
          madeBy[policy, default: 0] += 1
          histogram.add(
            run.result, as: RunLabel(mode: .scheduled, seed: seed, policy: policy, run: made))
          progress.update(
            "explore \(argument) --scheduled: \(made)/\(count * policies.count) runs · "
              + "\(histogram.rows.count) outcomes")
        }
      }
    } catch {
      progress.clear()
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    progress.clear()
    let extra = " --scheduled" + OwnProgramCommand.width(options.threads)
    console.out(
      Exploration.report(
        histogram, argument: argument,
        heading:
          "\(made) runs of its Swift program under the lab's scheduler: "
          + SeedBudget.seeds(policies.map { ($0, madeBy[$0] ?? 0) })
          + budget.stopped(made: made, of: count * policies.count),
        extra: extra, hints: LabCommand.hint, columns: console.terminalColumns, console.outStyle))
    return histogram.failures.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }
}
