// fact: On Linux, libdispatch does not start a thread for every blocked DispatchQueue.global() work item: it starts about as many as there are cores, then, while none of its threads can run, adds about one a second, so after a while more items run at once than there are cores.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: every item started at once: false
// log: more items had started by 1.5 s than by 0.3 s: true
// log: after 1.5 s more items run at once than there are cores: true
//
// cores + 4 work items each block (usleep) for 3 s on DispatchQueue.global(). On a 2-core
// machine two (sometimes three) start at 0 ms, the next at about 1000 ms, the next at about
// 2000 ms: libdispatch's monitor looks once a second and adds one thread when its queue has work
// and none of its threads is runnable (swift-corelibs-libdispatch, src/event/workqueue.c, which
// caps the threads it tracks at 255). The program stops watching at 1.5 s.
import Foundation
import Synchronization

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
let starts = Mutex<[Int]>([])

_ = start  // a global is set on first use: start the clock now
let cores = ProcessInfo.processInfo.activeProcessorCount
let items = cores + 4
for _ in 0..<items {
  DispatchQueue.global().async {
    let now = ms()
    starts.withLock { $0.append(now) }
    usleep(3_000_000)
  }
}
usleep(300_000)
let early = starts.withLock { $0.count }
usleep(1_200_000)
let late = starts.withLock { $0.count }
print("info: \(cores) cores; started: \(starts.withLock { $0 }) ms")
print("log: every item started at once: \(early == items)")
print("log: more items had started by 1.5 s than by 0.3 s: \(late > early)")
print("log: after 1.5 s more items run at once than there are cores: \(late > cores)")
