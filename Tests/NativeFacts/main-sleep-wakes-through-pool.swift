// fact: On Linux, a Task.sleep on the main actor wakes through the cooperative pool: while tasks that block hold every pool thread, main's 10 ms sleep ends only when a thread is free (about 300 ms), although a 10 ms timer on a serial DispatchQueue fires on time meanwhile.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a serial queue's 10 ms timer fired within 100 ms: true
// log: main's 10 ms sleep ended at 300 ms
// As many tasks as cores block for 300 ms; 20 ms later main sets both timers. Times are
// rounded to 100 ms.
import Foundation
import Synchronization

let start = ContinuousClock.now
func since(_ instant: ContinuousClock.Instant) -> Int {
  Int((ContinuousClock.now - instant) / .milliseconds(1))
}

let witness = DispatchQueue(label: "witness")
let cores = ProcessInfo.processInfo.activeProcessorCount
var blockers: [Task<Void, Never>] = []
_ = since(start)
for _ in 0..<cores { blockers.append(Task.detached { usleep(300_000) }) }
usleep(20_000)
let timerSet = ContinuousClock.now
let timerFired = Atomic<Int>(-1)
witness.asyncAfter(deadline: .now() + .milliseconds(10)) {
  timerFired.store(since(timerSet), ordering: .sequentiallyConsistent)
}
try await Task.sleep(for: .milliseconds(10))
let slept = (since(start) + 50) / 100 * 100
for blocker in blockers { await blocker.value }
let fired = timerFired.load(ordering: .sequentiallyConsistent)
print("log: a serial queue's 10 ms timer fired within 100 ms: \((0..<100).contains(fired))")
print("log: main's 10 ms sleep ended at \(slept) ms")
