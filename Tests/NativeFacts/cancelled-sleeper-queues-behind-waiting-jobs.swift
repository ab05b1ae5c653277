// fact: A sleeping task woken by cancel() queues behind the jobs already waiting for its pool: a task started just before the cancel runs first.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/cancelled-sleeper-queues-behind-waiting-jobs.json
// compare: sequence
//
// A detached task sleeps for 10 s. Two more block (usleep) and hold both threads of a 2-core
// machine's pool, for 100 and 300 ms. 10 ms later, from main's thread, C is started (it waits
// for a thread) and the sleeper is cancelled: its wake joins the queue behind C. When the first
// blocker ends, its thread takes C, then the sleeper, in every run.
import Foundation
import Synchronization

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }
/// Set just before the sleeper sleeps: on a loaded machine 10 ms may not be enough for it to get
/// there, and a sleeper cancelled before it sleeps never waits in the queue at all.
let sleeping = Atomic<Bool>(false)

@main struct Main {
  static func main() async {
    _ = ms()
    let sleeper = Task.detached {
      do {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        try await Task.sleep(for: .seconds(10))
      } catch {
        print("log: sleeper woken by \(error)")
        print("sleeper woken at \(ms()) ms")
      }
    }
    // Main's thread waits with usleep: a Task.sleep on main ends only once a pool thread is free.
    while !sleeping.load(ordering: .sequentiallyConsistent) { usleep(1_000) }
    usleep(10_000)
    let blocker1 = Task.detached { block(100) }
    let blocker2 = Task.detached { block(300) }
    usleep(10_000)
    let c = Task.detached {
      print("log: C starts")
      print("C starts at \(ms()) ms")
      block(20)
    }
    sleeper.cancel()
    await c.value
    await sleeper.value
    await blocker1.value
    await blocker2.value
  }
}
