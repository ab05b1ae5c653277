import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

extension NativeChecker {
  /// The search that proves a scenario's outcomes for the fidelity comparison: small, so that
  /// `lab check --native` over every bundled scenario takes only seconds more; a scenario whose
  /// search does not finish within it is not compared.
  public static let fidelityBudget = ProvenOutcomes.budget(schedules: 1_000, seconds: 1)
  /// Native runs compared with the proven outcomes: at most this many, within `fidelitySeconds`
  /// (the checked run is the first).
  public static let fidelityRuns = 5
  public static let fidelitySeconds = 0.25

  /// The fidelity comparison after a passing native run: more runs of the program, each ended
  /// with an outcome the exhaustive search proves some schedule of the model ends with. What
  /// the summary says of it, and a message for each outcome outside the proven set — a
  /// fidelity alarm: the model misses something the real runtime does.
  static func fidelity(
    _ scenario: Scenario, run: NativeRun, options: RunOptions, builder: NativeBuilder,
    prove: (Scenario) -> ProvenOutcomes
  ) -> (summary: String, alarms: [String]) {
    // A program expected to hang is killed after seconds; one run of it is enough.
    guard scenario.expect.problem == nil, run.result.problem == nil else { return ("", []) }
    let proven = prove(scenario)
    guard proven.complete else { return ("", []) }
    // Outcomes are compared at a scale where the run's moments lie far enough apart that timer
    // lateness does not reorder them: the checked run, played faster, is not one of them.
    var virtual = RunOptions()
    virtual.threads = options.threads
    let moments = ScenarioRunner.run(scenario, options: virtual).events.map(\.time)
    let checked = run.result.record.scale ?? 1
    let scale = max(checked, LiveScale.ordering(times: moments))
    var compared = options
    compared.scale = scale
    let sample: NativeSample
    do {
      sample = try NativeRunner.sample(
        scenario, runs: fidelityRuns, seconds: fidelitySeconds, builder: builder,
        options: compared, first: scale == checked ? run : nil)
    } catch {
      return ("", ["fidelity: a further native run failed: \(error.message)"])
    }
    let alarms = proven.alarms(sample.records)
    let count = sample.records.count
    let outcomes = proven.outcomes.count
    return (
      " · \(count) run\(count == 1 ? "" : "s")"
        + (scale == checked ? "" : " at scale \(scale)") + " within the \(outcomes) proven "
        + "outcome\(outcomes == 1 ? "" : "s")", alarms
    )
  }
}
