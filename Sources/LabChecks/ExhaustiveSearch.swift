import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// `lab explore --exhaustive`: a stateless depth-first search over every choice of the virtual
/// scheduler, with sleep sets so that of two orders of turns that commute only one is run.
///
/// A node is one turn: the runnable tasks, and the one chosen. Each run follows a prefix of
/// choices, then the default (the task that ran last, else the first), and records what every
/// turn touched (`ScheduleChooser.Footprint`). Backtracking tries the deepest node's next
/// candidate. A candidate asleep at a node is not tried there: a sibling explored before it, or
/// an ancestor's, whose turn commutes with every turn run since, so the orders that start with it
/// were covered. A run where every candidate is asleep is cut short (`redundant`). Sleep sets
/// alone never lose a reachable end state (Godefroid, 1996); `Footprint.conflicts` is what
/// "commute" means here.
public struct ExhaustiveSearch: Sendable {
  /// One outcome and the shortest schedule found that ends with it.
  package struct Found: Sendable {
    package var outcome: Outcome
    package var schedule: Schedule
    package var preemptions: Int
    /// How many explored schedules ended with this outcome.
    package var count: Int
    package var grade: OutcomeGrade?
    package var reason: String
    /// The part of a split search that found it first, and where among that part's outcomes:
    /// shards carry it so that a merge lists outcomes in the order one search does.
    package var firstFound: [Int]?
  }

  /// What a search covered and found.
  public struct Findings: Sendable {
    /// Outcomes in the order first found.
    package var outcomes: [Found] = []
    /// Where each outcome is in `outcomes`: a run's outcome is found in constant time however
    /// many a hostile scenario has.
    var positions: [Outcome: Int] = [:]
    /// Schedules run to the end.
    public var schedules = 0
    /// Runs cut short because they could only repeat an order already covered.
    public var redundant = 0
    /// Every schedule (within `preemptionBound`, when one was reached) was explored.
    public var complete = false
    /// The budget that ended an incomplete search.
    public var stoppedBy: Limit?
    /// The largest preemption bound searched; nil when unbounded.
    package var preemptionBound: Int?
    /// Whether the bound cut off schedules (so `complete` holds only within it).
    package var boundCut = false
    /// Runs whose scheduling differed on replay of the same prefix: the search's model of what
    /// each turn depends on is wrong there, and it is no proof.
    package var nondeterministic = 0
    /// Outcomes seeded runs reached that the search did not (`audit`): it is no proof.
    package var missed: [Missed] = []
    /// Runs that failed checks other than the outcome.
    package var failedChecks = 0
    /// Whether sleep sets were used (not for scenarios that cancel or throw: see `reducible`).
    package var reduced = false
    /// Whether the search was optimal: one schedule for each order of the conflicting turns.
    package var optimal = false
    /// How many parts the optimal search split the tree into.
    package var parts: Int?
    /// The shard of those parts this search explored; nil: all of them.
    package var shard: Shard?
    /// The options that decide the search's tree, which a shard records for its merge.
    package var searched = Searched()
    /// The scenario identity its schedules carry, for a shard's JSON.
    package var identity: UInt32 = 0
    /// For a search its budget stopped: a preemption bound whose search finishes.
    package var boundThatFinishes: BoundThatFinishes?
    /// The optimal search that was no proof, when a sleep-set search that is took its place
    /// (`secondOpinion`).
    package var replaced: Replaced?
    public var seconds = 0.0

    public init() {}
  }

  let scenario: Scenario
  let options: RunOptions
  let budget: Budget
  let identity: UInt32
  let rules: [OutcomeRule]
  /// Whether outcomes record which task finished first, and so the search orders task ends: a
  /// rule asks, or a prediction about `first` does.
  let observesFirst: Bool
  /// Whether turns say exactly what they touched: the search reduces (see `reducible`).
  let precise: Bool

  public init(
    _ scenario: Scenario, options: RunOptions, budget: Budget, observingFirst: Bool = false
  ) {
    self.scenario = scenario
    self.options = options
    self.budget = budget
    identity = Schedule.identity(of: scenario, threads: options.threads)
    rules = scenario.expect.outcomes
    observesFirst = observingFirst || Outcome.observesFirst(rules)
    // Every scenario: a turn that cancels a task, directly or by an error that leaves a group
    // or an `async let`'s scope, is opaque (`Interpreter.cancelledByError`, `cancelling`), as
    // is one that begins a step no footprint object describes.
    precise = budget.reduction != .none
  }

  /// Whether the search is the optimal one, split into parts: it reduces, with the optimal
  /// reduction, and is not bounded by preemptions.
  var splits: Bool { precise && budget.reduction == .optimal && budget.preemptions == nil }

  /// How far a search has come, for a progress line.
  public struct Progress: Sendable {
    public var schedules: Int
    public var outcomes: Int
    /// How much of the tree is behind it (0…1), when the search can tell.
    public var explored: Double?
    public var seconds = 0.0

    /// The seconds still to go, projected from the part explored; nil until it can be told.
    public var secondsLeft: Double? {
      guard let explored, explored > 0.001, seconds > 0.5 else { return nil }
      return seconds * (1 - explored) / explored
    }

    /// The schedules the whole search will run, projected the same way.
    public var schedulesInAll: Int? {
      guard let explored, explored > 0.001, seconds > 0.5 else { return nil }
      return Int((Double(schedules) / explored).rounded())
    }
  }

  /// Runs the search, calling `progress` every few runs (from the calling thread).
  /// The options that decide this search's tree.
  var searched: Searched {
    Searched(
      reduction: budget.reduction, preemptions: budget.preemptions,
      limits: options.limits.shaping)
  }

  public func run(progress: (Progress) -> Void = { _ in }) -> Findings {
    var findings = Findings()
    findings.reduced = precise
    findings.searched = searched
    let deadline = Deadline(budget: budget)
    findings = splits ? runOptimal(findings, progress: progress) : runOnePart(findings, progress)
    audit(&findings, until: deadline)
    return secondOpinion(after: findings, deadline: deadline, progress: progress) ?? findings
  }

  /// The search as one part: unsplit, bounded by preemptions or another reduction.
  private func runOnePart(_ start: Findings, _ progress: (Progress) -> Void) -> Findings {
    var findings = start
    // A search that is not split into parts (it cannot reduce, is bounded by preemptions, or
    // measures another reduction) is one part: the first shard runs it, the others run nothing,
    // so that the merge of every shard is still the whole search.
    if let shard = budget.shard {
      findings.parts = 1
      findings.shard = shard
      findings.identity = identity
      if !shard.includes(0) {
        findings.complete = true
        return findings
      }
    }
    var meter = Meter(budget)
    let bounds: [Int?] = budget.preemptions.map { Array(0...$0) } ?? [nil]
    for bound in bounds {
      findings.preemptionBound = bound
      var walk = Walk(bound: bound, reduction: findings.reduced)
      let finished = search(&walk, &findings, floor: 0, until: meter.deadline) {
        meter.spent(schedules: $0.schedules)
      } progress: { findings, _ in
        progress(Progress(schedules: findings.schedules, outcomes: findings.outcomes.count))
      }
      findings.boundCut = walk.cut
      if !finished { break }
      if !walk.cut {
        findings.complete = true
        break
      }
    }
    if findings.stoppedBy == nil, findings.boundCut { findings.complete = false }
    if findings.shard != nil {
      for index in findings.outcomes.indices { findings.outcomes[index].firstFound = [0, index] }
    }
    findings.seconds = meter.seconds
    return findings
  }

  /// One depth-first walk, backtracking no higher than node `floor`; false when `stop` gave the
  /// budget that stopped it, or `deadline` cut a run short. `stop` is asked before each run,
  /// `progress` told after it.
  func search<W: SearchWalk>(
    _ walk: inout W, _ findings: inout Findings, floor: Int, until deadline: Deadline,
    stop: (Findings) -> Limit?, progress: (Findings, _ explored: Double) -> Void
  ) -> Bool {
    while true {
      if let limit = stop(findings) {
        findings.stoppedBy = limit
        return false
      }
      let box = WalkBox(walk)
      let chooser = self.chooser { index, candidates, preferred in
        box.pick(index, candidates, preferred)
      }
      box.chooser = chooser
      var runOptions = deadline.bounding(options)
      runOptions.chooser = chooser
      let result = ScenarioRunner.runAndCheck(scenario, options: runOptions)
      if let limit = deadline.cut(result.record) {
        progress(findings, walk.explored(from: floor))  // its place in a shared budget, given back
        findings.stoppedBy = limit
        return false
      }
      walk = box.walk
      if walk.mismatch {
        findings.nondeterministic += 1
        // Most of its runs leave their path: the optimal search proves nothing here, and the
        // sleep-set search that follows it (`secondOpinion`) gets the time left.
        if budget.secondOpinion, findings.nondeterministic >= 100,
          findings.nondeterministic * 2 > findings.schedules + findings.redundant
        {
          return false
        }
      }
      if walk.abandoned {
        findings.redundant += 1
        // Its races still count: the orders they reverse may lie where it could not go.
        _ = walk.learn(from: chooser.decisions, upTo: walk.depth, floor: floor)
      } else if walk.learn(from: chooser.decisions, upTo: chooser.decisions.count, floor: floor) {
        findings.redundant += 1  // an earlier part of the split search counts it
      } else {
        findings.schedules += 1
        record(result, decisions: chooser.decisions, into: &findings)
      }
      let more = walk.backtrack(chooser.decisions, floor: floor)
      progress(findings, walk.explored(from: floor))
      if !more { return true }
    }
  }

  /// A chooser for one run of the search: `pick` makes its choices.
  func chooser(_ pick: @escaping ScheduleChooser.Pick) -> ScheduleChooser {
    let chooser = ScheduleChooser(showsSplitReads: false, pick: pick)
    chooser.precise = precise
    chooser.ordersTaskEnds = observesFirst
    return chooser
  }

  private func record(
    _ result: RunResult, decisions: [ScheduleChooser.Decision], into findings: inout Findings
  ) {
    if result.checks.contains(where: { !$0.passed && $0.name != "outcome" }) {
      findings.failedChecks += 1
    }
    let outcome = Outcome(of: result.record, observingFirst: observesFirst)
    let schedule = Schedule(scenario: identity, decisions: decisions)
    let preemptions = Self.preemptions(decisions)
    let (grade, reason) = OutcomeHistogram.grade(outcome, by: rules)
    findings.add(
      Found(
        outcome: outcome, schedule: schedule, preemptions: preemptions, count: 1, grade: grade,
        reason: reason))
  }

  /// Turns where a task that could go on was switched away from.
  package static func preemptions(_ decisions: [ScheduleChooser.Decision]) -> Int {
    var count = 0
    for (index, decision) in decisions.enumerated() where index > 0 {
      let previous = decisions[index - 1].chosen
      if decision.candidates.contains(previous), decision.chosen != previous { count += 1 }
    }
    return count
  }
}

/// What a search walks: a path through the tree of choices.
protocol SearchWalk {
  var abandoned: Bool { get }
  /// How many choices the current run made on the walk's path.
  var depth: Int { get }
  var mismatch: Bool { get }
  mutating func pick(
    _ index: Int, _ candidates: [Int], _ preferred: Int, decisions: [ScheduleChooser.Decision]
  ) -> Int?
  /// Learns from a run what else must be explored: from its first `count` turns, and only
  /// where the path can branch (`first` on). True when an earlier part of a split search counts
  /// the run.
  mutating func learn(
    from decisions: [ScheduleChooser.Decision], upTo count: Int, floor first: Int
  ) -> Bool
  mutating func backtrack(_ decisions: [ScheduleChooser.Decision], floor: Int) -> Bool
  /// How much of the tree below `floor` is behind the walk, from 0 to 1.
  func explored(from floor: Int) -> Double
}

extension SearchWalk {
  mutating func backtrack(_ decisions: [ScheduleChooser.Decision]) -> Bool {
    backtrack(decisions, floor: 0)
  }
}

extension Walk: SearchWalk {
  var depth: Int { nodes.count }
  /// Not estimated: a bounded walk is short, and one without a bound is only for measuring.
  func explored(from floor: Int) -> Double { 0 }
  /// Sleep sets alone learn nothing from a run, and a walk that is not split has no earlier
  /// part.
  mutating func learn(
    from decisions: [ScheduleChooser.Decision], upTo count: Int, floor first: Int
  ) -> Bool { false }
}

extension OptimalWalk: SearchWalk {
  var depth: Int { nodes.count }
}

/// The walk, shared with the chooser's closure for one run (the loop thread only).
private final class WalkBox<W: SearchWalk>: @unchecked Sendable {
  var walk: W
  /// Weak: the chooser's closure holds the box, and a strong reference back would keep every
  /// run's chooser, with all its decisions, alive for the whole search.
  weak var chooser: ScheduleChooser?

  init(_ walk: W) { self.walk = walk }

  func pick(_ index: Int, _ candidates: [Int], _ preferred: Int) -> Int? {
    guard let chooser else { return preferred }
    guard let choice = walk.pick(index, candidates, preferred, decisions: chooser.decisions)
    else {
      chooser.abandon = true
      return preferred
    }
    return choice
  }
}
