import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime

/// One `lab run …` line of a lesson's ```` ```lab ```` block: the scenario, how to run it, and how
/// to show it.
///
/// The line is a real command a reader can paste into a shell, so it takes `lab run`'s own
/// options, limited to those that make sense in a lesson: `--live`, `--seed N`, `--threads N`,
/// `--policy random|pct`, `--tolerance MS+PCT`, `--schedule S`, `--timeline`, `--tasks`,
/// `--ascii`, and `--task NAME`, `--lane NAME` and `--full` for what the trace shows.
public struct LessonRun: Sendable, Equatable {
  /// The scenario's name, as `lab run` looks it up under `Scenarios/`.
  public var scenario: String
  /// The command as the lesson writes it, each word as a shell reads it back as itself: the
  /// reader pastes it, and a word such as `$(touch${IFS}PWNED)` or `small;id` after `--task`
  /// ran code when pasted as written.
  public var command: String

  /// The command as the reader can paste it where they are (`swift run lab run …` when the lab
  /// was started through `swift run`).
  public var pasteable: String {
    command.hasPrefix("lab ") ? LabCommand.line(String(command.dropFirst(4))) : command
  }
  /// The line's 1-based number in the lesson file, for messages.
  public var line: Int
  public var live = false
  public var seed: UInt64?
  public var threads: Int?
  public var policy: SchedulingPolicy?
  public var tolerance: Tolerance?
  /// A schedule string to replay (`lab explore NAME --exhaustive` prints them).
  public var schedule: String?
  /// Draw a timeline instead of listing the trace.
  public var timeline = false
  /// Timeline: a row per task too.
  public var taskRows = false
  /// Timeline: plain ASCII characters.
  public var ascii = false
  /// Which events the printed trace shows (`--task`, `--lane`) and whether repeats fold (unless
  /// `--full`); excerpts are checked against the whole trace.
  public var display = TraceDisplay(fold: true)
  /// A `lab swift NAME` line: the scenario's Swift program (`.program`), or what the Swift 6
  /// compiler says of it (`.check`, `--check`); nil for a `lab run` line.
  public var swift: SwiftShow?

  /// A `lab compare …` line: the words after `compare`, two runs to show side by side; nil for
  /// any other line.
  public var compare: [String]?
  /// A `lab compare` line's second scenario, when it names another: the line runs both.
  public var comparedScenario: String?

  /// The scenarios this line runs: its own, and a comparison's other.
  public var scenarios: [String] { [scenario] + (comparedScenario.map { [$0] } ?? []) }

  public enum SwiftShow: Sendable, Equatable {
    case program, check
  }

  /// The lesson means this run to fail a check (a ```` ```lab fails ```` block): it shows what
  /// goes wrong, and passes only when a check does fail.
  public var expectsFailure = false

  public init(scenario: String, command: String, line: Int) {
    self.scenario = scenario
    self.command = command
    self.line = line
  }

  /// The runner's options for this run.
  public var options: RunOptions {
    var options = RunOptions()
    if live { options.mode = .live }
    options.seed = seed
    options.threads = threads
    if let policy { options.policy = policy }
    options.tolerance = tolerance
    // Which scenario the schedule belongs to is checked where the lesson runs (`LessonSession`).
    if let schedule, case .success(let parsed) = Schedule.parse(schedule, scenario: nil) {
      options.chooser = parsed.replay().0
    }
    return options
  }

  /// The options a lesson's `lab run` line may use: the run options that make sense in a lesson,
  /// parsed by `RunArguments` as `lab run` parses them, and the timeline's.
  static let allowed: [Option] = [
    .live, .seed, .threads, .policy, .tolerance, .schedule, .timeline, .tasks, .ascii, .task, .lane,
    .full,
  ]
  /// The allowed options' names, for messages: in `allowed`'s order.
  static let optionNames = allowed.map(\.rawValue)

  static let options =
    RunArguments.options(only: allowed) + RunArguments.displayOptions
    + [Option.timeline, .tasks, .schedule, .ascii].specs

  /// Parses `lab run NAME [options]`; throws a message that says what is wrong and what would do.
  public static func parse(_ text: String, line: Int) throws(LessonProblem) -> LessonRun {
    func problem(_ message: String) -> LessonProblem { LessonProblem(line: line, message: message) }
    var words = trimmingWhitespace(text).split(whereSeparator: \.isWhitespace).map(String.init)
    let command = words.map(shellWord).joined(separator: " ")
    guard words.count >= 2, words[0] == "lab", ["run", "swift", "compare"].contains(words[1])
    else {
      throw problem(
        "a ```lab block holds 'lab run NAME [options]', 'lab swift NAME [--check]' and "
          + "'lab compare NAME [options] --vs [options]' lines, not '\(command)'; show other "
          + "commands in a ```sh block, or as `\(command)` in the prose")
    }
    if words[1] == "swift" { return try parseSwift(Array(words.dropFirst(2)), command, line) }
    if words[1] == "compare" { return try parseCompare(Array(words.dropFirst(2)), command, line) }
    words.removeFirst(2)
    // A lesson names the options it allows, so its message lists them all.
    for word in words where word.hasPrefix("--") {
      let name = String(word.dropFirst(2).prefix { $0 != "=" })
      guard optionNames.contains(name) else {
        let suggestion =
          nearestName(to: name, in: optionNames).map { "; did you mean '--\($0)'?" } ?? ""
        throw problem(
          "a lesson's 'lab run' takes \(optionNames.map { "--\($0)" }.joined(separator: ", ")), "
            + "not '--\(name)'\(suggestion)")
      }
    }
    let arguments: Arguments
    let parsed: RunOptions
    do {
      arguments = try Arguments(words, options: options)
      parsed = try RunArguments.parse(arguments)
    } catch {
      throw problem(error.message)
    }
    var run = LessonRun(scenario: "", command: command, line: line)
    try run.take(arguments.positionals, problem)
    run.live = parsed.mode == .live
    run.seed = parsed.seed
    run.threads = parsed.threads
    run.policy = arguments.value(.policy) == nil ? nil : parsed.policy
    run.tolerance = parsed.tolerance
    run.schedule = arguments.value(.schedule)
    if let schedule = run.schedule, case .failure(let why) = Schedule.parse(schedule, scenario: nil)
    {
      throw problem(why.message(hints: LabCommand.hint))
    }
    run.taskRows = arguments.flag(.tasks)
    run.timeline = arguments.flag(.timeline) || run.taskRows
    run.ascii = arguments.flag(.ascii)
    run.display = RunArguments.display(arguments)
    if run.display.filters, run.timeline {
      throw problem("--task and --lane choose what the text trace shows; drop them or --timeline")
    }
    return run
  }

  /// Parses the words after `lab swift`: a scenario name and, optionally, `--check`.
  static func parseSwift(_ words: [String], _ command: String, _ line: Int) throws(LessonProblem)
    -> LessonRun
  {
    func problem(_ message: String) -> LessonProblem { LessonProblem(line: line, message: message) }
    let arguments: Arguments
    do {
      arguments = try Arguments(
        words, options: [Option.check].specs)
    } catch {
      throw problem("a lesson's 'lab swift' takes a scenario and --check: \(error.message)")
    }
    var run = LessonRun(scenario: "", command: command, line: line)
    try run.take(arguments.positionals, problem)
    run.swift = arguments.flag(.check) ? .check : .program
    return run
  }

  /// Takes the scenario's name from the line's positionals: exactly one, a name and not a path.
  private mutating func take(
    _ positionals: [String], _ problem: (String) -> LessonProblem
  ) throws(LessonProblem) {
    guard let first = positionals.first else { throw problem("'lab run' needs a scenario name") }
    // A lesson's line is read as words, without a shell: quotes are part of the name.
    let unquoted = first.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
    if unquoted != first, isSimpleName(unquoted) {
      throw problem("write the scenario's name without quotes: '\(unquoted)'")
    }
    guard isSimpleName(first) else {
      throw problem(
        "name the scenario, not a path: '\(first)' should be a name such as 'async-let-downloads'")
    }
    guard positionals.count == 1 else {
      throw problem(
        "'lab run' takes one scenario; '\(positionals[1])' is a second: put each run on a line "
          + "of its own, and words about it in the prose (a line takes no comment)")
    }
    scenario = first
  }
}
