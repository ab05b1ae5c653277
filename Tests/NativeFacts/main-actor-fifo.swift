// fact: The main actor runs its waiting calls in the order they reached it, whatever their
//   priority.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/main-actor-fifo.json
// compare: sequence
//
// main holds the main actor (it never awaits) while it starts six tasks of three priorities,
// each of which calls a @MainActor function and so waits until main lets go. main starts each
// task only after the one before has announced its call and 5 ms more have passed, so the calls
// reach the main actor in a known order even on a busy machine (the scenario starts them 5 ms
// apart).
import Foundation
import Synchronization

let announced = Atomic<Int>(0)

func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }

@MainActor func work(_ name: String) { print("log: \(name) runs on main") }

@main struct Main {
  static func main() async {
    let calls: [(String, TaskPriority)] = [
      ("low1", .low), ("medium1", .medium), ("high1", .high),
      ("low2", .low), ("high2", .high), ("medium2", .medium),
    ]
    var all: [Task<Void, Never>] = []
    for (index, (name, priority)) in calls.enumerated() {
      all.append(
        Task.detached(priority: priority) {
          announced.add(1, ordering: .sequentiallyConsistent)
          await work(name)
        })
      // Holding main: the call is on its way once the task has announced it.
      let deadline = ContinuousClock.now + .seconds(5)
      while announced.load(ordering: .sequentiallyConsistent) <= index,
        ContinuousClock.now < deadline
      {}
      block(5)
    }
    print("log: main blocks")
    block(50)
    for task in all { await task.value }
  }
}
