/// What the state holds of a job, a blocked task and a turn, and what it answers of itself.
extension VirtualSchedulerState {
  /// Where a blocked task holds on: its worker, its lane, or both.
  struct Pin {
    var worker: VirtualWorker?
    var lane: Int?
    /// Held at a preemption point of a run whose choices are made, which a run that only notes
    /// its choices passes without a turn: its way back is one turn, as the pass is one decision.
    var preempted = false
    var home: VirtualTarget { lane.map { .lane($0) } ?? .pool(worker!.pool) }
  }

  /// A job whose worker (and lane) are reserved for it: the continuation of a blocked task.
  struct PinnedJob {
    var queued: QueuedJob
    var target: VirtualTarget
    var pin: Pin
  }

  /// The job being run, and what it did to the scheduler while it ran.
  struct Running {
    var task: UInt64
    var target: VirtualTarget
    var worker: VirtualWorker?
    /// The running task re-enqueued itself where it runs: the driver continues it in place.
    var inlineNext: QueuedJob?
    /// The task blocked: its worker and lane stay held when the job returns.
    var blocked = false
    /// The task switched in place to another executor during the turn (`switchesInPlace`):
    /// `target` is where it runs now, and its turn gives back what it holds there.
    var switched = false
    /// The job is a runtime helper of the task (`QueuedJob.forwards`): what it enqueues for the
    /// task is queued, never continued in place.
    var forwards = false
  }

  /// A chosen job, with the worker and lane reserved for it, for the driver to run.
  struct Turn {
    var first: QueuedJob
    var target: VirtualTarget
    var worker: VirtualWorker?
    var pin: Pin?
  }

  var hasRunnableWork: Bool {
    !pinned.isEmpty || pools.contains { $0.free > 0 && !$0.queue.isEmpty }
      || lanes.contains { !$0.busy && !$0.isEmpty }
  }

  func threadName(_ worker: VirtualWorker) -> String {
    "\(pools[worker.pool].name)-\(worker.index + 1)"
  }
}
