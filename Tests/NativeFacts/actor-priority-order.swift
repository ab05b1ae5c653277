// fact: A busy default actor runs its waiting calls highest priority first, first in, first out within one priority.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/actor-priority-order.json
// compare: sequence
//
// long holds the actor for 100 ms; six tasks of three priorities call it meanwhile, 5 ms apart.
import Foundation

func block(_ milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }

actor Store {
  func long() {
    print("log: long runs")
    block(100)
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
    try? await Task.sleep(for: .milliseconds(10))
    let calls: [(String, TaskPriority)] = [
      ("low1", .low), ("medium1", .medium), ("high1", .high),
      ("low2", .low), ("high2", .high), ("medium2", .medium),
    ]
    for (index, (name, priority)) in calls.enumerated() {
      if index > 0 { try? await Task.sleep(for: .milliseconds(5)) }
      all.append(Task.detached(priority: priority) { await store.work(name) })
    }
    for task in all { await task.value }
  }
}
