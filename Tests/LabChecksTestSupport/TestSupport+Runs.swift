import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Checked runs of a scenario, for the tests of the checks and every layer above them.
extension TestSupport {
  /// Checked virtual runs of `scenario` on seeds 1…20 under both policies, with their labels.
  public static func runsOnEverySeed(_ scenario: Scenario) -> [(label: String, result: RunResult)] {
    var runs: [(String, RunResult)] = []
    for seed in UInt64(1)...20 {
      for policy in [SchedulingPolicy.random, .pct] {
        var options = RunOptions()
        options.seed = seed
        options.policy = policy
        runs.append(
          ("seed \(seed) \(policy)", ScenarioRunner.runAndCheck(scenario, options: options)))
      }
    }
    return runs
  }

  /// `runsOnEverySeed`, each expected to pass: a failure names the run (after `what`), its
  /// problem and its failed checks. The runs, for what a test checks besides.
  @discardableResult
  public static func passingRunsOnEverySeed(
    _ scenario: Scenario, _ what: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> [(label: String, result: RunResult)] {
    let runs = runsOnEverySeed(scenario)
    for (label, result) in runs {
      let failed = result.checks.filter { !$0.passed }.map { "\($0.name): \($0.actual)" }
      #expect(
        result.passed, "\(what)\(label): \(result.problem ?? "finished") \(failed)",
        sourceLocation: sourceLocation)
    }
    return runs
  }

  /// The events of a run as "task: text", in order: what tests that check an order look for.
  public static func taskLines(_ result: RunResult) -> [String] {
    result.events.map { "\($0.task): \($0.text)" }
  }

  /// A checked live run of `scenario`, run again after the machine quiets, up to five runs in
  /// all, while a check fails or the run lacks what `alsoHolds` asks of it (an order that
  /// depends on timing, such as which yield found the consumer waiting): a shared machine's
  /// real clocks are noisy, a wrong model is not.
  public static func liveRunPassing(
    _ scenario: Scenario, alsoHolds: (RunResult) -> Bool = { _ in true }
  ) async -> RunResult {
    var options = RunOptions()
    options.mode = .live
    options.tolerance = underSanitizer ? Tolerance(milliseconds: 50, percent: 50) : nil
    var result = ScenarioRunner.runAndCheck(scenario, options: options)
    for _ in 1..<5 where !(result.passed && alsoHolds(result)) {
      await waitUntilProcessIsQuiet()
      result = ScenarioRunner.runAndCheck(scenario, options: options)
    }
    return result
  }
}
