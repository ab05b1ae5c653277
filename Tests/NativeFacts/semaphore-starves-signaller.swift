// fact: a DispatchSemaphore wait on the cooperative pool holds its thread: two waiters on a 2-thread pool starve the tasks that would signal them until their timeouts end
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/semaphore-starves-signaller.json
// compare: lines
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100: what the scenario's `{(now + 50) / 100 * 100}` logs.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

@main struct SemaphoreStarvesSignaller {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    // One waiter per thread of the pool (the cores), each waiting for its own fetch's signal.
    await withTaskGroup(of: Void.self) { group in
      for i in 1...ProcessInfo.processInfo.activeProcessorCount {
        group.addTask {
          let fetched = DispatchSemaphore(value: 0)
          Task {
            try? await Task.sleep(for: .milliseconds(100))
            fetched.signal()
          }
          let timedOut = fetched.wait(timeout: .now() + .milliseconds(1000)) == .timedOut
          // The scenario has two waiters: on a wider machine the others wait the same way, unprinted.
          if i <= 2 { print("log: waiter \(i): timed out = \(timedOut) at \(at())") }
        }
      }
    }
  }
}
