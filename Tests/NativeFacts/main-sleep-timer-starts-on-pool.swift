// fact: On Linux, a Task.sleep on the main actor starts its timer only once a thread of the cooperative pool is free: while tasks that block hold every pool thread until 300 ms, main's 200 ms sleep begun at 20 ms ends at about 500 ms, not at 300 when the threads come free.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: main's 200 ms sleep ended after 450 ms: true
// log: it ended on the main actor: true
// As many tasks as cores block for 300 ms; 20 ms later main sleeps 200 ms. Had the timer been
// set at the call, the sleep would have ended when a thread came free, at about 300 ms.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    var blockers: [Task<Void, Never>] = []
    for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
      blockers.append(Task.detached { usleep(300_000) })
    }
    usleep(20_000)
    try? await Task.sleep(for: .milliseconds(200))
    let ended = ms()
    let onMain = #isolation === MainActor.shared
    for blocker in blockers { await blocker.value }
    print("info: main's sleep ended at \(ended) ms")
    print("log: main's 200 ms sleep ended after 450 ms: \(ended > 450)")
    print("log: it ended on the main actor: \(onMain)")
  }
}
