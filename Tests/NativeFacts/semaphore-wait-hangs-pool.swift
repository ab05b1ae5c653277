// fact: On Linux, tasks that wait on a DispatchSemaphore without a timeout, one per thread of their pool, for tasks they started to signal, hang: the signalling tasks never get a thread (none had started after 1.5 s, past the second in which libdispatch adds threads to a blocked global queue).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after 1.5 s, signalling tasks started: 0
// log: after 1.5 s, waits returned: 0
//
// One waiter per core (the width of the .medium pool), each starting a Task {} that would signal
// its semaphore at once; each starts its Task {} only once every waiter holds a thread. main is
// not on the pool: it watches for 1.5 s, then ends the process.
import Foundation
import Synchronization

let waiters = ProcessInfo.processInfo.activeProcessorCount
let waiting = Atomic<Int>(0)
let started = Atomic<Int>(0)
let returned = Atomic<Int>(0)

for _ in 0..<waiters {
  Task.detached(priority: .medium) {
    waiting.add(1, ordering: .sequentiallyConsistent)
    let deadline = ContinuousClock.now + .seconds(1)
    while waiting.load(ordering: .sequentiallyConsistent) < waiters
      && ContinuousClock.now < deadline
    {}
    let fetched = DispatchSemaphore(value: 0)
    Task {
      started.add(1, ordering: .sequentiallyConsistent)
      fetched.signal()
    }
    fetched.wait()
    returned.add(1, ordering: .sequentiallyConsistent)
  }
}
usleep(1_500_000)
print(
  "log: after 1.5 s, signalling tasks started: \(started.load(ordering: .sequentiallyConsistent))")
print("log: after 1.5 s, waits returned: \(returned.load(ordering: .sequentiallyConsistent))")
exit(0)
