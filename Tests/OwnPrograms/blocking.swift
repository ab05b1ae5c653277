// Three tasks that hold their thread for a second each (`Thread.sleep` blocks it; `Task.sleep`
// would give it back), and one that only prints. On a pool as wide as the tasks, all start at
// once; on a narrower one (`--threads 2`), the others wait for a thread to come free.
import Foundation

let start = ContinuousClock.now
func milliseconds() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

/// Synchronous work that holds its thread (`Thread.sleep` is unavailable in async code).
func hold(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

await withTaskGroup(of: Void.self) { group in
  for name in ["a", "b", "c"] {
    group.addTask(name: name) {
      hold(seconds: 1)
      print("\(name) woke at \(milliseconds()) ms")
    }
  }
  group.addTask(name: "quick") { print("quick ran at \(milliseconds()) ms") }
}
print("all done at \(milliseconds()) ms")
