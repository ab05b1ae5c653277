import Dispatch

/// One live `sleep`'s way back: resumed once, by its timer (through `whenAThreadIsFree`) or by a
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
    case cancelled
    case done
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
  func wake() { take(.done)?.resume() }

  /// The task was cancelled: it wakes at once with `CancellationError`.
  func cancel() { take(.cancelled)?.resume(throwing: CancellationError()) }

  private func take(_ next: State) -> CheckedContinuation<Void, any Error>? {
    state.withLock { state in
      switch state {
      case .waiting:
        state = next
        return nil
      case .suspended(let continuation):
        state = .done
        return continuation
      case .cancelled, .done:
        return nil
      }
    }
  }
}
