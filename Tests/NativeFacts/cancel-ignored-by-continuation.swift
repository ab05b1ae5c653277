// fact: Cancelling a task ends its Task.sleep at once with CancellationError, but not a wait on
//   withCheckedContinuation: cancel() only sets the task's flag, and the task goes on when the
//   callback resumes the continuation, reading Task.isCancelled as true then. A catch-all
//   clause's "\(error)" of the CancellationError prints CancellationError().
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/17-continuations/cancel-ignored-wait.json
// compare: sequence
import Foundation

func log(_ text: String) { print("log: \(text)") }

/// A callback API: it answers 200 ms later on a Dispatch queue, and knows nothing of tasks.
func download(completion: @escaping @Sendable () -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { completion() }
}

/// Both tasks wait 200 ms and are cancelled at 50 ms: the sleeper goes on at once, the waiter
/// when the callback answers.
func run() async throws {
  let sleeper = Task {
    do {
      try await Task.sleep(for: .milliseconds(200))
    } catch {
      log("sleeper: Task.sleep threw \(error)")
    }
    log("sleeper goes on, cancelled: \(Task.isCancelled)")
  }
  try await Task.sleep(for: .milliseconds(10))
  let waiter = Task {
    await withCheckedContinuation { (callback: CheckedContinuation<Void, Never>) in
      download { callback.resume() }
    }
    log("waiter goes on, cancelled: \(Task.isCancelled)")
  }
  try await Task.sleep(for: .milliseconds(40))
  sleeper.cancel()
  waiter.cancel()
  await sleeper.value
  await waiter.value
}

try await run()
