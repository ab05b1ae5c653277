// fact: A task suspended in Task.sleep holds no thread: five group children that each sleep 300 ms all end at about 300 ms, even while blockers hold every thread of their pool but one.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: child 1 ended at 300 ms
// log: child 2 ended at 300 ms
// log: child 3 ended at 300 ms
// log: child 4 ended at 300 ms
// log: child 5 ended at 300 ms
//
// cores - 1 detached .medium tasks block (usleep) for 600 ms; the group's children (.medium too)
// share the one thread left. Times are rounded to 100 ms.
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    for _ in 1..<ProcessInfo.processInfo.activeProcessorCount {
      Task.detached(priority: .medium) { usleep(600_000) }
    }
    let ends = await withTaskGroup(of: (Int, Int).self) { group in
      for child in 1...5 {
        group.addTask {
          try? await Task.sleep(for: .milliseconds(300))
          return (child, at())
        }
      }
      var ends: [(Int, Int)] = []
      for await end in group { ends.append(end) }
      return ends.sorted { $0.0 < $1.0 }
    }
    for (child, time) in ends { print("log: child \(child) ended at \(time) ms") }
  }
}
