/// Where the optimal search proves nothing — seeded runs reached an outcome it did not, or a run
/// left the path it set (its model of which turns commute is wrong there: docs/exploration.md, "A
/// known defect") — the sleep-set search gets the time left. It reads what the optimal one leaves
/// out (a lock's **held** state, a pool's **reach**), and is audited the same way: when it ends
/// complete, what it found stands in the optimal search's place, saying so. Generated scenarios
/// of the fidelity fuzzer met the defect in about two in five; without this, each was no proof.
extension ExhaustiveSearch {
  /// The optimal search a sleep-set search replaced.
  package struct Replaced: Sendable, Equatable {
    package var schedules: Int
    /// Outcomes seeded runs reached that it did not.
    package var missed: Int
    /// Its runs that left the path it set them.
    package var offPath: Int

    /// `the optimal search was no proof here (55 schedules; a seeded run reached 1 outcome it did
    /// not): the outcomes are the sleep-set search's`.
    package var line: String {
      var why: [String] = []
      if missed > 0 {
        why.append("seeded runs reached \(missed) outcome\(missed == 1 ? "" : "s") it did not")
      }
      if offPath > 0 { why.append("\(offPath) of its runs left the path it set") }
      return "the optimal search was no proof here (\(schedules) schedules; "
        + why.joined(separator: ", ") + "): these are the sleep-set search's, which reads what "
        + "it leaves out (docs/exploration.md, \"A known defect\")"
    }
  }

  /// The sleep-set search in the place of `optimal`, when `optimal` is no proof and the other
  /// proves, within what is left of `deadline`; nil otherwise.
  func secondOpinion(
    after optimal: Findings, deadline: Deadline, progress: (Progress) -> Void
  ) -> Findings? {
    guard budget.reduction == .optimal, budget.secondOpinion, budget.shard == nil,
      !optimal.missed.isEmpty || optimal.nondeterministic > 0
    else { return nil }
    var fallback = budget
    fallback.reduction = .sleepSets
    if let seconds = budget.maxSeconds {
      let left = seconds - deadline.elapsed
      guard left > 0 else { return nil }
      fallback.maxSeconds = left
    }
    var findings = ExhaustiveSearch(
      scenario, options: options, budget: fallback, observingFirst: observesFirst
    ).run(progress: progress)
    guard findings.complete else { return nil }
    findings.replaced = Replaced(
      schedules: optimal.schedules, missed: optimal.missed.count,
      offPath: optimal.nondeterministic)
    return findings
  }
}
