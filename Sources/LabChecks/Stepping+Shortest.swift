import LabModel

extension StepSession {
  /// The search that tells a learner the shortest way to their outcome: small enough to answer
  /// as the run ends (racy-counter's whole search is 328 schedules); a scenario whose search
  /// does not finish within it gets no answer rather than a wrong one. Bounded by schedules, so
  /// the answer is the same on every machine; the seconds are only a guard (5,000 schedules
  /// take about a second in a release build, far less than ten in any build).
  package static let shortestBudget = ExhaustiveSearch.Budget(
    maxSchedules: 5_000, maxSeconds: 10)

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
