// fact: On Linux, each priority's pool is as wide as the cores: with one more blocking task than there are cores at each of .background, .low, .medium and .high, every priority runs as many at once as there are cores, and its last task starts when one of them ends (at 100 ms), whatever the other priorities do.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: .background: tasks started at once: cores, the last at 100 ms
// log: .low: tasks started at once: cores, the last at 100 ms
// log: .medium: tasks started at once: cores, the last at 100 ms
// log: .high: tasks started at once: cores, the last at 100 ms
// Each task blocks its thread (usleep) for 100 ms; start times are rounded to 100 ms.
import Foundation
import Synchronization

let start = ContinuousClock.now
func at() -> Int { (Int((ContinuousClock.now - start) / .milliseconds(1)) + 50) / 100 * 100 }
let starts = Mutex<[String: [Int]]>([:])

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let priorities: [(String, TaskPriority)] = [
      (".background", .background), (".low", .low), (".medium", .medium), (".high", .high),
    ]
    var all: [Task<Void, Never>] = []
    for (name, priority) in priorities {
      for _ in 0...cores {
        all.append(
          Task.detached(priority: priority) {
            let began = at()
            starts.withLock { $0[name, default: []].append(began) }
            usleep(100_000)
          })
      }
    }
    for task in all { await task.value }
    for (name, _) in priorities {
      let times = starts.withLock { $0[name, default: []] }.sorted()
      let atOnce = times.filter { $0 == 0 }.count
      print(
        "log: \(name): tasks started at once: \(atOnce == cores ? "cores" : "\(atOnce)"), the last at \(times.last ?? -1) ms"
      )
    }
  }
}
