// fact: A Task.sleep that ends while every thread of its pool is held does not join the pool's queue then: its job waits until a thread is next free and joins behind the jobs queued meanwhile, ahead of later ones.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/sleep-wake-held-pool.json
// compare: sequence
//
// S and T sleep 80 and 170 ms; from 10 ms, blockers hold every thread of the pool, the first
// until 300 ms. B is started at 150 ms and C at 400 ms. When the first thread frees at 300, it
// runs B, then S and T (woken at 80 and 170, both while the pool was held), then C: S, whose
// sleep ended long before B was queued, still runs after B. (libdispatch hands a timer's job to
// the queue only once a worker is free.) Each moment is 70 ms or more from the next one it is
// ordered against, so that a loaded machine's late thread does not swap them.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }
/// Blocks the main thread until `moment` ms after the start.
func wait(until moment: Int) { block(max(0, moment - ms())) }

@main struct SleepWakeHeldPool {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    var all: [Task<Void, Never>] = []
    for (name, due) in [("S", 80), ("T", 170)] {
      all.append(
        Task.detached {
          try? await Task.sleep(for: .milliseconds(due))
          print("log: \(name) wakes (its sleep ended at \(due) ms)")
          block(20)
        })
    }
    wait(until: 10)
    // One blocker per thread of the pool (the cores): the first frees its thread at 300 ms.
    all.append(Task.detached { block(290) })
    for _ in 1..<ProcessInfo.processInfo.activeProcessorCount {
      all.append(Task.detached { block(590) })
    }
    for (name, moment) in [("B", 150), ("C", 400)] {
      wait(until: moment)
      all.append(
        Task.detached {
          print("log: \(name) starts (queued at \(moment) ms)")
          block(20)
        })
    }
    for task in all { await task.value }
  }
}
