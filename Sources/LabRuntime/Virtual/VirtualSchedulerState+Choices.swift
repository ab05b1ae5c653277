/// The choices a `ScheduleChooser` sees and makes: every runnable task by ordinal.
extension VirtualSchedulerState {
  /// With a chooser: the candidates by task ordinal; the chooser picks, or else the policy, and
  /// the chooser records the turn.
  mutating func chosenChoice() -> Choice? {
    var all: [(choice: Choice, ordinal: Int)] = []
    for index in pinned.indices { all.append((.pinned(index), pinned[index].queued.ordinal)) }
    for index in pools.indices where pools[index].free > 0 {
      for (position, job) in pools[index].queue.chooseable.enumerated() {
        all.append((.pool(index, position), job.ordinal))
      }
    }
    for index in lanes.indices where !lanes[index].busy && !lanes[index].isEmpty {
      if let host = lanes[index].headHost, pools[host].free == 0 { continue }
      all.append((.lane(index), lanes[index].queue[lanes[index].head].ordinal))
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
    case .pool(let index, let position): chosen = pools[index].queue.chooseable[position].ordinal
    case .lane(let index): chosen = lanes[index].queue[lanes[index].head].ordinal
    }
    var tightPool: Int?
    switch choice {
    case .pinned: break
    case .pool(let index, _): if pools[index].free == 1 { tightPool = index }
    case .lane(let index):
      if let host = lanes[index].headHost, pools[host].free == 1 { tightPool = host }
    }
    chooser.began(
      candidates: ordinals, preferred: preferred, chosen: chosen, pinnedOnPool: pinnedOnPool,
      time: now, tightPool: tightPool)
    switch choice {
    case .lane(let index): chooser.ranOnLane(index)
    case .pinned(let index):
      // A blocked task going on on the lane it held: the lane's next job comes after it.
      if case .lane(let lane) = pinned[index].target { chooser.ranOnLane(lane) }
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
      for job in pool.queue.chooseable { seen.insert(job.ordinal) }
    }
    for lane in lanes where !lane.busy && !lane.isEmpty {
      if let host = lane.headHost, pools[host].free == 0 { continue }
      seen.insert(lane.queue[lane.head].ordinal)
    }
    chooser.passed(candidates: seen.sorted(), running: me)
  }
}
