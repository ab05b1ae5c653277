import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// The par of a scenario's challenge: the fewest choices against the default order (the turns
/// where a learner in `lab step` picks another task than Enter would) that reach the goal.
///
/// A search by the number of such choices: every run with no choice, then every run with one,
/// then two, each a deviation at a later turn than the last, so each set of choices is run
/// once. The first level that reaches the goal is the par; that level is searched to its end
/// (within the budget) for the shortest schedule. Each run follows its choices and the default
/// everywhere else, as a learner's Enter does, so the par is what a learner can score.
public struct ChallengeSearch: Sendable {
  /// Where the search stops.
  public struct Budget: Sendable {
    /// Runs in all: enough for five choices among the bundled challenges' turns.
    public var maxRuns: Int
    /// The most choices a par may have; a goal further away is too far to play.
    public var maxChoices: Int
    /// A guard only: runs are bounded, so the answer is the same on every machine.
    public var maxSeconds: Double

    public static let standard = Budget(maxRuns: 20_000, maxChoices: 6, maxSeconds: 120)

    public init(maxRuns: Int, maxChoices: Int, maxSeconds: Double) {
      self.maxRuns = maxRuns
      self.maxChoices = maxChoices
      self.maxSeconds = maxSeconds
    }
  }

  /// What the search found.
  public enum Verdict: Sendable, Equatable {
    /// The goal takes `choices` choices at least; `schedule` is the shortest such run's.
    case par(choices: Int, schedule: String)
    /// The run with no choice reaches the goal: there is nothing to play.
    case reachedByDefault(schedule: String)
    /// Every schedule was run and none reaches the goal.
    case unreachable
    /// No run within `maxChoices` choices reaches it; runs with more were not tried.
    case tooFar(maxChoices: Int)
    /// The budget ran out before the goal was met.
    case unknown
  }

  public struct Result: Sendable {
    public var verdict: Verdict
    /// How many runs the search made, and how long it took.
    public var runs: Int
    public var seconds: Double
  }

  /// One run: the choices that made it, the runs one more choice makes of it, and its end.
  private struct Path {
    var choices: [(turn: Int, ordinal: Int)]
    /// Each later turn's other candidates, in order: the next level's runs from this one. Only as
    /// many as the search could still make are kept, so a run of a million turns is not kept
    /// whole in the frontier (at most `maxRuns` pairs in all).
    var departures: [(turn: Int, ordinal: Int)]
    /// The run's schedule, when it reached the goal (nil otherwise: the frontier keeps no more).
    var schedule: String?
    /// The search's deadline stopped the run: it is no outcome of the scenario.
    var cut: Bool
  }

  public let scenario: Scenario
  public let challenge: Challenge
  public let options: RunOptions
  public let budget: Budget

  public init(
    _ scenario: Scenario, challenge: Challenge, options: RunOptions = RunOptions(),
    budget: Budget = .standard
  ) {
    self.scenario = scenario
    self.challenge = challenge
    var options = options
    options.chooser = nil
    options.mode = .virtual
    self.options = options
    self.budget = budget
  }

  /// The search; `progress` hears, before each run, the number of choices being tried and the
  /// runs made so far.
  public func run(progress: (_ choices: Int, _ runs: Int) -> Void = { _, _ in }) -> Result {
    // Each run gets what is left of the budget as its own timeout, so one long run cannot carry
    // the search past it; a run the deadline cut ends the search as an empty budget does.
    let deadline = ExhaustiveSearch.Deadline(start: .now, seconds: budget.maxSeconds)
    var runs = 1
    func result(_ verdict: Verdict) -> Result {
      Result(verdict: verdict, runs: runs, seconds: deadline.elapsed)
    }
    progress(0, 0)
    let root = run([], from: 0, room: budget.maxRuns - runs, deadline: deadline)
    if root.cut { return result(.unknown) }
    if let schedule = root.schedule { return result(.reachedByDefault(schedule: schedule)) }
    var frontier = [root]
    for level in 1...max(1, budget.maxChoices) {
      var next: [Path] = []
      var kept = 0
      var best: String?
      for path in frontier {
        for (turn, ordinal) in path.departures {
          let verdict = best.map { Verdict.par(choices: level, schedule: $0) }
          guard runs < budget.maxRuns, deadline.elapsed < budget.maxSeconds else {
            return result(verdict ?? .unknown)
          }
          progress(level, runs)
          runs += 1
          let child = run(
            path.choices + [(turn, ordinal)], from: turn + 1,
            room: best == nil ? budget.maxRuns - runs - kept : 0, deadline: deadline)
          if child.cut { return result(verdict ?? .unknown) }
          if let schedule = child.schedule {
            if best.map({ schedule.count < $0.count }) ?? true { best = schedule }
          } else if best == nil {
            next.append(child)
            kept += child.departures.count
          }
        }
      }
      if let best { return result(.par(choices: level, schedule: best)) }
      if next.isEmpty { return result(.unreachable) }
      frontier = next
    }
    return result(
      provenUnreachable(deadline: deadline) ? .unreachable : .tooFar(maxChoices: budget.maxChoices))
  }

  /// Whether the exhaustive search, which runs one schedule of each way the turns can be
  /// ordered, covered every schedule and met no outcome that reaches the goal: a goal too far
  /// for the search by choices may be one no schedule reaches at all.
  private func provenUnreachable(deadline: ExhaustiveSearch.Deadline) -> Bool {
    let left = budget.maxSeconds - deadline.elapsed
    guard left > 0 else { return false }
    var scenario = scenario
    // The search keeps in an outcome only what some rule asks about, such as the first task to
    // end; a rule that is the goal makes it keep what the goal asks.
    scenario.expect.outcomes.append(
      OutcomeRule(when: challenge.when, grade: .interesting, reason: challenge.goal))
    let findings = ExhaustiveSearch(
      scenario, options: options,
      budget: ExhaustiveSearch.Budget(
        maxSchedules: budget.maxRuns, maxSeconds: left)
    ).run()
    return findings.complete && findings.nondeterministic == 0
      && !findings.outcomes.contains { challenge.isReached(by: $0.outcome) }
  }

  /// The run that makes `choices` and takes the default at every other turn, with at most `room`
  /// of its departures from turn `from` on.
  private func run(
    _ choices: [(turn: Int, ordinal: Int)], from: Int, room: Int,
    deadline: ExhaustiveSearch.Deadline
  ) -> Path {
    let forced = Dictionary(choices.map { ($0.turn, $0.ordinal) }, uniquingKeysWith: { $1 })
    let chooser = ScheduleChooser { turn, candidates, preferred in
      forced[turn].flatMap { candidates.contains($0) ? $0 : nil } ?? preferred
    }
    chooser.ordersTaskEnds = observesFirst
    var options = deadline.bounding(options)
    options.chooser = chooser
    let record = ScenarioRunner.run(scenario, options: options)
    let outcome = Outcome(of: record, observingFirst: observesFirst)
    let reached = challenge.isReached(by: outcome)
    let schedule =
      reached
      ? Schedule(
        scenario: Schedule.identity(of: scenario, threads: options.threads),
        decisions: chooser.decisions
      ).text : nil
    var departures: [(turn: Int, ordinal: Int)] = []
    departing: for (turn, decision) in chooser.decisions.enumerated().dropFirst(from) {
      for ordinal in decision.candidates where ordinal != decision.preferred {
        guard departures.count < room else { break departing }
        departures.append((turn, ordinal))
      }
    }
    return Path(
      choices: choices, departures: departures, schedule: schedule, cut: deadline.cut(record) != nil
    )
  }

  private var observesFirst: Bool { challenge.observesFirst(rules: scenario.expect.outcomes) }
}
