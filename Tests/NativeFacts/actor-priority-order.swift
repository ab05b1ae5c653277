// fact: A busy default actor runs its waiting calls highest priority first, first in, first out within one priority.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/actor-priority-order.json
// compare: sequence
//
// long holds the actor while six tasks of three priorities call it, one after another: each is
// started once the one before has announced its call and 5 ms more have passed, and long lets go
// 20 ms after the last has announced, so the calls wait in a known order even on a busy machine
// (the scenario: long holds it 100 ms, and the calls come 5 ms apart).
import Foundation
import Synchronization

let announced = Atomic<Int>(0)
let longRuns = Atomic<Bool>(false)

func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }

/// Waits (holding the thread) until `count` calls have been announced, or 5 s.
func waitForAnnounced(_ count: Int) {
  let deadline = ContinuousClock.now + .seconds(5)
  while announced.load(ordering: .sequentiallyConsistent) < count, ContinuousClock.now < deadline {
    usleep(200)
  }
}

actor Store {
  func long() {
    print("log: long runs")
    longRuns.store(true, ordering: .sequentiallyConsistent)
    waitForAnnounced(6)
    block(20)
  }

  func work(_ name: String) {
    print("log: \(name) runs")
    block(5)
  }
}

@main struct Main {
  static func main() async {
    let store = Store()
    var all: [Task<Void, Never>] = []
    all.append(Task.detached(priority: .medium) { await store.long() })
    while !longRuns.load(ordering: .sequentiallyConsistent) {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let calls: [(String, TaskPriority)] = [
      ("low1", .low), ("medium1", .medium), ("high1", .high),
      ("low2", .low), ("high2", .high), ("medium2", .medium),
    ]
    for (index, (name, priority)) in calls.enumerated() {
      all.append(
        Task.detached(priority: priority) {
          announced.add(1, ordering: .sequentiallyConsistent)
          await store.work(name)
        })
      waitForAnnounced(index + 1)
      try? await Task.sleep(for: .milliseconds(5))
    }
    for task in all { await task.value }
  }
}
