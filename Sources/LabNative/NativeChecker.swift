import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lab check --native`: each scenario's Swift program, run natively, against the scenario's
/// expectations within the live tolerance — the comparison `lab check --live` makes.
public enum NativeChecker {
  /// Loads, builds, runs and checks one scenario file, named `argument` on the command line. A
  /// scenario the generator cannot write yet is skipped, not failed; a run that misses a check
  /// is tried again as a live run is (`TimedAttempts`), since real time on a shared machine is noisy.
  ///
  /// `prove` gives the outcomes the model proves, for the fidelity comparison (a test hands in
  /// a set that lacks one).
  public static func check(
    file url: URL, argument: String, options: RunOptions, builder: NativeBuilder,
    displayPath: (URL) -> String,
    prove: (Scenario) -> ProvenOutcomes = { ProvenOutcomes.search($0, budget: fidelityBudget) }
  ) -> ScenarioVerdict {
    let display = displayPath(url)
    let scenario: Scenario
    switch ScenarioChecker.load(url, argument: argument, display: display) {
    case .invalid(let verdict): return verdict
    case .loaded(let loaded): scenario = loaded
    }
    let clock = ContinuousClock()
    let began = clock.now
    func verdict(
      _ status: ScenarioVerdict.Status, _ summary: String, runs: Int = 0,
      failures: [ScenarioVerdict.Failure] = []
    ) -> ScenarioVerdict {
      ScenarioVerdict(
        scenario: argument, file: display, status: status, summary: summary, runs: runs,
        failures: failures, seconds: (clock.now - began) / .seconds(1))
    }
    var attempts = TimedAttempts()
    var compiled = false
    let run: NativeRun
    do {
      run = try attempts.run(
        { () throws(NativeError) -> NativeRun in
          let run = try NativeRunner.run(scenario, options: options, builder: builder)
          compiled = compiled || run.build.compiled
          return run
        },
        settled: { $0.result.passed || ($0.result.problem != nil && !$0.result.expectsProblem) },
        allowing: { run, stall in
          var run = run
          run.result = run.result.allowing(
            stall: stall, scenario.expect, tolerance: scenario.tolerance(options))
          return run
        })
    } catch .notExpressible(let diagnostic) {
      return verdict(.skipped, diagnostic.message)
    } catch {
      let label = RunLabel(mode: .native, seed: 0, policy: .random, run: 1)
      return verdict(
        .failed, "native", runs: 1,
        failures: [.made(run: label, messages: [error.message], replay: nil)])
    }
    let result = run.result
    // Only a run that passed is compared: a failing one says enough.
    let fidelity =
      result.passed
      ? self.fidelity(scenario, run: run, options: options, builder: builder, prove: prove)
      : (summary: "", alarms: [])
    var messages: [String] = []
    if let problem = result.problem, !result.expectsProblem {
      messages.append("problem: \(problem)")
    }
    for check in result.checks where !check.holds {
      messages.append("\(check.name): expected \(check.expected), got \(check.actual)")
    }
    messages += fidelity.alarms
    let expectedMisses = result.checks.filter { $0.expectedMiss != nil }.map(\.name)
    let count = result.checks.count
    var summary =
      count == 0 ? "nothing to check: no \"expect\"" : "\(count) check\(count == 1 ? "" : "s")"
    summary += " · native, Swift \(run.build.swiftMode)" + (run.build.sanitized ? " + TSan" : "")
    summary += compiled ? " (compiled)" : " (cached build)"
    summary += fidelity.summary
    summary += attempts.note
    if !expectedMisses.isEmpty {
      summary += " · missed as expected on this machine: \(expectedMisses.joined(separator: ", "))"
    }
    if messages.isEmpty {
      return verdict(count == 0 ? .skipped : .passed, summary, runs: 1)
    }
    messages[0] += attempts.note  // how often it was tried, and what the machine did meanwhile
    let label = RunLabel(mode: .native, seed: 0, policy: .random, run: 1)
    var failed = verdict(
      .failed, summary, runs: 1,
      failures: [.made(run: label, messages: messages, replay: "lab run \(argument) --native")])
    failed.warnings = TraceText.timingNote(result).map { [$0] } ?? []
    return failed
  }
}
