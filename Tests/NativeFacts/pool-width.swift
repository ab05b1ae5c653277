// fact: A task executor of N threads that the tasks prefer (SE-0417) runs N of them at once,
//   whatever the machine's cores (Swift's own pool, as wide as the cores: pool-width-cores.swift).
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/pool-width.json
// compare: lines
//
// Five children block their thread for 300 ms each. With the preference for a pool of 4 they
// end in two waves, 4 + 1 (the `log:` lines, as the scenario's `threads: 4` gives them); on
// Swift's own pool they end in ceil(5 / cores) waves (an `info:` line: it depends on the machine,
// 3 waves on 2 cores). `lab run --native` gives a scenario whose `threads` is not the machine's
// cores this pool (Sources/LabSwift/SwiftProgram+Native.swift, docs/runtimes.md "Native runs").
//
//   swiftc -swift-version 6 -O -warnings-as-errors Tests/NativeFacts/pool-width.swift -o /tmp/pw
//   /tmp/pw

import Foundation

/// A task executor of `width` threads, first in, first out.
final class Pool: TaskExecutor, @unchecked Sendable {
  let condition = NSCondition()
  var jobs: [UnownedJob] = []

  init(width: Int) {
    for _ in 0..<width {
      Thread { [self] in
        while true {
          condition.lock()
          while jobs.isEmpty { condition.wait() }
          let job = jobs.removeFirst()
          condition.unlock()
          job.runSynchronously(on: asUnownedTaskExecutor())
        }
      }.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    condition.lock()
    jobs.append(UnownedJob(job))
    condition.signal()
    condition.unlock()
  }
}

/// Holds the calling thread for `seconds`, as synchronous work does.
func block(_ seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

/// Runs five children that block 300 ms each and returns the wave each ended in, in order.
func waves() async -> [Int] {
  let start = ContinuousClock.now
  return await withTaskGroup(of: Int.self) { group in
    for _ in 1...5 {
      group.addTask {
        block(0.3)
        return Int((ContinuousClock.now - start) / .milliseconds(1)) / 300
      }
    }
    return await group.reduce(into: []) { $0.append($1) }.sorted()
  }
}

let preferred = await withTaskExecutorPreference(Pool(width: 4)) { await waves() }
for wave in preferred { print("log: a child ended in wave \(wave)") }
let own = await waves()
let cores = ProcessInfo.processInfo.activeProcessorCount
let list = own.map(String.init).joined(separator: ", ")
print("info: on Swift's own pool (\(cores) cores), the children ended in waves \(list)")
