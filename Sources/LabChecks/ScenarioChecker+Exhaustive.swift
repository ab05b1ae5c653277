import LabInterpreter
import LabModel
import LabRuntime

/// `lab check`'s search of every schedule, for scenarios that grade their outcomes: a claim that
/// an outcome can happen is checked against all of them, when the search finishes in budget.
extension ScenarioChecker {
  /// At most this many schedules a scenario: racy-counter needs fewer than 5,000, and 20,000
  /// take about 15 s in a debug build. A number, not a time, so the verdict is the same on
  /// every machine.
  public static let exhaustiveBudget = 20_000

  /// The failures the search found, and a few words for the verdict's summary: `all N
  /// schedules`, or `every schedule: not finished in N`.
  static func exhaustive(
    _ scenario: Scenario, argument: String, options: RunOptions
  ) -> (failures: [ScenarioVerdict.Failure], summary: String) {
    let rules = scenario.expect.outcomes
    var options = options
    options.mode = .virtual
    let findings = ExhaustiveSearch(
      scenario, options: options, budget: .init(maxSchedules: exhaustiveBudget)
    ).run()
    guard findings.complete else {
      return ([], "every schedule: not finished in \(exhaustiveBudget)")
    }
    var failures: [ScenarioVerdict.Failure] = []
    for found in findings.failures {
      let replay = "\(LabCommand.name) run \(argument) --schedule \(found.schedule.text)"
      failures.append(
        .init(
          run: nil, messages: ["outcome: \(found.grade!.rawValue) \(found.outcome), \(replay)"],
          replay: replay))
    }
    for (index, rule) in findings.unreached(rules) {
      failures.append(
        .init(
          run: nil,
          messages: [
            "outcomes[\(index)]: \(rule.grade.rawValue) \"\(rule.reason)\" never happens in any "
              + "of \(findings.schedules) schedules"
          ], replay: nil))
    }
    return (failures, "all \(findings.schedules) schedules")
  }
}
