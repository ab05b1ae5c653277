// fact: On Linux, a `Task {}` on the main actor that calls `Task.yield()` or `Task.sleep` is back
//   on main only once a thread of the cooperative pool is free: with every pool thread blocked,
//   it waits for one, though main itself is idle — its way back goes by the pool, as the lab
//   models it.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 1 root: every thread of the pool is blocked
// log: 2 main task: before its yield
// log: 3 main task: back on main once a blocked pool thread was done: true
// log: 4 root: every thread of the pool is blocked again
// log: 5 main task: back from a 1 ms sleep once a blocked pool thread was done: true
// log: 6 root: every blocked thread finished
import Foundation
import Synchronization

let started = Atomic<Int>(0)
let finished = Atomic<Int>(0)

func log(_ text: String) { print("log: \(text)") }

/// Holds the calling thread, as a synchronous call that takes long does.
func block(milliseconds: Int) {
  Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

/// Holds every thread of the pool (as wide as the machine's cores) for 300 ms; returns once all
/// are held, without suspending: a suspension's way back would itself wait for a pool thread.
@MainActor func blockThePool() -> [Task<Void, Never>] {
  let width = ProcessInfo.processInfo.activeProcessorCount
  started.store(0, ordering: .relaxed)
  finished.store(0, ordering: .relaxed)
  let blockers = (0..<width).map { _ in
    Task.detached {
      started.add(1, ordering: .relaxed)
      block(milliseconds: 300)
      finished.add(1, ordering: .relaxed)
    }
  }
  while started.load(ordering: .relaxed) < width {}
  return blockers
}

@MainActor func run() async {
  var blockers = blockThePool()
  log("1 root: every thread of the pool is blocked")
  await Task {
    log("2 main task: before its yield")
    await Task.yield()
    let done = finished.load(ordering: .relaxed) > 0
    log("3 main task: back on main once a blocked pool thread was done: \(done)")
  }.value
  for blocker in blockers { await blocker.value }
  blockers = blockThePool()
  log("4 root: every thread of the pool is blocked again")
  await Task {
    try? await Task.sleep(for: .milliseconds(1))
    let done = finished.load(ordering: .relaxed) > 0
    log("5 main task: back from a 1 ms sleep once a blocked pool thread was done: \(done)")
  }.value
  for blocker in blockers { await blocker.value }
  log("6 root: every blocked thread finished")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
