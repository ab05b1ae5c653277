// fact: On Linux, Swift's tasks and DispatchQueue.global() work items share libdispatch's threads:
//   on an idle machine, while global-queue items that block hold as many threads as there are
//   cores, a new .medium task waits until libdispatch adds a thread, about a second later, though
//   the blockers still run (on a busy machine libdispatch may add one sooner); the thread it
//   added then stays, and the next task starts at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// runs: 3
// log: the .medium task waited for a thread: true
// log: it started about a second later, before the blockers let go: true
//
// One work item per core blocks (usleep) for 1.5 s on DispatchQueue.global(), the queue of the
// .default quality of service, which is .medium's; main waits until every one of them runs (on
// a busy machine a thread can take a while to start, and libdispatch then starts one more). A
// .medium task is started then: on a 2-core machine it starts at about 1000 ms, on a thread
// libdispatch adds while its threads are all blocked. A second round in the same process starts
// its task at once, on the thread added for the first (an `info:` line).
import Foundation

func ms(since start: ContinuousClock.Instant) -> Int {
  Int((ContinuousClock.now - start) / .milliseconds(1))
}

/// Blocks every core's worth of global-queue threads, then starts a .medium task: when it
/// started and when the blockers were all running, in ms since the round began. On the main
/// actor: its semaphore wait holds the main thread, not one of the pool's.
@MainActor func round() async -> (held: Int, started: Int) {
  let start = ContinuousClock.now
  let blockers = DispatchGroup()
  let running = DispatchSemaphore(value: 0)
  let cores = ProcessInfo.processInfo.activeProcessorCount
  for _ in 0..<cores {
    DispatchQueue.global().async(group: blockers) {
      running.signal()
      usleep(1_500_000)
    }
  }
  for _ in 0..<cores { running.wait() }
  let held = ms(since: start)
  let started = await Task.detached(priority: .medium) { ms(since: start) }.value
  blockers.wait()
  return (held, started)
}

@main struct Main {
  static func main() async {
    let first = await round()
    print("info: blockers running at \(first.held) ms, the task started at \(first.started) ms")
    print("log: the .medium task waited for a thread: \(first.started - first.held >= 500)")
    print(
      "log: it started about a second later, before the blockers let go: "
        + "\(first.started - first.held < 1_400)")
    let second = await round()
    print("info: a second round: the task started at \(second.started) ms")
  }
}
