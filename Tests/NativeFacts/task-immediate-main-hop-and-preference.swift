// fact: On the main actor, a Task.immediate whose first step calls another actor's method runs up to that call before the caller's next line, and the caller then goes on while the method runs on the pool; in a main-actor task that has a task executor preference, a Task.immediate still runs its first part before the caller's next line (it does not inherit the preference: a @concurrent function it calls runs off that executor, where one the task itself calls runs on it).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: hop: immediate's first part, then the caller's next line
// log: hop: the caller's next line ran while the actor's method still ran: true
// log: in a task with a preference: immediate's first part, then the caller's next line
// log: in a task with a preference: a @concurrent function the task calls runs on the preferred executor: true
// log: in a task with a preference: one the Task.immediate calls runs on the preferred executor: false
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

actor Store {
  /// Holds the actor's thread for 200 ms; returns when it ended.
  func work() -> Int {
    usleep(200_000)
    return ms()
  }
}

let onPool = DispatchSpecificKey<Bool>()

final class Pool: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "pool", attributes: .concurrent)
  init() { queue.setSpecific(key: onPool, value: true) }
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

let store = Store()
let pool = Pool()

/// Whether it runs on the pool's queue.
@concurrent func runsOnPool() async -> Bool { DispatchQueue.getSpecific(key: onPool) == true }

@MainActor func immediateInTaskWithPreference() async -> (order: [String], task: Bool, inner: Bool)
{
  var order: [String] = []
  let inner = Task.immediate { @MainActor in
    order.append("immediate's first part")
    return await runsOnPool()
  }
  order.append("the caller's next line")
  let innerOnPool = await inner.value
  return (order, await runsOnPool(), innerOnPool)
}

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    var order: [String] = []
    let hop = Task.immediate { @MainActor in
      order.append("immediate's first part")
      return await store.work()
    }
    order.append("the caller's next line")
    let nextLineAt = ms()
    let methodEnded = await hop.value
    print("log: hop: \(order.joined(separator: ", then "))")
    print(
      "log: hop: the caller's next line ran while the actor's method still ran: \(nextLineAt < methodEnded)"
    )

    let preferring = Task(executorPreference: pool) { @Sendable @MainActor in
      await immediateInTaskWithPreference()
    }
    let inTask = await preferring.value
    print("log: in a task with a preference: \(inTask.order.joined(separator: ", then "))")
    print(
      "log: in a task with a preference: a @concurrent function the task calls runs on the preferred executor: \(inTask.task)"
    )
    print(
      "log: in a task with a preference: one the Task.immediate calls runs on the preferred executor: \(inTask.inner)"
    )
  }
}
