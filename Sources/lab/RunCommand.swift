import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
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

    --timeline draws the run instead of listing it: a row per thread over scenario time (--tasks
    adds a row per task), as wide as the terminal or COLUMNS. --html and --chrome also write the
    run to a file: a self-contained HTML report, or Chrome trace JSON for ui.perfetto.dev. See
    docs/pictures.md.

    A name is looked up under Scenarios/ at any depth; a path runs that file.
    Exit status: 0 when every check passes, 1 when one fails, 64 on a usage error.

    Examples:
      lab run async-let-downloads
      lab run async-let-downloads --threads 2
      lab run sync-download --live
      lab run Scenarios/02-async-await/async-download.json --format json
      lab run async-let-downloads --timeline --tasks
      lab run async-let-downloads --html run.html --chrome run.json
    """
  static let options: [Arguments.Option] =
    RunArguments.options + [
      .init(name: "format", value: "text|json", help: "Output format (default: text)."),
      .init(name: "timeline", value: nil, help: "Draw the run, a row per thread, not the trace."),
      .init(name: "tasks", value: nil, help: "Timeline: add a row per task (implies --timeline)."),
      .init(
        name: "ascii", value: nil,
        help: "Timeline: plain ASCII (automatic in a non-UTF-8 locale)."),
      .init(name: "html", value: "FILE", help: "Also write a self-contained HTML report to FILE."),
      .init(
        name: "chrome", value: "FILE", help: "Also write Chrome trace JSON for Perfetto to FILE."),
    ]

  enum Format: String, CaseIterable { case text, json }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to run" : "run takes one scenario")
    }
    let options = try RunArguments.parse(arguments)
    let format = try arguments.choice("format", Format.self) ?? .text
    let url = try context.scenarioFile(arguments.positionals[0])
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    let timeline = arguments.flag("timeline") || arguments.flag("tasks")
    if timeline, format == .json { throw UsageError("--timeline draws text; drop --format json") }
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    switch format {
    case .text where timeline:
      let style = Timeline.Options(
        environment: context.environment, terminalColumns: context.console.terminalColumns,
        ascii: arguments.flag("ascii"), color: context.console.colorOut,
        taskRows: arguments.flag("tasks"))
      let report = Timeline.report(result, options: style, replaying: arguments.positionals[0])
      context.console.out(context.console.highlight(report))
    case .text:
      let report = TraceText.report(result, replaying: arguments.positionals[0])
      context.console.out(context.console.highlight(report))
    case .json: context.console.out(TraceJSON.document(result))
    }
    var files: [(path: String, text: () -> String)] = []
    if let path = arguments.value("html") {
      files.append((path, { HTMLReport.render(result, scenario: scenario) }))
    }
    if let path = arguments.value("chrome") {
      files.append((path, { ChromeTrace.document(result) }))
    }
    for file in files {
      do {
        try AtomicFile.write(file.text(), toPath: file.path)
        context.console.err("wrote \(file.path)\n")
      } catch {
        context.console.err(context.console.paint("error: ", .red, forErr: true) + "\(error)\n")
        return ExitStatus.failure
      }
    }
    return result.passed ? ExitStatus.ok : ExitStatus.failure
  }
}
