import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab record`: runs scenarios and writes their expected traces, on purpose only.
enum RecordCommand: Command {
  static let name = "record"
  static let summary = "Record a scenario's expected trace (NAME.expected) from a virtual run."
  static let usage = "record <scenario name or path.json>... [--seeds K [--policy random|pct]]"
  static let discussion = """
    Runs each scenario on the virtual runtime with its own seed and threads — the run 'lab diff'
    compares — and writes its trace lines to NAME.expected beside the scenario file. The file is
    written atomically (a temporary file, then a rename) and the command shows what changed.

    --seeds K records one file for many runs: the scenario's own seed and seeds 1…K under both
    scheduling policies (or --policy). Events of one moment whose order varies become an
    'any order { … }' block and fields that vary become '*' wildcards, so 'lab check --seeds K'
    holds. Runs that differ in when things happen cannot share a file; the command says so.

    An expected file that still matches (every run) is left as it is, so hand-written blocks,
    wildcards and comments survive; one that does not is replaced.

    Nothing records implicitly: only this command and 'lab diff --update' write expected files, and
    both refuse when the CI environment variable is set, so a CI job can never bless its own output.

    Exit status: 0 when every file was recorded or already matched, 1 when one could not be (or CI
    is set), 64 on a usage error.

    Examples:
      lab record async-download
      lab record sync-download async-download
      lab record task-group-five --seeds 50
      lab record Scenarios/02-async-await/async-download.json
    """
  static let options: [Arguments.Option] = [
    .init(
      name: "seeds", value: "K",
      help: "Record one file that holds on seeds 1…K (and the scenario's own)."),
    .init(
      name: "policy", value: "random|pct",
      help: "With --seeds: only this scheduling policy (default: both)."),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard !arguments.positionals.isEmpty else { throw UsageError("name a scenario to record") }
    let seeds = try arguments.integer("seeds", in: 1...100_000)
    let policy = try arguments.choice("policy", SchedulingPolicy.self)
    if policy != nil, seeds == nil { throw UsageError("--policy goes with --seeds K") }
    let policies = policy.map { [$0] } ?? SchedulingPolicy.allCases
    let urls = try arguments.positionals.map { argument throws(UsageError) in
      (argument, try context.scenarioFile(argument))
    }
    if let refusal = refusal(context) {
      context.console.err(context.console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return ExitStatus.failure
    }
    var status = ExitStatus.ok
    for (argument, url) in urls {
      guard let scenario = context.loadScenario(url) else {
        status = ExitStatus.failure
        continue
      }
      let file = ExpectedTraceFile(scenario: url, context: context)
      let recorded =
        seeds.map {
          record(scenario, argument: argument, file: file, seeds: $0, policies: policies, context)
        }
        ?? record(scenario, argument: argument, file: file, context)
      if recorded != ExitStatus.ok {
        status = ExitStatus.failure
      }
    }
    return status
  }

  /// Why recording is not allowed here, or nil: it is refused whenever `CI` is set.
  static func refusal(_ context: CommandContext) -> String? {
    guard let ci = context.environment["CI"], !ci.isEmpty else { return nil }
    return "refusing to record expected traces because CI is set (CI=\(ci)); expected traces are "
      + "recorded on purpose on a teacher's machine, never by a CI job. Unset CI to record."
  }

  /// Runs `scenario` as `lab diff` does and writes its expected trace if it changed; prints what
  /// changed. The caller has checked `refusal`.
  static func record(
    _ scenario: Scenario, argument: String, file: ExpectedTraceFile, _ context: CommandContext
  ) -> Int32 {
    let result = ScenarioRunner.runAndCheck(scenario)
    if let unchanged = unchanged(file, runs: [result], context) { return unchanged }
    let text = ExpectedTraceFile.recording(result, argument: argument)
    let change = file.exists ? "replaced" : "new file"
    let status = write(text, to: file, context)
    if status == ExitStatus.ok {
      context.console.out(
        context.console.paint("recorded", .green)
          + " \(file.display): \(result.events.count) events, "
          + "virtual, seed \(result.seed) (\(change))\n")
      warnIfFailing([result], argument: argument, context)
    }
    return status
  }

  /// Records one expected trace that holds for the scenario's own run and seeds 1…`seeds` under
  /// `policies`.
  static func record(
    _ scenario: Scenario, argument: String, file: ExpectedTraceFile, seeds: Int,
    policies: [SchedulingPolicy], _ context: CommandContext
  ) -> Int32 {
    let console = context.console
    var results = [ScenarioRunner.runAndCheck(scenario)]
    var labels = ["seed \(scenario.seed) (the scenario's)"]
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
    if let unchanged = unchanged(file, runs: results, context) { return unchanged }
    let generalization: TraceGeneralizer.Generalization
    do {
      generalization = try TraceGeneralizer.generalize(results.map(\.events), labels: labels)
    } catch {
      console.err(
        console.paint("error: ", .red, forErr: true) + "\(file.display): \(error.message)\n")
      return ExitStatus.failure
    }
    let runs = "seeds 1…\(seeds) × " + policies.map(\.rawValue).joined(separator: ", ")
    let threads = "\(results[0].threads) thread\(results[0].threads == 1 ? "" : "s")"
    let comments = [
      "Expected trace of \(results[0].scenario) for every seed: virtual runtime, \(threads); holds on",
      "its own seed \(scenario.seed) and \(runs) (`lab record \(argument) --seeds \(seeds)`).",
      "Lines match events in order. `any order { … }` blocks, `*` wildcards and # comments:",
      "see docs/expected-traces.md.",
    ]
    let text = (comments.map { "# \($0)" } + generalization.lines).joined(separator: "\n") + "\n"
    let change = file.exists ? "replaced" : "new file"
    let status = write(text, to: file, context)
    if status == ExitStatus.ok {
      console.out(
        console.paint("recorded", .green) + " \(file.display): \(generalization.lines.count) lines "
          + "for \(results.count) runs, \(generalization.blocks) any-order block"
          + "\(generalization.blocks == 1 ? "" : "s"), \(generalization.wildcardLines) line"
          + "\(generalization.wildcardLines == 1 ? "" : "s") with wildcards (\(change))\n")
      warnIfFailing(results, argument: argument, context)
    }
    return status
  }

  /// Reports and returns success when the existing file already matches every run; nil otherwise.
  static func unchanged(_ file: ExpectedTraceFile, runs: [RunResult], _ context: CommandContext)
    -> Int32?
  {
    guard file.exists, case .success(let old) = file.load(),
      runs.allSatisfy({ TraceComparison(expected: old, events: $0.events).matches })
    else { return nil }
    let events = runs.count == 1 ? "\(runs[0].events.count) events" : "\(runs.count) runs"
    context.console.out(
      context.console.paint("✓", .green) + " \(file.display) already matches the run"
        + (runs.count == 1 ? "" : "s") + " (\(events)); left unchanged\n")
    return ExitStatus.ok
  }

  /// Writes `text` to `file` atomically, after showing how it differs from the old file.
  static func write(_ text: String, to file: ExpectedTraceFile, _ context: CommandContext) -> Int32
  {
    let console = context.console
    if let old = file.text() {
      console.out(
        console.outStyle.diff(
          ExpectedTrace.changes(
            from: old, to: text, oldName: "\(file.display) (before)",
            newName: "\(file.display) (recorded)")))
    }
    do {
      try file.write(text)
      return ExitStatus.ok
    } catch {
      for line in error.lines {
        console.err(console.paint("error: ", .red, forErr: true) + line + "\n")
      }
      return ExitStatus.failure
    }
  }

  static func warnIfFailing(_ results: [RunResult], argument: String, _ context: CommandContext) {
    guard let failing = results.first(where: { !$0.passed }) else { return }
    let run = RunLabel(mode: .virtual, seed: failing.seed, policy: failing.policy, run: 1)
    context.console.err(
      context.console.paint("note: ", .yellow, forErr: true)
        + "the recorded run on \(run) does not pass its own checks; "
        + "'lab run \(argument) \(run.replayOptions!)' shows why\n")
  }
}
