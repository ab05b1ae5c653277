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

  /// One run: the choices that made it (turn index, ordinal) and its turns.
  private struct Path {
    var choices: [(turn: Int, ordinal: Int)]
    var decisions: [ScheduleChooser.Decision]
    var reached: Bool
    var schedule: String
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
    // No one run may take longer than the whole search: the budget is looked at between runs.
    options.limits.runtime.wallClockSeconds = min(
      options.limits.runtime.wallClockSeconds, budget.maxSeconds)
    self.options = options
    self.budget = budget
  }

  public func run() -> Result {
    let start = ContinuousClock.now
    var runs = 1
    let seconds = { (ContinuousClock.now - start).inSeconds }
    let root = run([])
    if root.reached {
      return Result(
        verdict: .reachedByDefault(schedule: root.schedule), runs: runs, seconds: seconds())
    }
    var frontier = [root]
    for level in 1...max(1, budget.maxChoices) {
      var next: [Path] = []
      var best: Path?
      for path in frontier {
        let from = (path.choices.last?.turn ?? -1) + 1
        for turn in path.decisions.indices.dropFirst(from) {
          let decision = path.decisions[turn]
          for ordinal in decision.candidates where ordinal != decision.preferred {
            guard runs < budget.maxRuns, seconds() < budget.maxSeconds else {
              let verdict = best.map { Verdict.par(choices: level, schedule: $0.schedule) }
              return Result(verdict: verdict ?? .unknown, runs: runs, seconds: seconds())
            }
            runs += 1
            let child = run(path.choices + [(turn, ordinal)])
            if child.reached {
              if best.map({ child.schedule.count < $0.schedule.count }) ?? true { best = child }
            } else if best == nil {
              next.append(child)
            }
          }
        }
      }
      if let best {
        return Result(
          verdict: .par(choices: level, schedule: best.schedule), runs: runs, seconds: seconds())
      }
      if next.isEmpty { return Result(verdict: .unreachable, runs: runs, seconds: seconds()) }
      frontier = next
    }
    let verdict: Verdict =
      provenUnreachable() ? .unreachable : .tooFar(maxChoices: budget.maxChoices)
    return Result(verdict: verdict, runs: runs, seconds: seconds())
  }

  /// Whether the exhaustive search, which runs one schedule of each way the turns can be
  /// ordered, covered every schedule and met no outcome that reaches the goal: a goal too far
  /// for the search by choices may be one no schedule reaches at all.
  private func provenUnreachable() -> Bool {
    var scenario = scenario
    // The search keeps in an outcome only what some rule asks about, such as the first task to
    // end; a rule that is the goal makes it keep what the goal asks.
    scenario.expect.outcomes.append(
      OutcomeRule(when: challenge.when, grade: .interesting, reason: challenge.goal))
    let findings = ExhaustiveSearch(
      scenario, options: options,
      budget: ExhaustiveSearch.Budget(
        maxSchedules: budget.maxRuns, maxSeconds: budget.maxSeconds)
    ).run()
    return findings.complete && findings.nondeterministic == 0
      && !findings.outcomes.contains { challenge.isReached(by: $0.outcome) }
  }

  /// The run that makes `choices` and takes the default at every other turn.
  private func run(_ choices: [(turn: Int, ordinal: Int)]) -> Path {
    let forced = Dictionary(choices.map { ($0.turn, $0.ordinal) }, uniquingKeysWith: { $1 })
    let chooser = ScheduleChooser { turn, candidates, preferred in
      forced[turn].flatMap { candidates.contains($0) ? $0 : nil } ?? preferred
    }
    chooser.ordersTaskEnds = observesFirst
    var options = options
    options.chooser = chooser
    let record = ScenarioRunner.run(scenario, options: options)
    let outcome = Outcome(of: record, observingFirst: observesFirst)
    let schedule = Schedule(
      scenario: Schedule.identity(of: scenario, threads: options.threads),
      decisions: chooser.decisions)
    return Path(
      choices: choices, decisions: chooser.decisions, reached: challenge.isReached(by: outcome),
      schedule: schedule.text)
  }

  private var observesFirst: Bool { challenge.observesFirst(rules: scenario.expect.outcomes) }
}
