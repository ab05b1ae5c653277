import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import Synchronization

extension ExhaustiveSearch {
  /// Where one part of a split search begins: the choices that lead to it, and the tasks asleep
  /// at its last choice (explored in the parts before it, or needing no run of their own).
  package struct Part: Sendable {
    var path: [Int]
    var sleep: [Int: RunEvent]
  }

  /// How many parts the top of the tree is split into, at least, when it branches enough: the
  /// same for every `--jobs` and `--shard`, so every way of running the parts finds the same.
  static let partsWanted = 8

  /// The top of the tree, split into parts with sleep sets: at each point where more than one
  /// task that is not asleep can run, one part for each, the later ones with the earlier ones
  /// asleep while they commute (Godefroid's sleep sets cover every order once). Below a part's
  /// start, the optimal walk runs alone. A part where every runnable task is asleep covers
  /// nothing and is left out.
  func split(until deadline: Deadline) -> [Part]? {
    var parts = [Part(path: [], sleep: [:])]
    while parts.count < Self.partsWanted {
      var next: [Part] = []
      var branched = false
      for part in parts {
        guard let children = branches(of: part, until: deadline) else { return nil }
        if children.count > 1 || children.first?.path != part.path { branched = true }
        next += children
      }
      parts = next
      if !branched { break }
    }
    return parts
  }

  /// The parts that one part splits into at its next point with a choice, or the part itself
  /// when it has none left; nil when `deadline` cut a probe short.
  private func branches(of part: Part, until deadline: Deadline) -> [Part]? {
    guard let decisions = probe(part.path, until: deadline) else { return nil }
    let events = RunEvents.sequence(decisions)
    var path = part.path
    var sleep = part.sleep
    while path.count < decisions.count {
      let node = decisions[path.count]
      if !path.isEmpty {
        let turn = events[path.count - 1]
        sleep = sleep.filter { $0.value.commutes(with: turn) }
      }
      let awake = ([node.preferred] + node.candidates.filter { $0 != node.preferred }).filter {
        sleep[$0] == nil
      }
      if awake.isEmpty { return [] }
      if awake.count == 1 {
        path.append(awake[0])
        if awake[0] != node.chosen {
          return branches(of: Part(path: path, sleep: sleep), until: deadline)
        }
        continue
      }
      var children: [Part] = []
      var explored = sleep
      for task in awake {
        guard let probed = probe(path + [task], until: deadline) else { return nil }
        let turn = RunEvents.sequence(probed)[path.count]
        children.append(Part(path: path + [task], sleep: explored))
        explored[task] = turn
      }
      return children
    }
    return [Part(path: path, sleep: sleep)]
  }

  /// The decisions of a run that follows `path`, then the default; nil when `deadline` cut the
  /// run short.
  private func probe(_ path: [Int], until deadline: Deadline) -> [ScheduleChooser.Decision]? {
    let chooser = chooser { index, candidates, preferred in
      index < path.count && candidates.contains(path[index]) ? path[index] : preferred
    }
    var runOptions = deadline.bounding(options)
    runOptions.chooser = chooser
    let record = ScenarioRunner.run(scenario, options: runOptions)
    return deadline.cut(record) == nil ? chooser.decisions : nil
  }

  /// The optimal search: the parts of `split`, those of this shard, run by `budget.jobs`
  /// workers, then merged in their order.
  func runOptimal(_ start: Findings, progress: (Progress) -> Void) -> Findings {
    let shared = SharedMeter(budget)
    var merged = start
    merged.optimal = true
    merged.identity = identity
    merged.shard = budget.shard
    guard let parts = split(until: shared.deadline) else {
      merged.stoppedBy = shared.deadline.spent
      merged.seconds = shared.seconds
      return merged
    }
    let mine = parts.indices.filter { budget.shard?.includes($0) ?? true }
    let results = Locked<[Int: Findings]>([:])
    let next = Atomic<Int>(0)
    let workers = max(1, min(budget.jobs, mine.count))
    let done = DispatchGroup()
    for _ in 0..<workers {
      done.enter()
      let thread = Thread { [self] in
        defer { done.leave() }
        while true {
          let slot = next.add(1, ordering: .relaxed).oldValue
          guard slot < mine.count, !shared.stopped else { return }
          let part = parts[mine[slot]]
          var findings = start
          var walk = OptimalWalk(path: part.path, sleep: part.sleep)
          var counted = findings.schedules
          _ = search(&walk, &findings, floor: part.path.count, until: shared.deadline) { _ in
            shared.spent()
          } progress: {
            shared.ran(
              part: slot, last: $0.outcomes.last?.outcome, counted: $0.schedules > counted, $1)
            counted = $0.schedules
          }
          shared.finished(part: slot)
          results.withLock { $0[slot] = findings }
        }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
      progress(shared.progress(parts: mine.count))
    }
    merged.parts = parts.count
    let found = results.withLock { $0 }
    for slot in mine.indices {
      if let part = found[slot] {
        merged.merge(part, index: mine[slot])
      }
    }
    merged.complete = merged.stoppedBy == nil && found.count == mine.count
    merged.seconds = shared.seconds
    return merged
  }
}

/// The budget of a search whose parts run on several threads: schedules counted over all of
/// them, and the first limit reached stops them all. A run takes its place in the schedule
/// budget before it begins, so that workers running at once cannot all pass the last check and
/// run past the budget; a run that turns out redundant gives its place back.
final class SharedMeter: Sendable {
  private struct State {
    var meter: ExhaustiveSearch.Meter
    /// Schedules run to the end and counted (redundant runs are not).
    var schedules = 0
    /// Runs begun and not yet ended, each holding a place in the schedule budget.
    var running = 0
    var outcomes: Set<Outcome> = []
    var stop: ExhaustiveSearch.Limit?
    /// How much of each part's tree is behind it, by part.
    var explored: [Int: Double] = [:]
  }

  private enum Answer {
    case run
    case stop(ExhaustiveSearch.Limit)
    /// The runs under way may use the last places of the budget, or give them back.
    case wait
  }

  private let state: Locked<State>
  let deadline: ExhaustiveSearch.Deadline

  init(_ budget: ExhaustiveSearch.Budget) {
    let meter = ExhaustiveSearch.Meter(budget)
    deadline = meter.deadline
    state = Locked(State(meter: meter))
  }

  var schedules: Int { state.withLock { $0.schedules } }
  var outcomes: Int { state.withLock { $0.outcomes.count } }
  var stopped: Bool { state.withLock { $0.stop != nil } }
  var seconds: Double { state.withLock { $0.meter.seconds } }

  /// The limit reached, before the next run anywhere; nil: run, and call `ran` after it.
  func spent() -> ExhaustiveSearch.Limit? {
    while true {
      let answer: Answer = state.withLock { state in
        if let stop = state.stop { return .stop(stop) }
        if let max = state.meter.budget.maxSchedules, state.schedules < max,
          state.schedules + state.running >= max
        {
          return .wait
        }
        if let limit = state.meter.spent(schedules: state.schedules) {
          state.stop = limit
          return .stop(limit)
        }
        state.running += 1
        return .run
      }
      switch answer {
      case .run: return nil
      case .stop(let limit): return limit
      case .wait: Thread.sleep(forTimeInterval: 0.001)
      }
    }
  }

  /// A run of part `part` ended, `counted` as a schedule or not, with `explored` of the part's
  /// tree behind it; `last` is the last outcome that part found.
  func ran(part: Int, last: Outcome?, counted: Bool, _ explored: Double) {
    state.withLock {
      $0.running -= 1
      if counted { $0.schedules += 1 }
      if let last { $0.outcomes.insert(last) }
      $0.explored[part] = explored
    }
  }

  /// Part `part` is explored to its end.
  func finished(part: Int) { state.withLock { $0.explored[part] = 1 } }

  /// The search so far, its parts counted as equal shares of the tree.
  func progress(parts: Int) -> ExhaustiveSearch.Progress {
    state.withLock {
      ExhaustiveSearch.Progress(
        schedules: $0.schedules, outcomes: $0.outcomes.count,
        explored: $0.explored.values.reduce(0, +) / Double(max(1, parts)),
        seconds: $0.meter.seconds)
    }
  }
}
