import LabRuntime

/// Jobs on one serial lane whose order nothing can see.
///
/// Two tasks that hop onto one lane (main, an actor) race for its queue: the lane runs their
/// jobs in the order they arrived, so the search runs both orders. When the two jobs commute —
/// neither touches what the other touches in a way that orders them, no time passes in them,
/// and every variable either job reaches is reached only on that lane (so no other task, and no
/// race report, can tell the orders apart) — both orders end in one state, and the search runs
/// one: additions on main from three downloads at one moment are one order, not six. A sum (an
/// `add` of a whole number at least 0, `TurnFootprint.Access.sumRead`) commutes with another
/// sum; anything else that orders, orders (docs/exploration.md, "Jobs whose order nothing sees").
struct CommutingJobs {
  /// A pair of events, by index in the run, the smaller first.
  struct Pair: Hashable {
    var earlier: Int
    var later: Int
    init(_ one: Int, _ other: Int) { (earlier, later) = (min(one, other), max(one, other)) }
  }

  /// Events of two commuting jobs (each with the turn that put it on its lane): never ordered
  /// by each other, never a race.
  private(set) var independent: Set<Pair> = []
  /// The commuting jobs, the one that arrived first first.
  private(set) var pairs: [(first: Job, second: Job)] = []

  /// More arrivals than this at one moment on one lane are left ordered: the pairs grow as
  /// their square.
  static let maxArrivals = 16

  /// A job that arrived on a lane: the turn that put it there, and the turns it ran there.
  struct Job {
    var arrival: Int
    var turns: [Int]
    var time: Int64
    /// What the job's turns and its arrival touched, the lane's own objects left out.
    var accesses: [TurnFootprint.Object: TurnFootprint.Access]
  }

  init() {}

  /// The commuting jobs of a complete run; `touching` lists, for each object, the events of each
  /// task that touched it.
  init(_ events: [RunEvent], touching: [TurnFootprint.Object: [Int: [Int]]]) {
    // Most runs put at most one job on a lane from off it at one moment: nothing to pair.
    var moments: [LaneMoment: Int] = [:]
    for (object, tasks) in touching {
      guard case .lane(let lane) = object else { continue }
      for index in tasks.values.joined() where !events[index].runs(on: lane) {
        moments[LaneMoment(lane: lane, time: events[index].footprint.time), default: 0] += 1
      }
    }
    guard moments.values.contains(where: { $0 > 1 }) else { return }
    let width = (events.map(\.task).max() ?? -1) + 1
    var nextOfTask = [Int?](repeating: nil, count: events.count)
    var positions = [[Int]](repeating: [], count: width)
    var enabled: [Int: [Int]] = [:]
    for (index, event) in events.enumerated() {
      if let last = positions[event.task].last { nextOfTask[last] = index }
      positions[event.task].append(index)
      if let enabler = event.enabler, enabler.index < positions[enabler.task].count {
        enabled[positions[enabler.task][enabler.index], default: []].append(index)
      }
    }
    var arrivals: [LaneMoment: [Job]] = [:]
    for (index, event) in events.enumerated() {
      for (object, access) in event.footprint.accesses where access.contains(.write) {
        guard case .lane(let lane) = object,
          event.footprint.accesses[.laneTurns(lane)] == nil
        else { continue }
        // The job this turn put on the lane: its own task's next turn (a hop), or a turn of
        // another task it enabled; with more than one, which is which is not known here.
        var starts = (enabled[index] ?? []).filter { events[$0].runs(on: lane) }
        if let next = nextOfTask[index], events[next].enabler == nil, events[next].runs(on: lane) {
          starts.append(next)
        }
        guard starts.count == 1,
          let job = Self.job(arrival: index, start: starts[0], lane: lane, events, nextOfTask)
        else { continue }
        arrivals[LaneMoment(lane: lane, time: job.time), default: []].append(job)
      }
    }
    for (moment, jobs) in arrivals where jobs.count > 1 && jobs.count <= Self.maxArrivals {
      for (offset, first) in jobs.enumerated() {
        for second in jobs[(offset + 1)...]
        where Self.commute(first, second, on: moment.lane, events, touching) {
          pairs.append((first, second))
        }
      }
    }
    pairIndependent()
  }

  private mutating func pairIndependent() {
    independent = []
    for (first, second) in pairs {
      for one in [first.arrival] + first.turns {
        for other in [second.arrival] + second.turns { independent.insert(Pair(one, other)) }
      }
    }
  }

  /// The pairs a sequence cannot keep apart: it runs a turn of the job that arrived second while
  /// the first has arrived (before `start`, or in the sequence) but not run whole — the lane
  /// runs its jobs in the order they came, so no run can follow it. `sequence` holds indices of
  /// the run's events, run from `start` on.
  func pairsSplit(bySequence sequence: Set<Int>, from start: Int) -> [Int] {
    pairs.indices.filter { index in
      let (first, second) = pairs[index]
      let ran = { (turn: Int) in turn < start || sequence.contains(turn) }
      return second.turns.contains(where: { sequence.contains($0) }) && ran(first.arrival)
        && !first.turns.allSatisfy(ran)
    }
  }

  /// Keeps the jobs of the pairs at `indices` ordered, as if they did not commute.
  mutating func order(pairsAt indices: [Int]) {
    for index in indices.sorted(by: >) { pairs.remove(at: index) }
    pairIndependent()
  }

  func contains(_ one: Int, _ other: Int) -> Bool {
    !independent.isEmpty && independent.contains(Pair(one, other))
  }

  private struct LaneMoment: Hashable {
    var lane: Int
    var time: Int64
  }

  /// The turns a job ran on `lane` from `start`, while its task stayed there; nil when one did
  /// something no object describes, arrived on the lane again, read a priority, or time passed.
  /// A turn that touched nothing between two on the lane is the job's too: a task that held
  /// the lane through a point where others could run (the read and the write of an `add`)
  /// comes back in such a turn.
  private static func job(
    arrival: Int, start: Int, lane: Int, _ events: [RunEvent], _ nextOfTask: [Int?]
  ) -> Job? {
    let time = events[start].footprint.time
    let arrivalFootprint = events[arrival].footprint
    guard arrivalFootprint.time == time, !arrivalFootprint.opaque else { return nil }
    var job = Job(arrival: arrival, turns: [], time: time, accesses: [:])
    for (object, access) in arrivalFootprint.accesses where object != .lane(lane) {
      job.accesses[object, default: []].formUnion(access)
    }
    var pending: [Int] = []
    var index: Int? = start
    while let turn = index {
      let footprint = events[turn].footprint
      if events[turn].runs(on: lane) {
        // A turn on the lane is the job's, or the job cannot be judged.
        guard !footprint.opaque, footprint.time == time, footprint.accesses[.lane(lane)] == nil,
          footprint.accesses[.lanePriority(lane)] == nil
        else { return nil }
        for (object, access) in footprint.accesses where object != .laneTurns(lane) {
          job.accesses[object, default: []].formUnion(access)
        }
        job.turns += pending + [turn]
        pending = []
      } else if footprint.accesses.isEmpty, !footprint.opaque {
        pending.append(turn)
      } else {
        break  // the task went on elsewhere
      }
      index = nextOfTask[turn]
    }
    return job
  }

  /// Whether the two jobs, and the turns that put them on the lane, end in one state in either
  /// order, and nothing else in the run can tell which came first.
  private static func commute(
    _ first: Job, _ second: Job, on lane: Int, _ events: [RunEvent],
    _ touching: [TurnFootprint.Object: [Int: [Int]]]
  ) -> Bool {
    guard events[first.arrival].task != events[second.arrival].task else { return false }
    let firstTurns = Set([first.arrival] + first.turns)
    let secondTurns = Set([second.arrival] + second.turns)
    for turn in firstTurns.union(secondTurns) {
      let event = events[turn]
      let others = firstTurns.contains(turn) ? secondTurns : firstTurns
      if let enabler = event.enabler, others.contains(where: { events[$0].id == enabler }) {
        return false
      }
      if event.queuedBehind.contains(where: { id in others.contains { events[$0].id == id } }) {
        return false
      }
    }
    for (object, access) in first.accesses {
      guard let theirs = second.accesses[object] else { continue }
      if access.onlyAdds && theirs.onlyAdds { continue }
      if access.orders(theirs) || theirs.orders(access) { return false }
    }
    // Every variable either job reaches is reached only on this lane: no other task's turn, and
    // no race report, sees which job came first.
    for object in Set(first.accesses.keys).union(second.accesses.keys) {
      guard case .variable = object else { continue }
      for turns in (touching[object] ?? [:]).values
      where turns.contains(where: { !events[$0].runs(on: lane) }) {
        return false
      }
    }
    return true
  }
}

extension RunEvent {
  /// Whether the turn ran on the serial lane `lane`.
  fileprivate func runs(on lane: Int) -> Bool { footprint.accesses[.laneTurns(lane)] != nil }
}
