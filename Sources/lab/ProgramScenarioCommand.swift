import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabRuntime
import LabSwift

/// A program scenario (`"program": "FILE.swift"`) in `lab run`, `lab explore` and `lab check`:
/// its Swift file run under the lab's scheduler as `lab run FILE.swift` runs one, on the
/// scenario's pool, each run graded by the scenario's outcomes (docs/own-programs.md).
enum ProgramScenarioCommand {
  /// The scenario's program, read as `lab run FILE.swift` reads one, named by its path from here.
  static func program(of scenario: ProgramScenario) throws(UsageError) -> OwnProgram {
    try OwnProgramCommand.load(
      ScenarioCatalog.pathFromHere(URL(writtenPath: scenario.programPath)))
  }

  /// Why a program scenario does not run without `--scheduled`: a course's program is compiled
  /// and run only when asked for, as `--native` asks for a scenario of steps' program — never
  /// because a name was typed (docs/security.md).
  static func askFirst(_ scenario: ProgramScenario, argument: String, _ command: String)
    -> String
  {
    let path = ScenarioCatalog.pathFromHere(URL(writtenPath: scenario.programPath))
    return "'\(terminalSafe(argument))' runs the course's Swift program \(terminalSafe(path)), "
      + "which the lab compiles and runs only when asked: add --scheduled ("
      + LabCommand.hint.command(command, argument, "--scheduled")
      + "), which runs it under the lab's scheduler"
  }

  /// `lab run` of a program — a `.swift` file, or a program scenario — or nil for a scenario of
  /// steps.
  static func run(ifProgram arguments: Arguments, _ context: CommandContext) throws(UsageError)
    -> Int32?
  {
    let argument = arguments.positionals[0]
    if OwnProgramCommand.names(argument) { return try OwnProgramCommand.run(arguments, context) }
    guard let loaded = try load(argument, context) else { return nil }
    guard let scenario = loaded else { return ExitStatus.failure }
    return try run(scenario, argument: argument, arguments, context)
  }

  /// `lab explore` of a program — a `.swift` file, or a program scenario — or nil for a scenario
  /// of steps.
  static func explore(ifProgram arguments: Arguments, _ context: CommandContext)
    throws(UsageError) -> Int32?
  {
    let argument = arguments.positionals[0]
    if OwnProgramCommand.names(argument) {
      return try OwnProgramCommand.explore(arguments, context)
    }
    guard let loaded = try load(argument, context) else { return nil }
    guard let scenario = loaded else { return ExitStatus.failure }
    return try explore(scenario, argument: argument, arguments, context)
  }

  /// The program scenario `argument` names: nil when it names a scenario of steps, `.some(nil)`
  /// when it is a program scenario that does not load (its problems printed).
  static func load(_ argument: String, _ context: CommandContext) throws(UsageError)
    -> ProgramScenario??
  {
    let url = try context.scenarioFile(argument)
    guard ScenarioLoader.namesProgram(path: url.path) else { return nil }
    guard case .program(let scenario)? = context.loadScenarioFile(url) else { return .some(nil) }
    return scenario
  }

  /// `lab run NAME --scheduled` of a program scenario.
  static func run(
    _ scenario: ProgramScenario, argument: String, _ arguments: Arguments,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    guard arguments.flag(.scheduled) else {
      throw UsageError(askFirst(scenario, argument: argument, "run"))
    }
    return try OwnProgramCommand.run(
      program(of: scenario), as: .init(replaying: argument, scenario: scenario), arguments,
      context)
  }

  /// `lab explore NAME --scheduled` of a program scenario.
  static func explore(
    _ scenario: ProgramScenario, argument: String, _ arguments: Arguments,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    guard arguments.flag(.scheduled) else {
      throw UsageError(askFirst(scenario, argument: argument, "explore"))
    }
    return try OwnProgramCommand.explore(
      program(of: scenario), as: .init(replaying: argument, scenario: scenario), arguments,
      context)
  }

  /// How a program's run ended, as an outcome rule's `ended` reads it.
  static func ending(of record: RunRecord) -> Outcome.Ending {
    Outcome(of: record, observingFirst: false).ending
  }

  /// The rule that grades `run` under `scenario`'s outcomes.
  static func grade(_ run: OwnRun, by scenario: ProgramScenario) -> OutcomeRule {
    grade(printed: run.printed, ending: ending(of: run.record), by: scenario)
  }

  /// The rule that grades a run that printed `printed` and ended as `ending`: the first of the
  /// scenario's outcomes that matches it, else `unexpected`. A scenario that grades nothing
  /// takes a run that finished and no other.
  static func grade(printed: [String], ending: Outcome.Ending, by scenario: ProgramScenario)
    -> OutcomeRule
  {
    if let rule = scenario.grade(printed: printed, ending: ending) { return rule }
    guard !scenario.outcomes.isEmpty else {
      return ending == .finished
        ? OutcomeRule(grade: .acceptable, reason: "it finished (the scenario grades no outcome)")
        : OutcomeRule(
          grade: .unexpected,
          reason: "it \(ending.rawValue) (the scenario grades no outcome, so only a run that "
            + "finished passes)")
    }
    return OutcomeRule(
      grade: .unexpected,
      reason: "no rule of the scenario's outcomes matches what it printed"
        + (ending == .finished ? "" : " and how it ended (\(ending.rawValue))")
        + "; add one to expect.outcomes")
  }

  /// `outcome: interesting — the reason`, as a run or an explored outcome shows its grade.
  static func line(_ rule: OutcomeRule) -> String {
    "outcome: \(rule.grade.rawValue) — \(terminalSafe(rule.reason))"
  }

  /// The verdict of `lab check` on the scenario at `url` when it is a program scenario, else
  /// nil: seeds 0…N-1 (20, or `--seeds`) under each policy, each run graded — when `asked`
  /// (`--scheduled` or `--native`), else skipped, saying how to ask.
  static func check(
    _ url: URL, argument: String, plan: CheckPlan, asked: Bool,
    progress: (line: ProgressLine, label: String), _ context: CommandContext
  ) -> ScenarioVerdict? {
    guard case .program(let scenario)? = try? ScenarioLoader.loadFile(path: url.path) else {
      return nil
    }
    let display = context.displayPath(url)
    let clock = ContinuousClock()
    let start = clock.now
    func verdict(
      _ status: ScenarioVerdict.Status, _ summary: String, runs: Int = 0,
      failures: [ScenarioVerdict.Failure] = []
    ) -> ScenarioVerdict {
      let elapsed = clock.now - start
      return ScenarioVerdict(
        scenario: argument, file: display, status: status, summary: summary, runs: runs,
        failures: failures,
        seconds: Double(elapsed.components.seconds)
          + Double(elapsed.components.attoseconds) / 1e18)
    }
    guard asked else {
      return verdict(
        .skipped,
        "runs the course's Swift program \(terminalSafe(scenario.program)): add --scheduled to "
          + "compile and run it")
    }
    if plan.live {
      return verdict(
        .skipped,
        "a Swift program's scenario has no live run: 'lab check \(argument)' runs it under the "
          + "lab's scheduler")
    }
    progress.line.update(progress.label + " · building \(terminalSafe(scenario.program))")
    let build: NativeBuild
    switch built(scenario, context) {
    case .success(let made): build = made
    case .failure(let problem):
      return verdict(.failed, problem.summary, failures: [.init(run: nil, messages: problem.why)])
    }
    let seeds = plan.seeds ?? 20
    let policies = plan.seeds == nil ? SchedulingPolicy.allCases : plan.policies
    var options = plan.options
    options.threads = options.threads ?? scenario.threads
    let named = OwnProgramCommand.ProgramRun(replaying: argument, scenario: scenario)
    let graded: Graded
    do throws(NativeError) {
      graded = try grade(
        build, as: named, options: options, seeds: seeds, policies: policies
      ) { runs in
        progress.line.update(progress.label + " · run \(runs)/\(seeds * policies.count)")
      }
    } catch {
      return verdict(.failed, "did not run", failures: [.init(run: nil, messages: [error.message])])
    }
    let summary =
      "\(graded.outcomes) outcome\(graded.outcomes == 1 ? "" : "s") graded · seeds 0…\(seeds - 1) × "
      + policies.map(\.rawValue).joined(separator: ", ") + " under the lab's scheduler"
    return verdict(
      graded.failures.isEmpty ? .passed : .failed, summary, runs: graded.runs,
      failures: graded.failures)
  }

  /// Why a program scenario's program was not built: in a few words, then each reason.
  struct BuildProblem: Error {
    var summary: String
    var why: [String]
  }

  /// The scenario's program, built with the lab's scheduler.
  static func built(_ scenario: ProgramScenario, _ context: CommandContext) -> Result<
    NativeBuild, BuildProblem
  > {
    let program: OwnProgram
    do throws(UsageError) {
      program = try self.program(of: scenario)
    } catch {
      return .failure(BuildProblem(summary: "does not validate", why: [error.message]))
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      return .failure(
        BuildProblem(
          summary: "no Swift toolchain", why: ["swiftc is neither on PATH nor at /opt/swift"]))
    }
    guard let (cache, records) = NativeCommand.cache(context, report: true) else {
      return .failure(BuildProblem(summary: "no build folder", why: []))
    }
    do throws(NativeError) {
      return .success(
        try program.build(
          with: NativeBuilder(compiler: compiler, cache: cache, records: records)))
    } catch {
      return .failure(BuildProblem(summary: "did not build", why: [error.message]))
    }
  }

  /// What `lab check` found in a program scenario's seeded runs.
  struct Graded {
    var runs = 0
    /// How many distinct outputs the runs printed.
    var outcomes = 0
    /// Each run whose grade fails, with the command that replays it.
    var failures: [ScenarioVerdict.Failure] = []
  }

  /// Runs seeds 0…`seeds`-1 of `build` under each of `policies` and grades each run by
  /// `named`'s scenario, calling `progress` with the runs made.
  static func grade(
    _ build: NativeBuild, as named: OwnProgramCommand.ProgramRun, options: RunOptions,
    seeds: Int, policies: [SchedulingPolicy], progress: (Int) -> Void
  ) throws(NativeError) -> Graded {
    guard let scenario = named.scenario else { return Graded() }
    var graded = Graded()
    var printed = Set<[String]>()
    try OwnProgramCommand.eachSeededRun(
      build, name: scenario.name, options: options, seeds: seeds, policies: policies,
      until: { false },
      each: { run, policy, seed in
        graded.runs += 1
        printed.insert(run.printed)
        progress(graded.runs)
        let rule = grade(run, by: scenario)
        guard rule.grade.fails else { return }
        let label = RunLabel(mode: .scheduled, seed: seed, policy: policy, run: graded.runs)
        graded.failures.append(
          .init(
            run: label,
            messages: ["\(rule.grade.rawValue): \(rule.reason)", "printed: \(shown(run.printed))"],
            replay: named.hint("run", (label.replayOptions ?? "") + named.width(options.threads))))
      })
    graded.outcomes = printed.count
    return graded
  }

  /// What a run printed, on one line: its lines joined by ` ⏎ `, cut to 200 columns.
  static func shown(_ printed: [String]) -> String {
    let line = printed.joined(separator: " ⏎ ")
    return terminalSafe(line.count > 200 ? line.prefix(199) + "…" : line)
  }
}
