// fact: On Linux, Swift's own cooperative pool runs as many tasks at once as the machine has cores:
//   with one more blocking child than cores, the children hold every thread, and the last one
//   starts only when one of them ends.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the most children blocking at once: as many as the cores: true
// log: the child beyond the cores started only when a thread was free: true
// cores + 1 children each hold their thread 300 ms (Thread.sleep, from a synchronous function);
// each counts itself in and out with an atomic. The last to start did so at about 300 ms.
import Foundation
import Synchronization

let clock = ContinuousClock()
let start = clock.now
let inside = Atomic<Int>(0)
let most = Atomic<Int>(0)

/// Holds the calling thread for `milliseconds`, as synchronous work does.
func block(_ milliseconds: Int) { Thread.sleep(forTimeInterval: Double(milliseconds) / 1000) }

let cores = ProcessInfo.processInfo.activeProcessorCount
let starts = await withTaskGroup(of: Int.self) { group in
  for _ in 0...cores {
    group.addTask {
      let started = Int((clock.now - start) / .milliseconds(1))
      let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
      most.max(now, ordering: .sequentiallyConsistent)
      block(300)
      inside.subtract(1, ordering: .sequentiallyConsistent)
      return started
    }
  }
  var starts: [Int] = []
  for await started in group { starts.append(started) }
  return starts.sorted()
}
let mostAtOnce = most.load(ordering: .sequentiallyConsistent)
print("log: the most children blocking at once: as many as the cores: \(mostAtOnce == cores)")
print(
  "log: the child beyond the cores started only when a thread was free: \(starts.last! >= 290)")
print("info: \(cores) cores, children started at \(starts) ms")
