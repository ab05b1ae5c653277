// fact: On Linux, a main-actor task cancelled before it sleeps still suspends in Task.sleep, and its wake goes through the cooperative pool: while tasks that block hold every pool thread, its CancellationError arrives only when a thread is free (about 300 ms), after a main-actor task it started before sleeping.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: p.1, q, p.2! at 300 ms
// As many tasks as cores block for 300 ms; 20 ms later main starts p and cancels it at once.
// Times are rounded to 100 ms.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
@MainActor final class Order { static var marks: [String] = [] }

@MainActor func run() async {
  var blockers: [Task<Void, Never>] = []
  for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
    blockers.append(Task.detached { usleep(300_000) })
  }
  usleep(20_000)
  let p = Task { @MainActor in
    Order.marks.append("p.1")
    Task { @MainActor in Order.marks.append("q") }
    do { try await Task.sleep(for: .seconds(60)) } catch {
      Order.marks.append("p.2! at \((ms() + 50) / 100 * 100) ms")
    }
  }
  p.cancel()
  await p.value
  for blocker in blockers { await blocker.value }
  print("log: \(Order.marks.joined(separator: ", "))")
}
await run()
