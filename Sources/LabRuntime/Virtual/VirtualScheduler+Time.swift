import Synchronization

/// Virtual time for scenario code: blocking holds a worker, sleeping frees it, timers fire in
/// virtual time.
extension VirtualScheduler {

  /// Holds the current virtual worker (or lane) for `milliseconds`, as `Thread.sleep` does:
  /// nothing else runs there meanwhile, and the task continues there before anything queued
  /// behind it.
  public func block(
    milliseconds: Int64, isolation: isolated (any Actor)? = #isolation
  ) async {
    await holdPinned { continuation in
      state.setTimer(after: milliseconds, .unblock(continuation))
    }
  }

  /// A point where other threads' tasks may run while the current task keeps its worker and
  /// lane, as a preempted thread does: a choice point of a run whose choices are made.
  public func preempt(isolation: isolated (any Actor)? = #isolation) async {
    await holdPinned(preempted: true) { continuation in
      state.setTimer(after: 0, .unblock(continuation))
    }
  }

  /// Holds the current virtual worker (or lane), as `block` does, until the `release` handed to
  /// `register` is called — for waits whose end is another task's action (`DispatchGroup.wait`).
  public func hold(
    isolation: isolated (any Actor)? = #isolation,
    _ register: (_ release: @escaping @Sendable () -> Void) -> Void
  ) async {
    await holdPinned { continuation in register(openHold(continuation)) }
  }

  /// Suspends the current task with its worker and lane held (pinned) until `register`'s
  /// continuation is resumed by an `unblock` timer.
  private func holdPinned(
    isolation: isolated (any Actor)? = #isolation, preempted: Bool = false,
    until register: (CheckedContinuation<Void, Never>) -> Void
  ) async {
    precondition(state.running != nil, "blocking outside a virtual job")
    // A run being torn down holds nothing: its tasks unwind.
    if state.aborting { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      state.blockRunningTask(preempted: preempted)
      register(continuation)
    }
  }

  /// Suspends the current task for `milliseconds`, freeing its worker, as `Task.sleep` does.
  /// Cancellation wakes it at once with `CancellationError`.
  public func sleep(
    milliseconds: Int64, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    if state.aborting { throw RunAborted() }
    let id = state.newSleeperID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        if state.claimEarlyCancellation(ofSleep: id) || Task.isCancelled {
          continuation.resume(throwing: CancellationError())
          return
        }
        state.sleep(id: id, milliseconds: milliseconds, continuation, timer: .wakeSleeper(id: id))
      }
    } onCancel: {
      self.state.cancelSleep(id: id)?.resume(throwing: CancellationError())
    }
  }

  /// Notes a point where other tasks could run, passed without a turn (see `ScheduleChooser`).
  /// Timers due now fire first: a run whose choices are made yields here, and they fire before
  /// its next choice, so the point must list the tasks they wake.
  public func passPreemptionPoint() {
    guard state.oracle.chooser?.choosesTurns == false else { return }
    fireDueTimers()
    state.passPreemptionPoint()
  }

  /// Whether the running task started a task in this turn that a free thread could start before
  /// the task's next step (`SpawnCoin`).
  public var startedTaskMayGoFirst: Bool { state.spawnCoin.fresh != nil }

  /// Before the step after such a start: the new task takes the next turn when the seed's coin
  /// says so, the creator keeping its thread as a preempted thread does.
  public func newTaskMayStartFirst(isolation: isolated (any Actor)? = #isolation) async {
    if state.newTaskStartsFirst() { await preempt() }
  }

  /// Gives other runnable work a turn, as `Task.yield` does: the task goes back to its queue.
  public func yield(isolation: isolated (any Actor)? = #isolation) async {
    state.yieldRequested(true)
    await Task.yield()
    state.yieldRequested(false)
  }

  /// Runs `body` on the loop at virtual time `deadline` (an input arriving, a timer callback).
  public func schedule(at deadline: Int64, _ body: @escaping @Sendable () -> Void) {
    state.setTimer(at: deadline, .callback(body))
  }
}
