/// The choices a `ScheduleChooser` sees and makes: every runnable task by ordinal.
extension VirtualSchedulerState {
  /// A runnable job: a blocked task's way back, a job on a pool's free thread, a lane's next.
  enum Choice {
    case pinned(Int)
    case pool(Int, Int)
    case lane(Int)
  }

  /// Without a chooser: the runnable job of the highest priority (the policy's pick).
  func bestChoice() -> Choice? {
    if let task = spawnCoin.startsNext, let choice = poolChoice(of: task) { return choice }
    var best: Choice?
    var bestPriority: (UInt64, Int) = (0, Int.min)
    func consider(_ choice: Choice, _ priority: (UInt64, Int)) {
      if best == nil || priority > bestPriority {
        best = choice
        bestPriority = priority
      }
    }
    for index in pinned.indices { consider(.pinned(index), priority(of: pinned[index].queued)) }
    for index in pools.indices where pools[index].free > 0 {
      if let best = pools[index].queue.best(onThreads: pools[index].free) {
        consider(.pool(index, best.offset), (best.priority, -best.tiebreak))
      }
    }
    for index in lanes.indices where !lanes[index].busy && !lanes[index].isEmpty {
      if let host = lanes[index].headHost, pools[host].free == 0 { continue }
      consider(.lane(index), priority(of: lanes[index].next))
    }
    return best
  }

  /// With a chooser: the candidates by task ordinal; the chooser picks, or else the policy, and
  /// the chooser records the turn.
  mutating func chosenChoice() -> Choice? {
    // A preempted task on its way back to an actor or main goes through its pool first (its
    // continuation resumes on its executor preference): a hop of the lab's, not a choice.
    if let index = pinned.firstIndex(where: { $0.pin.preempted && $0.target != $0.pin.home }) {
      return .pinned(index)
    }
    var all: [(choice: Choice, ordinal: Int)] = []
    for index in pinned.indices { all.append((.pinned(index), pinned[index].queued.ordinal)) }
    for index in pools.indices where pools[index].free > 0 {
      for (position, job) in pools[index].queue.onThreads(pools[index].free).enumerated() {
        all.append((.pool(index, position), job.ordinal))
      }
    }
    for index in lanes.indices where !lanes[index].busy && !lanes[index].isEmpty {
      if let host = lanes[index].headHost, pools[host].free == 0 { continue }
      all.append((.lane(index), lanes[index].next.ordinal))
    }
    guard let chooser = oracle.chooser, !all.isEmpty else { return nil }
    let ordinals = Set(all.map(\.ordinal)).sorted()
    let (picked, preferred) = chooser.choose(among: ordinals)
    if chooser.abandon { stop("the schedule was abandoned") }
    let choice = all.first { $0.ordinal == picked }?.choice ?? bestChoice()!
    let chosen: Int
    var pinnedOnPool = false
    switch choice {
    case .pinned(let index):
      chosen = pinned[index].queued.ordinal
      pinnedOnPool = pinned[index].pin.lane == nil && pinned[index].target == pinned[index].pin.home
    case .pool(let index, let position):
      chosen = pools[index].queue.onThreads(pools[index].free)[position].ordinal
    case .lane(let index): chosen = lanes[index].next.ordinal
    }
    var tightPool: Int?
    switch choice {
    case .pinned: break
    case .pool(let index, _): if pools[index].free == 1 { tightPool = index }
    case .lane(let index):
      if let host = lanes[index].headHost, pools[host].free == 1 { tightPool = host }
    }
    var queuedBehind: [Int] = []
    if case .pool(let index, let position) = choice {
      queuedBehind = pools[index].queue.behind(at: position)
    }
    chooser.began(
      candidates: ordinals, preferred: preferred, chosen: chosen, pinnedOnPool: pinnedOnPool,
      time: now, tightPool: tightPool, queuedBehind: queuedBehind)
    switch choice {
    case .lane(let index): chooser.ranOnLane(index, byPriority: lanes[index].ordersByPriority)
    case .pinned(let index):
      // A blocked task going on on the lane it held: the lane's next job comes after it.
      if case .lane(let lane) = pinned[index].target {
        chooser.ranOnLane(lane, byPriority: lanes[lane].ordersByPriority)
      }
    case .pool: break
    }
    return choice
  }

  /// A point where a run whose choices are made lets other tasks in (`add` on shared memory,
  /// before its read), passed by a run that only records them: noted with the candidates such a
  /// run would see there (the running task among them, its worker and lane still held).
  mutating func passPreemptionPoint() {
    guard let chooser = oracle.chooser, !chooser.choosesTurns, let running,
      let me = ordinals[running.task]
    else { return }
    var seen: Set<Int> = [me]
    for job in pinned { seen.insert(job.queued.ordinal) }
    for pool in pools where pool.free > 0 {
      for job in pool.queue.onThreads(pool.free) { seen.insert(job.ordinal) }
    }
    for lane in lanes where !lane.busy && !lane.isEmpty {
      if let host = lane.headHost, pools[host].free == 0 { continue }
      seen.insert(lane.next.ordinal)
    }
    chooser.passed(candidates: seen.sorted(), running: me)
  }

  /// In a search, the current turn (its index in the run): a start it takes from a pool's queue,
  /// or a worker it gives back, orders the jobs still beyond the idle threads' reach after it
  /// (`queuedBehind`).
  /// Nil while the run is torn down: what it does then orders nothing the search reads, and
  /// ordering every waiting job at every turn of a drain took a cut run of 10,000 waiting
  /// children 95 s past its search's budget.
  var searchTurn: Int? {
    guard !aborting, let chooser = oracle.chooser, chooser.choosesTurns,
      !chooser.decisions.isEmpty
    else {
      return nil
    }
    return chooser.decisions.count - 1
  }

  /// A job arrived on pool `index`'s queue (before it is appended), for the chooser.
  func notePoolArrival(_ index: Int) {
    // The pool hands its jobs out in the order they arrive: a job that must wait for a thread
    // starts after the ones before it, so its arrival conflicts with theirs. Jobs that the
    // idle threads take (counting the running turn's, given back when it ends) start in any
    // order, and commute — but an arrival that takes the last place within their reach decides
    // whether the next one waits: in the other order, that one would have taken the place.
    var idle = pools[index].free
    if let running, !running.blocked, running.worker?.pool == index { idle += 1 }
    let waits = pools[index].queue.count >= idle
    oracle.chooser?.touch(.poolQueue(index), waits ? .write : .read)
    if pools[index].queue.count + 1 == idle { oracle.chooser?.touch(.poolReach(index), .write) }
  }

  /// A job of `priority` arrived on lane `index`, for the chooser.
  func noteLaneArrival(_ index: Int, priority: UInt8) {
    oracle.chooser?.enqueued(onLane: index)
    if lanes[index].ordersByPriority, let lowest = lanes[index].lowestPriorityRun,
      priority > lowest
    {
      oracle.chooser?.enqueued(overtakingOnLane: index)
    }
  }
}
