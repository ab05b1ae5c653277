import LabInterpreter
import LabModel
import LabRuntime

/// A search that says it is complete is checked against seeded runs before it says so.
///
/// The search is a proof only if its dependency relation is right: two turns it takes as
/// commuting must give the same result in either order. Where the model gets that wrong, the
/// search still ends, and would call a set of outcomes complete that a seeded run of the same
/// model can leave (docs/exploration.md, "A known defect"). So each complete search also runs
/// `auditSeeds` seeds under each policy; an outcome one of them reaches that no schedule did makes
/// the search no proof: `complete` is false, and the report names the seed that replays it.
extension ExhaustiveSearch {
  /// An outcome a seeded run reached that no schedule of the search did.
  package struct Missed: Sendable {
    package var outcome: Outcome
    package var label: RunLabel
  }

  /// Seeds per policy that check a complete search: a few milliseconds each on the bundled
  /// scenarios, and enough to find each outcome the shrunk defect of docs/exploration.md misses
  /// (one run in ten reaches it).
  public static let auditSeeds: UInt64 = 32

  /// Runs the seeds against `findings`, within what is left of `deadline`'s time (a run the
  /// budget cuts short ends the audit), and takes `complete` back where the search was wrong.
  func audit(_ findings: inout Findings, until deadline: Deadline, merged: Bool = false) {
    // A run that left the path it was set, or an outcome a seed reached and no schedule did,
    // shows the search's model wrong: what it found is not all.
    defer {
      if !findings.missed.isEmpty || findings.nondeterministic > 0 { findings.complete = false }
    }
    // A search its budget stopped, or a bound cut, claims nothing to check; a shard is checked
    // once merged.
    guard findings.stoppedBy == nil, findings.preemptionBound == nil, !findings.boundCut,
      merged || budget.shard == nil, budget.auditSeeds > 0
    else { return }
    seeds: for policy in [SchedulingPolicy.random, .pct] {
      for seed in 1...budget.auditSeeds {
        var runOptions = deadline.bounding(options)
        runOptions.seed = seed
        runOptions.policy = policy
        runOptions.chooser = nil
        let result = ScenarioRunner.runAndCheck(scenario, options: runOptions)
        if deadline.cut(result.record) != nil { break seeds }
        let outcome = Outcome(of: result.record, observingFirst: observesFirst)
        guard findings.positions[outcome] == nil,
          !findings.missed.contains(where: { $0.outcome == outcome })
        else { continue }
        let label = RunLabel(mode: .virtual, seed: seed, policy: policy, run: 0)
        findings.missed.append(Missed(outcome: outcome, label: label))
      }
    }
  }
}
