import Dispatch
import Synchronization

/// A lock whose waiters block their thread, as a `Mutex`'s do. Not Synchronization's `Mutex`
/// itself: it remembers which thread took it and stops the program when that thread takes it
/// again, and a task of the lab is not tied to a thread between the steps of a `withLock` body
/// (each step is an async function of the interpreter; a real program's body is synchronous and
/// cannot let go of its thread). Seen here: in a lock-order deadlock, a task that waited for its
/// second lock let another task run on its thread, which then asked for the first lock —
/// "Fatal error: Recursive call to lock Mutex". A semaphore of one has no owner: any thread may
/// release it, and a waiter still holds its thread until it is handed the lock.
final class LiveLock: LabLock, Sendable {
  private let semaphore = DispatchSemaphore(value: 1)
  /// Tasks holding or waiting for the lock.
  private let users = Atomic<Int>(0)
  /// Locks freed while held or waited for, kept for the life of the process: a run stopped in a
  /// deadlock leaves threads waiting in them forever, and libdispatch stops a program that frees a
  /// semaphore below its initial value.
  private static let kept = Locked<[DispatchSemaphore]>([])

  deinit {
    if users.load(ordering: .acquiring) > 0 {
      let semaphore = semaphore
      Self.kept.withLock { $0.append(semaphore) }
    }
  }

  func lock(isolation: isolated (any Actor)?) async {
    users.add(1, ordering: .relaxed)
    _ = ThreadNames.waiting { waitSynchronously(semaphore, nanoseconds: nil) }
  }

  func unlock() {
    semaphore.signal()
    users.subtract(1, ordering: .releasing)
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
