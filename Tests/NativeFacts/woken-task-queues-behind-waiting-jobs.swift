// fact: A task woken by another task's end queues behind the jobs already waiting for its pool: a group's parent on the pool, woken when the first children (as many as cores, each blocking 200 ms) end, takes its first result only when the next wave has run (400 ms), behind the children queued before it.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the children ended at 200, 400, 600 ms
// log: the parent took its first result at 400 ms
// Twice as many children as cores, plus one, so the waves are full, full and one. Times are
// rounded to 100 ms.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { (Int((ContinuousClock.now - start) / .milliseconds(1)) + 50) / 100 * 100 }

let cores = ProcessInfo.processInfo.activeProcessorCount
let parent = Task.detached { () -> ([Int], Int) in
  _ = ms()
  return await withTaskGroup(of: Int.self) { group in
    for _ in 0..<(2 * cores + 1) {
      group.addTask {
        usleep(200_000)
        return ms()
      }
    }
    var ends: [Int] = []
    var firstTaken = -1
    for await end in group {
      if firstTaken < 0 { firstTaken = ms() }
      ends.append(end)
    }
    return (ends, firstTaken)
  }
}
let (ends, firstTaken) = await parent.value
print(
  "log: the children ended at \(Set(ends).sorted().map(String.init).joined(separator: ", ")) ms")
print("log: the parent took its first result at \(firstTaken) ms")
