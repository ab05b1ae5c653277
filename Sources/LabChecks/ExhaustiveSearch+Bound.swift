import Foundation

extension ExhaustiveSearch {
  /// A preemption bound whose search finishes in time, with what it took.
  package struct BoundThatFinishes: Sendable, Equatable {
    package var preemptions: Int
    package var schedules: Int
    package var seconds: Double
  }

  /// How long each bound's search may take; all of them together take at most twice this.
  package static let secondsForEachBound: Double = 3
  /// The most the search for a bound that finishes adds after a stopped search.
  package static var secondsForTheBounds: Double { 2 * secondsForEachBound }

  /// For a search its budget stopped: the largest preemption bound, from 0 up, whose search
  /// finishes within `seconds` (each bound given that long, all of them twice that), so the
  /// report can say what would finish. Nil when even none does.
  package func boundThatFinishes(
    within seconds: Double = secondsForEachBound
  ) -> BoundThatFinishes? {
    var best: BoundThatFinishes?
    let start = Date()
    for bound in 0...8 {
      let left = 2 * seconds - Date().timeIntervalSince(start)
      guard left > 0.1 else { break }
      var bounded = budget
      bounded.preemptions = bound
      bounded.maxSeconds = min(seconds, left)
      bounded.maxSchedules = budget.maxSchedules
      let findings = ExhaustiveSearch(scenario, options: options, budget: bounded).run()
      guard findings.stoppedBy == nil else { break }
      best = BoundThatFinishes(
        preemptions: bound, schedules: findings.schedules, seconds: findings.seconds)
      if !findings.boundCut { break }
    }
    return best
  }
}

extension ExhaustiveSearch.BoundThatFinishes {
  /// The report's line: what a bounded search would prove instead.
  package var line: String {
    "a search of at most \(preemptions) preemption\(preemptions == 1 ? "" : "s") finishes "
      + "(\(schedules) schedules in \(ExhaustiveSearch.Limit.number((seconds * 10).rounded() / 10)) s): "
      + "--preemptions \(preemptions)"
  }
}

extension ExhaustiveSearch.Progress {
  /// The line that warns, early in a search, that its budget will stop it; nil when it will
  /// not.
  package func estimate(left: Double, budget: ExhaustiveSearch.Budget) -> String? {
    let total = seconds + left
    let overTime = budget.maxSeconds.map { total > $0 } ?? false
    let overCount = zip(schedulesInAll.map { [$0] } ?? [], budget.maxSchedules.map { [$0] } ?? [])
      .contains { $0 > $1 }
    guard overTime || overCount else { return nil }
    let schedules = schedulesInAll.map { "about \($0) schedules, " } ?? ""
    return
      "estimate: \(schedules)about \(ExhaustiveSearch.Limit.number(total.rounded())) s in all,\n"
      + "past the budget: the search will stop short, and name a bound that finishes"
  }
}

extension ExhaustiveSearch.Findings {
  /// The bound that finishes, in a stopped search's JSON; nothing otherwise.
  var boundJSON: String {
    guard let bound = boundThatFinishes else { return "" }
    return "\n  \"bound_that_finishes\": {\"preemptions\": \(bound.preemptions), "
      + "\"schedules\": \(bound.schedules)},"
  }
}
