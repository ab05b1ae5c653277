import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabSwift

/// A run of a scenario's Swift program under the lab's scheduler.
public struct ScheduledRun: Sendable {
  /// The trace the program printed, in the scenario's terms, with the scenario's checks.
  public var result: RunResult
  /// The run as the scheduler saw it: its jobs, choices and what escaped it.
  public var own: OwnRun
}

/// A scenario's Swift program — `lab swift NAME`'s, with the helpers a native build adds — run
/// under the lab's scheduler (`lab run NAME --scheduled`): the real compiler and the real
/// runtime, with the jobs in the order a seed chooses, on a pool of the scenario's width, in
/// virtual time. Its trace is read back as a native run's is, so its values and outcomes are
/// the scenario's own and can be held to the model's.
public enum ScheduledScenario {
  /// The program, as an own program of the scenario's name, with the scenario's compiler
  /// settings; refused for a scenario that shows a data race, which Swift 6 does not compile and
  /// one job at a time could not show.
  public static func program(_ scenario: Scenario) throws(NativeError) -> OwnProgram {
    if SwiftProgram.showsRace(scenario) {
      throw .notSchedulable(
        "\(scenario.name) shows a data race: Swift 6 refuses to compile its program, and the "
          + "lab's scheduler, which runs one job at a time, could not show it; run it on the "
          + "virtual runtime, or with --native, which builds it in Swift 5 mode under "
          + "ThreadSanitizer")
    }
    return OwnProgram(
      path: "\(scenario.name).swift", source: try NativeBuilder.source(scenario),
      compilerOptions: SwiftProgram.compilerOptions(scenario))
  }

  /// What the program reads: its time unscaled, and that the lab's scheduler runs it.
  static let environment = ["LAB_SCALE": "1", "LAB_SCHEDULED": "1"]

  /// Runs a build of the program with `seed` (and `options.policy`; `horizon` as
  /// `OwnProgram.run` takes it) on a pool of `options.threads` or the scenario's width, and
  /// checks the scenario's expectations against what it printed.
  public static func run(
    _ scenario: Scenario, build: NativeBuild, seed: UInt64, options: RunOptions,
    horizon: Int? = nil
  ) throws(NativeError) -> ScheduledRun {
    var options = options
    options.threads = options.threads ?? scenario.threads
    // The program's helpers write the trace as other output: all of it is read.
    let own = try OwnProgram.run(
      build, name: scenario.name, seed: seed, options: options, horizon: horizon,
      environment: environment, keepsAllOutput: true)
    let record = record(scenario, own: own, seed: seed, threads: options.threads ?? 1)
    let checks = ExpectationChecker.check(
      scenario.expect, against: record, tolerance: scenario.tolerance(options))
    return ScheduledRun(result: RunResult(record: record, checks: checks), own: own)
  }

  /// The run record of what the program printed: its own trace lines, which the scheduler's
  /// records leave aside, read as a native run's; how it ended is the scheduler's to say.
  static func record(_ scenario: Scenario, own: OwnRun, seed: UInt64, threads: Int) -> RunRecord {
    let trace = NativeTrace(output: own.otherOutput.joined(separator: "\n"), joiningWithin: 1)
    var events = trace.events
    NativeRunner.cutShortAtExit(scenario, trace: trace, &events)
    var problem = own.record.problem
    if problem == nil, trace.duration == nil {
      problem =
        "the program ended without printing 'root end'"
        + (NativeRunner.printedMessage(trace.otherOutput).map { "; it printed: \($0)" } ?? "")
    }
    var record = RunRecord(
      scenario: scenario.name, title: scenario.title, mode: .scheduled, threads: threads,
      duration: trace.duration, mainStall: trace.mainStall,
      values: NativeRunner.values(scenario, trace), events: events, busySpans: trace.mainSpans,
      end: own.record.end, problem: problem, scale: nil)
    record.seed = seed
    record.policy = own.record.policy
    record.escapedJobs = own.record.escapedJobs
    return record
  }
}
