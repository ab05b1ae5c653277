import LabInterpreter
import LabModel
import LabRuntime

/// What `lab record` writes: the runs an expected trace must hold for, its text, and how to
/// describe it. Pure apart from running the scenario; the CLI decides whether to write.
package struct Recording {
  /// The file's text: comments saying what it is, then the trace lines.
  package var text: String
  /// What was recorded, for `recorded FILE: SUMMARY (new file)`.
  package var summary: String

  /// The runs to record: the scenario's own (the one `lab diff` compares), then with `seeds`
  /// seeds 1…K under each of `policies`; each with a label for problems.
  package static func runs(
    _ scenario: Scenario, seeds: Int?, policies: [SchedulingPolicy]
  ) -> (results: [RunResult], labels: [String]) {
    var results = [ScenarioRunner.runAndCheck(scenario)]
    var labels = ["seed \(scenario.seed) (the scenario's)"]
    guard let seeds else { return (results, labels) }
    for seed in 1...UInt64(seeds) {
      for policy in policies {
        var options = RunOptions()
        options.seed = seed
        options.policy = policy
        results.append(ScenarioRunner.runAndCheck(scenario, options: options))
        labels.append(
          RunLabel(mode: .virtual, seed: seed, policy: policy, run: labels.count).description)
      }
    }
    return (results, labels)
  }

  /// The recording of one run, event by event.
  package init(_ result: RunResult, argument: String, hints: HintCommand) {
    text = ExpectedTraceFile.recording(result, argument: argument, hints: hints)
    summary = "\(result.events.count) events, virtual, seed \(result.seed)"
  }

  /// One expected trace that holds for all of `results`, recorded by
  /// `lab record ARGUMENT --seeds SEEDS`: varying orders become any-order blocks, varying fields
  /// wildcards.
  package init(
    _ results: [RunResult], labels: [String], scenario: Scenario, argument: String, seeds: Int,
    policies: [SchedulingPolicy], hints: HintCommand
  ) throws(TraceGeneralizer.Problem) {
    let generalization = try TraceGeneralizer.generalize(results.map(\.events), labels: labels)
    let runs = "seeds 1…\(seeds) × " + policies.map(\.rawValue).joined(separator: ", ")
    let threads = "\(results[0].threads) thread\(results[0].threads == 1 ? "" : "s")"
    let comments = [
      "Expected trace of \(results[0].scenario) for every seed: virtual runtime, \(threads); "
        + "holds on",
      "its own seed \(scenario.seed) and \(runs) (`lab record \(shellWord(argument)) --seeds "
        + "\(seeds)`).",
      "Lines match events in order. `any order { … }` blocks, `*` wildcards and # comments:",
      "see \(hints.docInFile("expected-traces.md")).",
    ]
    text = (comments.map { "# \($0)" } + generalization.lines).joined(separator: "\n") + "\n"
    let blocks = generalization.blocks
    let wildcards = generalization.wildcardLines
    summary =
      "\(generalization.lines.count) lines for \(results.count) runs, \(blocks) any-order block"
      + "\(blocks == 1 ? "" : "s"), \(wildcards) line\(wildcards == 1 ? "" : "s") with wildcards"
  }

  /// Whether `file` already holds for every run, so recording would change nothing.
  package static func matches(_ file: ExpectedTraceFile, _ runs: [RunResult]) -> Bool {
    guard file.exists, case .success(let old) = file.load() else { return false }
    return runs.allSatisfy { TraceComparison(expected: old, events: $0.events).matches }
  }

  /// Says that `file` was left as it is, after the ✓.
  package static func unchanged(_ file: ExpectedTraceFile, _ runs: [RunResult]) -> String {
    let events = runs.count == 1 ? "\(runs[0].events.count) events" : "\(runs.count) runs"
    return " \(file.display) already matches the run" + (runs.count == 1 ? "" : "s")
      + " (\(events)); left unchanged\n"
  }

  /// A note, after `note: `, when a recorded run fails its own checks; nil when all pass.
  package static func failingNote(
    _ results: [RunResult], argument: String, hints: HintCommand
  ) -> String? {
    guard let failing = results.first(where: { !$0.passed }) else { return nil }
    let run = RunLabel(mode: .virtual, seed: failing.seed, policy: failing.policy, run: 1)
    return "the recorded run on \(run) does not pass its own checks; "
      + "'\(hints.command("run", argument, run.replayOptions!))' shows why\n"
  }
}
