/// Swift's switch in place: a hop that runs on the thread the task is on, in its turn.
extension VirtualSchedulerState {
  /// Whether the running task's hop to `target` is one Swift makes on the thread it runs on,
  /// without a queue: from the pool or an actor (a lane on the pool's workers) to an actor that
  /// nobody runs and nothing waits for, or from such an actor back to the pool. Swift's
  /// `swift_task_switch` gives up the executor it leaves and takes the one it goes to when both
  /// can ("assumes the thread"); main and a custom executor cannot, so a hop to or from them is
  /// queued (docs/runtimes.md, "The hop to an idle actor runs in place").
  func switchesInPlace(_ running: Running, to target: VirtualTarget, host: Int?) -> Bool {
    guard let worker = running.worker, running.inlineNext == nil, !running.blocked,
      yieldingTask != running.task, ahead.onLane[running.task] == nil
    else { return false }
    // A blocked task's way back is reserved until it runs at home again.
    if let pin = pins[running.task], running.target != pin.home { return false }
    let leaves: Bool
    switch running.target {
    case .pool(let index): leaves = index == worker.pool
    case .lane(let index): leaves = lanes[index].hostPool != nil
    }
    guard leaves else { return false }
    switch target {
    case .pool(let index): return index == worker.pool && running.target != target
    case .lane(let index):
      guard let hostPool = lanes[index].hostPool else { return false }
      return (host ?? hostPool) == worker.pool && !lanes[index].busy && lanes[index].isEmpty
    }
  }
}
