// fact: In Swift 6 mode, a task group child whose closure (not marked @Sendable) captures a local Atomic is refused as a data race, although Atomic is Sendable: the closure is sent to the child while the function still uses the Atomic.
// checked: Swift 6.3.1, Linux
// verdict: error: passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure
import Synchronization

func count() async -> Int {
  let counter = Atomic<Int>(0)
  await withTaskGroup(of: Void.self) { group in
    group.addTask { counter.wrappingAdd(1, ordering: .relaxed) }
  }
  return counter.load(ordering: .relaxed)
}
