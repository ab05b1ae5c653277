import Foundation
import LabChecks
import LabInterpreter
import LabModel

/// Every schedule of a program within a number of departures from first in, first out — a
/// delay-bounded search: a run that takes the ready job N places behind the oldest departs N,
/// and the search runs each schedule whose departures add up to at most the bound, once. Within
/// the bound it is complete; past it, it says nothing (docs/own-programs.md).
public enum OwnProgramSearch {
  /// One outcome: what the runs printed, and how they ended.
  public struct Outcome: Sendable {
    public var printed: [String]
    public var problem: String?
    /// How its runs ended, as an outcome rule's `ended` reads it.
    public var ending: LabModel.Outcome.Ending
    /// How many schedules reached it.
    public var count: Int
    /// The schedule of fewest departures that reaches it.
    public var schedule: OwnSchedule
    /// Its grade by the scenario the search was given, by the whole of what it printed.
    public var grade: OutcomeRule?
    /// How many lines it printed, all told, and the digest of all of them.
    public var lineCount: Int
    public var digest: String
  }

  public struct Result: Sendable {
    /// In the order the search first met them.
    public var outcomes: [Outcome]
    public var schedules: Int
    /// Why it stopped before the bound was searched: nil when it was.
    public var stoppedBy: String?
    /// Runs that took jobs from a thread the scheduler does not run, or whose choices did not
    /// repeat: the search is then not complete, even within its bound.
    public var uncontrolledRuns: Int
    /// The first of them: its schedule, and what went otherwise.
    public var firstUncontrolled: String?
    /// Runs that did not follow their schedule the first time and were run again.
    public var repeatedRuns: Int
    /// Runs with more points of choice than the scheduler notes: the search did not vary those.
    public var cutRuns: Int

    public var complete: Bool { stoppedBy == nil && uncontrolledRuns == 0 && cutRuns == 0 }
  }

  /// The budget a search stops at.
  public struct Budget: Sendable {
    public var departures: Int
    public var maxSchedules: Int
    public var maxSeconds: Double

    public init(departures: Int = 2, maxSchedules: Int = 10_000, maxSeconds: Double = 60) {
      self.departures = departures
      self.maxSchedules = maxSchedules
      self.maxSeconds = maxSeconds
    }
  }

  public static func run(
    _ build: NativeBuild, name: String, budget: Budget, options: RunOptions,
    graded: ProgramScenario? = nil, progress: (Int) -> Void = { _ in }
  ) throws(NativeError) -> Result {
    // Its hints are never shown: the search's report names the option that stopped it.
    let time = CommandBudget(seconds: budget.maxSeconds, hints: HintCommand("lab"))
    let outOfTime = "--max-seconds \(ExhaustiveSearch.Limit.number(budget.maxSeconds))"
    var result = Result(
      outcomes: [], schedules: 0, stoppedBy: nil, uncontrolledRuns: 0, firstUncontrolled: nil,
      repeatedRuns: 0, cutRuns: 0)
    var index: [String: Int] = [:]
    // Each schedule to run as the run it departs from (shared, not copied: a run with N
    // points of choice pushes up to N children, and N copies of its schedule would take N²),
    // and its one departure: at `point`, the job `pick` places behind the oldest.
    var stack: [(base: [Int], point: Int, pick: Int)] = [([], -1, 0)]
    while let next = stack.popLast() {
      let prefix =
        next.point < 0
        ? next.base
        : next.base + Array(repeating: 0, count: next.point - next.base.count) + [next.pick]
      if result.schedules >= budget.maxSchedules {
        result.stoppedBy = "--max-schedules \(budget.maxSchedules)"
        break
      }
      if time.isSpent {
        result.stoppedBy = outOfTime
        break
      }
      // A run's real time is bounded by what is left: one that never ends would otherwise
      // take its whole --timeout past the budget; one it cuts short is no outcome.
      let made = try time.run(options, timedOut: \.timedOut) { (bounded) throws(NativeError) in
        let run = try OwnProgram.run(
          build, name: name, seed: 0, schedule: OwnSchedule(picks: prefix), options: bounded)
        guard !run.timedOut, !Self.followed(run, prefix) else { return run }
        // Once more: a program whose order is all the scheduler's repeats it; one that takes
        // jobs from other threads may not, and is counted below.
        result.repeatedRuns += 1
        return try OwnProgram.run(
          build, name: name, seed: 0, schedule: OwnSchedule(picks: prefix), options: bounded)
      }
      guard let run = made else {
        result.stoppedBy = outOfTime
        break
      }
      result.schedules += 1
      progress(result.schedules)
      let schedule = OwnSchedule(picks: prefix).text
      guard let choices = run.choices, choices.picks.starts(with: prefix) else {
        result.uncontrolledRuns += 1
        result.firstUncontrolled =
          result.firstUncontrolled
          ?? "schedule \(schedule): "
          + (run.choices.map { "it chose \($0.schedule.text)" }
            ?? "it ended without its record (\(run.record.problem ?? "no problem named"))")
        continue
      }
      if run.record.escapedJobs > 0 {
        result.uncontrolledRuns += 1
        result.firstUncontrolled =
          result.firstUncontrolled
          ?? "schedule \(schedule): \(run.record.escapedJobs) job(s) came from another thread"
      }
      if !choices.whole { result.cutRuns += 1 }
      let key = run.output.outcomeKey(problem: run.record.problem)
      let reached = choices.schedule
      if let at = index[key] {
        result.outcomes[at].count += 1
        if reached.departures < result.outcomes[at].schedule.departures {
          result.outcomes[at].schedule = reached
        }
      } else {
        index[key] = result.outcomes.count
        let ending = LabModel.Outcome(of: run.record, observingFirst: false).ending
        result.outcomes.append(
          Outcome(
            printed: run.printed, problem: run.record.problem, ending: ending, count: 1,
            schedule: reached, grade: graded?.grade(printed: run.output, ending: ending),
            lineCount: run.output.lineCount, digest: run.output.digest))
      }
      // Each schedule once: a child departs at a point past its parent's last departure.
      let spent = prefix.reduce(0, +)
      guard spent < budget.departures else { continue }
      for point in (prefix.count..<choices.counts.count).reversed() {
        let most = min(choices.counts[point] - 1, budget.departures - spent)
        guard most >= 1 else { continue }
        for pick in (1...most).reversed() {
          stack.append((prefix, point, pick))
        }
      }
    }
    return result
  }
}

extension OwnProgramSearch {
  /// Whether a run chose as its schedule said, ended with its record, and took no job from a
  /// thread the scheduler does not run.
  static func followed(_ run: OwnRun, _ prefix: [Int]) -> Bool {
    guard let choices = run.choices else { return false }
    return choices.picks.starts(with: prefix) && run.record.escapedJobs == 0
  }
}
