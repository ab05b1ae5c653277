import LabInterpreter
import LabModel
import LabRuntime

/// `lab check`'s search of every schedule, for scenarios that grade their outcomes: a claim that
/// an outcome can happen is checked against all of them, when the search finishes in budget.
extension ScenarioChecker {
  /// At most this many schedules a scenario: racy-counter needs 328, and 20,000 of twelve tasks
  /// adding to one counter take about 15 s in a release build. The count, not the time, is the budget that binds for a
  /// scenario of reasonable size, so the verdict is the same on every machine; the time and
  /// memory budgets stop a scenario whose every run is slow or large.
  public static let exhaustiveBudget = 20_000

  /// How the message of a search its budget stopped begins.
  static let incompleteSearch = "every schedule: incomplete"

  /// The failures the search found, and a few words for the verdict's summary: `all N
  /// schedules`, or the verdict of a search its budget stopped. Such a search proves nothing
  /// about the schedules it did not run, so it fails the scenario: a check that passed would
  /// vouch for claims no one checked. A forbidden outcome it did find fails it as well.
  static func exhaustive(
    _ scenario: Scenario, argument: String, options: RunOptions, budget: ExhaustiveSearch.Budget,
    hints: HintCommand,
    progress: (_ schedules: Int) -> Void
  ) -> (failures: [ScenarioVerdict.Failure], summary: String) {
    let rules = scenario.expect.outcomes
    var options = options
    options.mode = .virtual
    let findings = ExhaustiveSearch(scenario, options: options, budget: budget).run {
      progress($0.schedules)
    }
    var failures: [ScenarioVerdict.Failure] = []
    for found in findings.failures {
      let replay = hints.command("run", argument, "--schedule \(found.schedule.text)")
      failures.append(
        .init(
          run: nil, messages: ["outcome: \(found.grade!.rawValue) \(found.outcome)"],
          replay: replay,
          searched: true))
    }
    if let limit = findings.stoppedBy {
      let verdict = "every schedule: \(limit.verdict)"
      failures.append(.init(run: nil, messages: [verdict], replay: nil, searched: true))
      return (failures, verdict)
    }
    if let missed = findings.missed.first {
      // The search ended, but a seed reached what it did not: its claims are no proof.
      let verdict =
        "every schedule: not a proof: \(missed.label) reached \(missed.outcome), which none of "
        + "\(findings.schedules) schedules did (docs/exploration.md, \"A known defect\")"
      let replay = hints.command("run", argument, missed.label.replayOptions ?? "")
      failures.append(.init(run: nil, messages: [verdict], replay: replay, searched: true))
      return (failures, verdict)
    }
    if findings.nondeterministic > 0 {
      let verdict =
        "every schedule: not a proof: \(findings.nondeterministic) runs left the path the "
        + "search set them (docs/exploration.md, \"A known defect\")"
      failures.append(.init(run: nil, messages: [verdict], replay: nil, searched: true))
      return (failures, verdict)
    }
    for (index, rule) in findings.unreached(rules) {
      failures.append(
        .init(
          run: nil,
          messages: [
            "outcomes[\(index)]: \(rule.grade.rawValue) \"\(rule.reason)\" never happens in any "
              + "of \(findings.schedules) schedules"
          ], replay: nil, searched: true))
    }
    return (failures, "all \(findings.schedules) schedules")
  }
}
