import ConcurrencyLab
import LabRuntime

/// `lab run`: runs one scenario and prints its trace and checks.
enum RunCommand: Command {
  static let name = "run"
  static let summary = "Run a scenario and print its timestamped trace and checks."
  static let usage = "run <scenario name or path.json> [options]"
  static let discussion = """
    Runs the scenario on the deterministic virtual runtime (or on real threads with --live), prints
    one line per event — time in scenario milliseconds, thread, task, event, details — then the
    duration, how long the main thread was stalled, the final values and the scenario's checks.

    A name is looked up under Scenarios/ at any depth; a path runs that file.
    Exit status: 0 when every check passes, 1 when one fails, 64 on a usage error.

    Examples:
      lab run async-let-downloads
      lab run async-let-downloads --threads 2
      lab run sync-download --live
      lab run Scenarios/02-async-await/async-download.json --format json
    """
  static let options: [Arguments.Option] =
    RunOptionSet.options + [
      .init(name: "format", value: "text|json", help: "Output format (default: text)."),
    ]

  enum Format: String, CaseIterable { case text, json }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(arguments.positionals.isEmpty ? "name a scenario to run" : "run takes one scenario")
    }
    let options = try RunOptionSet.parse(arguments)
    let format = try arguments.choice("format", Format.self) ?? .text
    let url = try context.scenarioFile(arguments.positionals[0])
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    let result = ScenarioRunner.run(scenario, options: options)
    switch format {
    case .text: context.console.out(context.console.highlight(TraceText.report(result)))
    case .json: context.console.out(TraceJSON.document(result))
    }
    return result.passed ? ExitStatus.ok : ExitStatus.failure
  }
}
