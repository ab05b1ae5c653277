// fact: A Task.immediate(executorPreference: E) made on an actor whose serial executor is E itself (E is both a SerialExecutor and a TaskExecutor, and the caller prefers E too) is enqueued: the caller's next line comes first; the same Task.immediate without the preference runs its first part at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: without a preference: immediate's first part, then the caller's next line
// log: with the caller's own executor as preference: the caller's next line, then immediate's first part
import Dispatch
import Synchronization

/// One executor that is both an actor's serial executor and a task executor.
final class Both: SerialExecutor, TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "both")
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      job.runSynchronously(
        isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
    }
  }
  func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

let both = Both()
let order = Mutex<[String]>([])
func note(_ line: String) { order.withLock { $0.append(line) } }
func taken() -> String {
  order.withLock { lines in
    let text = lines.joined(separator: ", then ")
    lines = []
    return text
  }
}

actor Store {
  nonisolated var unownedExecutor: UnownedSerialExecutor { both.asUnownedSerialExecutor() }
  var uses = 0
  func use() { uses += 1 }

  func plain() async {
    let inner = Task.immediate { [self] in
      use()
      note("immediate's first part")
    }
    note("the caller's next line")
    await inner.value
  }

  func preferring() async {
    let inner = Task.immediate(executorPreference: both) { [self] in
      use()
      note("immediate's first part")
    }
    note("the caller's next line")
    await inner.value
  }
}

@main struct Main {
  static func main() async {
    let store = Store()
    await withTaskExecutorPreference(both) { await store.plain() }
    print("log: without a preference: \(taken())")
    await withTaskExecutorPreference(both) { await store.preferring() }
    print("log: with the caller's own executor as preference: \(taken())")
  }
}
