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

  /// The runs to record (`lab record --seeds K`), with the time they took.
  package struct Runs {
    /// The scenario's own run first, then each run whose trace differs from every earlier one:
    /// a trace that repeats adds nothing to the file, so memory grows with the distinct traces,
    /// not with the seeds.
    package var results: [RunResult]
    /// Each kept run's label, for problems.
    package var labels: [String]
    /// How many runs were made, kept or not.
    package var made = 1
    /// The first run that failed its own checks, kept or not.
    package var firstFailing: RunResult?
    /// Why the runs stopped before every seed had run, if they did; nothing is recorded then.
    package var stopped: Stop?
    /// Where each kept trace is, by a hash of its events.
    private var kept: [Int: [Int]] = [:]
    /// The events of the traces kept, in all.
    package private(set) var keptEvents = 0

    /// What ended the runs early.
    package enum Stop: Equatable {
      /// `--max-seconds`, in seconds, ran out.
      case time(Double)
      /// The distinct traces kept reached their most events (`Runs.maxKeptEvents`).
      case memory
    }

    /// The most events the distinct traces kept may hold: about 180 bytes each once recorded,
    /// so some 180 MB (a 24,000-event race kept 100 traces, 428 MB, in 40 s without a bound). A
    /// file of more could not be read anyway: traces that differ this much share no lines.
    package static let maxKeptEvents = 1_000_000

    init(first: RunResult, label: String) {
      results = [first]
      labels = [label]
      firstFailing = first.passed ? nil : first
      kept[Self.key(first.events), default: []].append(0)
    }

    mutating func add(_ result: RunResult, label: String) {
      made += 1
      if firstFailing == nil, !result.passed { firstFailing = result }
      let key = Self.key(result.events)
      if kept[key, default: []].contains(where: { results[$0].events == result.events }) { return }
      kept[key, default: []].append(results.count)
      results.append(result)
      labels.append(label)
      keptEvents += result.events.count
    }

    private static func key(_ events: [TraceEvent]) -> Int {
      var hasher = Hasher()
      for event in events {
        hasher.combine(event.time)
        hasher.combine(event.task)
        hasher.combine(event.text)
      }
      return hasher.finalize()
    }
  }

  /// The runs to record: the scenario's own (the one `lab diff` compares), then with `seeds`
  /// seeds 1…K under each of `policies`, within `maxSeconds` (each run gets what is left as its
  /// timeout; when it runs out, `stopped` says so and the runs stop) and `Runs.maxKeptEvents`.
  package static func runs(
    _ scenario: Scenario, seeds: Int?, policies: [SchedulingPolicy], maxSeconds: Double? = nil,
    maxKeptEvents: Int = Runs.maxKeptEvents, progress: (_ made: Int) -> Void = { _ in }
  ) -> Runs {
    let deadline = ExhaustiveSearch.Deadline(start: .now, seconds: maxSeconds)
    var runs = Runs(
      first: ScenarioRunner.runAndCheck(scenario, options: deadline.bounding(RunOptions())),
      label: "seed \(scenario.seed) (the scenario's)")
    if deadline.cut(runs.results[0].record) != nil {
      runs.stopped = maxSeconds.map { Runs.Stop.time($0) }
    }
    guard let seeds, runs.stopped == nil else { return runs }
    for seed in 1...UInt64(seeds) {
      for policy in policies {
        if let maxSeconds, deadline.elapsed >= maxSeconds {
          runs.stopped = .time(maxSeconds)
          return runs
        }
        if runs.keptEvents >= maxKeptEvents {
          runs.stopped = .memory
          return runs
        }
        var options = RunOptions()
        options.seed = seed
        options.policy = policy
        let result = ScenarioRunner.runAndCheck(scenario, options: deadline.bounding(options))
        if deadline.cut(result.record) != nil {
          runs.stopped = maxSeconds.map { Runs.Stop.time($0) }
          return runs
        }
        runs.add(
          result,
          label: RunLabel(mode: .virtual, seed: seed, policy: policy, run: runs.made + 1)
            .description)
        progress(runs.made)
      }
    }
    return runs
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
    policies: [SchedulingPolicy], hints: HintCommand, runsMade: Int? = nil
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
      "\(generalization.lines.count) lines for \(runsMade ?? results.count) runs "
      + "(\(results.count) distinct trace\(results.count == 1 ? "" : "s")), \(blocks) any-order block"
      + "\(blocks == 1 ? "" : "s"), \(wildcards) line\(wildcards == 1 ? "" : "s") with wildcards"
  }

  /// Whether `file` already holds for every run, so recording would change nothing.
  package static func matches(_ file: ExpectedTraceFile, _ runs: Runs) -> Bool {
    guard file.exists, case .success(let old) = file.load() else { return false }
    return runs.results.allSatisfy { TraceComparison(expected: old, events: $0.events).matches }
  }

  /// Says that `file` was left as it is, after the ✓.
  package static func unchanged(_ file: ExpectedTraceFile, _ runs: Runs) -> String {
    let events = runs.made == 1 ? "\(runs.results[0].events.count) events" : "\(runs.made) runs"
    return " \(file.display) already matches the run" + (runs.made == 1 ? "" : "s")
      + " (\(events)); left unchanged\n"
  }

  /// A note, after `note: `, when a recorded run fails its own checks; nil when all pass.
  package static func failingNote(_ runs: Runs, argument: String, hints: HintCommand) -> String? {
    guard let failing = runs.firstFailing else { return nil }
    let run = RunLabel(mode: .virtual, seed: failing.seed, policy: failing.policy, run: 1)
    return "the recorded run on \(run) does not pass its own checks; "
      + "'\(hints.command("run", argument, run.replayOptions!))' shows why\n"
  }
}
