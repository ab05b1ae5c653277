/// The task executor of one virtual thread pool: every job enqueued here waits for a free virtual
/// worker.
final class VirtualPoolExecutor: TaskExecutor, @unchecked Sendable {
  /// Weak: a finished task may keep its executor preference alive after the scheduler is gone.
  weak var scheduler: VirtualScheduler?
  let pool: Int

  init(scheduler: VirtualScheduler, pool: Int) {
    self.scheduler = scheduler
    self.pool = pool
  }

  func enqueue(_ job: consuming ExecutorJob) {
    scheduler?.enqueue(UnownedJob(job), to: .pool(pool))
  }
}

/// The executor of one serial virtual lane (the main lane, an actor, a serial queue).
///
/// One instance per lane, because `enqueue` cannot tell whether it was called as a task executor or
/// as a serial executor.
final class VirtualLaneExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
  weak var scheduler: VirtualScheduler?
  let lane: Int

  init(scheduler: VirtualScheduler, lane: Int) {
    self.scheduler = scheduler
    self.lane = lane
  }

  func enqueue(_ job: consuming ExecutorJob) {
    scheduler?.enqueue(UnownedJob(job), to: .lane(lane))
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func checkIsolated() {
    precondition(scheduler?.isRunning(lane: lane) == true, "not running on virtual lane \(lane)")
  }
}

/// The preferred executor of one task that must start on a lane (main) without a detour through
/// the pool: the first job goes to the lane, later jobs (and the task's children) to the pool.
final class VirtualFirstJobExecutor: TaskExecutor, @unchecked Sendable {
  weak var scheduler: VirtualScheduler?
  let lane: Int
  let pool: Int
  /// The first job goes ahead of the jobs waiting on the lane (`Task.immediate` on main).
  let ahead: Bool
  /// The task is isolated to no actor (a nonisolated `Task.immediate` made on main): its first
  /// job runs on the lane's thread as a job of this executor, which the task prefers, so its
  /// nonisolated code finds itself where it belongs and goes on there without a hop.
  let nonisolated: Bool
  private var started = false  // touched only on the loop thread

  init(scheduler: VirtualScheduler, lane: Int, pool: Int, ahead: Bool, nonisolated: Bool) {
    self.scheduler = scheduler
    self.lane = lane
    self.pool = pool
    self.ahead = ahead
    self.nonisolated = nonisolated
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let target: VirtualTarget = started ? .pool(pool) : .lane(lane)
    let first = ahead && !started
    let runningAs = nonisolated && !started ? asUnownedTaskExecutor() : nil
    started = true
    scheduler?.enqueue(UnownedJob(job), to: target, first: first, runningAs: runningAs)
  }
}
