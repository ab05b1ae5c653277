import Dispatch
import Synchronization

/// A real `Mutex` from Synchronization. `withLock`'s body is async code in the lab, so the lock is
/// taken and released around it with `Mutex<Void>`'s own lock and unlock; the body never suspends
/// (`lab validate` refuses every step that would), so it ends on the thread that took the lock, as
/// a futex-based lock requires.
final class LiveLock: LabLock, Sendable {
  private let mutex = Mutex(())

  func lock(isolation: isolated (any Actor)?) async {
    ThreadNames.waiting { mutex._unsafeLock() }
  }

  func unlock() {
    mutex._unsafeUnlock()
  }
}

/// A real `DispatchSemaphore`; `wait` really holds the thread.
final class LiveSemaphore: LabSemaphore, Sendable {
  private let semaphore: DispatchSemaphore
  private let initial: Int
  /// The value libdispatch keeps: each wait takes one (below zero while it waits), each signal
  /// adds one.
  private let value: Atomic<Int>
  /// Semaphores that would be freed below their initial value, kept for the life of the process:
  /// libdispatch stops the program when one is freed (measured: "Illegal instruction" in
  /// `_dispatch_semaphore_dispose`). The lab reports that misuse instead.
  private static let kept = Locked<[DispatchSemaphore]>([])

  /// Real milliseconds per scenario millisecond.
  private let scale: Double

  init(value: Int, scale: Double) {
    self.scale = scale
    semaphore = DispatchSemaphore(value: value)
    initial = value
    self.value = Atomic(value)
  }

  deinit {
    if value.load(ordering: .acquiring) < initial {
      let semaphore = semaphore
      Self.kept.withLock { $0.append(semaphore) }
    }
  }

  func wait(timeout: Int64?, isolation: isolated (any Actor)?) async -> Bool {
    value.subtract(1, ordering: .releasing)
    let nanoseconds = timeout.map { Int(Double(max(0, $0)) * scale * 1_000_000) }
    let timedOut = ThreadNames.waiting { waitSynchronously(semaphore, nanoseconds: nanoseconds) }
    // A wait that times out gives back the one it took.
    if timedOut { value.add(1, ordering: .releasing) }
    return timedOut
  }

  func signal() {
    value.add(1, ordering: .releasing)
    semaphore.signal()
  }
}

/// `DispatchSemaphore.wait()` is unavailable from async code; the lab calls it on purpose, to show
/// what it does to the thread.
private func waitSynchronously(_ semaphore: DispatchSemaphore, nanoseconds: Int?) -> Bool {
  guard let nanoseconds else {
    semaphore.wait()
    return false
  }
  return semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut
}
