// fact: On Linux, work items that block on serial DispatchQueues of a program's own do not take the threads Swift's tasks run on: libdispatch starts a thread for each such queue at once, so with more blocked serial queues than cores, all of them run and a new .medium task still starts at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: every serial queue's item started within 300 ms: true
// log: the .medium task started within 300 ms: true
//
// cores + 2 serial queues each run one item that blocks (usleep) for 1.5 s; a .medium task is
// started 50 ms later. (Compare dispatch-global-can-delay-task.swift: items on DispatchQueue.global()
// hold the threads a .medium task needs.) A serial queue targets libdispatch's "overcommit" queue
// of its quality of service, which starts a thread whenever one is needed.
import Foundation
import Synchronization

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
let startedItems = Atomic<Int>(0)

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let queues = ProcessInfo.processInfo.activeProcessorCount + 2
    for i in 0..<queues {
      DispatchQueue(label: "io-\(i)").async {
        startedItems.add(1, ordering: .sequentiallyConsistent)
        usleep(1_500_000)
      }
    }
    usleep(50_000)
    let started = await Task.detached(priority: .medium) { ms() }.value
    usleep(250_000)
    print("info: the .medium task started at \(started) ms")
    let items = startedItems.load(ordering: .sequentiallyConsistent)
    print("log: every serial queue's item started within 300 ms: \(items == queues)")
    print("log: the .medium task started within 300 ms: \(started < 300)")
  }
}
