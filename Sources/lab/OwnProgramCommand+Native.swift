import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabRuntime

/// `lab explore FILE.swift --native`: the program as it is, on Swift's own executors, run N
/// times — what real runs print, beside what the scheduler's seeds reach.
extension OwnProgramCommand {
  static func exploreNatively(
    _ program: OwnProgram, as named: ProgramRun, options: RunOptions, _ arguments: Arguments,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    for option in [Option.exhaustive, .policy, .departures, .maxSchedules, .seed, .schedule]
    where arguments.given(option) {
      throw UsageError(
        "--\(option.rawValue) chooses the scheduler's order, which a real run does not take; "
          + "drop it or --native")
    }
    let count = try arguments.integer(.runs, in: 1...10_000) ?? 20
    let seconds = try SeedBudget.seconds(arguments)
    guard let build = try build(program, arguments, context, native: true) else {
      return ExitStatus.failure
    }
    let budget = SeedBudget(seconds: seconds)
    let console = context.console
    let progress = ProgressLine(console: console)
    var sample = Sample(path: program.path, of: count, graded: named.scenario)
    while sample.made < count, !budget.spent(after: sample.made) {
      let next: OwnProgram.NativeOutcome?
      do throws(NativeError) {
        next = try budget.run(options, timedOut: \.timedOut) { (bounded) throws(NativeError) in
          try OwnProgram.runNative(build, options: bounded)
        }
      } catch {
        progress.clear()
        console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
        return ExitStatus.failure
      }
      guard let outcome = next else { break }
      sample.add(
        printed: outcome.output, problem: outcome.problem, ending: outcome.ending, replay: "")
      progress.update(sample.progress + " (real runs)")
    }
    progress.clear()
    let (found, made) = (sample.outcomes, sample.made)
    console.out(
      "\(terminalSafe(named.replaying)): \(found.count) outcome\(found.count == 1 ? "" : "s") in "
        + "\(made) real run\(made == 1 ? "" : "s") on Swift's own executors"
        + ", by what it printed" + budget.stopped(made: made, of: count) + "\n")
    let failed = show(found, of: program, as: named, unit: "run", threads: nil, console)
    console.out(
      "\n"
        + console.fitted(
          "note: real runs, on a pool as wide as this machine's cores: their order was the "
            + "machine's, so none replays; '\(named.hint("explore", ""))' shows what seeds of "
            + "the lab's scheduler reach"))
    return failed ? ExitStatus.failure : ExitStatus.ok
  }
}
