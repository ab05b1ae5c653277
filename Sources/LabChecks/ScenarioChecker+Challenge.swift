import LabInterpreter
import LabModel

/// `lab check`'s check of a scenario's challenge: the goal must be one a learner can play, so
/// its par is searched for, and a goal without one is an error at the challenge block.
extension ScenarioChecker {
  /// The failure of a challenge with no par, located at its block, or nil; and the words for
  /// the verdict's summary (`challenge par 2`).
  /// The search keeps within `seconds`, the check's `--max-seconds`, as every search inside
  /// `lab check` does: a hostile challenge's search ran its 20,000 runs for 100 s past it.
  static func challenge(
    _ challenge: Challenge, of scenario: Scenario, options: RunOptions, seconds: Double?,
    hints: HintCommand
  ) -> (failure: ScenarioVerdict.Failure?, summary: String) {
    var budget = ChallengeSearch.Budget.standard
    if let seconds { budget.maxSeconds = min(budget.maxSeconds, seconds) }
    let result = ChallengeSearch(scenario, challenge: challenge, options: options, budget: budget)
      .run()
    let name = scenario.name
    let problem: String
    switch result.verdict {
    case .par(let choices, _):
      return (nil, "challenge par \(choices) (\(result.runs) runs)")
    case .reachedByDefault(let schedule):
      problem =
        "the default run already reaches the challenge's goal, so there is nothing to play; "
        + "make \"when\" an outcome the default order misses (see "
        + hints.command("run", name, "--schedule \(schedule)") + ")"
    case .unreachable:
      problem =
        "no schedule reaches the challenge's goal; make \"when\" an outcome the scenario can "
        + "end with (" + hints.command("explore", name, "--exhaustive") + " lists them)"
    case .tooFar(let maxChoices):
      problem =
        "no run with up to \(maxChoices) choices against the default order reaches the "
        + "challenge's goal; make the goal nearer, or the scenario smaller"
    case .unknown where result.runs < budget.maxRuns:
      problem =
        "the search for the challenge's par stopped at --max-seconds "
        + "\(ExhaustiveSearch.Limit.number(budget.maxSeconds)) (after \(result.runs) runs) before "
        + "it reached the goal; raise it, make the goal nearer, or the scenario smaller"
    case .unknown:
      problem =
        "the search for the challenge's par stopped at its budget (\(result.runs) of "
        + "\(budget.maxRuns) runs) before it reached the goal; make the goal nearer, or the "
        + "scenario smaller"
    }
    let diagnostic = Diagnostic(
      file: scenario.file, location: challenge.location, path: "challenge", message: problem)
    return (
      ScenarioVerdict.Failure(
        run: nil, messages: [diagnostic.description], replay: nil, searched: true),
      "challenge: no par"
    )
  }
}
