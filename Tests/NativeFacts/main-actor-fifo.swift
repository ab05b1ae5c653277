// fact: The main actor runs its waiting calls in arrival order, whatever their priority.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/main-actor-fifo.json
// compare: sequence
//
// main starts six tasks of three priorities 5 ms apart, holding main (usleep) all along; each
// task calls a @MainActor function, which waits until main lets go.
import Foundation

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
      if index > 0 { block(5) }
      all.append(Task.detached(priority: priority) { await work(name) })
    }
    print("log: main blocks")
    block(50)
    for task in all { await task.value }
  }
}
