import LabRuntime

/// One turn of a run as the search sees it: the task that ran it, which of that task's turns it
/// was, and what it touched. The same event in two runs has the same `id`.
struct RunEvent: Sendable {
  /// A task's `index`-th turn (from 0), the task named by its ordinal.
  struct ID: Hashable, Sendable {
    var task: Int
    var index: Int
  }

  var id: ID
  var footprint: TurnFootprint
  /// The event whose turn enqueued this one's job, when another task's did.
  var enabler: ID?
  /// Events that started a job ahead of this one's in its pool's queue, or gave a worker back,
  /// while it waited (`TurnFootprint.queuedBehind`): it could not have run before them.
  var queuedBehind: [ID] = []

  var task: Int { id.task }

  /// Whether `later`, after this event in a run, must stay after it: the same task, enabled by
  /// it, after a move of the clock, or touching something this one touched in a way that orders.
  func precedes(_ later: RunEvent) -> Bool {
    task == later.task || later.enabler == id || later.queuedBehind.contains(id)
      || footprint.time < later.footprint.time || footprint.orders(later.footprint)
  }

  /// Whether the two events of different tasks, enabled at one point, can run in either order
  /// with the same result, and neither enables the other.
  func commutes(with other: RunEvent) -> Bool {
    task != other.task && other.enabler != id && enabler != other.id
      && !other.queuedBehind.contains(id) && !queuedBehind.contains(other.id)
      && footprint.time == other.footprint.time && !footprint.conflicts(with: other.footprint)
  }

  /// Whether `later`, after this event in a run, is in a race with it: another task's turn,
  /// which could have run first and given another result.
  func races(with later: RunEvent) -> Bool {
    task != later.task && later.enabler != id && !later.queuedBehind.contains(id)
      && footprint.time == later.footprint.time
      && footprint.races(with: later.footprint)
  }
}

/// A complete run as events, with happens-before as vector clocks, and the races of the run:
/// pairs of events of different tasks in conflict with nothing ordering them but each other.
struct RunEvents {
  private(set) var events: [RunEvent] = []
  /// Each event's vector clock: for every task, how many of its events happen before or are it.
  private var clocks: [[Int]] = []

  /// Jobs on one lane whose order nothing sees: their turns neither order each other nor race.
  private var commuting = CommutingJobs()

  /// The events of a run's `decisions`; `complete` when the run ended by itself (a job cut short
  /// could have done more, so only a complete run's jobs are judged to commute).
  init(_ decisions: [ScheduleChooser.Decision], complete: Bool = true) {
    events = Self.sequence(decisions)
    let width = (decisions.map(\.chosen).max() ?? -1) + 1
    analyse(width: width, complete: complete)
  }

  /// For every object some event touched, the events of each task that touched it, in run
  /// order: only events that share an object can conflict, so each event is compared with those
  /// alone — and only with other tasks' (a task's own events are in program order, which both
  /// users of `sharing` skip). Kept by task, a task's thousand steps on one variable cost it
  /// nothing: by event alone, each step was compared with every one before it.
  private var touching: [TurnFootprint.Object: [Int: [Int]]] = [:]
  /// Events that touched something no object describes, by task, in run order.
  private var opaque: [Int: [Int]] = [:]

  /// The earlier events of other tasks that `later` conflicts with, or that order it, through
  /// what it touched, in run order.
  func sharing(_ later: Int) -> [Int] {
    let event = events[later]
    if event.footprint.opaque { return (0..<later).filter { events[$0].task != event.task } }
    var found: [Int] = []
    func add(_ lists: [Int: [Int]]) {
      for (task, list) in lists where task != event.task {
        found += list[..<Self.count(of: list, before: later)]
      }
    }
    add(opaque)
    for object in event.footprint.accesses.keys { add(touching[object] ?? [:]) }
    found.sort()
    var unique: [Int] = []
    unique.reserveCapacity(found.count)
    for index in found where unique.last != index { unique.append(index) }
    return unique
  }

  /// How many of `list`'s indices (ascending) are below `bound`.
  private static func count(of list: [Int], before bound: Int) -> Int {
    var (low, high) = (0, list.count)
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < bound { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The events of a run's turns, each named by its task and its place among that task's.
  static func sequence(_ decisions: [ScheduleChooser.Decision]) -> [RunEvent] {
    var sequence = EventSequence()
    for decision in decisions { sequence.append(decision) }
    return sequence.events
  }

  private mutating func analyse(width: Int, complete: Bool) {
    for (index, event) in events.enumerated() {
      if event.footprint.opaque { opaque[event.task, default: []].append(index) }
      for object in event.footprint.accesses.keys {
        touching[object, default: [:]][event.task, default: []].append(index)
      }
    }
    if complete { commuting = CommutingJobs(events, touching: touching) }
    computeClocks(width: width)
    // A reversal that would run one job of a pair before the other's, against the lane's
    // order, keeps that pair ordered: reversing their arrivals covers those runs instead.
    while !commuting.pairs.isEmpty {
      var split: Set<Int> = []
      for (earlier, later) in races() {
        let sequence = Set(((earlier + 1)..<later).filter { !happensBefore(earlier, $0) } + [later])
        split.formUnion(commuting.pairsSplit(bySequence: sequence, from: earlier))
      }
      if split.isEmpty { break }
      commuting.order(pairsAt: Array(split))
      computeClocks(width: width)
    }
  }

  private mutating func computeClocks(width: Int) {
    clocks = []
    clocks.reserveCapacity(events.count)
    var lastOfTask: [Int: Int] = [:]
    // Everything before the clock last moved happens before everything after it.
    var barrier = [Int](repeating: 0, count: width)
    var allSoFar = barrier
    var barrierTime = events.first?.footprint.time ?? 0
    for (index, event) in events.enumerated() {
      if event.footprint.time > barrierTime {
        barrier = allSoFar
        barrierTime = event.footprint.time
      }
      var clock = barrier
      if let previous = lastOfTask[event.task] { join(&clock, clocks[previous]) }
      if let enabler = event.enabler, let at = position(of: enabler, before: index) {
        join(&clock, clocks[at])
      }
      for before in event.queuedBehind {
        if let at = position(of: before, before: index) { join(&clock, clocks[at]) }
      }
      for earlier in sharing(index).reversed() where events[earlier].task != event.task {
        if !happensBefore(earlier, clock), events[earlier].precedes(event),
          !commuting.contains(earlier, index)
        {
          join(&clock, clocks[earlier])
        }
      }
      clock[event.task] = event.id.index + 1
      clocks.append(clock)
      join(&allSoFar, clock)
      lastOfTask[event.task] = index
    }
  }

  /// Where the event `id` is in the run, looking back from `index`.
  private func position(of id: RunEvent.ID, before index: Int) -> Int? {
    stride(from: index - 1, through: 0, by: -1).first { events[$0].id == id }
  }

  private func join(_ clock: inout [Int], _ other: [Int]) {
    for index in other.indices where other[index] > clock[index] { clock[index] = other[index] }
  }

  private func happensBefore(_ earlier: Int, _ clock: [Int]) -> Bool {
    let event = events[earlier]
    return clock[event.task] > event.id.index
  }

  /// Whether event `earlier` happens before event `later` (indices in the run).
  func happensBefore(_ earlier: Int, _ later: Int) -> Bool {
    earlier < later && happensBefore(earlier, clocks[later])
  }

  /// The races of the run, as (earlier, later) indices: `later` conflicts with `earlier`, and no
  /// event between them is after `earlier` and before `later`.
  func races() -> [(Int, Int)] {
    var found: [(Int, Int)] = []
    for later in events.indices {
      // Tasks with an event that happens before `later`, seen going back: every earlier event
      // of such a task happens before that one (program order), which is between them, so it
      // is no race — unless it took a lock `later` takes, where its own task's events do not
      // count. Skipping them keeps a run of thousands of conflicting steps from comparing
      // each with all before it.
      var ordered = Set<Int>()
      for earlier in sharing(later).reversed() {
        let holder = events[earlier].footprint.takesLock(before: events[later].footprint)
        if !holder, ordered.contains(events[earlier].task) { continue }
        if happensBefore(earlier, later) { ordered.insert(events[earlier].task) }
        guard events[earlier].races(with: events[later]), !commuting.contains(earlier, later)
        else { continue }
        // Two takes of a lock race although the first holder's release orders them.
        let between = (earlier + 1)..<later
        if !between.contains(where: {
          (!holder || events[$0].task != events[earlier].task) && happensBefore(earlier, $0)
            && happensBefore($0, later)
        }) {
          found.append((earlier, later))
        }
      }
    }
    return found
  }

  /// The events after `earlier` and before `later` that do not happen after `earlier`, then
  /// `later`: a sequence that, run from just before `earlier`, reverses the race.
  func reversal(of earlier: Int, _ later: Int) -> [RunEvent] {
    ((earlier + 1)..<later).filter { !happensBefore(earlier, $0) }.map { events[$0] }
      + [events[later]]
  }
}

/// A run's events as its turns come, one at a time: each named by its task and its place among
/// that task's, with the event that enabled it.
struct EventSequence {
  private(set) var events: [RunEvent] = []
  /// How many events each task has had so far.
  private var counts: [Int: Int] = [:]

  mutating func append(_ decision: ScheduleChooser.Decision) {
    let id = RunEvent.ID(task: decision.chosen, index: counts[decision.chosen, default: 0])
    counts[decision.chosen] = id.index + 1
    let enabler = decision.footprint.enabler.flatMap { $0 < events.count ? events[$0].id : nil }
    var footprint = decision.footprint
    // Whether a lock was held when a task came to it, and which arrival took a pool's last
    // place within its idle threads' reach, are left to sleep sets: the optimal search names
    // events by their task and place, and a wait that comes after the release instead of
    // before it is a take, one turn instead of three, so the events after it change names and
    // the reversed sequences cannot be followed (docs/exploration.md, "A known defect"); an
    // arrival put behind another waits where it ran, with the same effect. The optimal search
    // orders queued jobs by `queuedBehind` instead.
    footprint.accesses = footprint.accesses.filter {
      switch $0.key {
      case .lockHeld, .poolReach: false
      case .variable, .isolatedState, .task, .completionOrder, .lock, .lockWaiters, .lane,
        .lanePriority,
        .laneTurns, .pool, .poolQueue, .creation, .timers:
        true
      }
    }
    var event = RunEvent(id: id, footprint: footprint, enabler: enabler)
    event.queuedBehind = decision.footprint.queuedBehind.compactMap {
      $0 < events.count ? events[$0].id : nil
    }
    events.append(event)
  }

  /// Keeps the first `count` events: the prefix a run after a backtrack follows again.
  mutating func keep(_ count: Int) {
    events.removeSubrange(count...)
    counts = [:]
    for event in events { counts[event.task] = event.id.index + 1 }
  }
}
