// fact: A Task.immediate made by a task on the pool (off every actor) runs its first part at once, on its caller's thread, before the caller's next line; so does a Task.immediate(executorPreference:) made by a task that runs on that preferred task executor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Task.immediate: its first part ran before the caller's next line: true
// log: Task.immediate: it ran on the caller's thread: true
// log: Task.immediate(executorPreference:): its first part ran before the caller's next line: true
// log: Task.immediate(executorPreference:): it ran on the caller's thread: true
import Foundation
import Synchronization

/// A task executor whose jobs run on a concurrent Dispatch queue.
final class Pool: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "pool", attributes: .concurrent)
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

let pool = Pool()
let firstPart = Mutex<pthread_t?>(nil)

/// Whether the immediate task's first part had run when its caller's next line ran, and on the
/// caller's thread. The caller is a detached task on Swift's pool, or on `pool` when it prefers it.
func check(preferring: Bool, _ start: @Sendable @escaping () -> Task<Void, Never>) async
  -> (Bool, Bool)
{
  firstPart.withLock { $0 = nil }
  let caller = { @Sendable () async -> (Bool, Bool) in
    let thread = pthread_self()
    let immediate = start()
    let ran = firstPart.withLock { $0 }
    await immediate.value
    return (ran != nil, ran.map { pthread_equal($0, thread) != 0 } ?? false)
  }
  return preferring
    ? await Task.detached(executorPreference: pool) { await caller() }.value
    : await Task.detached { await caller() }.value
}

func firstPartThenSleep() async {
  firstPart.withLock { $0 = pthread_self() }
  try? await Task.sleep(for: .milliseconds(10))
}

let plain = await check(preferring: false) { Task.immediate { await firstPartThenSleep() } }
print("log: Task.immediate: its first part ran before the caller's next line: \(plain.0)")
print("log: Task.immediate: it ran on the caller's thread: \(plain.1)")
let preferring = await check(preferring: true) {
  Task.immediate(executorPreference: pool) { await firstPartThenSleep() }
}
print(
  "log: Task.immediate(executorPreference:): its first part ran before the caller's next line: \(preferring.0)"
)
print("log: Task.immediate(executorPreference:): it ran on the caller's thread: \(preferring.1)")
