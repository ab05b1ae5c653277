// fact: On Linux, a `Task {}` on the main actor that calls `Task.yield()` is back on main only
//   once a thread of the cooperative pool is free: with every pool thread blocked, it waits for
//   one, though main itself is idle — the yield goes by way of the pool, as the lab models it.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 1 root: every thread of the pool is blocked
// log: 2 main task: before its yield
// log: 3 main task: back on main once a blocked pool thread was done: true
// log: 4 root: every blocked thread finished
import Foundation
import Synchronization

let started = Atomic<Int>(0)
let finished = Atomic<Int>(0)

func log(_ text: String) { print("log: \(text)") }

/// Holds the calling thread, as a synchronous call that takes long does.
func block(milliseconds: Int) {
  Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

@MainActor func run() async {
  // Every thread of the pool (as wide as the machine's cores) held for 300 ms.
  let width = ProcessInfo.processInfo.activeProcessorCount
  var blockers: [Task<Void, Never>] = []
  for _ in 0..<width {
    blockers.append(
      Task.detached {
        started.add(1, ordering: .relaxed)
        block(milliseconds: 300)
        finished.add(1, ordering: .relaxed)
      })
  }
  // Waits without suspending: a sleep's wake on main would itself wait for a pool thread.
  while started.load(ordering: .relaxed) < width {}
  log("1 root: every thread of the pool is blocked")
  let task = Task {
    log("2 main task: before its yield")
    await Task.yield()
    let done = finished.load(ordering: .relaxed) > 0
    log("3 main task: back on main once a blocked pool thread was done: \(done)")
  }
  await task.value
  for blocker in blockers { await blocker.value }
  log("4 root: every blocked thread finished")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
