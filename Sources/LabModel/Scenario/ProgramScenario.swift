import Foundation

/// A scenario whose steps are a Swift program of the course's own: `"program": "bank.swift"`, a
/// file beside the scenario's, run under the lab's scheduler (docs/own-programs.md) and graded
/// by what it printed (`expect.outcomes` with `"printed"`). Only commands that run a program
/// take it — `lab run`, `lab explore`, `lab check`, `lab validate`, `lab list`; the others need
/// a scenario of steps and say so (`ScenarioLoader.load(path:)`).
public struct ProgramScenario: Sendable {
  /// The scenario file, as given.
  public var file: String
  public var name: String
  public var title: String
  public var summary: String
  public var source: String
  /// The pool's width the program runs on, unless `--threads` says otherwise.
  public var threads: Int
  /// The program's file name as written: a scenario name and `.swift`, in the scenario's folder.
  public var program: String
  /// The rules that grade each outcome: what it printed, and how it ended.
  public var outcomes: [OutcomeRule]

  /// The largest program file the lab reads, as `lab run FILE.swift` does.
  public static let maxProgramBytes = 1 << 20

  /// The program's file: beside the scenario's.
  public var programPath: String {
    URL(writtenPath: file).deletingLastPathComponent().appendingPathComponent(program).path
  }

  /// The rule that grades a run that printed `printed` and ended as `ending`: the first of the
  /// outcomes that matches it, else `unexpected`. A scenario that grades nothing takes a run
  /// that finished and no other.
  public func grade(printed: PrintedOutput, ending: Outcome.Ending) -> OutcomeRule {
    if let rule = outcomes.first(where: { $0.when.matches(printed: printed, ending: ending) }) {
      return rule
    }
    guard !outcomes.isEmpty else {
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
}

/// What a scenario file holds: steps for the lab's runtimes, or a Swift program of its own.
public enum ScenarioFile: Sendable {
  case steps(Scenario)
  case program(ProgramScenario)

  public var name: String {
    switch self {
    case .steps(let scenario): scenario.name
    case .program(let scenario): scenario.name
    }
  }

  public var title: String {
    switch self {
    case .steps(let scenario): scenario.title
    case .program(let scenario): scenario.title
    }
  }

  public var warnings: [Diagnostic] {
    switch self {
    case .steps(let scenario): scenario.warnings
    case .program: []
    }
  }
}
