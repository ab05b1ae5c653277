// fact: In main-actor code, a Task(executorPreference:) { @MainActor in … } does not start on main: its first job goes to the preferred task executor, which hops to the main actor, so a Task {} made after it can run on main first.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: without a preference: Task { @MainActor in } made first, then Task {} made second
// log: with a preference: Task {} made second, then Task(executorPreference:) { @MainActor in } made first
// log: the preferred executor was given a job: true
import Dispatch
import Synchronization

/// A task executor that counts the jobs it is given and runs each 20 ms later on a concurrent
/// queue, so that which task reaches main first does not hang on a race of microseconds.
final class Pool: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "pool", attributes: .concurrent)
  let jobs = Atomic<Int>(0)
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.add(1, ordering: .sequentiallyConsistent)
    queue.asyncAfter(deadline: .now() + .milliseconds(20)) {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}

let pool = Pool()

@main struct Main {
  static func main() async {
    var order: [String] = []
    let plainFirst = Task { @MainActor in order.append("Task { @MainActor in } made first") }
    let plainSecond = Task { order.append("Task {} made second") }
    await plainFirst.value
    await plainSecond.value
    print("log: without a preference: \(order.joined(separator: ", then "))")

    order = []
    let first = Task(executorPreference: pool) { @MainActor in
      order.append("Task(executorPreference:) { @MainActor in } made first")
    }
    let second = Task { order.append("Task {} made second") }
    await first.value
    await second.value
    print("log: with a preference: \(order.joined(separator: ", then "))")
    print(
      "log: the preferred executor was given a job: \(pool.jobs.load(ordering: .sequentiallyConsistent) > 0)"
    )
  }
}
