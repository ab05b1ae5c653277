extension ExhaustiveSearch.Findings {
  /// Adds a run's outcome: a new one at the end, a known one counted, keeping the shortest
  /// schedule (fewest preemptions, then fewest characters, then the first in text order, so
  /// that which one is kept does not depend on the order runs came in).
  mutating func add(_ found: ExhaustiveSearch.Found) {
    guard let index = positions[found.outcome] else {
      positions[found.outcome] = outcomes.count
      outcomes.append(found)
      return
    }
    outcomes[index].count += found.count
    let best = outcomes[index]
    if Self.shorter(found, than: best) {
      outcomes[index].schedule = found.schedule
      outcomes[index].preemptions = found.preemptions
    }
  }

  static func shorter(_ found: ExhaustiveSearch.Found, than best: ExhaustiveSearch.Found) -> Bool {
    (found.preemptions, found.schedule.text.count, found.schedule.text)
      < (best.preemptions, best.schedule.text.count, best.schedule.text)
  }

  /// Adds what a part of the search found, after the parts before it: the merged result is the
  /// same whichever worker ran which part, and whenever.
  mutating func merge(_ part: ExhaustiveSearch.Findings, index: Int) {
    schedules += part.schedules
    redundant += part.redundant
    nondeterministic += part.nondeterministic
    failedChecks += part.failedChecks
    for (position, found) in part.outcomes.enumerated() {
      var found = found
      found.firstFound = [index, position]
      add(found)
    }
    if stoppedBy == nil { stoppedBy = part.stoppedBy }
  }
}
