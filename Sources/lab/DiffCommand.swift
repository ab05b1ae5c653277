import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab diff`: compares a run's trace with the scenario's expected trace.
enum DiffCommand: Command {
  static let name = "diff"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Compare a scenario's trace with its expected trace (NAME.expected)."
  static let usage = "diff <scenario name or path.json> [options]"
  static let discussion = """
    Runs the scenario on the virtual runtime with its own seed (or --seed) and compares the trace
    with NAME.expected beside the scenario file. On a match it says so; on a mismatch it prints a
    unified diff of trace lines, then the time of the first divergence, what the file expected
    there and what the run did, in the trace's own notation.

    Expected files may use 'any order { … }' blocks, '*' wildcards and # comments so one file holds
    for every seed: see docs/expected-traces.md. A missing expected file is a failure; record it
    with 'lab record NAME'. --update records the run when it differs (refused when CI is set).

    Exit status: 0 when the trace matches (or was updated), 1 when it differs or the expected file
    is missing or invalid, 64 on a usage error.

    Examples:
      lab diff async-let-downloads
      lab diff async-let-downloads --seed 7
      lab diff async-let-downloads --update
    """
  static func pages(_ arguments: Arguments) -> Bool { true }
  static let options =
    RunArguments.options(only: [.seed, .policy, .threads, .maxTime, .maxJobs]) + [
      Option.update.spec
    ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to diff" : "diff takes one scenario")
    }
    let options = try RunArguments.parse(arguments)
    let update = arguments.flag(.update)
    if update,
      let changed = [Option.seed, .policy, .threads].first(where: { arguments.value($0) != nil })
    {
      throw UsageError(
        "--update records the run 'lab diff' compares by default, with the scenario's own "
          + "settings; drop --\(changed.rawValue)")
    }
    let argument = arguments.positionals[0]
    let console = context.console
    let url = try context.scenarioFile(argument)
    let file = ExpectedTraceFile(scenario: url, displayPath: context.displayPath)
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    let output = update ? try RecordCommand.plan([(argument, url)], context) : OutputPlan()
    if update, let refusal = RecordCommand.refusal(context) ?? output.refusal() {
      console.err(console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return ExitStatus.failure
    }
    guard file.exists else {
      if update { return RecordCommand.record(scenario, argument: argument, file: file, context) }
      console.err(
        console.paint("error: ", .red, forErr: true)
          + "no expected trace for \(terminalSafe(argument)): \(file.display) does not exist\n"
          + "  record it with: \(LabCommand.hint.command("record", argument))\n")
      return ExitStatus.failure
    }
    let expected: ExpectedTrace
    switch file.load() {
    case .success(let trace):
      expected = trace
    case .failure(let problem):
      for line in problem.lines { console.err(console.paint(line, .red, forErr: true) + "\n") }
      if update { return RecordCommand.record(scenario, argument: argument, file: file, context) }
      return ExitStatus.failure
    }
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    let comparison = TraceComparison(expected: expected, events: result.events)
    let run = RunLabel(mode: .virtual, seed: result.seed, policy: result.policy, run: 1)
    let description = "\(result.events.count) events, virtual, \(run)"
    if comparison.matches {
      console.out(
        console.paint("✓", .green)
          + " \(terminalSafe(argument)) matches \(file.display) (\(description))\n")
      return ExitStatus.ok
    }
    if update { return RecordCommand.record(scenario, argument: argument, file: file, context) }
    // The expected file's lines are the course's text: each escaped for the terminal, and cut
    // to a line's length (a 3 MB line was printed twice).
    let report = comparison.report(
      expectedName: file.display, actualName: "\(argument) (\(description))")
    let safe = report.split(separator: "\n", omittingEmptySubsequences: false)
      .map { cut(terminalSafe(String($0)), toWidth: DiagnosticList.longestLine) }
      .joined(separator: "\n")
    console.out(console.outStyle.diff(safe))
    console.out(
      console.paint("✗", .red) + " \(terminalSafe(argument)) differs from \(file.display)\n"
        + "replay: "
        + LabCommand.hint.command(
          "run", argument,
          run.replayOptions! + (options.threads.map { " --threads \($0)" } ?? "")) + "\n"
        + "if the run is right, record it: \(LabCommand.hint.command("record", argument))\n")
    return ExitStatus.failure
  }
}
