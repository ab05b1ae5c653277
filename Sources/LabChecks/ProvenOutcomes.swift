import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// What one thing about a run's outcome is — a shared variable's final value, or the task that
/// finished first — as a prediction asks about it and a native run is compared by it.
public enum OutcomeSubject: Sendable, Equatable {
  /// The final value of the shared variable of this name.
  case value(String)
  /// The task whose `end` came first, but for `root`.
  case first

  /// `counter`, `first`: as a lesson names it.
  public var name: String {
    switch self {
    case .value(let name): name
    case .first: "first"
    }
  }

  /// What `outcome` says of it, as a lesson writes a choice (`5`, `done`, `fast`: strings without
  /// their quotes); nil when it says nothing (no such variable, or no task ended).
  public func answer(_ outcome: Outcome) -> String? {
    switch self {
    case .value(let name): outcome.values.first { $0.name == name }?.value.text
    case .first: outcome.first
    }
  }
}

/// The outcomes every schedule of a scenario can end with, as the exhaustive search proves them
/// (`lab explore --exhaustive`), within a budget small enough to be asked in passing: by a
/// lesson's prediction, a site's page, and `lab check --native`'s fidelity comparison.
public struct ProvenOutcomes: Sendable {
  /// Each distinct outcome with its grade by the scenario's rules, in the order first found.
  public var outcomes: [Outcome]
  public var grades: [OutcomeGrade?]
  /// Every schedule was explored: `outcomes` is the whole set.
  public var complete: Bool
  public var schedules: Int
  /// The budget that stopped an incomplete search.
  public var stoppedBy: ExhaustiveSearch.Limit?
  /// The search ended but is no proof: seeded runs reached outcomes it did not, or runs left
  /// their path (`ExhaustiveSearch.audit`) — the search's model is wrong for this scenario.
  public var notAProof = false
  public var seconds: Double
  /// The variables that hold times (the scenario's `expect.times`): a native run reads its own
  /// clock into them, within the live tolerance, so the fidelity comparison leaves them out.
  public var timeVariables: Set<String> = []
  /// Seeded runs of the model whose outcomes `outcomes` also holds, standing in for a proof the
  /// search could not give (`addingSeededOutcomes`); 0 for a proof alone.
  public var seededRuns = 0

  /// A search of at most 20,000 schedules and 10 seconds: the three lessons' predictions finish
  /// well within it (racy-counter: 328 schedules) and a learner waits no longer.
  public static let lessonBudget = budget(schedules: 20_000, seconds: 10)

  /// A budget of at most `schedules` and `seconds`, on one thread.
  public static func budget(schedules: Int, seconds: Double) -> ExhaustiveSearch.Budget {
    var budget = ExhaustiveSearch.Budget(maxSchedules: schedules, maxSeconds: seconds)
    budget.jobs = 1
    return budget
  }

  public init(
    outcomes: [Outcome], grades: [OutcomeGrade?]? = nil, complete: Bool, schedules: Int,
    stoppedBy: ExhaustiveSearch.Limit? = nil, seconds: Double = 0
  ) {
    self.outcomes = outcomes
    self.grades = grades ?? outcomes.map { _ in nil }
    self.complete = complete
    self.schedules = schedules
    self.stoppedBy = stoppedBy
    self.seconds = seconds
  }

  /// Searches `scenario` on its own seed and width within `budget`; `observingFirst` makes the
  /// search order task ends and record which came first, as a rule about `first` does.
  public static func search(
    _ scenario: Scenario, budget: ExhaustiveSearch.Budget = lessonBudget,
    observingFirst: Bool = false
  ) -> ProvenOutcomes {
    let findings = ExhaustiveSearch(
      scenario, options: RunOptions(), budget: budget, observingFirst: observingFirst
    ).run()
    var proven = ProvenOutcomes(
      outcomes: findings.outcomes.map(\.outcome), grades: findings.outcomes.map(\.grade),
      complete: findings.complete, schedules: findings.schedules, stoppedBy: findings.stoppedBy,
      seconds: findings.seconds)
    proven.timeVariables = Set(scenario.expect.times.map(\.name))
    proven.notAProof = !findings.missed.isEmpty || findings.nondeterministic > 0
    return proven
  }

  /// Where the search is no proof or did not end: `outcomes` with those `seeds` seeded runs of
  /// each policy reach added. The set is then a sample of the model, not a proof: a native
  /// outcome outside it is one the model did not reach in that many tries, which more seeds may
  /// yet reach (the fidelity fuzzer looks for a schedule to it, `schedule(reaching:)`, before it
  /// calls it an alarm).
  public func addingSeededOutcomes(
    of scenario: Scenario, seeds: ClosedRange<UInt64>, observingFirst: Bool = false
  ) -> ProvenOutcomes {
    var sampled = self
    for policy in [SchedulingPolicy.random, .pct] {
      for seed in seeds {
        var options = RunOptions()
        options.seed = seed
        options.policy = policy
        let record = ScenarioRunner.runAndCheck(scenario, options: options).record
        let outcome = Outcome(of: record, observingFirst: observingFirst)
        sampled.seededRuns += 1
        guard !sampled.outcomes.contains(outcome) else { continue }
        sampled.outcomes.append(outcome)
        sampled.grades.append(nil)
      }
    }
    return sampled
  }

  /// Looks for a schedule of the model that ends with `outcome` (as `outsiders` compares it), by
  /// the challenge search: the fewest departures from the default order first, so a rare
  /// interleaving — one task taking many turns in a row, which seeded runs almost never pick —
  /// is found in a few runs. `.unreachable` proves no schedule ends with it.
  public func schedule(
    reaching outcome: Outcome, of scenario: Scenario, budget: ChallengeSearch.Budget
  ) -> ChallengeSearch.Verdict {
    let goal = OutcomeCondition(
      values: outcome.values.map { ValueCondition($0.name, .equals($0.value)) },
      first: outcome.first, ended: .finished)
    let challenge = Challenge(goal: "the native outcome", when: goal)
    return ChallengeSearch(scenario, challenge: challenge, budget: budget).run().verdict
  }

  /// The distinct answers the proven outcomes give about `subject`, in the order first found.
  public func answers(_ subject: OutcomeSubject) -> [String] {
    var seen: [String] = []
    for answer in outcomes.compactMap(subject.answer) where !seen.contains(answer) {
      seen.append(answer)
    }
    return seen
  }

  /// The part of an outcome a native run can be held to: its values but those holding times,
  /// and the first task when the search recorded it. Not the race flag (ThreadSanitizer reports
  /// a race only when a run interleaves it) nor how a run that did not finish ended (a native
  /// program is killed where the model sees a deadlock).
  func comparable(_ outcome: Outcome, first: Bool) -> Outcome {
    Outcome(
      values: outcome.values.filter { !timeVariables.contains($0.name) }, race: false,
      ending: .finished, first: first ? outcome.first : nil)
  }

  /// The distinct outcomes as `outsiders` compares them, in the order first found.
  public var comparableOutcomes: [Outcome] {
    let first = outcomes.contains { $0.first != nil }
    var seen: [Outcome] = []
    for outcome in outcomes.map({ comparable($0, first: first) }) where !seen.contains(outcome) {
      seen.append(outcome)
    }
    return seen
  }

  /// The fidelity alarm: each distinct outcome of a finished native run that no schedule of the
  /// model ends with (nor, with `seededRuns`, a seeded run), with how many runs gave it. Empty
  /// when the search did not complete and no seeded runs stand in for it, or every native
  /// outcome is in the set.
  public func outsiders(_ native: [RunRecord]) -> [(outcome: Outcome, runs: Int)] {
    guard complete || seededRuns > 0 else { return [] }
    let first = outcomes.contains { $0.first != nil }
    let proven = Set(outcomes.map { comparable($0, first: first) })
    var found: [(outcome: Outcome, runs: Int)] = []
    for record in native where record.end == .finished && record.problem == nil {
      let outcome = comparable(Outcome(of: record, observingFirst: first), first: first)
      guard !proven.contains(outcome) else { continue }
      if let index = found.firstIndex(where: { $0.outcome == outcome }) {
        found[index].runs += 1
      } else {
        found.append((outcome, 1))
      }
    }
    return found
  }

  /// The fidelity alarm in words: a message for each native outcome outside a completed
  /// search's proven set, with how many of the runs gave it.
  public func alarms(_ native: [RunRecord]) -> [String] {
    let set = comparableOutcomes.map { "{\($0)}" }.joined(separator: ", ")
    let model =
      seededRuns == 0
      ? "no schedule of the model ends with (the exhaustive search proves \(set))"
      : "neither the search nor \(seededRuns) seeded runs of the model reached (they reach "
        + "\(set); the search is no proof here)"
    return outsiders(native).map { outsider in
      "fidelity alarm: \(outsider.runs) of \(native.count) native run"
        + "\(native.count == 1 ? "" : "s") ended with {\(outsider.outcome)}, which \(model); "
        + "the model misses something the real runtime does: report it"
    }
  }
}
