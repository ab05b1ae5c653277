// fact: a .high task that awaits a .low one escalates it: a suspended .low task goes on in the .high pool while the .low pool is held, but a .low task still queued for a .low thread stays queued
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/escalation.json
// compare: sequence
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100: what the scenario's `{(now + 50) / 100 * 100}` logs.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }
func block(_ milliseconds: UInt32) { usleep(milliseconds * 1000) }

@main struct Escalation {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let refresh = Task.detached(priority: .low) {
      try? await Task.sleep(for: .milliseconds(200))
      print("log: refresh goes on at \(at())")
    }
    try? await Task.sleep(for: .milliseconds(10))
    // As many blocking .low tasks as the .low pool has threads (the cores).
    var blockers: [Task<Void, Never>] = []
    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
      blockers.append(Task.detached(priority: .low) { block(500) })
    }
    try? await Task.sleep(for: .milliseconds(10))
    let report = Task.detached(priority: .low) { print("log: report starts at \(at())") }
    let ui = Task.detached(priority: .high) {
      await refresh.value
      await report.value
      print("log: ui has both at \(at())")
    }
    await ui.value
    for blocker in blockers { await blocker.value }
  }
}
