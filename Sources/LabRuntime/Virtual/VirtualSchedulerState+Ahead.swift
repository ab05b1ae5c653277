/// Jobs that go ahead of the ones waiting where they are queued. A `Task.immediate`'s caller
/// never lets its thread go in Swift: on main it goes on there, not by way of the pool; off every
/// actor, the task's first part runs before the caller's next line, and the caller goes on right
/// after. The lab queues both, so it puts them at the head of the queue they join.
struct AheadMarks {
  /// Tasks whose next job goes to a lane ahead of the jobs waiting there.
  var onLane: [UInt64: Int] = [:]
  /// Tasks whose next job goes to their pool ahead of the jobs waiting there.
  var onPool: Set<UInt64> = []
  /// The task whose next creation goes ahead of the jobs waiting on its pool.
  var creator: UInt64?
  /// Tasks whose next hop is queued, never switched in place (`switchesInPlace`).
  var queuedHop: Set<UInt64> = []

  /// Whether `task`'s job, arriving on a pool, goes ahead: the task was marked, or it is a task
  /// just `created` by the marked creator (`running`). Either mark is used up.
  mutating func goesAheadOnPool(_ task: UInt64, created: Bool, by running: UInt64?) -> Bool {
    if !onPool.isEmpty, onPool.remove(task) != nil { return true }
    guard created, let creator, running == creator else { return false }
    self.creator = nil
    return true
  }
}

extension VirtualSchedulerState {
  /// The running task's next job goes to lane `index`, ahead of the jobs waiting there.
  mutating func runningTaskGoesFirst(onLane index: Int) {
    running.map { ahead.onLane[$0.task] = index }
  }

  /// The running task's next job on a pool goes ahead of the jobs waiting there.
  mutating func runningTaskGoesFirstOnItsPool() {
    running.map { _ = ahead.onPool.insert($0.task) }
  }

  /// The next task the running one creates goes ahead of the jobs waiting on its pool.
  mutating func nextTaskGoesFirstOnItsPool() {
    ahead.creator = running?.task
  }

  /// The running task's next job is queued where it goes, not continued in place: a
  /// `Task.immediate`'s hop at the end of its first part.
  mutating func runningTaskQueuesItsNextHop() {
    running.map { _ = ahead.queuedHop.insert($0.task) }
  }
}

extension VirtualScheduler {
  /// The running task's next job on main goes ahead of the jobs waiting there.
  public func runningTaskGoesFirstOnMain() { state.runningTaskGoesFirst(onLane: mainLane) }

  /// The running task's next job on a pool goes ahead of the jobs waiting there.
  public func runningTaskGoesFirstOnItsPool() { state.runningTaskGoesFirstOnItsPool() }

  /// The next task the running one creates goes ahead of the jobs waiting on its pool.
  public func nextTaskGoesFirstOnItsPool() { state.nextTaskGoesFirstOnItsPool() }

  /// The running task's next hop is queued, not run in place.
  public func runningTaskQueuesItsNextHop() { state.runningTaskQueuesItsNextHop() }
}
