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
  /// because a name was typed (docs/security.md). `lab run NAME --native` did ask, for a run this
  /// command does not make: it is told where the program's native runs are, where "runs only
  /// when asked: add --scheduled" read as though `--native` had not been seen.
  static func askFirst(
    _ scenario: ProgramScenario, argument: String, _ command: String, native: Bool = false
  ) -> String {
    let path = ScenarioCatalog.pathFromHere(URL(writtenPath: scenario.programPath))
    let start = "'\(terminalSafe(argument))' runs the course's Swift program \(terminalSafe(path))"
    guard !native else {
      return start + ", whose native runs are made by "
        + LabCommand.hint.command("explore", argument, "--native") + " and "
        + LabCommand.hint.command("check", argument, "--native") + ", not by one lab "
        + command + "; for one run, add --scheduled in place of --native ("
        + LabCommand.hint.command(command, argument, "--scheduled")
        + "), which runs it under the lab's scheduler"
    }
    return start + ", which the lab compiles and runs only when asked: add --scheduled ("
      + LabCommand.hint.command(command, argument, "--scheduled")
      + "), which runs it under the lab's scheduler"
  }

  /// The two commands that run a program: one run, or many.
  enum Verb: String {
    case run, explore
  }

  /// `lab run` or `lab explore` of a program — a `.swift` file, or a program scenario, which
  /// runs only with `--scheduled` — or nil for a scenario of steps.
  static func perform(_ verb: Verb, ifProgram arguments: Arguments, _ context: CommandContext)
    throws(UsageError) -> Int32?
  {
    let argument = arguments.positionals[0]
    if OwnProgramCommand.names(argument) {
      let program = try OwnProgramCommand.load(argument)
      return try perform(verb, program, as: .init(replaying: program.path), arguments, context)
    }
    guard let loaded = try load(argument, context) else { return nil }
    guard let scenario = loaded else { return ExitStatus.failure }
    // Either flag asks for the course's program to be compiled and run; a run is the
    // scheduler's only, an explore's real runs are `--native`'s.
    guard arguments.flag(.scheduled) || (verb == .explore && arguments.flag(.native)) else {
      throw UsageError(
        askFirst(
          scenario, argument: argument, verb.rawValue, native: arguments.flag(.native)))
    }
    return try perform(
      verb, program(of: scenario), as: .init(replaying: argument, scenario: scenario), arguments,
      context)
  }

  static func perform(
    _ verb: Verb, _ program: OwnProgram, as named: OwnProgramCommand.ProgramRun,
    _ arguments: Arguments, _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    switch verb {
    case .run: try OwnProgramCommand.run(program, as: named, arguments, context)
    case .explore: try OwnProgramCommand.explore(program, as: named, arguments, context)
    }
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

  /// How a program's run ended, as an outcome rule's `ended` reads it.
  static func ending(of record: RunRecord) -> Outcome.Ending {
    Outcome(of: record, observingFirst: false).ending
  }

  /// The rule that grades `run` under `scenario`'s outcomes.
  static func grade(_ run: OwnRun, by scenario: ProgramScenario) -> OutcomeRule {
    scenario.grade(printed: run.output, ending: ending(of: run.record))
  }

  /// A run's grade as its check: it passes unless the grade fails.
  static func check(_ rule: OutcomeRule) -> CheckResult {
    CheckResult(
      name: "outcome", passed: !rule.grade.fails, expected: "an acceptable or interesting outcome",
      actual: "\(rule.grade.rawValue) — \(rule.reason)")
  }

  /// `outcome: interesting — the reason`, as an explored outcome shows its grade.
  static func line(_ rule: OutcomeRule) -> String {
    "outcome: \(rule.grade.rawValue) — \(terminalSafe(rule.reason))"
  }

  /// What a run printed, on one line: its lines joined by ` ⏎ `, cut to 200 columns.
  static func shown(_ printed: [String]) -> String {
    let line = printed.joined(separator: " ⏎ ")
    return terminalSafe(line.count > 200 ? line.prefix(199) + "…" : line)
  }
}
