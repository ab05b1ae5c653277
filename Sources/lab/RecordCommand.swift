import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab record`: runs scenarios and writes their expected traces, on purpose only.
enum RecordCommand: Command {
  static let name = "record"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Record a scenario's expected trace (NAME.expected) from a virtual run."
  static let usage = "record <scenario name or path.json>... [--seeds K [--policy random|pct]]"
  static let discussion = """
    Runs each scenario on the virtual runtime with its own seed and threads — the run 'lab diff'
    compares — and writes its trace lines to NAME.expected beside the scenario file. The file is
    written atomically (a temporary file, then a rename) and the command shows what changed.
    Every file is checked before any scenario runs: a folder or a link in the place of one
    refuses them all, and a scenario named (not a path) is written only inside the course or the
    bundled curriculum.

    --seeds K records one file for many runs: the scenario's own seed and seeds 1…K under both
    scheduling policies (or --policy). Events of one moment whose order varies become an
    'any order { … }' block and fields that vary become '*' wildcards, so 'lab check --seeds K'
    holds. Runs that differ in when things happen cannot share a file; the command says so.
    A scenario's runs share --max-seconds (default 60): when it runs out, nothing is written for
    it and the command says how far it got. Only distinct traces are kept in memory, at most
    1,000,000 events of them (some 180 MB): past that the runs stop the same way.

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
  static let options = [
    Option.seeds.helping("Record one file that holds on seeds 1…K (and the scenario's own)."),
    Option.policy.helping("With --seeds: only this scheduling policy (default: both)."),
    Option.maxSeconds.helping(
      "Stop a scenario's runs after S seconds (default \(Int(ExhaustiveSearch.Budget.defaultSeconds))); "
        + "nothing is written for it then."),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard !arguments.positionals.isEmpty else { throw UsageError("name a scenario to record") }
    let seeds = try arguments.integer(.seeds, in: 1...100_000)
    let policy = try arguments.choice(.policy, SchedulingPolicy.self)
    if policy != nil, seeds == nil { throw UsageError("--policy goes with --seeds K") }
    let policies = policy.map { [$0] } ?? SchedulingPolicy.allCases
    let maxSeconds =
      try arguments.number(.maxSeconds, in: 0.001...86_400)
      ?? ExhaustiveSearch.Budget.defaultSeconds
    // Each scenario once, however it is named: one named twice was refused, its one trace "two
    // files would be written" to one path, "rename one of what they are made from".
    let urls = try arguments.positionals.map { argument throws(UsageError) in
      (argument, try context.scenarioFile(argument))
    }.eachFileOnce(\.1)
    let output = try plan(urls, context)
    if let refusal = refusal(context) ?? output.refusal() {
      context.console.err(context.console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return ExitStatus.failure
    }
    var status = ExitStatus.ok
    for (argument, url) in urls {
      guard let scenario = context.loadScenario(url) else {
        status = ExitStatus.failure
        continue
      }
      let file = ExpectedTraceFile(scenario: url, displayPath: context.displayPath)
      let recorded = record(
        scenario, argument: argument, file: file, seeds: seeds, policies: policies,
        maxSeconds: maxSeconds, context)
      if recorded != ExitStatus.ok {
        status = ExitStatus.failure
      }
    }
    return status
  }

  /// Why recording is not allowed here, or nil: it is refused whenever `CI` is set. The value
  /// is quoted terminal-safe: the environment is anyone's, and this line goes to the terminal.
  static func refusal(_ context: CommandContext) -> String? {
    guard let ci = context.environment["CI"], !ci.isEmpty else { return nil }
    return "refusing to record expected traces because CI is set (CI=\(terminalSafe(ci))); "
      + "expected traces are recorded on purpose on a teacher's machine, never by a CI job. "
      + "Unset CI to record."
  }

  /// The expected traces recording writes, checked before any scenario runs: each replaces any
  /// regular file, and one of a scenario found by name stays inside the course or the bundled
  /// curriculum once symbolic links are followed (a path to a .json file is the teacher's own).
  static func plan(_ scenarios: [(argument: String, url: URL)], _ context: CommandContext)
    throws(UsageError) -> OutputPlan
  {
    var plan = OutputPlan()
    for (argument, url) in scenarios {
      let path = ExpectedTraceFile(scenario: url, displayPath: context.displayPath).url.path
      if argument.hasSuffix(".json") {
        plan.file(path, replaces: .anyFile)
      } else {
        let course = try context.course()
        plan.file(
          path, replaces: .anyFile, within: [course.root] + (course.bundled.map { [$0] } ?? []))
      }
    }
    return plan
  }

  /// Runs `scenario` as `lab diff` does — and with `seeds` on seeds 1…K under `policies` too —
  /// and writes its expected trace if it changed; prints what changed. The caller has checked
  /// `refusal`.
  static func record(
    _ scenario: Scenario, argument: String, file: ExpectedTraceFile, seeds: Int? = nil,
    policies: [SchedulingPolicy] = [], maxSeconds: Double? = nil, _ context: CommandContext
  ) -> Int32 {
    let console = context.console
    let progress = ProgressLine(console: console)
    // The scenario's own run, then each seed under each policy.
    let total = 1 + (seeds ?? 0) * policies.count
    let runs = Recording.runs(scenario, seeds: seeds, policies: policies, maxSeconds: maxSeconds) {
      made in progress.update("record \(argument): \(made)/\(total) runs")
    }
    progress.clear()
    if let stopped = runs.stopped {
      let why =
        switch stopped {
        case .time(let seconds):
          "when --max-seconds \(ExhaustiveSearch.Limit.number(seconds)) ran out; nothing was "
            + "written. Raise --max-seconds, or ask for fewer --seeds"
        case .memory:
          "when the \(runs.results.count) different traces kept held \(runs.keptEvents) events "
            + "(at most \(Recording.Runs.maxKeptEvents)); nothing was written. Runs this "
            + "different share no expected trace: ask for fewer --seeds, or record one run"
        }
      console.err(
        console.paint("error: ", .red, forErr: true)
          + "\(file.display): recording stopped after \(runs.made) of \(total) runs, \(why)\n")
      return ExitStatus.failure
    }
    if Recording.matches(file, runs) {
      console.out(console.paint("✓", .green) + Recording.unchanged(file, runs))
      return ExitStatus.ok
    }
    var recording = Recording(runs.results[0], argument: argument, hints: LabCommand.hint)
    if let seeds {
      do {
        recording = try Recording(
          runs.results, labels: runs.labels, scenario: scenario, argument: argument, seeds: seeds,
          policies: policies, hints: LabCommand.hint, runsMade: runs.made)
      } catch {
        console.err(
          console.paint("error: ", .red, forErr: true)
            + "\(file.display): \(error.message(docs: LabCommand.hint))\n")
        return ExitStatus.failure
      }
    }
    let change = file.exists ? "replaced" : "new file"
    let status = write(recording.text, to: file, context)
    if status == ExitStatus.ok {
      console.out(
        console.paint("recorded", .green)
          + " \(file.display): \(recording.summary) (\(change))\n")
      if let note = Recording.failingNote(runs, argument: argument, hints: LabCommand.hint) {
        console.err(console.paint("note: ", .yellow, forErr: true) + note)
      }
    }
    return status
  }

  /// Writes `text` to `file` atomically, after showing how it differs from the old file.
  static func write(_ text: String, to file: ExpectedTraceFile, _ context: CommandContext) -> Int32
  {
    let console = context.console
    if let old = file.text() {
      // The old file is the course's text, each line escaped as `lab diff` shows it: its
      // escapes reached the terminal raw in the "before" lines.
      console.out(
        console.outStyle.diff(
          ExpectedTrace.changes(
            from: terminalSafeLines(old), to: terminalSafeLines(text),
            oldName: "\(file.display) (before)", newName: "\(file.display) (recorded)")))
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
}
