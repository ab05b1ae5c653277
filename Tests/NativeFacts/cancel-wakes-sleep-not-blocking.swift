// fact: Cancelling a task wakes its Task.sleep at once, which throws CancellationError, but does not stop synchronous work that holds the thread: that work runs to its end, then finds Task.isCancelled true and Task.checkCancellation() throwing; a task can mark itself cancelled with withUnsafeCurrentTask { $0?.cancel() }.
// checked: Swift 6.3.1, Linux
// compare: lines
// log: 100 ms: cancel() returned
// log: 100 ms: sleeper's Task.sleep(for: 5 s) threw CancellationError
// log: 500 ms: blocker's usleep ended; Task.isCancelled is true
// log: 500 ms: blocker's Task.checkCancellation() threw CancellationError
// log: a task that cancelled itself reads Task.isCancelled: true
//
// sleeper sleeps 5 s; blocker holds its thread (usleep) for 500 ms; main cancels both at 100 ms.
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }
func log(_ text: String) { print("log: \(text)") }

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let sleeper = Task.detached {
      do {
        try await Task.sleep(for: .seconds(5))
        log("\(at()) ms: sleeper slept 5 s")
      } catch {
        log("\(at()) ms: sleeper's Task.sleep(for: 5 s) threw \(type(of: error))")
      }
    }
    let blocker = Task.detached {
      usleep(500_000)
      log("\(at()) ms: blocker's usleep ended; Task.isCancelled is \(Task.isCancelled)")
      do {
        try Task.checkCancellation()
        log("\(at()) ms: blocker's Task.checkCancellation() did not throw")
      } catch {
        log("\(at()) ms: blocker's Task.checkCancellation() threw \(type(of: error))")
      }
    }
    try? await Task.sleep(for: .milliseconds(100))
    sleeper.cancel()
    blocker.cancel()
    log("\(at()) ms: cancel() returned")
    await sleeper.value
    await blocker.value
    let selfCancelled = await Task.detached {
      withUnsafeCurrentTask { $0?.cancel() }
      return Task.isCancelled
    }.value
    log("a task that cancelled itself reads Task.isCancelled: \(selfCancelled)")
  }
}
