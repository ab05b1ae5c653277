#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One live `sleep`'s way back: resumed once, by its timer (as a `TimerWake`) or by a
/// cancellation, whichever comes first.
///
/// Swift's own `Task.sleep` would hand the woken task to the lab's pool the moment its timer
/// fires. On Swift's pool a sleep that ends while every thread is held waits instead until a
/// thread is next free, and only then queues, behind the jobs queued meanwhile (docs/runtimes.md,
/// "Queue order, measured"; Tests/NativeFacts/sleep-wake-held-pool.swift). So the live runtime
/// keeps its own timer and lets the pool decide when the wake joins its queue.
final class LiveSleep: Sendable {
  private enum State {
    case waiting
    case suspended(CheckedContinuation<Void, any Error>)
    /// Woken or cancelled: a cancellation before the suspension leaves it here, and the
    /// suspension then throws at once.
    case ended
  }
  private let state = Locked<State>(.waiting)

  /// Suspends the task until `wake` or `cancel`; throws `CancellationError` when cancelled.
  func suspend(arm: @escaping @Sendable () -> Void) async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      let cancelledEarly: Bool = state.withLock { state in
        guard case .waiting = state else { return true }
        state = .suspended(continuation)
        return false
      }
      if cancelledEarly {
        continuation.resume(throwing: CancellationError())
      } else {
        arm()
      }
    }
  }

  /// The timer fired and a thread is free: the task goes on.
  func wake() { take()?.resume() }

  /// The task was cancelled: it wakes at once with `CancellationError`.
  func cancel() { take()?.resume(throwing: CancellationError()) }

  /// Ends the sleep: the continuation to resume, if the task has suspended and nothing ended it.
  private func take() -> CheckedContinuation<Void, any Error>? {
    state.withLock { state in
      defer { state = .ended }
      if case .suspended(let continuation) = state { return continuation }
      return nil
    }
  }
}

/// Marks the calling thread while a sleep's timer resumes its task: resuming a continuation
/// enqueues the task at once, on this thread, and `FixedPoolExecutor.enqueue` reads the mark to
/// hold the job until a thread is free (`BlockingJobQueue.appendWake`).
enum TimerWake {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `resume` with the calling thread marked.
  static func perform(_ resume: () -> Void) {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(key, nil) }
    resume()
  }

  static var isInProgress: Bool { pthread_getspecific(key) != nil }
}
