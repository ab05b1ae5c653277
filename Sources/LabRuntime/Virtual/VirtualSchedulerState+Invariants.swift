extension VirtualSchedulerState {
  /// What must hold once a run has finished, as one sentence per violation (none when sound):
  /// no timer or sleeper left, no runnable or pinned job left, no worker or lane still held, and
  /// every task that blocked came back. Tasks suspended on something else (a continuation the
  /// scenario keeps) are invisible here; the root task waits for those, or the run deadlocks.
  func endOfRunViolations() -> [String] {
    var found = timers.leftovers
    if !rootFinished { found.append("the root task did not finish") }
    if running != nil { found.append("a job is still running") }
    if !pinned.isEmpty { found.append("\(pinned.count) pinned job(s) never ran") }
    for pool in pools where !pool.queue.isEmpty || !pool.heldWakes.isEmpty {
      let count = pool.queue.count + pool.heldWakes.count
      found.append("\(count) job(s) still queued on pool \(pool.name)")
    }
    for lane in lanes where !lane.isEmpty {
      found.append("\(lane.count) job(s) still queued on lane \(lane.name)")
    }
    let stuck = pins.map { (ordinal: ordinals[$0.key] ?? -1, pin: $0.value) }
    for (ordinal, pin) in stuck.sorted(by: { $0.ordinal < $1.ordinal }) {
      let held = [pin.worker.map(threadName), pin.lane.map { lanes[$0].name }].compactMap { $0 }
      found.append(
        "task #\(ordinal) never came back from a block (holds "
          + held.joined(separator: " and ") + ")")
    }
    for pool in pools {
      for (index, busy) in pool.busy.enumerated() where busy {
        found.append("thread \(pool.name)-\(index + 1) is still held")
      }
    }
    for lane in lanes where lane.busy { found.append("lane \(lane.name) is still held") }
    return found
  }
}
