// fact: On Linux, Swift's tasks and DispatchQueue.global() work items share libdispatch's threads: while global-queue items that block hold as many threads as there are cores, a new .medium task does not start until libdispatch adds a thread, about a second later.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the .medium task started within 500 ms: false
// log: it started before the blockers let go: true
//
// One work item per core blocks (usleep) for 2 s on DispatchQueue.global(), the queue of the
// .default quality of service, which is .medium's. A .medium task is started 50 ms later; on a
// 2-core machine it starts at about 1000 ms (a delay of about 950 ms), on a thread libdispatch
// adds while its threads are all blocked, long before the blockers end.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
      DispatchQueue.global().async { usleep(2_000_000) }
    }
    usleep(50_000)
    let started = await Task.detached(priority: .medium) { ms() }.value
    print("info: the .medium task started at \(started) ms")
    print("log: the .medium task started within 500 ms: \(started < 500)")
    print("log: it started before the blockers let go: \(started < 1_900)")
  }
}
