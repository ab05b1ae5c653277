// fact: On the main actor, Task.immediate runs a main-actor task's first part before the caller's next line, but a Task.immediate that has a task executor preference — given as Task.immediate(executorPreference:), or installed first thing in its body with withTaskExecutorPreference — is enqueued: the caller's next line comes first.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Task.immediate: immediate's first part, then caller's next line
// log: Task.immediate(executorPreference:): caller's next line, then immediate's first part
// log: Task.immediate whose body installs a preference: caller's next line, then immediate's first part
import Dispatch

final class Pool: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "pool", attributes: .concurrent)
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

let pool = Pool()

@main struct Main {
  static func main() async {
    var order: [String] = []
    let plain = Task.immediate { order.append("immediate's first part") }
    order.append("caller's next line")
    await plain.value
    print("log: Task.immediate: \(order.joined(separator: ", then "))")

    order = []
    let preferring = Task.immediate(executorPreference: pool) { @MainActor in
      order.append("immediate's first part")
    }
    order.append("caller's next line")
    await preferring.value
    print("log: Task.immediate(executorPreference:): \(order.joined(separator: ", then "))")

    order = []
    let installing = Task.immediate {
      await withTaskExecutorPreference(pool) { order.append("immediate's first part") }
    }
    order.append("caller's next line")
    await installing.value
    print(
      "log: Task.immediate whose body installs a preference: \(order.joined(separator: ", then "))")
  }
}
