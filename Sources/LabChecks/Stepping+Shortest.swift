import LabModel

extension StepSession {
  /// The search that tells a learner the shortest way to their outcome: small enough to answer
  /// as the run ends (racy-counter's whole search is 328 schedules); a scenario whose search
  /// does not finish within it gets no answer rather than a wrong one.
  package static let shortestBudget = ExhaustiveSearch.Budget(
    maxSchedules: 5_000, maxSeconds: 1)

  /// The schedule with the fewest preemptions that ends with `outcome`, as `lab explore
  /// --exhaustive` reports it; nil when the search of every schedule did not finish within
  /// `budget` (or never met the outcome).
  package func shortest(
    to outcome: Outcome, budget: ExhaustiveSearch.Budget = shortestBudget
  ) -> ExhaustiveSearch.Found? {
    let findings = ExhaustiveSearch(scenario, options: options, budget: budget).run()
    guard findings.complete, findings.nondeterministic == 0 else { return nil }
    return findings.outcomes.first { $0.outcome == outcome }
  }
}
