// fact: each priority has a pool of its own, as wide as the cores: .high tasks that block hold only the .high pool, so a third .high task waits while .medium, .low and .background tasks start at once
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/pools-per-priority.json
// compare: lines
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100: what the scenario's `{(now + 50) / 100 * 100}` logs.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }
func block(_ milliseconds: UInt32) { usleep(milliseconds * 1000) }

@main struct PoolsPerPriority {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    // As many blocking .high tasks as the .high pool has threads (the cores).
    var all: [Task<Void, Never>] = []
    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
      all.append(Task.detached(priority: .high) { block(200) })
    }
    try? await Task.sleep(for: .milliseconds(10))
    all.append(Task.detached(priority: .high) { print("log: urgent (.high) starts at \(at())") })
    all.append(
      Task.detached(priority: .medium) { print("log: normal (.medium) starts at \(at())") })
    all.append(Task.detached(priority: .low) { print("log: chore (.low) starts at \(at())") })
    all.append(
      Task.detached(priority: .background) { print("log: backup (.background) starts at \(at())") })
    for task in all { await task.value }
  }
}
