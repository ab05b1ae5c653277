/// Tearing down a stopped run. A task suspended forever is never freed — its frames, its
/// children and everything they hold stay in memory — so a run stopped by a limit or a deadlock
/// ends every wait with `RunAborted` and runs the jobs that follow until every task has unwound.
/// Without it a process running many stopped runs (the fuzzer, a test suite) grew by 20–40 KB
/// per run, more for wide fan-outs, until it ran out of memory.
extension VirtualScheduler {
  /// Registers what ends the waits kept above the scheduler (an `async let`'s result, a
  /// continuation) when a stopped run is torn down.
  public func onAbort(_ body: @escaping @Sendable () -> Void) { abortHandlers.append(body) }

  /// Ends the waits of a run that deadlocked, once its results have been read, so its suspended
  /// tasks unwind and are freed. A run stopped by a limit was torn down before `run` returned (its
  /// trace shows each task's end as `stopped`). A finished run may have left a task waiting too —
  /// on a continuation nothing resumes, as in Swift, where the waiter stays suspended while the
  /// program goes on — and it is freed the same way (with nothing left, this costs one pass).
  public func tearDown() {
    switch lastOutcome {
    case .deadlock: lastOutcome = .limitReached("torn down")
    case .finished: break
    case .limitReached, nil: return
    }
    abortAndDrain()
  }

  /// Holds the current task, as `hold` does, until the release — or until a teardown ends it.
  /// The release may be called more than once (a semaphore signalled after a teardown): only the
  /// first ends the hold.
  func openHold(_ continuation: CheckedContinuation<Void, Never>) -> @Sendable () -> Void {
    nextHoldID += 1
    let id = nextHoldID
    openHolds[id] = continuation
    return {
      // Called from a job on the loop thread: end the hold at the current virtual time.
      guard let continuation = self.openHolds.removeValue(forKey: id) else { return }
      self.state.setTimer(at: self.state.now, .unblock(continuation))
    }
  }

  /// Stops a run: wakes every sleeper with `RunAborted`, ends every block and hold, ends the
  /// waits registered with `onAbort`, and lets the tasks unwind (the interpreter checks
  /// `isAborting`) so nothing is left suspended forever.
  func abortAndDrain() {
    state.beginAbort()
    for handler in abortHandlers { handler() }
    var budget = 1_000_000
    while budget > 0 {
      budget -= 1
      drainInbox()
      let holds = openHolds
      openHolds = [:]
      for (_, continuation) in holds.sorted(by: { $0.key < $1.key }) { continuation.resume() }
      for action in state.removeAllTimers() {
        switch action {
        case .wakeSleeper(let id): state.takeSleeper(id: id)?.resume(throwing: RunAborted())
        case .unblock(let continuation): continuation.resume()
        case .callback: break
        }
      }
      if !runOne() && state.timers.isEmpty && openHolds.isEmpty { break }
    }
  }
}
