import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel

/// `lab step`: the learner picks the next task at every turn with a choice.
enum StepCommand: Command {
  static let name = "step"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Be the scheduler: pick which task runs next, turn by turn."
  static let usage = "step <scenario name or path.json> [options]"
  static let discussion = """
    Runs the scenario on the virtual runtime and stops wherever more than one
    task could run: it shows the trace since your last choice, the shared
    values, and each task with the step it would run next. Press its number
    (Enter takes the default), u to undo, q to quit, ? for help: on a
    terminal one key answers, no Return (with ten tasks or more, type the
    number and Return). An add is a read and a write, so you can stop a
    task between them.

    The scenario's outcomes are the goals, shown again at each choice. At
    the end it grades the outcome and prints the schedule and the
    'lab run NAME --schedule S' command that replays your run exactly;
    when the scenario is small enough to search whole (at most 5,000
    schedules, one second), it says how many preemptions the shortest way
    to that outcome takes, and its schedule. q prints the schedule of the
    run so far, every later turn the default. Without a terminal it reads
    one answer a line from stdin; at the end of input it stops as q does.

    Each choice runs the scenario again, once for each task that could go
    next: when working out one takes more than --max-seconds (20), the
    session stops, says so and exits 1 (a scenario too long to step by hand).

    Examples:
      lab step racy-counter
      printf '2\\n1\\nu\\n\\n' | lab step racy-counter
    """
  static let options =
    RunArguments.options(only: [.threads]) + [RunArguments.answerSeconds]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to step" : "step takes one scenario")
    }
    let options = try RunArguments.parse(arguments)
    let url = try context.scenarioFile(arguments.positionals[0])
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }
    let replay = StepReplay(
      arguments.positionals[0], options: options.threads.map { "--threads \($0)" } ?? "")
    var session = StepSession(scenario, options: options)
    session.secondsPerAnswer = try RunArguments.secondsPerAnswer(arguments)
    let end = StepLoop.play(
      &session, script: .step(scenario, replay: replay, hints: LabCommand.hint),
      width: context.console.terminalColumns, write: context.console.out,
      readAnswer: context.readAnswer)
    if case .outOfTime = end { return ExitStatus.failure }
    return ExitStatus.ok
  }
}
