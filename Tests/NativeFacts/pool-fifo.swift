// fact: Jobs waiting for a thread of one priority's cooperative pool start first in, first out.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/pool-fifo.json
// compare: sequence
//
// Two detached tasks block (usleep) and hold both threads of a 2-core machine's pool; A, B, C and
// D are started 10 ms later, from main's thread, and wait. When the first blocker ends, its
// thread takes them one at a time: A, B, C, D in every run.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }

@main struct Main {
  static func main() async {
    _ = ms()
    let blocker1 = Task.detached { block(100) }
    let blocker2 = Task.detached { block(300) }
    // Main's thread waits here: a Task.sleep would end only once a pool thread is free (at 100 ms,
    // sleep-wake-held-pool.swift), and A-D would not wait.
    usleep(10_000)
    var queued: [Task<Void, Never>] = []
    for name in ["A", "B", "C", "D"] {
      queued.append(
        Task.detached {
          print("log: \(name) starts")
          print("\(name) starts at \(ms()) ms")
          block(20)
        })
    }
    await blocker1.value
    await blocker2.value
    for task in queued { await task.value }
  }
}
