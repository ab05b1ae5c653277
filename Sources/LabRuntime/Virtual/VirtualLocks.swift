/// Locks and semaphores on the virtual runtime. Their state lives on the loop thread, like
/// `VirtualDispatchGroup`'s: every job runs there, one at a time.

/// A `Mutex`: a task that finds it held keeps its virtual worker (or lane) held until the lock is
/// handed to it, first come first served.
final class VirtualLock: LabLock, @unchecked Sendable {
  private let scheduler: VirtualScheduler
  private var held = false
  private var waiters: [@Sendable () -> Void] = []

  init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

  func lock(isolation: isolated (any Actor)?) async {
    guard held else {
      held = true
      return
    }
    // Still held when the waiter goes on: `unlock` hands it over without releasing it.
    await scheduler.hold { release in waiters.append(release) }
  }

  func unlock() {
    guard !waiters.isEmpty else {
      held = false
      return
    }
    waiters.removeFirst()()
  }
}

/// A `DispatchSemaphore`: a wait with nothing to take holds the virtual worker (or lane) until a
/// signal wakes it, longest waiter first.
final class VirtualSemaphore: LabSemaphore, @unchecked Sendable {
  private let scheduler: VirtualScheduler
  private var value: Int
  /// Waiters in arrival order, each with its id, so a timeout can find its own.
  private var waiters: [(id: Int, release: @Sendable () -> Void)] = []
  private var nextID = 0
  private var timedOut: Set<Int> = []

  init(scheduler: VirtualScheduler, value: Int) {
    self.scheduler = scheduler
    self.value = value
  }

  func wait(timeout: Int64?, isolation: isolated (any Actor)?) async -> Bool {
    guard value <= 0 else {
      value -= 1
      return false
    }
    nextID += 1
    let id = nextID
    await scheduler.hold { release in
      waiters.append((id, release))
      if let timeout {
        scheduler.schedule(at: scheduler.now + max(0, timeout)) { self.timeOut(id) }
      }
    }
    return timedOut.remove(id) != nil
  }

  /// A timer for a waiter: if it is still waiting, it gives up.
  private func timeOut(_ id: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    timedOut.insert(id)
    waiters.remove(at: index).release()
  }

  func signal() {
    guard !waiters.isEmpty else {
      value += 1
      return
    }
    waiters.removeFirst().release()
  }
}
