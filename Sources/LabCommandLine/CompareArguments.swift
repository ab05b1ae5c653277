import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// `lab compare`'s command line, for the command and a lesson's `lab compare` line alike: two
/// runs, each parsed by `RunArguments` as `lab run` parses its own.
///
///     lab compare NAME [run options] --vs [NAME2] [run options]
///     lab compare NAME NAME2 [run options]
///
/// With `--vs`, the words before it are run A and those after it run B; B runs A's scenario when
/// it names none, and takes no option of A's. Without `--vs`, two scenarios run with the same
/// options. `--full` shows the whole comparison, on either side.
package struct CompareArguments: Sendable {
  /// One run of the two.
  package struct Side: Sendable {
    /// The scenario's name or path, as the command line gave it (B: A's when it gave none).
    package var scenario: String
    /// The run's options, as `lab run` would read them.
    package var options: RunOptions
    /// A schedule to replay (`--schedule S`).
    package var schedule: String?
    /// Whether the scenario's Swift program runs natively (`--native`).
    package var native: Bool
    /// Whether the scenario's Swift program runs under the lab's scheduler (`--scheduled`).
    package var scheduled = false
    /// The words that gave this side's options, for a native run's refusals (`NativeCommand`).
    package var optionWords: [String]
    /// The run as the heading names it: its scenario and options, as typed.
    package var label: String
  }

  package var a: Side
  package var b: Side
  /// Every aligned event, unfolded (`--full`).
  package var full: Bool

  /// What each side may take: `lab run`'s run options, `--schedule`, `--native`, `--scheduled`;
  /// and `--full`.
  package static let options =
    RunArguments.options + [Option.schedule, .native, .scheduled].specs + [
      Option.full.helping(
        "Show every aligned event: do not fold identical ones far from a difference."),
      Option.vs.spec,
    ]

  /// Splits `words` at `--vs` and parses each side against `options`; a usage error says what is
  /// missing and shows the form that works.
  package static func parse(_ words: [String], options: [OptionSpec] = options)
    throws(UsageError) -> CompareArguments
  {
    let spelling = "--\(Option.vs.rawValue)"
    let end = words.firstIndex(of: "--") ?? words.endIndex
    let splits = words[..<end].indices.filter { words[$0] == spelling }
    guard splits.count <= 1 else {
      throw UsageError("give \(spelling) once, between run A's words and run B's")
    }
    let sideOptions = options.filter { $0.option != .vs }
    guard let split = splits.first else {
      let both = try Arguments(words, options: sideOptions)
      switch both.positionals.count {
      case 0: throw UsageError("name a scenario to compare")
      case 1:
        throw UsageError(
          "--vs is missing: say what run B changes, as in 'compare \(both.positionals[0]) "
            + "--threads 2 --vs --threads 8', or name two scenarios")
      case 2: break
      default: throw UsageError("compare takes two scenarios, or one and --vs")
      }
      let rest = Array(words.filter { !both.positionals.contains($0) })
      return CompareArguments(
        a: try side(both, given: [both.positionals[0]] + rest, scenario: both.positionals[0]),
        b: try side(both, given: [both.positionals[1]] + rest, scenario: both.positionals[1]),
        full: both.flag(.full))
    }
    let before = Array(words[..<split])
    let after = Array(words[(split + 1)...])
    let first = try Arguments(before, options: sideOptions)
    let second = try Arguments(after, options: sideOptions)
    guard first.positionals.count == 1 else {
      throw UsageError(
        first.positionals.isEmpty
          ? "name run A's scenario before --vs" : "run A takes one scenario before --vs")
    }
    guard second.positionals.count <= 1 else {
      throw UsageError("run B takes at most one scenario after --vs (none: A's)")
    }
    let nameB = second.positionals.first ?? first.positionals[0]
    // A first: its own mistakes are said before B's. B takes none of A's options, so an empty
    // B is the scenario's own run — the same as A only when A gives no options either.
    let a = try side(first, given: before, scenario: first.positionals[0])
    if second.positionals.isEmpty, after.isEmpty, before.count == 1 {
      throw UsageError(
        "run B is the same as run A: after --vs give what B changes (--threads 8, --seed 2, "
          + "--native, another scenario)")
    }
    return CompareArguments(
      a: a,
      b: try side(
        second, given: second.positionals.isEmpty ? [nameB] + after : after, scenario: nameB),
      full: first.flag(.full) || second.flag(.full))
  }

  private static func side(_ arguments: Arguments, given: [String], scenario: String)
    throws(UsageError) -> Side
  {
    let options = try RunArguments.parse(arguments)
    let schedule = arguments.value(.schedule)
    let native = arguments.flag(.native)
    let scheduled = arguments.flag(.scheduled)
    if [native, scheduled, options.mode == .live].filter({ $0 }).count > 1 {
      throw UsageError("a run is one of --live, --native and --scheduled; keep one")
    }
    if scheduled, schedule != nil {
      throw UsageError("--scheduled takes a --seed, not a --schedule; drop one")
    }
    if schedule != nil, options.mode == .live {
      throw UsageError("a schedule is virtual; drop --live")
    }
    let optionWords = given.filter { $0 != scenario }
    return Side(
      scenario: scenario, options: options, schedule: schedule, native: native,
      scheduled: scheduled, optionWords: optionWords,
      label: given.map(shellWord).joined(separator: " "))
  }

  /// Runs one side that runs in process (virtual or live) on its loaded scenario: its schedule
  /// replayed when it gives one. Fails with the schedule's problem, the lab's words.
  package static func run(_ side: Side, _ scenario: Scenario) -> Result<RunResult, Schedule.Problem>
  {
    var options = side.options
    var replay: Schedule.Replay?
    if let schedule = side.schedule {
      switch ScheduleOption.prepare(scenario, &options, replaying: schedule) {
      case .failure(let problem): return .failure(problem)
      case .success(let prepared): replay = prepared
      }
    }
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    if let replay, !replay.fits { return .failure(.damaged) }
    return .success(result)
  }

  /// The comparison of two runs: times within the tolerance count as the same when either run's
  /// times were measured (live, native).
  package static func compare(
    _ a: RunResult, _ b: RunResult, _ sides: CompareArguments,
    deadline: ContinuousClock.Instant? = nil
  ) -> RunComparison {
    let measured = a.record.mode != .virtual || b.record.mode != .virtual
    let tolerance = sides.a.options.tolerance ?? sides.b.options.tolerance ?? Tolerance.live
    return RunComparison(
      a.record, b.record, tolerance: measured ? tolerance : nil, deadline: deadline)
  }
}
